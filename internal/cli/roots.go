package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/config"
	"github.com/reconcilelint/reconcilelint/internal/suite"
)

// rootsDoc is the -roots -json document.
type rootsDoc struct {
	Packages []rootsPackage `json:"packages"`
}

type rootsPackage struct {
	Package string      `json:"package"`
	Roots   []rootEntry `json:"roots"`
}

type rootEntry struct {
	Function string `json:"function"`
	Kind     string `json:"kind"`
	Position string `json:"position"`
	Request  string `json:"request,omitempty"`
	// Body names the function the root delegates its whole body to, where
	// the checks analyse from, when it is not the root itself.
	Body string `json:"body,omitempty"`
}

// listRoots loads the packages of patterns in dir, builds the model of
// each (in this process, with the configuration's shared options) and
// writes the reconcile roots it found: what the checks analyse from. A
// package without roots is listed with none, so a user sees that it was
// looked at.
func listRoots(dir string, patterns []string, format string, res *config.Resolved, stdout io.Writer) error {
	if _, err := suite.Select(res); err != nil {
		return err
	}
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: packages.LoadAllSyntax}, patterns...)
	if err != nil {
		return fmt.Errorf("load the packages: %w", err)
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return fmt.Errorf("the packages do not build: %s", errs[0])
	}
	if len(pkgs) == 0 {
		return fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	g, err := checker.Analyze([]*analysis.Analyzer{analyzers.Base()}, pkgs, nil)
	if err != nil {
		return fmt.Errorf("analyse the packages: %w", err)
	}
	var doc rootsDoc
	for _, act := range g.Roots {
		if act.Err != nil {
			return fmt.Errorf("%s: %w", act.Package.PkgPath, act.Err)
		}
		rp := rootsPackage{Package: act.Package.PkgPath, Roots: []rootEntry{}}
		for _, r := range analyzers.RootsOf(act.Result) {
			rp.Roots = append(rp.Roots, rootEntry{Function: r.Function, Kind: r.Kind,
				Position: relPosition(dir, act.Package.Fset.Position(r.Pos).String()), Request: r.Request, Body: r.Body})
		}
		doc.Packages = append(doc.Packages, rp)
	}
	if format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	for _, p := range doc.Packages {
		fmt.Fprintf(stdout, "%s: %d root(s)\n", p.Package, len(p.Roots))
		for _, r := range p.Roots {
			req := ""
			if r.Request != "" {
				req = ", keyed by " + r.Request
			}
			body := ""
			if r.Body != "" {
				body = ", body in " + r.Body
			}
			fmt.Fprintf(stdout, "\t%s: %s (%s%s%s)\n", r.Position, r.Function, r.Kind, req, body)
		}
	}
	return nil
}

// relPosition makes a file:line:col position relative to dir when it is
// inside it.
func relPosition(dir, pos string) string {
	if rest, ok := strings.CutPrefix(pos, dir+"/"); ok {
		return rest
	}
	return pos
}
