package report

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// jsonOutput is the document WriteJSON writes.
type jsonOutput struct {
	Findings []Finding `json:"findings"`
	Errors   []string  `json:"errors"`
}

// WriteJSON writes the findings and the errors (such as packages that
// failed to load) as one indented JSON object:
//
//	{"findings": [...], "errors": [...]}
//
// Findings use the field names of Finding, sorted as by Sort; errors are
// sorted too, so the output is stable. Both arrays are present even when
// empty. File names are written as given.
func WriteJSON(w io.Writer, findings []Finding, errs []string) error {
	out := jsonOutput{Findings: sorted(findings), Errors: slices.Clone(errs)}
	if out.Findings == nil {
		out.Findings = []Finding{}
	}
	if out.Errors == nil {
		out.Errors = []string{}
	}
	slices.Sort(out.Errors)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		return fmt.Errorf("report: write JSON: %w", err)
	}
	return nil
}
