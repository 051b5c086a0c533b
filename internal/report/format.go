package report

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
)

// Sort orders findings by file, line, column, check ID and message, the
// order every output format uses. It sorts in place and is stable.
func Sort(findings []Finding) {
	slices.SortStableFunc(findings, compareFindings)
}

func compareFindings(a, b Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.File, b.Pos.File),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.ID, b.ID),
		cmp.Compare(a.Message, b.Message),
	)
}

// sorted returns a sorted copy of findings; the caller's slice is left
// alone.
func sorted(findings []Finding) []Finding {
	out := slices.Clone(findings)
	Sort(out)
	return out
}

// SeverityOf returns the severity of a finding. A missing or unknown
// severity counts as checkdoc.Error, so that a malformed finding fails the
// gate rather than slipping through.
func SeverityOf(f Finding) checkdoc.Severity {
	s, err := checkdoc.ParseSeverity(f.Severity)
	if err != nil {
		return checkdoc.Error
	}
	return s
}

// Gate returns the exit code for a set of findings: 1 if any finding's
// severity is at or above failOn, else 0. (The CLI reserves 2 for usage
// and load errors.) Text, JSON, SARIF and GitHub output all gate through
// this one function.
func Gate(findings []Finding, failOn checkdoc.Severity) int {
	for _, f := range findings {
		if SeverityOf(f) >= failOn {
			return 1
		}
	}
	return 0
}

// workDir returns the working directory, or "" when it is unknown.
func workDir() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	return wd
}

// relPath returns file relative to base when file is absolute and lies
// under base; otherwise it returns file unchanged. ok reports whether the
// result is relative to base.
func relPath(base, file string) (path string, ok bool) {
	if file == "" {
		return file, false
	}
	if !filepath.IsAbs(file) {
		return file, true
	}
	if base == "" {
		return file, false
	}
	r, err := filepath.Rel(base, file)
	if err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return file, false
	}
	return r, true
}
