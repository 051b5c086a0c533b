package vettool

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

type fact struct{}

func (*fact) AFact() {}

// TestFactProducers builds a small suite: two checks that require a shared
// analysis that requires the model, which exports facts and requires a
// fact-free analysis. A dependency unit runs the fact producers only (the
// model, the shared analysis' own facts); the checks and nothing else
// are dropped, and their flags are still accepted.
func TestFactProducers(t *testing.T) {
	base := &analysis.Analyzer{Name: "base"}
	model := &analysis.Analyzer{Name: "model", Requires: []*analysis.Analyzer{base}, FactTypes: []analysis.Fact{new(fact)}}
	shared := &analysis.Analyzer{Name: "shared", Requires: []*analysis.Analyzer{model}, FactTypes: []analysis.Fact{new(fact)}}
	plain := &analysis.Analyzer{Name: "plain", Requires: []*analysis.Analyzer{model}}
	check1 := &analysis.Analyzer{Name: "checkone", Requires: []*analysis.Analyzer{shared, plain}}
	check1.Flags.Bool("strict", false, "a check option")
	check2 := &analysis.Analyzer{Name: "checktwo", Requires: []*analysis.Analyzer{model}}
	suite := []*analysis.Analyzer{check1, check2}

	kept := factProducers(suite)
	if !slices.Equal(kept, []*analysis.Analyzer{model, shared}) {
		t.Fatalf("fact producers: %v", names(kept))
	}
	gone := dropped(suite, kept)
	if !slices.Equal(names(gone), []string{"plain", "checkone", "checktwo"}) {
		t.Fatalf("dropped: %v", names(gone))
	}
	acceptFlagsOf(gone)
	for _, f := range []string{"checkone", "checkone.strict", "plain", "checktwo"} {
		if flag.Lookup(f) == nil {
			t.Errorf("flag -%s is not accepted", f)
		}
	}
	if flag.Lookup("model") != nil || flag.Lookup("base") != nil {
		t.Error("flags of analyzers that run were declared: the unitchecker declares those")
	}
}

func TestRootsFlagAndUnits(t *testing.T) {
	if !hasFlag([]string{"-json", "-" + RootsFlag, "x.cfg"}, RootsFlag) || hasFlag([]string{"-" + RootsFlag + "=false"}, RootsFlag) {
		t.Error("hasFlag")
	}
	if v := flagValue([]string{"-" + RootsFlag + "=true", "x.cfg"}, RootsFlag); v != "true" {
		t.Errorf("flagValue: %q", v)
	}
	if factsOnly("/nonexistent/vet.cfg") {
		t.Error("an unreadable unit is not a dependency unit")
	}
	dir := t.TempDir()
	for want, body := range map[bool]string{true: `{"ImportPath":"k8s.io/api/core/v1","VetxOnly":true}`, false: `{"ImportPath":"example.com/op","VetxOnly":false}`} {
		cfg := filepath.Join(dir, fmt.Sprint(want)+".cfg")
		if err := os.WriteFile(cfg, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := factsOnly(cfg); got != want {
			t.Errorf("factsOnly(%s) = %v", body, got)
		}
	}
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}
