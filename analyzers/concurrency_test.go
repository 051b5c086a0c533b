package analyzers_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/metamorphic"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

// TestChecksRunConcurrently runs every check at once, in process, on the
// testdata of each check (with the controller-runtime and k8s.io stubs),
// with go/analysis's checker, which runs the analyzers of one package in
// parallel: the checks, the shared analyses and the model's views
// (summary.View) must give the findings of a serial run. The example
// operator with its real dependencies is analysed concurrently by the
// vet tool in the e2e tests, once with a binary built with the race
// detector (test.sh); loading it here, all 830 packages from source in
// one process, took 10 GB.
func TestChecksRunConcurrently(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every check on every check's testdata twice")
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(1 << 30))
	}
	for _, c := range analyzers.All() {
		t.Run(c.Doc.ID, func(t *testing.T) {
			dir := filepath.Join(c.Doc.Name, "testdata")
			gopath := stubtest.MergedGOPATH(t, dir)
			paths, err := metamorphic.CasePackages(filepath.Join(dir, "src"))
			if err != nil {
				t.Fatal(err)
			}
			env := append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOWORK=off", "GOPROXY=off", "GOFLAGS=")
			cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join(gopath, "src"), Env: env}
			loaded, err := packages.Load(cfg, paths...)
			if err != nil {
				t.Fatal(err)
			}
			var pkgs []*packages.Package
			for _, p := range loaded {
				if len(p.Errors) == 0 && p.TypesInfo != nil {
					pkgs = append(pkgs, p) // some testdata does not compile on purpose
				}
			}
			if len(pkgs) == 0 {
				t.Fatalf("no testdata package of %s compiles", c.Doc.Name)
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
				t.Fatalf("no findings on the testdata of %s", c.Doc.Name)
			}
			if got := run(nil); !slices.Equal(got, serial) {
				t.Errorf("parallel run: %d findings, serial run %d; first difference:\n%s", len(got), len(serial), firstDiff(got, serial))
			}
		})
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
