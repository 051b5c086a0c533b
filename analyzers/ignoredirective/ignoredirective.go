// Package ignoredirective defines RL0001: a //reconcilelint:ignore or
// //reconcilelint:file-ignore directive that is malformed, names an unknown
// check, has no reason, or suppresses nothing.
//
// A suppression must say why, and must stay tied to a real finding: a
// directive left behind after the code was fixed hides the next bug on
// that line. The check requires every other check of the registry (set up
// by package analyzers), so it runs after them on each package and reads
// which directives they used (diag.TakeUsedDirectives).
package ignoredirective

import (
	"fmt"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
)

// Doc is the structured documentation of RL0001.
var Doc = &checkdoc.Doc{
	ID:       "RL0001",
	Name:     "ignoredirective",
	Title:    "Suppression directive without a reason, or suppressing nothing",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: "`//reconcilelint:ignore RL2001 <reason>` (on the reported line or the line above) and " +
		"`//reconcilelint:file-ignore RL2001 <reason>` silence a finding. A suppression must say why, so that " +
		"the next reader can judge whether it still holds, and it must match a finding: a directive " +
		"left behind after the code was fixed silently hides the next bug on that line.",
	Detection: `Reported, at the directive:
- no check named (` + "`//reconcilelint:ignore`" + ` alone);
- a check ID or name that does not exist (` + "`*`" + ` matches every check);
- no reason after the check list: such a directive suppresses nothing;
- a directive with a reason that suppressed no finding of the checks it names in this run
  (checks disabled by the configuration still run for this purpose, without reporting).

Directives are read in every file of the analysed packages, including test files.`,
	Before: `//reconcilelint:ignore RL2001
return r.Status().Update(ctx, obj)`,
	After: `//reconcilelint:ignore RL2001 status is a heartbeat the dashboard polls; the write is rate-limited upstream
return r.Status().Update(ctx, obj)`,
	Fix: "None: write the reason, or delete the directive.",
}

// Known reports whether a check ID or name exists. Package analyzers sets
// it, with Analyzer.Requires, when it registers the checks.
var Known = func(string) bool { return true }

// Analyzer reports RL0001.
var Analyzer = &analysis.Analyzer{
	Name:       Doc.Name,
	Doc:        Doc.Summary(),
	URL:        Doc.URL(),
	Run:        run,
	Requires:   []*analysis.Analyzer{diag.GeneratedAnalyzer},
	ResultType: reflect.TypeFor[int](),
}

func run(pass *analysis.Pass) (any, error) {
	used := diag.TakeUsedDirectives(pass.Pkg)
	rep := diag.NewReporter(pass, Doc)
	rep.Explicit = true
	n := 0
	for _, file := range pass.Files {
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				d, ok := diag.ParseDirective(c)
				if !ok {
					continue
				}
				msg := problem(d, used)
				if msg == "" {
					continue
				}
				rep.Report(diag.Finding{Pos: c.Pos(), End: c.End(), Message: msg})
				n++
			}
		}
	}
	return n, nil
}

// problem describes what is wrong with a directive, or returns "".
func problem(d diag.Directive, used map[token.Pos]bool) string {
	form := "//reconcilelint:ignore"
	scope := "on this line or the next"
	if d.File {
		form, scope = "//reconcilelint:file-ignore", "in this file"
	}
	if len(d.Checks) == 0 {
		return fmt.Sprintf("%s names no check; write %s <ID> <reason>, e.g. %s RL2001 <reason>", form, form, form)
	}
	var unknown []string
	for _, c := range d.Checks {
		if c != "*" && !Known(c) {
			unknown = append(unknown, c)
		}
	}
	if len(unknown) > 0 {
		return fmt.Sprintf("%s names unknown check %s; run reconcilelint -list for the IDs", form, strings.Join(unknown, ", "))
	}
	if d.Reason == "" {
		return fmt.Sprintf("%s %s has no reason, so it suppresses nothing; add why the finding does not apply after the check list",
			form, strings.Join(d.Checks, ","))
	}
	if !used[d.Pos] {
		return fmt.Sprintf("%s %s suppresses nothing: no finding of %s %s; delete it",
			form, strings.Join(d.Checks, ","), strings.Join(d.Checks, ", "), scope)
	}
	return ""
}
