// Package analyzers is the registry of reconcilelint's checks: every
// analyzer with its structured documentation, in a stable order, looked up
// by name or ID. Drivers (the CLI, the go vet tool, the golangci-lint
// plugin) take their analyzers from here and nowhere else.
package analyzers

import (
	"fmt"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/appendnocheck"
	"github.com/reconcilelint/reconcilelint/analyzers/cachemutation"
	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/createnotidempotent"
	"github.com/reconcilelint/reconcilelint/analyzers/eventinrequest"
	"github.com/reconcilelint/reconcilelint/analyzers/eventtypebranch"
	"github.com/reconcilelint/reconcilelint/analyzers/finalizerorder"
	"github.com/reconcilelint/reconcilelint/analyzers/finalizerpredicate"
	"github.com/reconcilelint/reconcilelint/analyzers/handlerwrite"
	"github.com/reconcilelint/reconcilelint/analyzers/ignoredirective"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/maporderwrite"
	"github.com/reconcilelint/reconcilelint/analyzers/metadatapredicate"
	"github.com/reconcilelint/reconcilelint/analyzers/nondetwrite"
	"github.com/reconcilelint/reconcilelint/analyzers/notfounderror"
	"github.com/reconcilelint/reconcilelint/analyzers/permanentretry"
	"github.com/reconcilelint/reconcilelint/analyzers/requeuehotloop"
	"github.com/reconcilelint/reconcilelint/analyzers/resultwitherror"
	"github.com/reconcilelint/reconcilelint/analyzers/unconditionalwrite"
	"github.com/reconcilelint/reconcilelint/analyzers/wrongsubresource"
)

// Check is one registered check.
type Check struct {
	Analyzer *analysis.Analyzer
	Doc      *checkdoc.Doc
}

// checks lists every check. Keep it sorted by ID; TestRegistry enforces it.
var checks = []Check{
	{ignoredirective.Analyzer, ignoredirective.Doc},
	{nondetwrite.Analyzer, nondetwrite.Doc},
	{maporderwrite.Analyzer, maporderwrite.Doc},
	{unconditionalwrite.Analyzer, unconditionalwrite.Doc},
	{wrongsubresource.Analyzer, wrongsubresource.Doc},
	{createnotidempotent.Analyzer, createnotidempotent.Doc},
	{appendnocheck.Analyzer, appendnocheck.Doc},
	{eventtypebranch.Analyzer, eventtypebranch.Doc},
	{handlerwrite.Analyzer, handlerwrite.Doc},
	{eventinrequest.Analyzer, eventinrequest.Doc},
	{finalizerpredicate.Analyzer, finalizerpredicate.Doc},
	{metadatapredicate.Analyzer, metadatapredicate.Doc},
	{notfounderror.Analyzer, notfounderror.Doc},
	{resultwitherror.Analyzer, resultwitherror.Doc},
	{requeuehotloop.Analyzer, requeuehotloop.Doc},
	{permanentretry.Analyzer, permanentretry.Doc},
	{cachemutation.Analyzer, cachemutation.Doc},
	{finalizerorder.Analyzer, finalizerorder.Doc},
}

func init() {
	// RL0001 runs after every other check of a package and reads which
	// suppression directives they used.
	for _, c := range checks {
		if c.Analyzer != ignoredirective.Analyzer {
			ignoredirective.Analyzer.Requires = append(ignoredirective.Analyzer.Requires, c.Analyzer)
		}
	}
	ignoredirective.Known = func(s string) bool { _, ok := Lookup(s); return ok }
}

// All returns every check, sorted by ID.
func All() []Check {
	out := append([]Check(nil), checks...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Doc.ID < out[j].Doc.ID })
	return out
}

// Analyzers returns the analyzers of every check, sorted by ID.
func Analyzers() []*analysis.Analyzer {
	var out []*analysis.Analyzer
	for _, c := range All() {
		out = append(out, c.Analyzer)
	}
	return out
}

// Lookup finds a check by name ("notfounderror") or ID ("RL5001",
// case-insensitive).
func Lookup(nameOrID string) (Check, bool) {
	for _, c := range checks {
		if c.Doc.Name == nameOrID || strings.EqualFold(c.Doc.ID, nameOrID) {
			return c, true
		}
	}
	return Check{}, false
}

// ByCategory finds the check that reported a diagnostic from its Category
// ("RL4001", or "RL4001/error" for a finding with a severity of its own).
func ByCategory(category string) (Check, bool) {
	id, _ := diag.SplitCategory(category)
	return Lookup(id)
}

// CategorySeverity returns the severity a diagnostic's Category gives the
// finding, and false when the finding has its check's default severity.
func CategorySeverity(category string) (checkdoc.Severity, bool) {
	_, sev := diag.SplitCategory(category)
	if sev == "" {
		return 0, false
	}
	s, err := checkdoc.ParseSeverity(sev)
	return s, err == nil
}

// Base returns the shared base analyzer that every check requires. Its
// flags are the shared options (for example -reconcilelint.roots).
func Base() *analysis.Analyzer { return summary.Analyzer }

// ChecksTable renders the Markdown table of checks, linking each to its
// page under linkPrefix (e.g. "docs/checks/").
func ChecksTable(linkPrefix string) string {
	var b strings.Builder
	b.WriteString("| ID | Check | Severity | What it finds |\n|---|---|---|---|\n")
	for _, c := range All() {
		fmt.Fprintf(&b, "| %s | [`%s`](%s%s.md) | %s | %s |\n", c.Doc.ID, c.Doc.Name, linkPrefix, c.Doc.Name, c.Doc.Severity, c.Doc.Title)
	}
	return b.String()
}

// DocsIndex renders docs/checks/README.md.
func DocsIndex() string {
	return "# reconcilelint checks\n\nEach page is generated from the check's documentation in its analyzer package " +
		"(`go test ./analyzers -run TestDocsUpToDate -update`); `reconcilelint -explain ID` prints the same text.\n\n" +
		ChecksTable("")
}
