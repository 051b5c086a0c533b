// Package suite turns a reconcilelint configuration into the analyzers to
// run: it describes the registered checks to the config package, resolves
// a configuration against them, and applies per-check options to the
// analyzers' flags. Every driver (CLI, go vet tool, golangci-lint plugin)
// goes through it, so they select and configure checks the same way.
//
// It imports the analyzers registry and internal/config.
package suite

import (
	"flag"
	"fmt"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/internal/config"
)

// Checks describes every registered check, plus the base analyzer, for
// config.Resolve.
func Checks() []config.Check {
	var out []config.Check
	for _, c := range analyzers.All() {
		out = append(out, config.Check{ID: c.Doc.ID, Name: c.Doc.Name, Severity: c.Doc.Severity, Options: flagNames(&c.Analyzer.Flags)})
	}
	base := analyzers.Base()
	out = append(out, config.Check{Name: base.Name, Options: flagNames(&base.Flags)})
	return out
}

// Docs returns the documentation of every registered check, sorted by ID.
func Docs() []checkdoc.Doc {
	var out []checkdoc.Doc
	for _, c := range analyzers.All() {
		out = append(out, *c.Doc)
	}
	return out
}

func flagNames(fs *flag.FlagSet) []string {
	var out []string
	fs.VisitAll(func(f *flag.Flag) { out = append(out, f.Name) })
	sort.Strings(out)
	return out
}

// Resolve loads the configuration at path ("" for the default
// configuration) and resolves it against the registered checks.
func Resolve(path string) (*config.Resolved, error) {
	cfg := &config.Config{}
	if path != "" {
		var err error
		if cfg, err = config.Load(path); err != nil {
			return nil, err
		}
	}
	return cfg.Resolve(Checks())
}

// Select applies the resolved options to the analyzers' flags and returns
// the analyzers of the enabled checks, sorted by ID.
func Select(res *config.Resolved) ([]*analysis.Analyzer, error) {
	base := analyzers.Base()
	if err := setFlags(base, res.Options(base.Name)); err != nil {
		return nil, err
	}
	var out []*analysis.Analyzer
	for _, c := range analyzers.All() {
		if !res.Enabled(c.Doc.Name) {
			continue
		}
		if err := setFlags(c.Analyzer, res.Options(c.Doc.Name)); err != nil {
			return nil, err
		}
		out = append(out, c.Analyzer)
	}
	return out, nil
}

func setFlags(a *analysis.Analyzer, opts map[string]string) error {
	names := make([]string, 0, len(opts))
	for k := range opts {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if err := a.Flags.Set(k, opts[k]); err != nil {
			return fmt.Errorf("config: option %s.%s: invalid value %q: %w", a.Name, k, opts[k], err)
		}
	}
	return nil
}
