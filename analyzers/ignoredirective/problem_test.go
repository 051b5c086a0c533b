package ignoredirective

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
)

// TestProblem covers the directive forms an analysistest "want" comment
// cannot sit beside (it would become the directive's reason).
func TestProblem(t *testing.T) {
	saved := Known
	Known = func(s string) bool { return s == "RL5002" || s == "resultwitherror" }
	defer func() { Known = saved }()
	used := map[token.Pos]bool{10: true}
	for _, tc := range []struct {
		text string
		pos  token.Pos
		want string // substring; "" means no problem
	}{
		{"//reconcilelint:ignore", 1, "names no check"},
		{"//reconcilelint:file-ignore", 1, "//reconcilelint:file-ignore names no check"},
		{"//reconcilelint:ignore RL5002", 1, "RL5002 has no reason, so it suppresses nothing"},
		{"//reconcilelint:ignore RL5002,RL9999 why", 1, "names unknown check RL9999"},
		{"//reconcilelint:ignore resultwitherror why", 1, "suppresses nothing: no finding of resultwitherror on this line or the next"},
		{"//reconcilelint:file-ignore * why", 1, "suppresses nothing: no finding of * in this file"},
		{"//reconcilelint:ignore RL5002 why", 10, ""},
	} {
		c := &ast.Comment{Slash: tc.pos, Text: tc.text}
		d, ok := diag.ParseDirective(c)
		if !ok {
			t.Fatalf("%q: not a directive", tc.text)
		}
		got := problem(d, used)
		if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
			t.Errorf("%q: problem = %q, want %q", tc.text, got, tc.want)
		}
	}
	if _, ok := diag.ParseDirective(&ast.Comment{Slash: 1, Text: "//reconcilelint:ignored RL5002 x"}); ok {
		t.Error("//reconcilelint:ignored parsed as a directive")
	}
}
