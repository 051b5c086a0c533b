// Package stubtest runs go/analysis analyzers under analysistest with a
// shared set of GOPATH stubs of the Kubernetes client libraries
// (controller-runtime, client-go, apimachinery, api and a few helpers).
//
// The stubs live in this package's testdata/src directory. They declare the
// real import paths, type names, method sets and signatures, so analyzers
// that match APIs by path and name see the same objects they would see in
// a real build; see testdata/stubcheck for the check against the real
// modules.
//
// An analyzer test keeps its own GOPATH tree in dir/src, as usual for
// analysistest, and calls Run or RunWithSuggestedFixes instead of the
// analysistest functions:
//
//	func TestAnalyzer(t *testing.T) {
//		stubtest.Run(t, analysistest.TestData(), mylint.Analyzer, "example.com/a")
//	}
//
// The packages in dir/src may then import any stubbed package.
//
// The stubs do not import net/http (TestStubsTypeCheck fails if one does):
// analysistest loads every dependency, standard library included, from
// source in each run, and net/http alone would add some 120 standard
// packages (about 170,000 lines, 40% of a run's load and memory) to every
// test of every check. Declarations whose types come from net/http are
// left out of the stubs (the stub check allows that; interfaces that lose
// methods are listed as partial there).
package stubtest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// Run is analysistest.Run over a GOPATH made of the shared stubs plus dir/src.
// t is usually the *testing.T of a test; a benchmark passes its *testing.B.
func Run(t testing.TB, dir string, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	limitMemory()
	return analysistest.Run(t, MergedGOPATH(t, dir), a, patterns...)
}

// RunWithSuggestedFixes is analysistest.RunWithSuggestedFixes over the same GOPATH.
//
// The .golden files that sit next to the sources in dir/src are found as
// usual, because the merged tree links to the original directories.
func RunWithSuggestedFixes(t testing.TB, dir string, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	limitMemory()
	return analysistest.RunWithSuggestedFixes(t, MergedGOPATH(t, dir), a, patterns...)
}

// MemoryLimit is the soft memory limit (runtime/debug.SetMemoryLimit) that
// Run and RunWithSuggestedFixes set for the test process, unless the
// GOMEMLIMIT environment variable sets one. A run holds the syntax, types
// and analysis results of every package it loads, the standard library
// closure included (up to some 520 MB live for a test that imports
// net/http); with the default GOGC the heap would grow to twice that
// before a collection. The limit makes the collector work harder only near
// the peak, which costs a few percent of CPU.
const MemoryLimit = 600 << 20

var memoryLimitOnce sync.Once

// limitMemory sets MemoryLimit once per process.
func limitMemory() {
	memoryLimitOnce.Do(func() {
		if os.Getenv("GOMEMLIMIT") == "" {
			debug.SetMemoryLimit(MemoryLimit)
		}
	})
}

// StubSrc returns the absolute path of the directory that holds the stub
// packages (the src directory of the stub GOPATH).
func StubSrc() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", fmt.Errorf("stubtest: cannot locate the package source directory")
	}
	src := filepath.Join(filepath.Dir(file), "testdata", "src")
	if fi, err := os.Stat(src); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("stubtest: stub tree %s not found (was the test binary built with -trimpath?)", src)
	}
	return src, nil
}

// MergedGOPATH returns the root of a GOPATH, in a temporary directory
// removed when the test ends, whose src directory is the union of the stub
// tree and dir/src. A directory present in only one of the two trees is
// linked, not copied, so building the tree costs a few symbolic links. It
// is an error for both trees to hold the same file.
func MergedGOPATH(t testing.TB, dir string) string {
	t.Helper()
	stubs, err := StubSrc()
	if err != nil {
		t.Fatal(err)
	}
	own, err := filepath.Abs(filepath.Join(dir, "src"))
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	dst := filepath.Join(root, "src")
	if err := os.Mkdir(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := merge(dst, stubs, own); err != nil {
		t.Fatalf("stubtest: merging %s and %s: %v", stubs, own, err)
	}
	return root
}

// merge fills dst with links to the entries of the directories a and b.
// Entries present in both that are directories in both are merged
// recursively. A missing b is an empty tree.
func merge(dst, a, b string) error {
	entries := make(map[string][]string) // name -> source directories holding it
	var names []string
	for _, src := range []string{a, b} {
		list, err := os.ReadDir(src)
		if os.IsNotExist(err) && src == b {
			continue
		}
		if err != nil {
			return err
		}
		for _, e := range list {
			if entries[e.Name()] == nil {
				names = append(names, e.Name())
			}
			entries[e.Name()] = append(entries[e.Name()], src)
		}
	}
	for _, name := range names {
		srcs := entries[name]
		target := filepath.Join(dst, name)
		if len(srcs) == 1 {
			if err := os.Symlink(filepath.Join(srcs[0], name), target); err != nil {
				return err
			}
			continue
		}
		pa, pb := filepath.Join(srcs[0], name), filepath.Join(srcs[1], name)
		fa, err := os.Stat(pa)
		if err != nil {
			return err
		}
		fb, err := os.Stat(pb)
		if err != nil {
			return err
		}
		if !fa.IsDir() || !fb.IsDir() {
			return fmt.Errorf("%s and %s both exist", pa, pb)
		}
		if err := os.Mkdir(target, 0o755); err != nil {
			return err
		}
		if err := merge(target, pa, pb); err != nil {
			return err
		}
	}
	return nil
}
