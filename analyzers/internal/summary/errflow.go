package summary

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
)

// errWalker walks an error value backwards to the calls that produce it,
// through Phi, MakeInterface, ChangeInterface, ChangeType, Extract and the
// error wrappers that keep the error in the chain (fmt.Errorf, the
// github.com/pkg/errors Wrap family). Every other call is a leaf and is
// handed to leaf, which turns it into origins of type T (a Get for RL5001,
// a parse for RL5004, a helper whose summary says what its error carries).
//
// direct is false once the walk has passed a wrapper that hides the error
// from errors.As (fmt.Errorf without %w). The walker stops at calls that
// are neither wrappers nor leaves of interest, such as
// reconcile.TerminalError or client.IgnoreNotFound: whatever they return
// is not the original error as far as the callers are concerned.
type errWalker[T any] struct {
	s    *Summary
	seen map[ssa.Value]bool
	// leaf classifies a call that is not a wrapper; errVal is the error
	// value as produced in the function (the call or its Extract), index
	// the result index.
	leaf func(c *ssa.Call, errVal ssa.Value, index int, direct bool) []T
	// opaque is set when the walk met a source it could not follow: a
	// value other than a call (a parameter, a field) or a call that leaf
	// turned into no origin.
	opaque bool
}

// walk returns the origins of v.
func (w *errWalker[T]) walk(v ssa.Value, direct bool) []T {
	if v == nil || w.seen[v] {
		return nil
	}
	w.seen[v] = true
	switch x := v.(type) {
	case *ssa.Phi:
		var out []T
		for _, e := range x.Edges {
			out = append(out, w.walk(e, direct)...)
		}
		return out
	case *ssa.MakeInterface:
		return w.walk(x.X, direct)
	case *ssa.ChangeInterface:
		return w.walk(x.X, direct)
	case *ssa.ChangeType:
		return w.walk(x.X, direct)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return w.call(c, x, x.Index, direct)
		}
	case *ssa.Call:
		return w.call(x, x, 0, direct)
	case *ssa.Const:
		if x.IsNil() {
			return nil
		}
	}
	w.opaque = true
	return nil
}

// call handles an error produced by a call: a wrapper or a leaf.
func (w *errWalker[T]) call(c *ssa.Call, errVal ssa.Value, index int, direct bool) []T {
	callee := calleeFunc(&c.Call)
	if callee == nil && w.s.localFunc(w.s.callee(&c.Call)) == nil {
		w.opaque = true // a dynamic call; a closure of the package goes on
		return nil
	}
	f := apis.FuncOf(callee)
	if ok, idx := apis.IsErrorWrapper(f); ok {
		args := callArgs(&c.Call)
		if idx >= 0 {
			if idx < len(args) {
				return w.walk(args[idx], direct)
			}
			return nil
		}
		// fmt.Errorf: the error arguments, wrapped only with %w.
		if len(args) < 2 {
			return nil
		}
		format, isConst := constString(args[0])
		wraps := !isConst || strings.Contains(format, "%w")
		var out []T
		for _, a := range variadicValues(args[len(args)-1]) {
			if apis.IsError(a.Type()) {
				out = append(out, w.walk(a, direct && wraps)...)
			}
		}
		return out
	}
	if w.leaf == nil {
		w.opaque = true
		return nil
	}
	out := w.leaf(c, errVal, index, direct)
	if len(out) == 0 {
		w.opaque = true
	}
	return out
}

// reached reports whether the walk visited v (looking through interface
// conversions of v).
func (w *errWalker[T]) reached(v ssa.Value) bool {
	for i := 0; i < 4 && v != nil; i++ {
		if w.seen[v] {
			return true
		}
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return false
		}
	}
	return false
}
