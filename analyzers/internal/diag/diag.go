// Package diag holds what every check needs to report a finding: the
// diagnostic shape (Category = check ID, with "/<severity>" when a finding
// overrides the check's default severity; message prefixed with the check
// name), suppression with //reconcilelint:ignore directives, and helpers to
// build SuggestedFixes (enclosing statements, imports, source text).
//
// It imports go/analysis and the standard library; never a check or a
// driver.
package diag

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/reconcilelint/reconcilelint/internal/checkdoc"
)

// Finding is one diagnostic to report.
type Finding struct {
	Pos, End token.Pos
	Message  string // without the check-name prefix
	Related  []analysis.RelatedInformation
	Fix      *analysis.SuggestedFix // at most one fix per diagnostic
	// Severity overrides the check's default severity for this finding
	// when it is not empty: checkdoc.Error.String() and the like. It is
	// carried in the diagnostic's Category ("RL4001/error").
	Severity string
}

// Reporter reports the findings of one check in one pass.
type Reporter struct {
	Pass *analysis.Pass
	Doc  *checkdoc.Doc
	// Explicit says only directives that name the check suppress its
	// findings, not "*" (RL0001: a wildcard must not hide its own
	// problems).
	Explicit bool
	seen     map[token.Pos]bool
}

// NewReporter returns a reporter for the check documented by doc.
func NewReporter(pass *analysis.Pass, doc *checkdoc.Doc) *Reporter {
	return &Reporter{Pass: pass, Doc: doc, seen: make(map[token.Pos]bool)}
}

// Report reports f unless a directive suppresses it or a finding was
// already reported at the same position.
func (r *Reporter) Report(f Finding) {
	if !f.Pos.IsValid() || r.seen[f.Pos] {
		return
	}
	r.seen[f.Pos] = true
	if r.Suppressed(f.Pos) {
		return
	}
	d := analysis.Diagnostic{
		Pos:      f.Pos,
		End:      f.End,
		Category: Category(r.Doc.ID, f.Severity),
		Message:  r.Doc.Name + ": " + f.Message,
		URL:      r.Doc.URL(),
		Related:  f.Related,
	}
	if f.Fix != nil && len(f.Fix.TextEdits) > 0 {
		d.SuggestedFixes = []analysis.SuggestedFix{*f.Fix}
	}
	r.Pass.Report(d)
}

// Category returns the diagnostic category of a finding of the check id:
// the ID, followed by "/" and the severity when the finding overrides the
// check's default.
func Category(id, severity string) string {
	if severity == "" {
		return id
	}
	return id + "/" + severity
}

// SplitCategory splits a diagnostic category into the check ID and the
// finding's own severity ("" when it has the check's default).
func SplitCategory(category string) (id, severity string) {
	id, severity, _ = strings.Cut(category, "/")
	return id, severity
}

// Directive prefixes.
const (
	IgnoreDirective     = "//reconcilelint:ignore"
	FileIgnoreDirective = "//reconcilelint:file-ignore"
)

// Directive is a parsed suppression comment.
type Directive struct {
	Pos    token.Pos
	File   bool     // file-level
	Checks []string // IDs or names, or "*"
	Reason string
}

// ParseDirective parses a //reconcilelint:ignore or
// //reconcilelint:file-ignore comment; ok is false for other comments.
func ParseDirective(c *ast.Comment) (d Directive, ok bool) {
	text := c.Text
	switch {
	case strings.HasPrefix(text, FileIgnoreDirective):
		d.File = true
		text = strings.TrimPrefix(text, FileIgnoreDirective)
	case strings.HasPrefix(text, IgnoreDirective):
		text = strings.TrimPrefix(text, IgnoreDirective)
	default:
		return d, false
	}
	if text != "" && text[0] != ' ' && text[0] != '\t' {
		return d, false
	}
	d.Pos = c.Pos()
	fields := strings.Fields(text)
	if len(fields) > 0 {
		for _, id := range strings.Split(fields[0], ",") {
			if id != "" {
				d.Checks = append(d.Checks, id)
			}
		}
		d.Reason = strings.Join(fields[1:], " ")
	}
	return d, true
}

// Matches reports whether the directive names the check.
func (d Directive) Matches(doc *checkdoc.Doc) bool {
	for _, c := range d.Checks {
		if c == "*" || strings.EqualFold(c, doc.ID) || c == doc.Name {
			return true
		}
	}
	return false
}

// Names reports whether the directive names the check explicitly (by ID
// or name, not "*").
func (d Directive) Names(doc *checkdoc.Doc) bool {
	for _, c := range d.Checks {
		if strings.EqualFold(c, doc.ID) || c == doc.Name {
			return true
		}
	}
	return false
}

// Suppressed reports whether a directive with a reason on the line of pos,
// or on the line above it, or a file-level one, names this check.
func (r *Reporter) Suppressed(pos token.Pos) bool {
	file := FileOf(r.Pass, pos)
	if file == nil {
		return false
	}
	line := r.Pass.Fset.Position(pos).Line
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			d, ok := ParseDirective(c)
			if !ok || d.Reason == "" || !d.Matches(r.Doc) || r.Explicit && !d.Names(r.Doc) {
				continue
			}
			if d.File {
				markUsed(r.Pass.Pkg, c.Pos())
				return true
			}
			if l := r.Pass.Fset.Position(c.Pos()).Line; l == line || l == line-1 {
				markUsed(r.Pass.Pkg, c.Pos())
				return true
			}
		}
	}
	return false
}

// FileOf returns the syntax tree of the file containing pos.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// PathTo returns the AST path from the node enclosing [pos, end) up to the
// file, innermost first.
func PathTo(pass *analysis.Pass, pos, end token.Pos) []ast.Node {
	file := FileOf(pass, pos)
	if file == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, end)
	return path
}

// Enclosing returns the innermost node of type T on the path to pos.
func Enclosing[T ast.Node](pass *analysis.Pass, pos token.Pos) (T, bool) {
	var zero T
	for _, n := range PathTo(pass, pos, pos) {
		if t, ok := n.(T); ok {
			return t, true
		}
	}
	return zero, false
}

// Text returns the source text of a node, as formatted Go.
func Text(fset *token.FileSet, n ast.Node) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, n); err != nil {
		return ""
	}
	return buf.String()
}

// ImportName returns the name under which file imports path, and whether
// it does. A dot or blank import does not count.
func ImportName(file *ast.File, path string) (string, bool) {
	for _, imp := range file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != path {
			continue
		}
		if imp.Name != nil {
			if imp.Name.Name == "_" || imp.Name.Name == "." {
				continue
			}
			return imp.Name.Name, true
		}
		return lastElem(path), true
	}
	return "", false
}

func lastElem(path string) string {
	if i := strings.LastIndex(path, "/"); i >= 0 {
		path = path[i+1:]
	}
	return path
}

// EnsureImport returns the name to use for package path at pos in file,
// and the edit that adds the import when the file lacks it. preferred is
// the name to use when adding (the package's own name when empty); when
// that name is taken at pos, a suffixed alias is chosen.
func EnsureImport(pass *analysis.Pass, file *ast.File, pos token.Pos, path, preferred string) (string, []analysis.TextEdit) {
	if name, ok := ImportName(file, path); ok {
		return name, nil
	}
	if preferred == "" {
		preferred = lastElem(path)
	}
	name := preferred
	scope := pass.TypesInfo.Scopes[file]
	if inner := innermostScope(pass, file, pos); inner != nil {
		scope = inner
	}
	for i := 1; scope != nil && i < 100; i++ {
		if _, obj := scope.LookupParent(name, pos); obj == nil {
			break
		}
		name = fmt.Sprintf("%s%d", preferred, i)
	}
	spec := strconv.Quote(path)
	if name != lastElem(path) {
		spec = name + " " + spec
	}
	// Insert into the first import declaration, or after the package clause.
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return name, []analysis.TextEdit{{Pos: gd.Rparen, End: gd.Rparen, NewText: []byte("\t" + spec + "\n")}}
		}
		return name, []analysis.TextEdit{{Pos: gd.Pos(), End: gd.End(), NewText: []byte("import (\n\t" + specText(gd) + "\n\t" + spec + "\n)")}}
	}
	end := file.Name.End()
	return name, []analysis.TextEdit{{Pos: end, End: end, NewText: []byte("\n\nimport " + spec)}}
}

func specText(gd *ast.GenDecl) string {
	if len(gd.Specs) != 1 {
		return ""
	}
	is := gd.Specs[0].(*ast.ImportSpec)
	if is.Name != nil {
		return is.Name.Name + " " + is.Path.Value
	}
	return is.Path.Value
}

func innermostScope(pass *analysis.Pass, file *ast.File, pos token.Pos) *types.Scope {
	if s := pass.TypesInfo.Scopes[file]; s != nil {
		if inner := s.Innermost(pos); inner != nil {
			return inner
		}
		return s
	}
	return nil
}

// Position formats pos for messages as file:line (base name of the file).
func Position(pass *analysis.Pass, pos token.Pos) string {
	p := pass.Fset.Position(pos)
	name := p.Filename
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	return fmt.Sprintf("%s:%d", name, p.Line)
}

// usedDirectives records, per package, the directives that suppressed a
// finding, for the check that reports directives suppressing nothing. The
// checks of a package run before that check (it requires them), in the
// same process.
var usedDirectives sync.Map // *types.Package -> *directiveUse

type directiveUse struct {
	mu   sync.Mutex
	used map[token.Pos]bool
}

func markUsed(pkg *types.Package, pos token.Pos) {
	v, _ := usedDirectives.LoadOrStore(pkg, &directiveUse{used: make(map[token.Pos]bool)})
	u := v.(*directiveUse)
	u.mu.Lock()
	u.used[pos] = true
	u.mu.Unlock()
}

// TakeUsedDirectives returns the positions of the directives of pkg that
// suppressed a finding, and forgets them.
func TakeUsedDirectives(pkg *types.Package) map[token.Pos]bool {
	v, ok := usedDirectives.LoadAndDelete(pkg)
	if !ok {
		return nil
	}
	u := v.(*directiveUse)
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.used
}
