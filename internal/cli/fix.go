package cli

import (
	"fmt"
	"go/format"
	"io"
	"os"
	"sort"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/reconcilelint/reconcilelint/internal/report"
)

// applyFixes applies the first fix of every finding, file by file. Fixes
// whose edits overlap an already accepted fix are skipped, as are fixes
// whose result is not valid Go. With diff set it prints a unified diff
// instead of writing the files. It returns the number of fixes applied.
func applyFixes(findings []report.Finding, diff bool, w io.Writer) (int, error) {
	byFile := make(map[string][]report.Fix)
	for _, f := range findings {
		if len(f.Fixes) == 0 {
			continue
		}
		fx := f.Fixes[0]
		files := make(map[string]bool)
		for _, e := range fx.Edits {
			files[e.File] = true
		}
		if len(files) != 1 {
			continue // multi-file fixes are not produced by any check
		}
		for file := range files {
			byFile[file] = append(byFile[file], fx)
		}
	}
	names := make([]string, 0, len(byFile))
	for n := range byFile {
		names = append(names, n)
	}
	sort.Strings(names)
	applied := 0
	for _, name := range names {
		src, err := readFile(name)
		if err != nil {
			return applied, fmt.Errorf("fix %s: %w", name, err)
		}
		out, n := applyToFile(src, byFile[name])
		if n == 0 {
			continue
		}
		if formatted, err := format.Source(out); err == nil {
			out = formatted
		}
		if diff {
			d := udiff.Unified(name, name, string(src), string(out))
			if _, err := io.WriteString(w, d); err != nil {
				return applied, fmt.Errorf("write diff: %w", err)
			}
		} else if err := writeFile(name, out); err != nil {
			return applied, fmt.Errorf("fix %s: %w", name, err)
		}
		applied += n
	}
	return applied, nil
}

// applyToFile applies non-overlapping fixes to src.
func applyToFile(src []byte, fixes []report.Fix) ([]byte, int) {
	type edit struct {
		start, end int
		text       string
	}
	var accepted []edit
	overlaps := func(e edit) bool {
		for _, a := range accepted {
			if e.start < a.end && a.start < e.end {
				return true
			}
			// Two insertions at one point would be ambiguous.
			if e.start == e.end && a.start == a.end && e.start == a.start {
				return true
			}
		}
		return false
	}
	n := 0
	for _, fx := range fixes {
		var es []edit
		ok := true
		for _, e := range fx.Edits {
			if e.Start < 0 || e.End < e.Start || e.End > len(src) {
				ok = false
				break
			}
			es = append(es, edit{e.Start, e.End, e.New})
		}
		if !ok {
			continue
		}
		clash := false
		for _, e := range es {
			if overlaps(e) {
				clash = true
				break
			}
		}
		if clash {
			continue
		}
		accepted = append(accepted, es...)
		n++
	}
	sort.SliceStable(accepted, func(i, j int) bool { return accepted[i].start < accepted[j].start })
	var out []byte
	last := 0
	for _, e := range accepted {
		out = append(out, src[last:e.start]...)
		out = append(out, e.text...)
		last = e.end
	}
	out = append(out, src[last:]...)
	return out, n
}

// writeFile replaces a file's content, keeping its mode.
func writeFile(name string, data []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(name); err == nil {
		mode = fi.Mode().Perm()
	}
	return os.WriteFile(name, data, mode)
}
