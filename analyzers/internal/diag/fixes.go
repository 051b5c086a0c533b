package diag

import (
	"go/ast"
	"go/token"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// recentFiles keeps the last few source files the fixes of a pass read: a
// check builds many fixes in one file, and reading the file whole for each
// was most of the cost of building them. It holds a few files at most, so
// a long-lived driver (a golangci-lint run) keeps no more.
var recentFiles struct {
	sync.Mutex
	keys [8]recentKey
	data [8][]byte
	next int
}

type recentKey struct {
	pass *analysis.Pass
	name string
}

// readFile is pass.ReadFile through recentFiles.
func readFile(pass *analysis.Pass, name string) ([]byte, error) {
	k := recentKey{pass, name}
	recentFiles.Lock()
	for i, rk := range recentFiles.keys {
		if rk == k {
			d := recentFiles.data[i]
			recentFiles.Unlock()
			return d, nil
		}
	}
	recentFiles.Unlock()
	d, err := pass.ReadFile(name)
	if err != nil {
		return nil, err
	}
	recentFiles.Lock()
	recentFiles.keys[recentFiles.next], recentFiles.data[recentFiles.next] = k, d
	recentFiles.next = (recentFiles.next + 1) % len(recentFiles.keys)
	recentFiles.Unlock()
	return d, nil
}

// Source returns the original source text of [pos, end), or "" when the
// file cannot be read.
func Source(pass *analysis.Pass, pos, end token.Pos) string {
	tf := pass.Fset.File(pos)
	if tf == nil || end < pos {
		return ""
	}
	data, err := readFile(pass, tf.Name())
	if err != nil {
		return ""
	}
	start, stop := tf.Offset(pos), tf.Offset(end)
	if start < 0 || stop > len(data) || start > stop {
		return ""
	}
	return string(data[start:stop])
}

// LineIndent returns the leading white space of the line containing pos.
func LineIndent(pass *analysis.Pass, pos token.Pos) string {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return ""
	}
	data, err := readFile(pass, tf.Name())
	if err != nil {
		return ""
	}
	lineStart := tf.Offset(tf.LineStart(tf.Line(pos)))
	i := lineStart
	for i < len(data) && (data[i] == ' ' || data[i] == '\t') {
		i++
	}
	return string(data[lineStart:i])
}

// StmtInBlock returns the innermost statement containing pos that sits
// directly in a statement list (a block or a case clause), the list, and
// its index there.
func StmtInBlock(pass *analysis.Pass, pos token.Pos) (ast.Stmt, []ast.Stmt, int, bool) {
	path := PathTo(pass, pos, pos)
	for i := 0; i+1 < len(path); i++ {
		stmt, ok := path[i].(ast.Stmt)
		if !ok {
			continue
		}
		var list []ast.Stmt
		switch p := path[i+1].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		default:
			continue
		}
		for j, s := range list {
			if s == stmt {
				return stmt, list, j, true
			}
		}
	}
	return nil, nil, 0, false
}

// WrapInIf returns the edit that replaces stmt with
//
//	if cond {
//		stmt
//	}
//	after
//
// keeping stmt's original text and indenting it one level; after may be
// empty.
func WrapInIf(pass *analysis.Pass, stmt ast.Stmt, cond, after string) (analysis.TextEdit, bool) {
	return WrapInIfFirst(pass, stmt, cond, "", after)
}

// WrapInIfFirst is WrapInIf with a statement first placed at the start of
// the if block, before stmt.
func WrapInIfFirst(pass *analysis.Pass, stmt ast.Stmt, cond, first, after string) (analysis.TextEdit, bool) {
	end := withLineComment(pass, stmt.End())
	text := Source(pass, stmt.Pos(), end)
	if text == "" {
		return analysis.TextEdit{}, false
	}
	indent := LineIndent(pass, stmt.Pos())
	var b strings.Builder
	b.WriteString("if " + cond + " {\n" + indent + "\t")
	if first != "" {
		b.WriteString(strings.ReplaceAll(first, "\n", "\n\t") + "\n" + indent + "\t")
	}
	b.WriteString(strings.ReplaceAll(text, "\n", "\n\t"))
	b.WriteString("\n" + indent + "}")
	if after != "" {
		b.WriteString("\n" + indent + after)
	}
	return analysis.TextEdit{Pos: stmt.Pos(), End: end, NewText: []byte(b.String())}, true
}

// StmtEnd returns the end of stmt extended over a // comment that follows
// it on the same line.
func StmtEnd(pass *analysis.Pass, stmt ast.Stmt) token.Pos { return withLineComment(pass, stmt.End()) }

// withLineComment extends end over a // comment that follows it on the
// same line, so that wrapping a statement keeps its trailing comment with it.
func withLineComment(pass *analysis.Pass, end token.Pos) token.Pos {
	tf := pass.Fset.File(end)
	if tf == nil {
		return end
	}
	data, err := readFile(pass, tf.Name())
	if err != nil {
		return end
	}
	i := tf.Offset(end)
	j := i
	for j < len(data) && (data[j] == ' ' || data[j] == '\t') {
		j++
	}
	if j+1 < len(data) && data[j] == '/' && data[j+1] == '/' {
		for j < len(data) && data[j] != '\n' {
			j++
		}
		return end + token.Pos(j-i)
	}
	return end
}

// FreshName returns name, or name1, name2, … when name is already declared
// in the scope at pos.
func FreshName(pass *analysis.Pass, pos token.Pos, name string) string {
	file := FileOf(pass, pos)
	if file == nil {
		return name
	}
	scope := innermostScope(pass, file, pos)
	candidate := name
	for i := 1; scope != nil && i < 100; i++ {
		if _, obj := scope.LookupParent(candidate, pos); obj == nil && scope.Lookup(candidate) == nil {
			return candidate
		}
		candidate = name + itoa(i)
	}
	return candidate
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// DeleteStmt returns the edit that deletes stmt with its line (indentation,
// trailing comment and newline) when it stands alone on its line.
func DeleteStmt(pass *analysis.Pass, stmt ast.Stmt) analysis.TextEdit {
	tf := pass.Fset.File(stmt.Pos())
	start, end := stmt.Pos(), withLineComment(pass, stmt.End())
	if tf != nil {
		lineStart := tf.LineStart(tf.Line(stmt.Pos()))
		if strings.TrimSpace(Source(pass, lineStart, stmt.Pos())) == "" {
			start = lineStart
			if next := tf.Line(end) + 1; next <= tf.LineCount() {
				end = tf.LineStart(next)
			}
		}
	}
	return analysis.TextEdit{Pos: start, End: end}
}

// StandaloneCall reports whether call can be moved or wrapped together
// with its statement stmt without breaking scopes: an expression statement,
// a plain assignment (not a := declaration, whose names later code uses),
// or an if statement whose init holds the call (`if err := f(); err != nil`).
func StandaloneCall(stmt ast.Stmt, call *ast.CallExpr) bool {
	switch st := stmt.(type) {
	case *ast.ExprStmt:
		return true
	case *ast.AssignStmt:
		return st.Tok != token.DEFINE
	case *ast.IfStmt:
		return st.Init != nil && st.Init.Pos() <= call.Pos() && call.End() <= st.Init.End()
	}
	return false
}

// WrapTail returns what must follow a write statement once it is wrapped in
// a guard, and whether it can be wrapped at all: for `return …, write(…)`
// the same return with the write's error replaced by nil (so the function
// still returns on that path), "" for a standalone call (StandaloneCall).
func WrapTail(pass *analysis.Pass, stmt ast.Stmt, call *ast.CallExpr) (string, bool) {
	ret, ok := stmt.(*ast.ReturnStmt)
	if !ok {
		return "", StandaloneCall(stmt, call)
	}
	var results []string
	found := false
	for _, r := range ret.Results {
		if ast.Unparen(r) == call {
			results = append(results, "nil")
			found = true
		} else {
			results = append(results, Source(pass, r.Pos(), r.End()))
		}
	}
	if !found {
		return "", false
	}
	return "return " + strings.Join(results, ", "), true
}
