// Command difftest runs the differential test of reconcilelint's checks
// against execution: it generates reconcilers from a seed, labels each by
// running it with verify, lints them, and prints the confusion tables and
// every disagreement (see package difftest).
//
// Usage, from the repository root:
//
//	go run ./difftest/cmd/difftest -seed 1 -n 300 [-class E] [-minimise] [-o report.md]
//
// -class chooses the generator's class of programs: AB (the default:
// values written by status, annotation and child writes), C (event
// callbacks that write once per event), D (predicates
// that may hide a change the reconciler reads) or E (creates, NotFound
// handling, requeues, finalizer lists and external cleanups).
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/reconcilelint/reconcilelint/difftest"
	"github.com/reconcilelint/reconcilelint/difftest/gen"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "difftest:", err)
		os.Exit(2)
	}
}

func run() error {
	seed := flag.Uint64("seed", 1, "the generator's seed")
	n := flag.Int("n", 300, "how many programs to generate")
	linter := flag.String("linter", "", "the reconcilelint binary (default: built from this checkout)")
	dir := flag.String("dir", "", "where to write the generated module (default: a temporary directory, removed at the end)")
	out := flag.String("o", "", "write the report to this file instead of standard output")
	class := flag.String("class", "AB", "the class of programs to generate: AB, C, D or E")
	with := flag.String("with", "", "fix dimensions of every program: dim=value pairs separated by commas")
	minimise := flag.Bool("minimise", false, "minimise every disagreement: move dimensions to their neutral values while the disagreement stays")
	flag.Parse()
	if flag.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", flag.Args())
	}
	if *n < 1 {
		return fmt.Errorf("-n must be positive")
	}
	genClass := ""
	switch *class {
	case "AB":
	case gen.ClassC, gen.ClassD, gen.ClassE:
		genClass = *class
	default:
		return fmt.Errorf("-class must be AB, C, D or E, not %q", *class)
	}
	root, work, bin, err := difftest.Workspace("difftest", *linter, os.Stderr)
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	*linter = bin
	if *dir == "" {
		*dir = filepath.Join(work, "module")
	}
	fixed := gen.Choices{}
	for _, kv := range strings.Split(*with, ",") {
		if kv == "" {
			continue
		}
		d, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("-with: %q is not dim=value", kv)
		}
		fixed[d] = v
	}
	progs, err := gen.SampleFixed(genClass, *seed, *n, fixed)
	if err != nil {
		return err
	}
	opts := difftest.Options{Dir: *dir, VerifyDir: filepath.Join(root, "verify"), Linter: *linter, Log: os.Stderr}
	ctx := context.Background()
	rows, err := difftest.Run(ctx, opts, progs)
	if err != nil {
		return err
	}
	var w io.Writer = os.Stdout
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	fmt.Fprintf(w, "# difftest: class %s, seed %d, %d programs\n\n", *class, *seed, len(progs))
	difftest.WriteReport(w, rows)
	if *minimise {
		mopts := opts
		mopts.Dir = filepath.Join(work, "minimise")
		mins, err := difftest.Minimise(ctx, mopts, rows, 0)
		if err != nil {
			return err
		}
		difftest.WriteMinimised(w, mins)
	}
	return nil
}
