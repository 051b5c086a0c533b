package difftest_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/difftest"
	"github.com/reconcilelint/reconcilelint/difftest/gen"
)

var update = flag.Bool("update", false, "rewrite testdata/known.txt from this run (new lines need their cause written by hand)")

// The samples ./test.sh runs: class A/B, C, D and E programs from the
// same seed, in one generated module.
const (
	sampleSeed  = 1
	sampleSize  = 300
	sampleSizeE = 110
	sampleSizeD = 60
	sampleSizeC = 40
)

// sample generates the programs TestDifferential runs.
func sample() ([]gen.Program, error) {
	ab, err := gen.Sample(sampleSeed, sampleSize)
	if err != nil {
		return nil, err
	}
	c, err := gen.SampleClass(gen.ClassC, sampleSeed, sampleSizeC)
	if err != nil {
		return nil, err
	}
	d, err := gen.SampleClass(gen.ClassD, sampleSeed, sampleSizeD)
	if err != nil {
		return nil, err
	}
	e, err := gen.SampleClass(gen.ClassE, sampleSeed, sampleSizeE)
	if err != nil {
		return nil, err
	}
	return slices.Concat(ab, c, d, e), nil
}

const knownFile = "testdata/known.txt"

// TestSampleCoverage: each class's sample has every value of every
// dimension, and every valid pair of values of the class's PairDims.
func TestSampleCoverage(t *testing.T) {
	for _, tc := range []struct {
		class string
		n     int
	}{{"", sampleSize}, {gen.ClassC, sampleSizeC}, {gen.ClassD, sampleSizeD}, {gen.ClassE, sampleSizeE}} {
		progs, err := gen.SampleClass(tc.class, sampleSeed, tc.n)
		if err != nil {
			t.Fatal(err)
		}
		if len(progs) != tc.n {
			t.Fatalf("class %q: %d programs, want %d", tc.class, len(progs), tc.n)
		}
		if m := gen.Missing(progs); len(m) > 0 {
			t.Errorf("class %q: no program has %v", tc.class, m)
		}
		_, pairs := gen.Coverage(progs)
		pd, values := gen.PairDims(tc.class), gen.ClassValues(tc.class)
		for _, a := range values[pd[0]] {
			for _, b := range values[pd[1]] {
				fixed := gen.Choices{pd[0]: a, pd[1]: b}
				if tc.class != "" {
					fixed[gen.DimClass] = tc.class
				}
				if gen.Draw(nil, fixed) == nil {
					continue
				}
				if pairs[[2]string{a, b}] == 0 {
					t.Errorf("class %q: no program has %s=%s with %s=%s", tc.class, pd[0], a, pd[1], b)
				}
			}
		}
	}
}

// TestDifferential generates the sample, labels every program by running
// it with verify, lints it, and compares. Every program must execute as
// the generator intended (a program that does not is a generator bug),
// and the disagreements between the static verdict and the executed label
// must be exactly the ones listed, with their cause, in testdata/known.txt:
// a new one is a regression (or a new finding of the generator), a listed
// one that agrees now must be removed from the list.
func TestDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a generated module")
	}
	tmp := t.TempDir()
	linter := filepath.Join(tmp, "reconcilelint")
	if out, err := exec.Command("go", "build", "-o", linter, "../cmd/reconcilelint").CombinedOutput(); err != nil {
		t.Fatalf("building reconcilelint: %v\n%s", err, out)
	}
	verifyDir, err := filepath.Abs("../verify")
	if err != nil {
		t.Fatal(err)
	}
	progs, err := sample()
	if err != nil {
		t.Fatal(err)
	}
	rows, err := difftest.Run(context.Background(), difftest.Options{Dir: filepath.Join(tmp, "module"), VerifyDir: verifyDir, Linter: linter}, progs)
	if err != nil {
		t.Fatal(err)
	}
	var report strings.Builder
	difftest.WriteReport(&report, rows)
	tab := difftest.Tabulate(rows)
	for _, l := range []gen.Label{gen.A, gen.B, gen.C, gen.D, gen.E, gen.Clean} {
		t.Logf("executed %-5s: static agrees on %s", l, tab.PerLabel[l])
	}
	for _, r := range rows {
		if why := r.GeneratorBug(); why != "" {
			t.Errorf("generator bug: %s %s: %s", r.Program.Name, r.Program.Choices, why)
		}
	}

	known, err := readKnown(knownFile)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]difftest.Row{}
	for _, r := range rows {
		if !r.Agrees() && r.GeneratorBug() == "" {
			got[r.Key()] = r
		}
	}
	if *update {
		if err := writeKnown(knownFile, got, known); err != nil {
			t.Fatal(err)
		}
		return
	}
	for k, r := range got {
		if _, ok := known[k]; !ok {
			var fs []string
			for _, f := range r.Findings {
				fs = append(fs, fmt.Sprintf("%s:%d: %s", f.ID, f.Line, f.Message))
			}
			t.Errorf("new disagreement %s: executed %s (%s), static %s %q\n%s", r.Program.Name, r.Executed.Label, r.Executed.Why, r.Static, fs, r.Program.Files[r.Program.Name+"/reconciler.go"])
		}
	}
	for k := range known {
		if _, ok := got[k]; !ok {
			t.Errorf("listed disagreement now agrees (remove it from %s, or run with -update): %s", knownFile, k)
		}
	}
	if t.Failed() {
		t.Logf("report:\n%s", report.String())
		return
	}
	checkMinimise(t, filepath.Join(tmp, "minimise"), verifyDir, linter, got)
}

// checkMinimise runs one round of the minimiser on one disagreement and
// requires a simpler program that disagrees the same way.
func checkMinimise(t *testing.T, dir, verifyDir, linter string, got map[string]difftest.Row) {
	t.Helper()
	var from *difftest.Row
	for _, k := range slices.Sorted(maps.Keys(got)) {
		if r := got[k]; len(gen.Simpler(r.Program.Choices)) > 0 {
			from = &r
			break
		}
	}
	if from == nil {
		t.Log("no disagreement to minimise")
		return
	}
	ms, err := difftest.Minimise(context.Background(), difftest.Options{Dir: dir, VerifyDir: verifyDir, Linter: linter}, []difftest.Row{*from}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) != 1 {
		t.Fatalf("Minimise returned %d results for one disagreement", len(ms))
	}
	to := ms[0].To
	if ms[0].Rounds != 1 || to.Program.Choices.String() == from.Program.Choices.String() {
		t.Errorf("one round did not shrink %s (executed %s, static %s)", from.Program.Choices, from.Executed.Label, from.Static)
	}
	if to.Executed.Label != from.Executed.Label || to.Static != from.Static || to.Agrees() {
		t.Errorf("minimised %s executes %s with static %s; want the disagreement of %s (%s, %s)",
			to.Program.Choices, to.Executed.Label, to.Static, from.Program.Choices, from.Executed.Label, from.Static)
	}
	t.Logf("minimised %s\n       to %s", from.Program.Choices, to.Program.Choices)
}

// readKnown reads the listed disagreements: key, a tab, the cause.
func readKnown(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	known := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, cause, ok := strings.Cut(line, "\t")
		if !ok || strings.TrimSpace(cause) == "" {
			return nil, fmt.Errorf("%s: %q has no cause after a tab", path, line)
		}
		known[k] = cause
	}
	return known, sc.Err()
}

// writeKnown rewrites the list from this run, keeping the causes of the
// lines it had.
func writeKnown(path string, got map[string]difftest.Row, old map[string]string) error {
	keys := make([]string, 0, len(got))
	for k := range got {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	b.WriteString("# Disagreements of the static checks with execution on the sample TestDifferential runs\n# (seed 1: 300 class A/B programs, 40 class C, 60 class D, 110 class E): the choices, the executed label, the static verdict, a tab, the cause.\n")
	for _, k := range keys {
		cause := old[k]
		if cause == "" {
			cause = "UNEXPLAINED"
		}
		fmt.Fprintf(&b, "%s\t%s\n", k, cause)
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
