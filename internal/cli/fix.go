package cli

import (
	"fmt"
	"go/format"
	"io"
	"maps"
	"os"
	"slices"
	"sort"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/reconcilelint/reconcilelint/internal/report"
)

// maxFixPasses bounds the analyse-and-fix rounds of -fix and -diff.
const maxFixPasses = 5

// fixResult is what a -fix or -diff run did.
type fixResult struct {
	applied   int              // fixes applied over all passes
	passes    int              // passes that applied at least one fix
	remaining []report.Finding // findings left after the last pass
	unfixable int              // of remaining, those without a fix
	bounded   bool             // stopped at maxFixPasses with fixes left
}

func (r fixResult) summary(diff bool) string {
	if diff {
		s := fmt.Sprintf("the diff holds %d fix(es); %d finding(s) have none", r.applied, r.unfixable)
		if left := len(r.remaining) - r.unfixable; left > 0 {
			s += fmt.Sprintf(", and %d fix(es) overlap those in the diff: -fix applies them on later passes", left)
		}
		return s
	}
	s := fmt.Sprintf("applied %d fix(es) in %d pass(es); %d finding(s) remain", r.applied, r.passes, len(r.remaining))
	if left := len(r.remaining) - r.unfixable; left > 0 {
		s += fmt.Sprintf(" (%d without a fix, %d whose fix could not be applied", r.unfixable, left)
		if r.bounded {
			s += fmt.Sprintf(" within %d passes", maxFixPasses)
		}
		s += ")"
	} else if len(r.remaining) > 0 {
		s += ", none with a fix"
	}
	return s
}

// fixToFixpoint applies the first fix of every finding, re-analyses the
// files with refresh and applies again, until a pass applies nothing or
// maxFixPasses is reached: fixes that overlap (two that rewrite the same
// statement, say) are applied on later passes, each on the code the
// previous pass left. With diff set no file is written: the fixes of this
// one analysis that do not overlap are printed as a unified diff per file,
// and the findings they would leave are not known (remaining lists the
// findings whose fix the diff does not contain).
func fixToFixpoint(findings []report.Finding, refresh func() ([]report.Finding, error), diff bool, w io.Writer) (fixResult, error) {
	var r fixResult
	for pass := 0; ; pass++ {
		byFile := fixesByFile(findings)
		if pass == maxFixPasses {
			r.bounded = len(byFile) > 0
			break
		}
		n := 0
		var skipped []report.Finding
		for _, name := range slices.Sorted(maps.Keys(byFile)) {
			src, err := readFile(name)
			if err != nil {
				return r, fmt.Errorf("fix %s: %w", name, err)
			}
			out, applied := applyToFile(src, byFile[name])
			for i, ok := range applied {
				if !ok {
					skipped = append(skipped, byFile[name][i].finding)
				}
			}
			k := count(applied)
			if k == 0 {
				continue
			}
			if formatted, err := format.Source(out); err == nil {
				out = formatted
			}
			if diff {
				if _, err := io.WriteString(w, udiff.Unified(name, name, string(src), string(out))); err != nil {
					return r, fmt.Errorf("write diff: %w", err)
				}
			} else if err := writeFile(name, out); err != nil {
				return r, fmt.Errorf("fix %s: %w", name, err)
			}
			n += k
		}
		if n > 0 {
			r.applied += n
			r.passes++
		}
		if diff {
			for _, f := range findings {
				if len(f.Fixes) == 0 {
					skipped = append(skipped, f)
				}
			}
			findings = skipped
			break
		}
		if n == 0 {
			break
		}
		var err error
		if findings, err = refresh(); err != nil {
			return r, fmt.Errorf("re-analyse after %d fix(es): %w", r.applied, err)
		}
	}
	r.remaining = findings
	for _, f := range findings {
		if len(f.Fixes) == 0 {
			r.unfixable++
		}
	}
	return r, nil
}

func count(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// fileFix is the fix of one finding that edits one file.
type fileFix struct {
	report.Fix
	finding report.Finding
}

// fixesByFile returns the first fix of every finding that has one,
// grouped by the file it edits (no check produces multi-file fixes).
func fixesByFile(findings []report.Finding) map[string][]fileFix {
	byFile := make(map[string][]fileFix)
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
			continue
		}
		for file := range files {
			byFile[file] = append(byFile[file], fileFix{fx, f})
		}
	}
	return byFile
}

// applyToFile applies non-overlapping fixes to src, in order, and reports
// which were applied.
func applyToFile(src []byte, fixes []fileFix) ([]byte, []bool) {
	type edit struct {
		start, end int
		text       string
	}
	var accepted []edit
	// An edit identical to an accepted one (two fixes that add the same
	// import at the same place) is already made: it is no clash.
	same := func(e edit) bool {
		for _, a := range accepted {
			if a == e {
				return true
			}
		}
		return false
	}
	overlaps := func(e edit) bool {
		if same(e) {
			return false
		}
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
	applied := make([]bool, len(fixes))
	for i, fx := range fixes {
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
		for _, e := range es {
			if !same(e) {
				accepted = append(accepted, e)
			}
		}
		applied[i] = true
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
	return out, applied
}

// writeFile replaces a file's content, keeping its mode.
func writeFile(name string, data []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(name); err == nil {
		mode = fi.Mode().Perm()
	}
	return os.WriteFile(name, data, mode)
}
