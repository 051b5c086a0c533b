package analyzers

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Root is a reconcile root the model found in a package: what the checks
// analyse from (the CLI's -roots listing).
type Root struct {
	// Function names the root, e.g. "(*WidgetReconciler).Reconcile".
	Function string
	// Kind says how it was recognised, e.g. "R1a Reconcile(ctx, Request)".
	Kind string
	// Pos is the position of the function.
	Pos token.Pos `json:"-"`
	// Request names the parameter that identifies what to reconcile, or
	// is empty.
	Request string
	// Body names the function of the package the root hands its whole
	// body to (a helper, a generic function, a closure called at once),
	// which the checks analyse from; empty when that is the root itself.
	Body string
}

// RootsOf returns the roots in the result of Base() for one package
// (nil for a package the model does not analyse), in source order.
func RootsOf(result any) []Root {
	s, _ := result.(*summary.Summary)
	if s == nil || !s.Relevant() {
		return nil
	}
	var out []Root
	for _, r := range s.Roots {
		root := Root{Function: ssax.FuncName(r.Entry), Kind: r.Kind.String(), Pos: r.Entry.Pos()}
		if r.Guarded {
			root.Kind += ", called only under a condition of its caller"
		}
		if r.Fn != r.Entry {
			root.Body = ssax.FuncName(r.Fn)
		}
		if r.Request != nil {
			root.Request = r.Request.Name()
		}
		out = append(out, root)
	}
	slices.SortStableFunc(out, func(a, b Root) int { return cmp.Compare(a.Pos, b.Pos) })
	return out
}

// RootCategory is the category of the diagnostics of RootsAnalyzer.
const RootCategory = "root"

// RootsAnalyzer reports each reconcile root of a package as a diagnostic
// of category RootCategory at the root's function, whose message is the
// root as JSON (Function, Kind, Request, Body; Pos is the diagnostic's
// position). It is no check (All never returns it): the command's -roots
// listing runs it alone through go vet, so that the roots are found
// exactly as the checks find them, with the facts of the dependencies,
// one package per process, and cached by go like any vet run.
var RootsAnalyzer = &analysis.Analyzer{
	Name:     "roots",
	Doc:      "list the reconcile roots the checks analyse from (reconcilelint -roots)",
	URL:      "https://github.com/reconcilelint/reconcilelint",
	Requires: []*analysis.Analyzer{summary.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, r := range RootsOf(pass.ResultOf[summary.Analyzer]) {
			msg, err := json.Marshal(r)
			if err != nil {
				return nil, fmt.Errorf("encode root %s: %w", r.Function, err)
			}
			pass.Report(analysis.Diagnostic{Pos: r.Pos, Category: RootCategory, Message: string(msg)})
		}
		return nil, nil
	},
}
