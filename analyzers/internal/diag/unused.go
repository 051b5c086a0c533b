package diag

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"golang.org/x/tools/go/analysis"
)

// RemoveImportsUsedOnlyIn returns the edits that delete the imports of
// file whose every use lies in [start, end): the imports a fix that deletes
// that range would leave unused, which would not compile. Imports of the
// paths in keep (those the fix's new text uses) stay.
func RemoveImportsUsedOnlyIn(pass *analysis.Pass, file *ast.File, start, end token.Pos, keep ...string) []analysis.TextEdit {
	// The packages named inside the range: only the nodes that overlap it
	// are visited.
	inside := make(map[*types.PkgName]bool)
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || n.End() <= start || end <= n.Pos() {
			return false
		}
		if id, ok := n.(*ast.Ident); ok && start <= id.Pos() && id.End() <= end {
			if pn, ok := pass.TypesInfo.Uses[id].(*types.PkgName); ok {
				inside[pn] = true
			}
		}
		return true
	})
	if len(inside) == 0 {
		return nil
	}
	// Which of them are also named outside it: the walk skips the range
	// and stops once every one has been seen.
	outside := make(map[*types.PkgName]bool)
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil || len(outside) == len(inside) || start <= n.Pos() && n.End() <= end {
			return false
		}
		if id, ok := n.(*ast.Ident); ok {
			if pn, ok := pass.TypesInfo.Uses[id].(*types.PkgName); ok && inside[pn] {
				outside[pn] = true
			}
		}
		return true
	})
	var edits []analysis.TextEdit
	for _, decl := range file.Decls {
		gd, ok := decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		for _, spec := range gd.Specs {
			is := spec.(*ast.ImportSpec)
			var pn *types.PkgName
			if is.Name != nil {
				pn, _ = pass.TypesInfo.Defs[is.Name].(*types.PkgName)
			} else {
				pn, _ = pass.TypesInfo.Implicits[is].(*types.PkgName)
			}
			if pn == nil || !inside[pn] || outside[pn] || slices.Contains(keep, apis.PathOf(pn.Imported())) {
				continue
			}
			if !gd.Lparen.IsValid() {
				edits = append(edits, analysis.TextEdit{Pos: gd.Pos(), End: gd.End()})
				continue
			}
			// Delete the spec's whole line.
			tf := pass.Fset.File(is.Pos())
			if tf == nil {
				continue
			}
			line := tf.Line(is.Pos())
			from := tf.LineStart(line)
			to := is.End()
			if line < tf.LineCount() {
				to = tf.LineStart(line + 1)
			}
			edits = append(edits, analysis.TextEdit{Pos: from, End: to})
		}
	}
	return edits
}
