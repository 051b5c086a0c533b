package bench

import (
	"os"
	"strconv"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

// genDir is the temporary module of the synthetic operator, if generated.
var genDir string

// TestMain runs the benchmarks, then removes the synthetic operator.
func TestMain(m *testing.M) {
	code := m.Run()
	if genDir != "" {
		os.RemoveAll(genDir)
	}
	os.Exit(code)
}

// load generates the synthetic operator (Reconcilers reconcilers, or
// $RECONCILELINT_BENCH_RECONCILERS) once per test binary and loads it
// with full syntax (the checker needs syntax for every dependency because
// the summary exports facts).
var load = sync.OnceValues(func() ([]*packages.Package, error) {
	dir, err := os.MkdirTemp("", "rlbench")
	if err != nil {
		return nil, err
	}
	// TestMain removes it: the loaded packages refer to its files for the
	// whole run of the test binary.
	genDir = dir
	n := Reconcilers
	if v, err := strconv.Atoi(os.Getenv("RECONCILELINT_BENCH_RECONCILERS")); err == nil && v > 0 {
		n = v
	}
	if err := Generate(dir, n); err != nil {
		return nil, err
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  dir,
		Env:  append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		return nil, err
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, os.ErrInvalid
	}
	return pkgs, nil
})

// analyse runs the analyzers over the synthetic operator b.N times and
// reports the lines of generated code analysed per second.
func analyse(b *testing.B, as []*analysis.Analyzer) {
	pkgs, err := load()
	if err != nil {
		b.Fatalf("load the synthetic operator: %v", err)
	}
	lines := 0
	for _, p := range pkgs {
		for _, f := range p.CompiledGoFiles {
			if data, err := os.ReadFile(f); err == nil {
				for _, c := range data {
					if c == '\n' {
						lines++
					}
				}
			}
		}
	}
	b.ReportAllocs()
	diags := 0
	for b.Loop() {
		g, err := checker.Analyze(as, pkgs, nil)
		if err != nil {
			b.Fatal(err)
		}
		diags = 0
		for act := range g.All() {
			if act.Err != nil {
				b.Fatalf("%s on %s: %v", act.Analyzer.Name, act.Package.PkgPath, act.Err)
			}
			if act.IsRoot {
				diags += len(act.Diagnostics)
			}
		}
	}
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(diags), "findings")
}

// BenchmarkBaseline runs only ctrlflow, the summary's prerequisite, over
// the same packages and their standard-library dependencies: subtract it
// from BenchmarkSummary to get the cost of the summary itself.
func BenchmarkBaseline(b *testing.B) {
	analyse(b, []*analysis.Analyzer{ctrlflow.Analyzer})
}

// BenchmarkSummary measures the shared summary analyzer alone (roots,
// scope, writes, guards and the taint engine's facts) on the synthetic
// operator.
func BenchmarkSummary(b *testing.B) {
	analyse(b, []*analysis.Analyzer{analyzers.Base()})
}

// BenchmarkAllChecks measures the summary plus every check, which is what
// one reconcilelint vet-tool run does per package. The checks query the
// taint engine (nondetwrite, maporderwrite), the guard model
// (unconditionalwrite) and the error flow (notfounderror).
func BenchmarkAllChecks(b *testing.B) {
	analyse(b, analyzers.Analyzers())
}

// BenchmarkOneCheck measures the summary plus one check, RL5002, with the
// shared analysis it requires: what a configuration that enables only
// that check costs. Against BenchmarkAllChecks it gives the share of the
// checks and their shared analyses in the analysis.
func BenchmarkOneCheck(b *testing.B) {
	c, ok := analyzers.Lookup("RL5002")
	if !ok {
		b.Fatal("RL5002 is not registered")
	}
	analyse(b, []*analysis.Analyzer{c.Analyzer})
}
