package analyzers

import (
	"cmp"
	"go/token"
	"slices"

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
	Pos token.Pos
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
