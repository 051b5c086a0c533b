// Package checkdoc holds the structured documentation that every check
// carries: its ID, name, severity, rationale, before/after examples and
// options. The website pages under docs/checks, the -explain output of the
// CLI and the SARIF rule metadata are all generated from it.
//
// It imports only the standard library.
package checkdoc

import (
	"fmt"
	"strings"
)

// Severity is how serious a finding of a check is by default.
type Severity int

// The severities, in increasing order.
const (
	Info Severity = iota
	Warning
	Error
)

// String returns the lower-case name used in configuration and output.
func (s Severity) String() string {
	switch s {
	case Info:
		return "info"
	case Warning:
		return "warning"
	case Error:
		return "error"
	}
	return fmt.Sprintf("Severity(%d)", int(s))
}

// ParseSeverity parses "info", "warning" or "error".
func ParseSeverity(s string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "info":
		return Info, nil
	case "warning", "warn":
		return Warning, nil
	case "error":
		return Error, nil
	}
	return 0, fmt.Errorf("unknown severity %q (want info, warning or error)", s)
}

// Option documents one per-check option.
type Option struct {
	Name    string // flag and configuration key, e.g. "min-requeue"
	Default string // default value, as text
	Text    string // what it does
}

// Doc is the structured documentation of one check.
type Doc struct {
	ID       string   // stable ID, e.g. "RL5001"
	Name     string   // analyzer name, e.g. "notfounderror"
	Title    string   // one line, no trailing period
	Severity Severity // default severity
	Since    string   // first release that shipped the check
	// Rationale explains why the pattern is a bug (Markdown paragraphs).
	Rationale string
	// Detection says what exactly is reported and what is not (Markdown).
	Detection string
	// Before is code that is reported; After is the corrected code.
	Before, After string
	// Fix describes the SuggestedFix, or says that there is none.
	Fix string
	// Options lists the check's options, if any.
	Options []Option
}

// Summary returns the text used as analysis.Analyzer.Doc: the title on the
// first line, then the rationale.
func (d *Doc) Summary() string {
	return fmt.Sprintf("%s: %s\n\n%s", d.ID, d.Title, strings.TrimSpace(d.Rationale))
}

// URL returns the documentation page of the check.
func (d *Doc) URL() string {
	return "https://github.com/reconcilelint/reconcilelint/blob/main/docs/checks/" + d.Name + ".md"
}
