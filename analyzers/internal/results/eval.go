package results

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Value is what is known of a reconcile.Result value.
type Value struct {
	// Known says every field below is known.
	Known bool
	// Requeue is the Requeue field.
	Requeue bool
	// AfterConst says RequeueAfter is a constant, with value After
	// (nanoseconds); when false RequeueAfter is computed.
	AfterConst bool
	After      int64
}

// NonZero reports whether the result asks for a requeue for sure:
// Requeue: true, or a positive constant RequeueAfter.
func (v Value) NonZero() bool {
	return v.Known && (v.Requeue || (v.AfterConst && v.After > 0))
}

// Eval evaluates a reconcile.Result value: a constant (the zero
// Result), a composite literal whose fields are stored in the same block
// as (or in blocks dominating) the load, a Phi, or the result of a
// function with a body that returns a Result alone (a constructor
// helper: `return o` after `o.RequeueAfter = d`), evaluated with its
// parameters bound to the call's arguments. Anything else is not Known.
//
// callee answers what a call calls (the model's Summary.LocalCallee): the
// one place calls are resolved.
func Eval(v ssa.Value, callee func(*ssa.CallCommon) *ssa.Function) Value {
	return eval(v, nil, &evalState{seen: make(map[evalKey]bool), callee: callee})
}

// evalState is what one evaluation carries: the values met on the way
// and the resolver of calls.
type evalState struct {
	seen   map[evalKey]bool
	callee func(*ssa.CallCommon) *ssa.Function
}

// frame binds the parameters of a function being evaluated for one call
// to that call's arguments, which live in the caller's frame (parent).
type frame struct {
	call   *ssa.CallCommon
	fn     *ssa.Function
	parent *frame
	depth  int
}

// maxFrames bounds the nesting of the constructors followed.
const maxFrames = 8

// evalKey is a value in the frame it is evaluated in.
type evalKey struct {
	v  ssa.Value
	fr *frame
}

// resolve follows a parameter of the function a frame evaluates to the
// argument of its call, and a captured variable of a closure to the value
// the call's closure binds, in the caller's frame.
func resolve(v ssa.Value, fr *frame) (ssa.Value, *frame) {
	for fr != nil {
		var next ssa.Value
		switch x := v.(type) {
		case *ssa.Parameter:
			if x.Parent() != fr.fn {
				return v, fr
			}
			i := slices.Index(fr.fn.Params, x)
			if fr.call.IsInvoke() || i < 0 || i >= len(fr.call.Args) {
				return nil, nil
			}
			next = fr.call.Args[i]
		case *ssa.FreeVar:
			mc, ok := fr.call.Value.(*ssa.MakeClosure)
			i := slices.Index(fr.fn.FreeVars, x)
			if x.Parent() != fr.fn || !ok || i < 0 || i >= len(mc.Bindings) {
				return v, fr
			}
			next = mc.Bindings[i]
		case *ssa.UnOp:
			// A parameter the caller spilled into the cell a closure
			// captures, read through the cell: the parameter.
			if x.Op != token.MUL {
				return v, fr
			}
			cell, cfr := resolve(x.X, fr)
			a, ok := cell.(*ssa.Alloc)
			if !ok {
				return v, fr
			}
			p := ssax.SpilledParam(a)
			if p == nil {
				return v, fr
			}
			v, fr = p, cfr
			continue
		default:
			return v, fr
		}
		v, fr = next, fr.parent
	}
	return v, fr
}

// eval is Eval with the values met on the way (a loop Phi is not Known).
func eval(v ssa.Value, fr *frame, st *evalState) Value {
	v, fr = resolve(v, fr)
	if v == nil || st.seen[evalKey{v, fr}] || !apis.IsResult(v.Type()) {
		return Value{}
	}
	st.seen[evalKey{v, fr}] = true
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil {
			return Value{Known: true, AfterConst: true}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				return evalAlloc(a, x, fr, st)
			}
		}
	case *ssa.Phi:
		return evalJoin(x.Edges, fr, st)
	case *ssa.Call:
		// A constructor of the Result alone. A call returning a
		// (Result, error) pair is not evaluated here: the returns of
		// such a helper are judged in it, where its Result meets its
		// error (the results model follows the pair there).
		return evalCall(&x.Call, 0, fr, st)
	}
	return Value{}
}

// evalCall evaluates result index of a call of a function with a body:
// the join of what its returns give, its parameters bound to the call's
// arguments.
func evalCall(c *ssa.CallCommon, index int, fr *frame, st *evalState) Value {
	var fn *ssa.Function
	if st.callee != nil {
		fn = st.callee(c)
	}
	if fn == nil || len(fn.Params) != len(c.Args) || fr != nil && fr.depth >= maxFrames {
		return Value{} // unknown, or a bound method whose receiver the call does not pass
	}
	inner := &frame{call: c, fn: fn, parent: fr}
	if fr != nil {
		inner.depth = fr.depth + 1
	}
	var rets []ssa.Value
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && index < len(ret.Results) {
			rets = append(rets, ret.Results[index])
		}
	}
	if len(rets) == 1 {
		return eval(rets[0], inner, st)
	}
	return evalJoin(rets, inner, st)
}

// evalJoin evaluates values that reach one point (a Phi's edges, the
// returns of a function): Known only when every one is known and they
// agree on the classification that matters to the checks: all non-zero.
func evalJoin(vs []ssa.Value, fr *frame, st *evalState) Value {
	var out Value
	for i, e := range vs {
		ev := eval(e, fr, st)
		if !ev.NonZero() {
			return Value{}
		}
		if i == 0 {
			out = ev
			continue
		}
		// Keep the weakest requeue: a Requeue without RequeueAfter
		// only if all are; the largest RequeueAfter.
		out.Requeue = out.Requeue && ev.Requeue
		if !ev.AfterConst {
			out.AfterConst = false
		} else if ev.After > out.After {
			out.After = ev.After
		}
	}
	return out
}

// constOf returns the constant v is in frame fr (a parameter bound to a
// constant argument included), or nil.
func constOf(v ssa.Value, fr *frame) *ssa.Const {
	v, _ = resolve(v, fr)
	c, _ := v.(*ssa.Const)
	return c
}

// evalAlloc evaluates the load ld of a local Result variable a. Every
// store into a (whole or by field) must run before the load on every path:
// in the load's block before it, or in a block that dominates the load's
// block, and a must not escape.
func evalAlloc(a *ssa.Alloc, ld *ssa.UnOp, fr *frame, es *evalState) Value {
	type store struct {
		st    *ssa.Store
		field int // -1 for the whole value
	}
	var stores []store
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != a {
				return Value{} // a stored somewhere: escapes
			}
			stores = append(stores, store{x, -1})
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return Value{}
			}
		case *ssa.FieldAddr:
			for _, rr := range *x.Referrers() {
				switch y := rr.(type) {
				case *ssa.Store:
					if y.Addr != x {
						return Value{}
					}
					stores = append(stores, store{y, x.Field})
				case *ssa.UnOp:
					if y.Op != token.MUL {
						return Value{}
					}
				case *ssa.DebugRef:
				default:
					return Value{}
				}
			}
		case *ssa.DebugRef:
		default:
			return Value{}
		}
	}
	// Order the stores: they must all run before the load, and their
	// relative order must be fixed (the same block, or a dominator chain
	// with at most one store per field outside the load's block).
	lb := ld.Block()
	idx := ssax.InstrIndex(lb, ld)
	var before []store
	for _, st := range stores {
		sb := st.st.Block()
		switch {
		case sb == lb:
			if ssax.InstrIndex(sb, st.st) > idx {
				continue // runs after the load (in a loop at most)
			}
		case sb.Dominates(lb):
		default:
			return Value{}
		}
		before = append(before, st)
	}
	for i := range before {
		for j := range before {
			if i == j {
				continue
			}
			bi, bj := before[i].st.Block(), before[j].st.Block()
			if bi != bj && (before[i].field == before[j].field || before[i].field < 0 || before[j].field < 0) {
				return Value{} // order across blocks is not fixed
			}
		}
	}
	// Apply the stores in order: dominating blocks first.
	sortStores := func(x, y store) bool {
		bx, by := x.st.Block(), y.st.Block()
		if bx != by {
			return bx.Dominates(by)
		}
		return ssax.InstrIndex(bx, x.st) < ssax.InstrIndex(by, y.st)
	}
	for i := 1; i < len(before); i++ {
		for j := i; j > 0 && sortStores(before[j], before[j-1]); j-- {
			before[j], before[j-1] = before[j-1], before[j]
		}
	}
	out := Value{Known: true, AfterConst: true} // Alloc is zeroed
	for _, st := range before {
		switch {
		case st.field < 0:
			out = eval(st.st.Val, fr, es)
		case ssax.FieldName(a.Type(), st.field) == "Requeue":
			c := constOf(st.st.Val, fr)
			if c == nil || c.Value == nil || c.Value.Kind() != constant.Bool {
				out.Known = false
				continue
			}
			out.Requeue = constant.BoolVal(c.Value)
		case ssax.FieldName(a.Type(), st.field) == "RequeueAfter":
			c := constOf(st.st.Val, fr)
			if c == nil {
				out.AfterConst, out.After = false, 0
				continue
			}
			n, exact := int64(0), true
			if c.Value != nil {
				n, exact = constant.Int64Val(c.Value)
			}
			out.AfterConst, out.After = exact, n
		}
	}
	return out
}

// ErrNonNil reports whether the error value v, returned in block b, is
// non-nil for sure: a new error (errors.New, fmt.Errorf,
// reconcile.TerminalError), a Phi of such values, or a value whose test
// v != nil (or an apierrors.Is* test of v) took its true edge on the way to
// b.
func ErrNonNil(b *ssa.BasicBlock, v ssa.Value) bool {
	return errIs(b, v, false, make(map[ssa.Value]bool))
}

// errIs reports whether the error v, returned in block b, is nil for sure
// (isNil) or non-nil for sure (!isNil). A value met again (a loop Phi)
// adds nothing of its own: it counts as nil for the nil question and as
// unknown for the non-nil one, so both answers err on the side of "may
// be".
func errIs(b *ssa.BasicBlock, v ssa.Value, isNil bool, seen map[ssa.Value]bool) bool {
	if v == nil || b == nil {
		return false
	}
	if seen[v] {
		return isNil
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return isNil && x.IsNil()
	case *ssa.Call:
		if callee := ssax.CalleeFunc(&x.Call); !isNil && callee != nil && apis.IsNewError(apis.FuncOf(callee)) {
			return true
		}
	case *ssa.MakeInterface:
		// An interface holding a concrete type is non-nil, even for a nil
		// pointer.
		return !isNil
	case *ssa.ChangeInterface:
		if errIs(b, x.X, isNil, seen) {
			return true
		}
	case *ssa.Phi:
		all := len(x.Edges) > 0
		for i, e := range x.Edges {
			if i >= len(x.Block().Preds) || !errIs(x.Block().Preds[i], e, isNil, seen) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return testedNil(b, v, isNil)
}

// ErrNil reports whether the error value v, returned in block b, is nil
// for sure: the constant nil, a Phi of nil values, or a
// value whose test v == nil took its true edge (v != nil its false edge)
// on the way to b. An error that is not ErrNil may be non-nil.
func ErrNil(b *ssa.BasicBlock, v ssa.Value) bool {
	return errIs(b, v, true, make(map[ssa.Value]bool))
}

// testedNil reports whether b is dominated by the edge of a test of v
// that says v is nil (isNil) or non-nil (!isNil): v == nil, v != nil, and
// for non-nil apierrors.Is*(v).
func testedNil(b *ssa.BasicBlock, v ssa.Value, isNil bool) bool {
	for d := b; d != nil; d = d.Idom() {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || len(p.Succs) != 2 {
			continue
		}
		succ := 0
		if p.Succs[1] == d {
			succ = 1
		}
		if p.Succs[0] == p.Succs[1] {
			continue
		}
		cond, neg := ifi.Cond, false
		for {
			u, ok := cond.(*ssa.UnOp)
			if !ok || u.Op != token.NOT {
				break
			}
			cond, neg = u.X, !neg
		}
		trueSucc := 0
		if neg {
			trueSucc = 1
		}
		switch c := cond.(type) {
		case *ssa.BinOp:
			if !ssax.IsPlainNilTest(c, v) && !ssax.IsPlainNilTest(c, ssax.StripConv(v)) {
				continue
			}
			nonNilSucc := trueSucc // v != nil
			if c.Op == token.EQL {
				nonNilSucc = 1 - trueSucc
			}
			if succ == nonNilSucc != isNil {
				return true
			}
		case *ssa.Call:
			if isNil {
				continue // apierrors.Is*(v) false says nothing of nil
			}
			callee := ssax.CalleeFunc(&c.Call)
			if callee == nil || !apis.IsErrorTestFunc(apis.FuncOf(callee)) {
				continue
			}
			f := apis.FuncOf(callee)
			if f.Pkg != apis.APIErrors {
				continue // errors.Is(err, nil) is true for a nil err
			}
			args := ssax.CallArgs(&c.Call)
			if len(args) == 0 || !sameError(args[0], v) {
				continue
			}
			if succ == trueSucc {
				return true
			}
		}
	}
	return false
}

// sameError reports whether a and b are the same error value, looking
// through interface conversions.
func sameError(a, b ssa.Value) bool { return ssax.StripConv(a) == ssax.StripConv(b) }
