// Command differential is the full differential run of reconcilelint's
// checks against execution: many batches of generated reconcilers (class
// A/B, C, D and E, see package difftest/gen), each labelled by running it
// with verify and by the linter, merged into one report of confusion
// tables and every disagreement.
//
// Usage, from the repository root:
//
//	go run ./bench/cmd/differential [-n 10000] [-batch 700] [-seed 1000] [-linter BIN] [-o report.md] [-state FILE]
//
// Each batch is one generated module with its own seeds (seed+batch for
// every class), written to a temporary directory and removed when it is
// labelled, so the run needs the disk of one batch at a time. A line of
// progress goes to standard error after each batch. The sample
// TestDifferential runs in ./test.sh is seed 1 of the same generator.
//
// With -state, every finished batch is recorded in a file, and a run
// started again with the same file, the same -n, -batch, -seed and -mix
// and the same linter build goes on after the batches it holds: a run of
// one build can be spread over several sittings. A state file of another
// run or another build is refused, never mixed in.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/difftest"
	"github.com/reconcilelint/reconcilelint/difftest/gen"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "differential:", err)
		os.Exit(2)
	}
}

// share is one class's part of each batch.
type share struct {
	class  string // as gen.Classes spells it ("" for A/B)
	name   string // as the flag spells it
	weight int
}

func run() error {
	total := flag.Int("n", 10000, "how many programs to generate in all")
	batch := flag.Int("batch", 700, "how many programs each generated module holds")
	seed := flag.Uint64("seed", 1000, "the first batch's seed (batch i uses seed+i)")
	mix := flag.String("mix", "AB=4,C=2,D=2,E=2", "each class's weight in a batch")
	linter := flag.String("linter", "", "the reconcilelint binary (default: built from this checkout)")
	out := flag.String("o", "", "write the report to this file instead of standard output")
	keep := flag.String("keep", "", "keep each batch's module under this directory instead of removing it")
	statePath := flag.String("state", "", "record finished batches in this file and go on after those it already holds")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	if *total < 1 || *batch < 1 {
		return fmt.Errorf("-n and -batch must be positive")
	}
	shares, err := parseMix(*mix)
	if err != nil {
		return err
	}
	root, work, bin, err := difftest.Workspace("differential", *linter, os.Stderr)
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	*linter = bin
	ctx := context.Background()
	batches := (*total + *batch - 1) / *batch
	var rows []difftest.Row
	var st *state
	from := 0
	var prior time.Duration // the batches of earlier sittings
	if *statePath != "" {
		build, err := linterBuild(*linter)
		if err != nil {
			return err
		}
		st, err = openState(*statePath, runID{N: *total, Batch: *batch, Seed: *seed, Mix: *mix, Linter: build})
		if err != nil {
			return err
		}
		defer st.close()
		from, rows = st.done()
		prior = st.elapsed()
		if from > 0 {
			fmt.Fprintf(os.Stderr, "differential: %d of %d batches already done (%s), going on from batch %d\n", from, batches, *statePath, from+1)
		}
	}
	start := time.Now()
	if *out != "" {
		// Written now so that a path that cannot be written fails at once.
		if err := writeReport(*out, rows, from, batches, *seed, *mix, prior); err != nil {
			return err
		}
	}
	for i := from; i < batches; i++ {
		n := min(*batch, *total-i**batch)
		progs, err := batchPrograms(shares, *seed+uint64(i), n)
		if err != nil {
			return fmt.Errorf("batch %d: %w", i+1, err)
		}
		dir := filepath.Join(work, fmt.Sprintf("batch%03d", i+1))
		if *keep != "" {
			dir = filepath.Join(*keep, fmt.Sprintf("batch%03d", i+1))
		}
		got, err := difftest.Run(ctx, difftest.Options{Dir: dir, VerifyDir: filepath.Join(root, "verify"), Linter: *linter}, progs)
		if err != nil {
			return fmt.Errorf("batch %d (seed %d): %w", i+1, *seed+uint64(i), err)
		}
		if *keep == "" {
			if err := os.RemoveAll(dir); err != nil {
				return err
			}
		}
		for k := range got {
			// Names repeat from batch to batch; the report names the batch.
			got[k].Program.Name = fmt.Sprintf("b%03d/%s", i+1, got[k].Program.Name)
			// The sources are not kept: the choices and seed make them again.
			got[k].Program.Files = nil
		}
		rows = append(rows, got...)
		if st != nil {
			if err := st.record(i, got); err != nil {
				return err
			}
		}
		agree := 0
		for _, r := range rows {
			if r.Agrees() {
				agree++
			}
		}
		el := prior + time.Since(start)
		eta := time.Duration(float64(time.Since(start)) / float64(i+1-from) * float64(batches-i-1))
		fmt.Fprintf(os.Stderr, "differential: batch %d/%d (seed %d): %d programs, %d agree so far (%.2f%%); %s elapsed, about %s left\n",
			i+1, batches, *seed+uint64(i), len(rows), agree, 100*float64(agree)/float64(len(rows)),
			el.Round(time.Second), eta.Round(time.Second))
		if *out != "" && i+1 < batches {
			// The report so far, so that a run stopped early leaves one.
			if err := writeReport(*out, rows, i+1, batches, *seed, *mix, el); err != nil {
				return err
			}
		}
	}
	if *out != "" {
		return writeReport(*out, rows, batches, batches, *seed, *mix, prior+time.Since(start))
	}
	report(os.Stdout, rows, batches, batches, *seed, *mix, prior+time.Since(start))
	return nil
}

// writeReport writes the report of the first done batches to path,
// through a temporary file, so that the file is always a whole report.
func writeReport(path string, rows []difftest.Row, done, batches int, seed uint64, mix string, el time.Duration) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	report(f, rows, done, batches, seed, mix, el)
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// report writes the report of the first done of batches.
func report(w io.Writer, rows []difftest.Row, done, batches int, seed uint64, mix string, el time.Duration) {
	last := seed
	if done > 0 {
		last = seed + uint64(done-1)
	}
	fmt.Fprintf(w, "# differential: %d programs in %d batches (seeds %d–%d, mix %s), %s\n\n",
		len(rows), done, seed, last, mix, el.Round(time.Second))
	if done < batches {
		fmt.Fprintf(w, "Partial: %d of %d batches done.\n\n", done, batches)
	}
	difftest.WriteReport(w, rows)
}

// parseMix reads "AB=4,C=2,…".
func parseMix(s string) ([]share, error) {
	var out []share
	for _, kv := range strings.Split(s, ",") {
		name, v, ok := strings.Cut(kv, "=")
		wt, err := strconv.Atoi(v)
		if !ok || err != nil || wt < 0 {
			return nil, fmt.Errorf("-mix: %q is not class=weight", kv)
		}
		class := name
		if name == "AB" {
			class = ""
		}
		if !slices.Contains(gen.Classes, class) {
			return nil, fmt.Errorf("-mix: unknown class %q (AB, C, D or E)", name)
		}
		out = append(out, share{class: class, name: name, weight: wt})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("-mix is empty")
	}
	return out, nil
}

// batchPrograms draws n programs split between the classes by weight,
// each class from its own stratified sample of seed.
func batchPrograms(shares []share, seed uint64, n int) ([]gen.Program, error) {
	sum := 0
	for _, s := range shares {
		sum += s.weight
	}
	if sum == 0 {
		return nil, fmt.Errorf("-mix has no positive weight")
	}
	var progs []gen.Program
	left := n
	for k, s := range shares {
		m := n * s.weight / sum
		if k == len(shares)-1 {
			m = left
		}
		left -= m
		if m == 0 {
			continue
		}
		ps, err := gen.SampleClass(s.class, seed, m)
		if err != nil {
			return nil, fmt.Errorf("class %s: %w", s.name, err)
		}
		progs = append(progs, ps...)
	}
	return progs, nil
}
