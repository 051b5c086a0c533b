// Package plugin is reconcilelint's golangci-lint v2 module plugin: it
// registers the linter "reconcilelint" with
// github.com/golangci/plugin-module-register, so that a golangci-lint
// binary built by `golangci-lint custom` (or any main that blank-imports
// this package) runs every enabled check as that one linter.
//
// The plugin's settings: block has the structure of .reconcilelint.yaml
// (enable, disable, severity, options, fail-on) and is decoded as
// strictly: an unknown key, check, option or severity is an error that
// stops golangci-lint before it loads any package. Checks are selected and
// configured through internal/suite, exactly as the CLI and the go vet
// tool do.
//
// To golangci-lint the plugin is one analyzer named "reconcilelint" that
// requires the enabled checks and reports their findings, with check-name
// prefixed messages as the CLI prints them, related information folded
// into the message, and overlapping fixes withheld (see combine).
//
// golangci-lint, not the plugin, decides the severity of an issue and the
// exit code, so severity and fail-on are validated but have no effect
// here; use golangci-lint's own severity rules instead.
//
// It imports the plugin register, go/analysis, internal/config and
// internal/suite.
package plugin

import (
	"bytes"
	"fmt"
	"go/token"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/internal/config"
	"github.com/reconcilelint/reconcilelint/internal/suite"
)

// Name is the name of the linter in golangci-lint: the key under
// linters.settings.custom, the name to enable, and the name to use in
// //nolint comments.
const Name = "reconcilelint"

func init() {
	register.Plugin(Name, New)
}

// Plugin is the configured reconcilelint linter. It implements
// register.LinterPlugin.
type Plugin struct {
	res      *config.Resolved
	analyzer *analysis.Analyzer // nil when no check is enabled
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes the plugin settings (nil for the default configuration:
// every check at its defaults), resolves them against the registered
// checks and applies the per-check options. Errors name the offending key,
// check or option and list the valid choices.
//
// Options are applied to the registered analyzers' flags, which are
// process-wide, so a second New with other options changes the first
// plugin's options too; golangci-lint calls New once.
func New(settings any) (register.LinterPlugin, error) {
	cfg, err := config.FromSettings(settings)
	if err != nil {
		return nil, err
	}
	res, err := cfg.Resolve(suite.Checks())
	if err != nil {
		return nil, err
	}
	as, err := suite.Select(res)
	if err != nil {
		return nil, err
	}
	p := &Plugin{res: res}
	if len(as) > 0 {
		checks := make([]*analysis.Analyzer, len(as))
		for i, a := range as {
			checks[i] = capture(a)
		}
		p.analyzer = combine(checks)
	}
	return p, nil
}

// BuildAnalyzers returns the one analyzer "reconcilelint", which requires
// the analyzers of the enabled checks (and through them the shared base
// analyzer) and reports their findings, or no analyzer when every check is
// disabled.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	if p.analyzer == nil {
		return nil, nil
	}
	return []*analysis.Analyzer{p.analyzer}, nil
}

// GetLoadMode returns register.LoadModeTypesInfo: the checks need type
// information and the SSA form built from it.
func (p *Plugin) GetLoadMode() string { return register.LoadModeTypesInfo }

// Resolved returns the effective configuration: which checks run, with
// which options.
func (p *Plugin) Resolved() *config.Resolved { return p.res }

// captured is the result of a check run by the plugin: the diagnostics it
// reported.
type captured struct {
	diags []analysis.Diagnostic
}

var capturedType = reflect.TypeFor[*captured]()

// capture returns a copy of a check's analyzer that keeps the diagnostics
// it reports as its result instead of reporting them.
func capture(a *analysis.Analyzer) *analysis.Analyzer {
	run := a.Run
	return &analysis.Analyzer{
		Name:             a.Name,
		Doc:              a.Doc,
		URL:              a.URL,
		Requires:         a.Requires,
		FactTypes:        a.FactTypes,
		RunDespiteErrors: a.RunDespiteErrors,
		ResultType:       capturedType,
		Run: func(pass *analysis.Pass) (any, error) {
			c := &captured{}
			p := *pass
			p.Report = func(d analysis.Diagnostic) { c.diags = append(c.diags, d) }
			if _, err := run(&p); err != nil {
				return nil, err
			}
			return c, nil
		},
	}
}

// combine returns the analyzer named like the linter that reports the
// findings of the checks, captured by capture. golangci-lint reports
// every issue of an analyzer named like its linter as it is (it would
// prefix the check name to the message, which already starts with it,
// for any other analyzer), and it applies the fixes of one linter in a
// file only when none of them overlap. So the findings are reported in
// position order, and a fix that overlaps one already reported is dropped
// from its finding, as the CLI's -fix skips it; running --fix again
// applies it. (The shared base analyzer is named "reconcilelint" too; it
// reports nothing, and golangci-lint keys its caches by analyzer name only
// for facts, which this analyzer has none of.) Related information is
// folded into the message, since
// golangci-lint would report it as issues of their own that a //nolint
// comment on the finding's line does not suppress.
func combine(checks []*analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     Name,
		Doc:      "reconcilelint reports the findings of the enabled reconcilelint checks.",
		URL:      "https://github.com/reconcilelint/reconcilelint",
		Requires: checks,
		Run: func(pass *analysis.Pass) (any, error) {
			var diags []analysis.Diagnostic
			for _, c := range checks {
				if res, ok := pass.ResultOf[c].(*captured); ok {
					diags = append(diags, res.diags...)
				}
			}
			sort.SliceStable(diags, func(i, j int) bool {
				a, b := diags[i], diags[j]
				if a.Pos != b.Pos {
					return a.Pos < b.Pos
				}
				return a.Category < b.Category
			})
			var accepted []analysis.TextEdit
			for _, d := range diags {
				if len(d.SuggestedFixes) > 0 {
					fix := d.SuggestedFixes[0]
					if conflicts(accepted, fix.TextEdits) {
						d.SuggestedFixes = nil
					} else {
						accepted = append(accepted, fix.TextEdits...)
						d.SuggestedFixes = d.SuggestedFixes[:1]
					}
				}
				d.Message += related(pass.Fset, d)
				d.Related = nil
				pass.Report(d)
			}
			return nil, nil
		},
	}
}

// conflicts reports whether an edit of edits overlaps an accepted edit, or
// inserts at the point where an accepted edit inserts. Identical edits do
// not conflict: golangci-lint applies them once.
func conflicts(accepted, edits []analysis.TextEdit) bool {
	for _, e := range edits {
		end := max(e.End, e.Pos)
		for _, a := range accepted {
			aEnd := max(a.End, a.Pos)
			if e.Pos == a.Pos && end == aEnd && bytes.Equal(e.NewText, a.NewText) {
				continue
			}
			if (e.Pos < aEnd && a.Pos < end) || (e.Pos == end && a.Pos == aEnd && e.Pos == a.Pos) {
				return true
			}
		}
	}
	return false
}

// related renders the related information of d as a message suffix:
// " (the Get of the object: line 60)", with the file's base name when the
// position lies in another file.
func related(fset *token.FileSet, d analysis.Diagnostic) string {
	if len(d.Related) == 0 {
		return ""
	}
	from := fset.Position(d.Pos)
	var parts []string
	for _, r := range d.Related {
		pos := fset.Position(r.Pos)
		switch {
		case !pos.IsValid():
			parts = append(parts, r.Message)
		case pos.Filename == from.Filename:
			parts = append(parts, fmt.Sprintf("%s: line %d", r.Message, pos.Line))
		default:
			parts = append(parts, fmt.Sprintf("%s: %s:%d", r.Message, filepath.Base(pos.Filename), pos.Line))
		}
	}
	return " (" + strings.Join(parts, "; ") + ")"
}
