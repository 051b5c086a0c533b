package main_test

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

// TestChecksRunConcurrently runs every check in process on the example
// operator with go/analysis's checker, which runs the analyzers of one
// package in parallel: the checks, the shared analyses and the model's
// views (summary.View) must give the findings of a serial run every time.
// Under the race detector (test.sh runs it so) it also proves the model is
// safe for concurrent use without a lock.
func TestChecksRunConcurrently(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the example operator with its real dependencies")
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  operatorDir(t),
		Env:  append(os.Environ(), "GOFLAGS=-mod=mod"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatalf("load the example operator: %v", err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the example operator does not load")
	}
	run := func(opts *checker.Options) []string {
		g, err := checker.Analyze(analyzers.Analyzers(), pkgs, opts)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for act := range g.All() {
			if act.Err != nil {
				t.Errorf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			}
			if !act.IsRoot {
				continue
			}
			for _, d := range act.Diagnostics {
				out = append(out, fmt.Sprintf("%s %s %s", act.Package.Fset.Position(d.Pos), d.Category, d.Message))
			}
		}
		slices.Sort(out)
		return out
	}
	serial := run(&checker.Options{Sequential: true})
	if len(serial) == 0 {
		t.Fatal("no findings on the example operator")
	}
	for i := range 1 {
		if got := run(nil); !slices.Equal(got, serial) {
			t.Errorf("parallel run %d: %d findings, serial run %d; first difference:\n%s", i, len(got), len(serial), firstDiff(got, serial))
		}
	}
}

// firstDiff returns the first line that is in one of a and b only.
func firstDiff(a, b []string) string {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return "only in the parallel run: " + x
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return "only in the serial run: " + x
		}
	}
	return "(same lines, other counts)"
}
