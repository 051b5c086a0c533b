package metadatapredicate_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/metadatapredicate"
)

func TestMetadataPredicate(t *testing.T) {
	results := stubtest.RunWithSuggestedFixes(t, analysistest.TestData(), metadatapredicate.Analyzer, "rl42", "rl42/cmd")
	checkRelatedUpdateFunc(t, results)
}

// checkRelatedUpdateFunc checks that a finding on a predicate built
// elsewhere points at the update function that decides (helperpred.go).
func checkRelatedUpdateFunc(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			if filepath.Base(p.Filename) != "helperpred.go" {
				continue
			}
			found = true
			var sites []string
			for _, rel := range d.Related {
				rp := r.Pass.Fset.Position(rel.Pos)
				sites = append(sites, fmt.Sprintf("%s:%d %s", filepath.Base(rp.Filename), rp.Line, rel.Message))
			}
			want := fmt.Sprintf("helperpred.go:%d the predicate's update function decides here", lineOf(t, p.Filename, "// the update function"))
			if !slices.Contains(sites, want) {
				t.Errorf("related of the finding at %v: %q, want it to contain %q", p, sites, want)
			}
		}
	}
	if !found {
		t.Fatal("no finding in helperpred.go")
	}
}

// lineOf returns the line of file holding marker.
func lineOf(t *testing.T, file, marker string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, marker) {
			return i + 1
		}
	}
	t.Fatalf("%s: no line holds %q", file, marker)
	return 0
}
