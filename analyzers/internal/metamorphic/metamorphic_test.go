package metamorphic

import (
	"go/ast"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// shapeCheck reports direct calls of time.Now by their spelling: the kind
// of check the harness exists to catch, since a helper, a closure or a
// wrapper hides the call from it.
var shapeCheck = &analysis.Analyzer{
	Name:     "shape",
	Doc:      "reports calls spelled time.Now()",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			sel, ok := n.(*ast.CallExpr).Fun.(*ast.SelectorExpr)
			if !ok {
				return
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == "time" && sel.Sel.Name == "Now" {
				pass.Reportf(n.Pos(), "time.Now")
			}
		})
		return nil, nil
	},
}

// TestRulesCompileAndCatchShapes runs every rule over the fixture: each
// variant must compile (Errors is empty), every rule must rewrite
// something, and a check that matches a spelling instead of a meaning must
// flip under the call rules.
func TestRulesCompileAndCatchShapes(t *testing.T) {
	gopath := t.TempDir()
	src, err := filepath.Abs("testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(gopath, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(src, "toy"), filepath.Join(gopath, "src", "toy")); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(shapeCheck, gopath, src, Rules())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("\n%s", rep.Table())
	for _, e := range rep.Errors {
		t.Errorf("rewriter: %s", e)
	}
	flipped := map[string]bool{}
	for _, f := range rep.Flips {
		flipped[f.Rule] = true
	}
	for _, row := range rep.Rows {
		if row.Sites == 0 {
			t.Errorf("rule %s rewrote nothing in the fixture", row.Rule)
		}
		// call-closure, call-typeparam and call-local keep the call's
		// spelling inside the case (in the closure, which the case's
		// function declares).
		inCase := row.Rule == "call-closure" || row.Rule == "call-typeparam" || row.Rule == "call-local"
		if strings.HasPrefix(row.Rule, "call-") && !inCase && !flipped[row.Rule] {
			t.Errorf("rule %s: the spelling-matching check kept its verdict; the harness missed a flip", row.Rule)
		}
	}
	if flipped["body-helper"] || flipped["body-generic"] {
		t.Errorf("moving a body changed the verdict of a check that looks only at call spellings: %v", rep.Flips)
	}
}
