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
// empty, so a run that failed to load (exit code 2) is still a valid
// document. File names are relative to the working directory when they
// lie under it, as in every other format.
func WriteJSON(w io.Writer, findings []Finding, errs []string) error {
	return writeJSON(w, findings, errs, workDir())
}

func writeJSON(w io.Writer, findings []Finding, errs []string, base string) error {
	out := jsonOutput{Findings: sorted(findings), Errors: slices.Clone(errs)}
	for i := range out.Findings {
		out.Findings[i] = relFinding(base, out.Findings[i])
	}
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

// relFinding returns f with every file name (its positions, related
// positions and fix edits) made relative to base where it lies under it.
// The slices of f are copied, not changed.
func relFinding(base string, f Finding) Finding {
	rel := func(p Position) Position {
		p.File, _ = relPath(base, p.File)
		return p
	}
	f.Pos, f.End = rel(f.Pos), rel(f.End)
	f.Related = slices.Clone(f.Related)
	for i := range f.Related {
		f.Related[i].Position = rel(f.Related[i].Position)
	}
	fixes := make([]Fix, len(f.Fixes))
	for i, fx := range f.Fixes {
		fx.Edits = slices.Clone(fx.Edits)
		for j := range fx.Edits {
			fx.Edits[j].File, _ = relPath(base, fx.Edits[j].File)
		}
		fixes[i] = fx
	}
	if f.Fixes != nil {
		f.Fixes = fixes
	}
	return f
}
