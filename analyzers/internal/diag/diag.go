// Package diag holds what every check needs to report a finding: the
// diagnostic shape (Category = check ID, with "/<severity>" when a finding
// overrides the check's default severity; message prefixed with the check
// name), suppression with //reconcilelint:ignore directives, and helpers to
// build SuggestedFixes (enclosing statements, imports, source text).
//
// It imports go/analysis, the API tables and the standard library; never a
// check or a driver.
package diag

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"honnef.co/go/tools/analysis/facts/generated"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
)

// Finding is one diagnostic to report.
type Finding struct {
	Pos, End token.Pos
	Message  string // without the check-name prefix
	Related  []analysis.RelatedInformation
	Fix      *analysis.SuggestedFix // at most one fix per diagnostic
	// Severity overrides the check's default severity for this finding
	// when it is not empty: checkdoc.Error.String() and the like. It is
	// carried in the diagnostic's Category (Category(id, severity)).
	Severity string
}

// Reporter reports the findings of one check in one pass.
type Reporter struct {
	Pass *analysis.Pass
	Doc  *checkdoc.Doc
	// Explicit says only directives that name the check suppress its
	// findings, not "*" (the check of the directives themselves: a
	// wildcard must not hide its own problems).
	Explicit  bool
	seen      map[token.Pos]bool
	generated map[string]generated.Generator
}

// NewReporter returns a reporter for the check documented by doc. When
// the pass's analyzer requires staticcheck's generated-file analyzer
// (GeneratedAnalyzer, as every check does), findings in generated files
// are dropped.
func NewReporter(pass *analysis.Pass, doc *checkdoc.Doc) *Reporter {
	gen, _ := pass.ResultOf[GeneratedAnalyzer].(map[string]generated.Generator)
	return &Reporter{Pass: pass, Doc: doc, seen: make(map[token.Pos]bool), generated: gen}
}

// GeneratedAnalyzer finds the package's generated files: those whose
// header says "// Code generated … DO NOT EDIT." (deepcopy functions,
// clientsets, listers, mocks). It is staticcheck's, so reconcilelint skips
// exactly the files staticcheck and golangci-lint skip. A check that
// requires it reports nothing, and so offers no fix, in those files: the
// code is not written by hand, and a fix would be overwritten by the next
// generation.
var GeneratedAnalyzer = generated.Analyzer

// Generated reports whether pos lies in a generated file.
func (r *Reporter) Generated(pos token.Pos) bool {
	if len(r.generated) == 0 {
		return false
	}
	_, ok := r.generated[r.Pass.Fset.PositionFor(pos, false).Filename]
	return ok
}

// Report reports f unless it lies in a generated file, a directive
// suppresses it, or a finding was already reported at the same position.
func (r *Reporter) Report(f Finding) {
	if !f.Pos.IsValid() || r.seen[f.Pos] {
		return
	}
	r.seen[f.Pos] = true
	if r.Generated(f.Pos) || r.Suppressed(f.Pos) {
		return
	}
	// A related position that names no place (the implicit call of a
	// deferred closure) tells the reader nothing: it is left out.
	var related []analysis.RelatedInformation
	for _, ri := range f.Related {
		if ri.Pos.IsValid() {
			related = append(related, ri)
		}
	}
	d := analysis.Diagnostic{
		Pos:      f.Pos,
		End:      f.End,
		Category: Category(r.Doc.ID, f.Severity),
		Message:  r.Doc.Name + ": " + f.Message,
		URL:      r.Doc.URL(),
		Related:  related,
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

// InTestFile reports whether pos is in a _test.go file of the package.
func InTestFile(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
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
//
// Like astutil.PathEnclosingInterval, an empty interval stands for the
// character at pos, and tokens are not nodes (the path to "+" ends at the
// BinaryExpr); unlike it, the walk visits only the nodes along the path
// and their siblings and allocates nothing but the path, and an interval
// in whitespace between two children belongs to their parent (the
// callers pass nodes' positions). Reports ask for paths often.
func PathTo(pass *analysis.Pass, pos, end token.Pos) []ast.Node {
	file := FileOf(pass, pos)
	if file == nil {
		return nil
	}
	if end < pos {
		pos, end = end, pos
	}
	if end == pos {
		end = pos + 1
	}
	if pos >= file.End() || end <= file.Pos() {
		return []ast.Node{file}
	}
	var path []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n.Pos() > pos || n.End() < end {
			return false
		}
		if len(path) > 0 && !contains(path[len(path)-1], n) {
			return false // a later sibling: the path is complete
		}
		path = append(path, n)
		return true
	})
	slices.Reverse(path)
	return path
}

// contains reports whether n lies within parent.
func contains(parent, n ast.Node) bool { return parent.Pos() <= n.Pos() && n.End() <= parent.End() }

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
// it does. A dot or blank import does not count. path may carry a vendor
// prefix (a package's path in GOPATH mode); the file names the package by
// its canonical path (apis.Canonical).
func ImportName(file *ast.File, path string) (string, bool) {
	for _, imp := range file.Imports {
		p, err := strconv.Unquote(imp.Path.Value)
		if err != nil || p != apis.Canonical(path) {
			continue
		}
		if imp.Name != nil {
			if imp.Name.Name == "_" || imp.Name.Name == "." {
				continue
			}
			return imp.Name.Name, true
		}
		return lastElem(p), true
	}
	return "", false
}

// PackageNameAt returns the name under which file imports path when that
// name refers to the package at pos (no local declaration shadows it),
// and whether it does: the name a fix may write there.
func PackageNameAt(pass *analysis.Pass, file *ast.File, pos token.Pos, path string) (string, bool) {
	name, ok := ImportName(file, path)
	if !ok {
		return "", false
	}
	scope := innermostScope(pass, file, pos)
	if scope == nil {
		return "", false
	}
	_, obj := scope.LookupParent(name, pos)
	pn, ok := obj.(*types.PkgName)
	if !ok || apis.PathOf(pn.Imported()) != apis.Canonical(path) {
		return "", false
	}
	return name, true
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
	alias := ""
	if name != lastElem(path) {
		alias = name
	}
	return name, importEdits(pass.Fset, file, alias, path)
}

// importEdits returns the edits that add the import of path (under alias,
// when not empty) to file where goimports would put it: astutil's
// AddNamedImport chooses the place (next to the import with the longest
// shared path prefix, so a standard-library package joins the
// standard-library group), on a copy of the file's import declarations so
// that the pass's syntax tree is left alone; the edits reproduce that
// change in the source text. gofmt, which the drivers run on fixed files,
// then sorts the group.
func importEdits(fset *token.FileSet, file *ast.File, alias, path string) []analysis.TextEdit {
	spec := strconv.Quote(path)
	if alias != "" {
		spec = alias + " " + spec
	}
	// A copy of the file with copies of its import declarations and
	// specs (AddNamedImport moves positions when it merges declarations).
	origDecl := make(map[*ast.GenDecl]*ast.GenDecl)
	origSpec := make(map[*ast.ImportSpec]*ast.ImportSpec)
	cp := &ast.File{Package: file.Package, Name: file.Name}
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		dup := *gd
		dup.Specs = nil
		for _, sp := range gd.Specs {
			is := sp.(*ast.ImportSpec)
			c := *is
			lit := *is.Path
			c.Path = &lit
			if is.Name != nil {
				id := *is.Name
				c.Name = &id
			}
			origSpec[&c] = is
			dup.Specs = append(dup.Specs, &c)
			cp.Imports = append(cp.Imports, &c)
		}
		origDecl[&dup] = gd
		cp.Decls = append(cp.Decls, &dup)
	}
	if !astutil.AddNamedImport(fset, cp, alias, path) {
		return nil
	}
	for _, decl := range cp.Decls {
		dup := decl.(*ast.GenDecl)
		at := -1
		for i, sp := range dup.Specs {
			if origSpec[sp.(*ast.ImportSpec)] == nil {
				at = i
			}
		}
		if at < 0 {
			continue
		}
		gd := origDecl[dup]
		switch {
		case gd == nil:
			// A new declaration: after the package clause.
			end := file.Name.End()
			return []analysis.TextEdit{{Pos: end, End: end, NewText: []byte("\n\nimport " + spec)}}
		case !gd.Lparen.IsValid():
			// A single unparenthesised import becomes a group.
			var specs []string
			for _, sp := range dup.Specs {
				is := sp.(*ast.ImportSpec)
				if o := origSpec[is]; o == nil || slices.Contains(gd.Specs, ast.Spec(o)) {
					specs = append(specs, specSource(is))
				}
			}
			return []analysis.TextEdit{{Pos: gd.Pos(), End: gd.End(), NewText: []byte("import (\n\t" + strings.Join(specs, "\n\t") + "\n)")}}
		case at == 0 || origSpec[dup.Specs[at-1].(*ast.ImportSpec)] == nil:
			p := gd.Rparen
			if len(gd.Specs) > 0 {
				p = gd.Specs[0].Pos()
			}
			return []analysis.TextEdit{{Pos: p, End: p, NewText: []byte(spec + "\n\t")}}
		default:
			prev := origSpec[dup.Specs[at-1].(*ast.ImportSpec)]
			p := prev.End()
			if prev.Comment != nil {
				p = prev.Comment.End()
			}
			return []analysis.TextEdit{{Pos: p, End: p, NewText: []byte("\n\t" + spec)}}
		}
	}
	return nil
}

func specSource(is *ast.ImportSpec) string {
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

// ShortSite drops the directories of a "file:line:col" position (a site
// kept in a fact), for messages.
func ShortSite(site string) string {
	if i := strings.LastIndexAny(site, `/\`); i >= 0 {
		return site[i+1:]
	}
	return site
}
