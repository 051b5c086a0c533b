// Package errflow follows error values of a package's model back to the
// calls that produce them: through Phi, interface conversions, Extract,
// the error wrappers that keep the error in the chain (fmt.Errorf with %w,
// the github.com/pkg/errors Wrap family) and the helpers of the package that
// pass on an error they were given. It is a library for the checks that
// follow errors (and their fact analyses); it sits above the model
// (summary), which does not use it.
//
// Every reader creates its own Flow for a package (New), once per run: the
// Flow remembers which parameters the helpers pass on, so nothing is shared
// between concurrent readers.
package errflow

import (
	"go/token"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Flow follows the errors of one package, for one reader of its model.
type Flow struct {
	s *summary.Summary
	// params memoizes errParams: the parameters whose errors a helper
	// passes on.
	params map[*ssa.Function][]errParam
}

// New returns the error flow of the package of s (a reader's view of the
// model), with empty memo tables.
func New(s *summary.Summary) *Flow {
	return &Flow{s: s, params: make(map[*ssa.Function][]errParam)}
}

// errWalker walks an error value backwards to the calls that produce it,
// through Phi, MakeInterface, ChangeInterface, ChangeType, Extract and the
// error wrappers that keep the error in the chain (fmt.Errorf, the
// github.com/pkg/errors Wrap family). Every other call is a leaf and is
// handed to leaf, which turns it into origins of type T (a Get, a parse, a
// helper whose fact says what its error carries).
//
// direct is false once the walk has passed a wrapper that hides the error
// from errors.As (fmt.Errorf without %w). The walker stops at calls that
// are neither wrappers nor leaves of interest, such as
// reconcile.TerminalError or client.IgnoreNotFound: whatever they return
// is not the original error as far as the callers are concerned.
type errWalker[T any] struct {
	f    *Flow
	seen map[ssa.Value]bool
	// leaf classifies a call that is not a wrapper; errVal is the error
	// value as produced in the function (the call or its Extract), index
	// the result index.
	leaf func(c *ssa.Call, errVal ssa.Value, index int, direct bool) []T
	// opaque is set when the walk met a source it could not follow: a
	// value other than a call (a parameter, a field) or a call that leaf
	// turned into no origin.
	opaque bool
	// params, when set, collects the parameters of the walked function
	// that the error comes from (errParams) instead of making them opaque.
	params *[]errParam
}

// errParam is a parameter of a function that its error result passes on:
// the error itself, or, for a variadic parameter, its error elements
// (fmt.Errorf's arguments in a wrapper of it).
type errParam struct {
	param           int
	direct          bool
	variadicElement bool
	// format is the parameter that holds fmt.Errorf's format string for
	// a variadic element (its %w decides direct at the call site), or -1.
	format int
	// tested says every return that passes the error on does so under a
	// test of it other than a nil test (`if apierrors.IsAlreadyExists(err)
	// { return nil }; return err`): the helper decides on the error, as
	// NotFoundHandled says of a return, so the walk stops there.
	tested bool
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
	case *ssa.Parameter, *ssa.FreeVar:
		// An error the function was given: as an argument, or, for a
		// closure, captured where it is made (the call's binding).
		if w.params != nil {
			if i := ssax.InputIndex(v.Parent(), v); i >= 0 {
				*w.params = append(*w.params, errParam{param: i, direct: direct, format: -1})
				return nil
			}
		}
	case *ssa.UnOp:
		// A closure's read of a variable it captured, which holds one
		// value for the closure's life (a parameter of the function that
		// made it): that input.
		if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL && ssax.ReadOnlyCell(fv) != nil {
			return w.walk(fv, direct)
		}
	}
	w.opaque = true
	return nil
}

// input is fn's input i: a parameter, then the free variables.
func input(fn *ssa.Function, i int) ssa.Value {
	if i < len(fn.Params) {
		return fn.Params[i]
	}
	if i -= len(fn.Params); i < len(fn.FreeVars) {
		return fn.FreeVars[i]
	}
	return nil
}

// call handles an error produced by a call: a wrapper or a leaf.
func (w *errWalker[T]) call(c *ssa.Call, errVal ssa.Value, index int, direct bool) []T {
	fc := w.f.s.Forward(&c.Call)
	callee := ssax.CalleeFunc(fc)
	locals := w.f.s.LocalCallees(&c.Call)
	if callee == nil && len(locals) == 0 && summary.CalleeObject(w.f.s.Pass.Pkg, fc) == nil {
		// A dynamic call; a closure of the package, or a variable of
		// another package that holds a function (its facts), goes on.
		w.opaque = true
		return nil
	}
	f := apis.FuncOf(callee)
	if ok, idx := apis.IsErrorWrapper(f); ok {
		args := ssax.CallArgs(fc)
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
		format, isConst := ssax.ConstString(args[0])
		wraps := apis.ErrorfKeepsChain(format, isConst)
		var out []T
		if p, ok := args[len(args)-1].(*ssa.Parameter); ok && w.params != nil {
			// A wrapper of fmt.Errorf forwarding its variadic arguments;
			// a format given as a parameter is read at the call site.
			if i := ssax.ParamIndex(p.Parent(), p); i >= 0 {
				fp := -1
				if fq, ok := args[0].(*ssa.Parameter); ok {
					fp = ssax.ParamIndex(fq.Parent(), fq)
				}
				*w.params = append(*w.params, errParam{param: i, direct: direct && wraps, variadicElement: true, format: fp})
			}
			return nil
		}
		for _, a := range ssax.VariadicValues(args[len(args)-1]) {
			if apis.IsError(a.Type()) {
				out = append(out, w.walk(a, direct && wraps)...)
			}
		}
		return out
	}
	var out []T
	passed := false
	for _, local := range locals {
		if c.Call.IsInvoke() {
			break
		}
		// A helper of the package (or each function a function value may
		// hold) whose error result passes on an error it was given (a
		// wrapper of fmt.Errorf or errors.Wrap): the walk goes on at the
		// call's arguments.
		for _, ep := range w.f.errParams(local, index) {
			arg := w.f.s.CallArg(&c.Call, local, ep.param)
			if cell, ok := arg.(*ssa.Alloc); ok && ep.param >= len(local.Params) {
				arg = ssax.SingleStored(cell) // a captured variable's cell: the value it holds
			}
			if arg == nil {
				continue
			}
			passed = true
			if ep.tested {
				continue // the helper decides on the error it was given
			}
			if !ep.variadicElement {
				out = append(out, w.walk(arg, direct && ep.direct)...)
				continue
			}
			d := direct && ep.direct
			if ep.format >= 0 {
				if f, ok := ssax.ConstString(w.f.s.CallArg(&c.Call, local, ep.format)); !apis.ErrorfKeepsChain(f, ok) {
					d = false
				}
			}
			for _, a := range ssax.VariadicValues(arg) {
				if apis.IsError(a.Type()) {
					out = append(out, w.walk(a, d)...)
				}
			}
		}
	}
	if w.leaf == nil {
		if !passed {
			w.opaque = true
		}
		return out
	}
	leafOut := w.leaf(c, errVal, index, direct)
	if len(leafOut) == 0 && !passed {
		w.opaque = true
	}
	return append(out, leafOut...)
}

// errParams returns the parameters of fn whose errors its result index
// passes on, when every returned error comes from parameters, nil, or
// wrappers of them.
func (f *Flow) errParams(fn *ssa.Function, index int) []errParam {
	if ps, ok := f.params[fn]; ok {
		return ps
	}
	f.params[fn] = nil // recursion
	res := fn.Signature.Results()
	if res.Len() == 0 || !apis.IsError(res.At(res.Len()-1).Type()) || index != res.Len()-1 {
		return nil
	}
	var ps []errParam
	w := &errWalker[struct{}]{f: f, seen: make(map[ssa.Value]bool), params: &ps}
	untested := make(map[int]bool)
	fi := f.s.Func(fn)
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > index {
			n := len(ps)
			w.seen = make(map[ssa.Value]bool) // each return on its own: a parameter may reach several
			w.walk(ret.Results[index], true)
			for _, ep := range ps[n:] {
				if in := input(fn, ep.param); ep.variadicElement || in == nil || fi == nil || !NotFoundHandled(fi, b, in) {
					untested[ep.param] = true
				}
			}
		}
	}
	if w.opaque {
		ps = nil
	}
	// One entry per parameter, tested when no return passes it on untested.
	var merged []errParam
	for _, ep := range ps {
		dup := false
		for i := range merged {
			if merged[i].param == ep.param && merged[i].variadicElement == ep.variadicElement {
				merged[i].direct = merged[i].direct || ep.direct
				dup = true
			}
		}
		if !dup {
			ep.tested = !untested[ep.param]
			merged = append(merged, ep)
		}
	}
	ps = merged
	f.params[fn] = ps
	return ps
}

// Walker walks an error value backwards to the calls that produce it, for
// detection that follows errors outside the model: through Phi, interface
// conversions, Extract, the error wrappers that keep the error in the
// chain (fmt.Errorf with %w, the github.com/pkg/errors Wrap family) and the
// helpers of the package that pass on an error they were given. Every
// other call is a leaf, handed to the function given to NewWalker. A
// Walker remembers the values it visited: one walker walks the values of
// one question.
type Walker[T any] struct {
	w errWalker[T]
}

// NewWalker returns a Walker over the package of f whose leaf classifies a
// call that is not a wrapper: errVal is the error value as produced in the
// function (the call or its Extract), index the result index, and direct
// is false once the walk has passed a wrapper that hides the error from
// errors.As (fmt.Errorf without %w). leaf returns the origins of type T the
// call stands for, none when it is not a source of interest.
func NewWalker[T any](f *Flow, leaf func(c *ssa.Call, errVal ssa.Value, index int, direct bool) []T) *Walker[T] {
	return &Walker[T]{w: errWalker[T]{f: f, seen: make(map[ssa.Value]bool), leaf: leaf}}
}

// Walk returns the origins of the error value v; direct is the initial
// directness (true for a returned error).
func (w *Walker[T]) Walk(v ssa.Value, direct bool) []T { return w.w.walk(v, direct) }

// Opaque reports whether a walk met a source it could not follow: a value
// other than a call (a parameter, a field), or a call that leaf turned
// into no origin.
func (w *Walker[T]) Opaque() bool { return w.w.opaque }

// Reached reports whether a walk visited v (looking through interface
// conversions of v).
func (w *Walker[T]) Reached(v ssa.Value) bool {
	return ssax.WithinConversions(v, 4, func(x ssa.Value) bool { return w.w.seen[x] })
}

// NotFoundHandled reports whether the return in block b of fi's function
// is controlled by a condition that looks at errVal other than a plain nil
// test: an apierrors.IsNotFound (IsAlreadyExists, …), an IgnoreNotFound,
// or anything unknown. A function without a control-flow graph handles
// everything.
func NotFoundHandled(fi *summary.FuncInfo, b *ssa.BasicBlock, errVal ssa.Value) bool {
	if fi.Graph == nil {
		return true
	}
	for _, d := range fi.Graph.ControlDeps(b) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		if !ssax.Mentions(ifi.Cond, errVal, make(map[ssa.Value]bool)) {
			continue
		}
		if !ssax.IsPlainNilTest(ifi.Cond, errVal) {
			return true
		}
	}
	return false
}
