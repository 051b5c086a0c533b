package plugin

import (
	"go/token"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestCombine: the checks' diagnostics come out of the one analyzer
// "reconcilelint" in position order, unchanged but for related
// information folded into the message, and a fix that overlaps one
// reported before it is dropped.
func TestCombine(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("/src/a.go", -1, 100)
	f.SetLines([]int{0, 10, 20, 30, 40})
	g := fset.AddFile("/src/b.go", -1, 100)
	g.SetLines([]int{0, 10})
	edit := func(pos, end int, text string) analysis.TextEdit {
		return analysis.TextEdit{Pos: f.Pos(pos), End: f.Pos(end), NewText: []byte(text)}
	}
	fix := func(edits ...analysis.TextEdit) []analysis.SuggestedFix {
		return []analysis.SuggestedFix{{Message: "fix", TextEdits: edits}}
	}
	importEdit := edit(5, 5, "import x\n")
	checkA := &analysis.Analyzer{
		Name: "checka",
		Doc:  "checka reports.",
		Run: func(pass *analysis.Pass) (any, error) {
			pass.Report(analysis.Diagnostic{Pos: f.Pos(32), Category: "RL1001", Message: "checka: later", SuggestedFixes: fix(edit(32, 35, "y"))})
			pass.Report(analysis.Diagnostic{Pos: f.Pos(21), Category: "RL1001", Message: "checka: wraps", SuggestedFixes: fix(importEdit, edit(21, 38, "if ok {...}"))})
			return "ignored", nil
		},
	}
	checkB := &analysis.Analyzer{
		Name: "checkb",
		Doc:  "checkb reports.",
		Run: func(pass *analysis.Pass) (any, error) {
			pass.Report(analysis.Diagnostic{Pos: f.Pos(12), Category: "RL2001", Message: "checkb: first", SuggestedFixes: fix(importEdit, edit(12, 14, "z")), Related: []analysis.RelatedInformation{
				{Pos: f.Pos(2), Message: "the Get"},
				{Pos: g.Pos(15), Message: "the store"},
				{Message: "somewhere"},
			}})
			pass.Report(analysis.Diagnostic{Pos: f.Pos(45), Category: "RL2001", Message: "checkb: insert clash", SuggestedFixes: fix(edit(5, 5, "import y\n"))})
			return nil, nil
		},
	}
	a, b := capture(checkA), capture(checkB)
	if a.Name != checkA.Name || a.ResultType != capturedType {
		t.Fatalf("capture: name %q, result type %v", a.Name, a.ResultType)
	}
	resultOf := map[*analysis.Analyzer]any{}
	for _, c := range []*analysis.Analyzer{a, b} {
		res, err := c.Run(&analysis.Pass{Analyzer: c, Fset: fset, Report: func(d analysis.Diagnostic) {
			t.Errorf("%s reported %q directly", c.Name, d.Message)
		}})
		if err != nil || reflect.TypeOf(res) != c.ResultType {
			t.Fatalf("%s: Run = %v, %v", c.Name, res, err)
		}
		resultOf[c] = res
	}

	comb := combine([]*analysis.Analyzer{a, b})
	if comb.Name != "reconcilelint" || len(comb.Requires) != 2 {
		t.Fatalf("combine: name %q, requires %v", comb.Name, comb.Requires)
	}
	var got []analysis.Diagnostic
	if _, err := comb.Run(&analysis.Pass{Analyzer: comb, Fset: fset, ResultOf: resultOf, Report: func(d analysis.Diagnostic) { got = append(got, d) }}); err != nil {
		t.Fatal(err)
	}
	want := []struct {
		msg string
		fix bool
	}{
		{"checkb: first (the Get: line 1; the store: b.go:2; somewhere)", true},
		{"checka: wraps", true},  // the same import edit is no conflict
		{"checka: later", false}, // inside the edit of "wraps"
		{"checkb: insert clash", false},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d diagnostics, want %d", len(got), len(want))
	}
	for i, d := range got {
		if d.Message != want[i].msg {
			t.Errorf("diagnostic %d: message %q, want %q", i, d.Message, want[i].msg)
		}
		if (len(d.SuggestedFixes) > 0) != want[i].fix {
			t.Errorf("diagnostic %d (%s): fixes %v, want fix %t", i, d.Message, d.SuggestedFixes, want[i].fix)
		}
		if d.Related != nil {
			t.Errorf("diagnostic %d keeps related information", i)
		}
	}
}
