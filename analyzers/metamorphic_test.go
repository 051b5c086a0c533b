package analyzers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/metamorphic"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

// TestMetamorphic re-checks every check's testdata under the rewrites of
// package metamorphic (bodies moved into helpers, closures and generic
// functions; API calls wrapped in helpers of this and of another package,
// generic helpers, closures and function variables; other spellings of
// the same API) and fails on any case whose verdict a rewrite changes.
// With -v it prints a table per check.
//
// The flips not yet fixed are listed, one per line, in each check's
// testdata/metamorphic.known: a flip missing from the list fails the test,
// and so does a listed one that no longer flips (the list only shrinks;
// -update rewrites it).
func TestMetamorphic(t *testing.T) {
	rules := metamorphic.Rules()
	if only := os.Getenv("RECONCILELINT_METAMORPHIC_RULES"); only != "" {
		var keep []metamorphic.Rule
		for _, r := range rules {
			if strings.Contains(","+only+",", ","+r.Name+",") {
				keep = append(keep, r)
			}
		}
		rules = keep
	}
	for _, c := range analyzers.All() {
		t.Run(c.Doc.Name, func(t *testing.T) {
			if only := os.Getenv("RECONCILELINT_METAMORPHIC_CHECKS"); only != "" && !strings.Contains(","+only+",", ","+c.Doc.Name+",") {
				t.Skip("not selected")
			}
			dir := filepath.Join(c.Doc.Name, "testdata")
			gopath := stubtest.MergedGOPATH(t, dir)
			rep, err := metamorphic.Run(c.Analyzer, gopath, filepath.Join(dir, "src"), rules)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("\n%s", rep.Table())
			if dump := os.Getenv("RECONCILELINT_METAMORPHIC_DUMP"); dump != "" {
				// Keep the variants for a look at a flip.
				dst := filepath.Join(dump, c.Doc.Name)
				if err := os.CopyFS(dst, os.DirFS(filepath.Join(gopath, "src", metamorphic.Prefix))); err != nil {
					t.Logf("dump variants: %v", err)
				}
			}
			for _, e := range rep.Errors {
				t.Errorf("rewriter: %s", e)
			}
			checkKnownFlips(t, filepath.Join(dir, knownFlipsFile), rep.Flips, len(rules) == len(metamorphic.Rules()))
		})
	}
}

// knownFlipsFile lists, in a check's testdata directory, the flips of its
// cases that are open defects of the model.
const knownFlipsFile = "metamorphic.known"

// checkKnownFlips compares flips with the list in file. complete tells
// whether every rule ran (only then can a listed flip be missing).
func checkKnownFlips(t *testing.T, file string, flips []metamorphic.Flip, complete bool) {
	t.Helper()
	key := func(f metamorphic.Flip) string {
		return fmt.Sprintf("%s %s %s %d->%d", f.Rule, f.Package, f.Case, f.Before, f.After)
	}
	known := map[string]bool{}
	if data, err := os.ReadFile(file); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
				known[line] = true
			}
		}
	}
	if *update && complete {
		var lines []string
		for _, f := range flips {
			lines = append(lines, key(f))
		}
		sort.Strings(lines)
		if len(lines) == 0 {
			os.Remove(file)
			return
		}
		head := "# Verdict flips of this check's testdata under the metamorphic rewrites\n" +
			"# (TestMetamorphic in package analyzers) that are open defects of the model:\n" +
			"# rule, package, case, findings before -> after. Fix the model, never the case;\n" +
			"# the list only shrinks (go test ./analyzers -run TestMetamorphic -update).\n"
		if err := os.WriteFile(file, []byte(head+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	seen := map[string]bool{}
	for _, f := range flips {
		k := key(f)
		seen[k] = true
		if !known[k] {
			t.Errorf("verdict flip: %s", f)
		}
	}
	if !complete {
		return
	}
	for k := range known {
		if !seen[k] {
			t.Errorf("listed in %s but no longer flips (good: remove the line, or run with -update): %s", file, k)
		}
	}
}
