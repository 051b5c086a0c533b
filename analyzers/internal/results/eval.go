package results

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
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
// The model s answers what a call calls (Summary.LocalCallee) and what
// a value a call returns holds (Summary.StructFields): the one place
// calls and values are resolved.
func Eval(v ssa.Value, s *summary.Summary) Value {
	return eval(v, nil, &evalState{seen: make(map[evalKey]bool), s: s})
}

// evalState is what one evaluation carries: the values met on the way
// and the resolver of calls.
type evalState struct {
	seen map[evalKey]bool
	s    *summary.Summary
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
			switch cell := x.X.(type) {
			case *ssa.Alloc:
				return evalCell(cell, x, fr, st)
			case *ssa.Call:
				return evalCell(cell, x, fr, st) // a constructor's pointer
			}
		}
	case *ssa.Phi:
		return evalJoin(x.Edges, fr, st)
	case *ssa.Call:
		// A constructor of the Result alone. A call returning a
		// (Result, error) pair is not evaluated here: the returns of
		// such a helper are judged in it, where its Result meets its
		// error (the results model follows the pair there).
		if v := evalCall(&x.Call, 0, fr, st); v.Known {
			return v
		}
		return evalFields(x, fr, st)
	}
	return Value{}
}

// evalCall evaluates result index of a call of a function with a body:
// the join of what its returns give, its parameters bound to the call's
// arguments.
func evalCall(c *ssa.CallCommon, index int, fr *frame, st *evalState) Value {
	var fn *ssa.Function
	if st.s != nil {
		fn = st.s.LocalCallee(c)
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
	evs := make([]Value, 0, len(vs))
	for _, e := range vs {
		ev := eval(e, fr, st)
		if !ev.NonZero() {
			return Value{}
		}
		evs = append(evs, ev)
	}
	return joinValues(evs)
}

// joinValues joins the values that reach one point: Known only when every
// one is known and all are non-zero.
func joinValues(evs []Value) Value {
	var out Value
	for i, ev := range evs {
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

// evalCell evaluates the Result a pointer cell holds at instruction at (a
// load of it, or a return of the pointer): a local Result variable (an
// Alloc, zeroed), or the pointer a constructor of the package returns
// (a Call, holding what the constructor stored into it). The cell must
// not escape: it is only loaded, stored into (whole or by field), and
// returned.
func evalCell(cell ssa.Value, at ssa.Instruction, fr *frame, es *evalState) Value {
	def, ok := cell.(ssa.Instruction)
	if !ok {
		return Value{}
	}
	type store struct {
		st    *ssa.Store
		field int // -1 for the whole value
	}
	var stores []store
	for _, r := range *cell.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != cell {
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
		case *ssa.DebugRef, *ssa.Return:
		default:
			return Value{}
		}
	}
	// The value at the load is what the stores on the paths from the
	// variable's allocation make of its zero value: in a block, its
	// stores in order; at a join, the join of what each predecessor
	// hands on (a Result stored on one arm of an if, `*res =
	// ctrl.Result{…}`). A loop on the way makes it unknown.
	byBlock := map[*ssa.BasicBlock][]store{}
	for _, st := range stores {
		byBlock[st.st.Block()] = append(byBlock[st.st.Block()], st)
	}
	apply := func(out Value, st store) Value {
		if st.field < 0 {
			return eval(st.st.Val, fr, es)
		}
		return applyField(out, ssax.FieldName(cell.Type(), st.field), st.st.Val, fr)
	}
	// upTo applies the stores of b that run before index end to in.
	upTo := func(b *ssa.BasicBlock, in Value, start, end int) Value {
		for _, st := range byBlock[b] {
			if k := ssax.InstrIndex(b, st.st); k >= start && k < end {
				in = apply(in, st)
			}
		}
		return in
	}
	busy := map[*ssa.BasicBlock]bool{}
	var atEnd func(b *ssa.BasicBlock) (Value, bool)
	base := func() Value {
		if c, ok := cell.(*ssa.Call); ok {
			if v := evalPointee(&c.Call, fr, es); v.Known {
				return v
			}
			return evalFields(c, fr, es)
		}
		return Value{Known: true, AfterConst: true} // Alloc is zeroed
	}
	entry := func(b *ssa.BasicBlock) (Value, bool) {
		if b == def.Block() {
			return base(), true
		}
		if len(b.Preds) == 0 || busy[b] {
			return Value{}, false
		}
		busy[b] = true
		defer delete(busy, b)
		var vs []Value
		for _, p := range b.Preds {
			v, ok := atEnd(p)
			if !ok {
				return Value{}, false
			}
			vs = append(vs, v)
		}
		if len(vs) == 1 {
			return vs[0], true
		}
		return joinValues(vs), true
	}
	atEnd = func(b *ssa.BasicBlock) (Value, bool) {
		in, ok := entry(b)
		if !ok {
			return Value{}, false
		}
		start := 0
		if b == def.Block() {
			start = ssax.InstrIndex(b, def)
		}
		return upTo(b, in, start, len(b.Instrs)), true
	}
	lb := at.Block()
	in, ok := entry(lb)
	if !ok {
		return Value{}
	}
	start := 0
	if lb == def.Block() {
		start = ssax.InstrIndex(lb, def)
	}
	return upTo(lb, in, start, ssax.InstrIndex(lb, at))
}

// applyField returns out with its field name set to val (in frame fr; nil
// for a value not known in the asker's terms).
func applyField(out Value, name string, val ssa.Value, fr *frame) Value {
	var c *ssa.Const
	if val != nil {
		c = constOf(val, fr)
	}
	switch name {
	case "Requeue":
		if c == nil || c.Value == nil || c.Value.Kind() != constant.Bool {
			out.Known = false
			return out
		}
		out.Requeue = constant.BoolVal(c.Value)
	case "RequeueAfter":
		if c == nil {
			out.AfterConst, out.After = false, 0
			return out
		}
		n, exact := int64(0), true
		if c.Value != nil {
			n, exact = constant.Int64Val(c.Value)
		}
		out.AfterConst, out.After = exact, n
	}
	return out
}

// evalFields evaluates the Result a call of a constructor returns (the
// Result, or the pointer to it) from what the model says the call's value
// holds (Summary.StructFields: the constructor's stores, and those of the
// functions the call hands it, such as functional options it applies),
// when the constructor's returns cannot be evaluated themselves. A store
// that may not happen makes the value unknown.
func evalFields(c *ssa.Call, fr *frame, st *evalState) Value {
	if st.s == nil {
		return Value{}
	}
	fields := st.s.StructFields(c)
	if len(fields) == 0 {
		return Value{}
	}
	out := Value{Known: true, AfterConst: true}
	for _, name := range []string{"Requeue", "RequeueAfter"} {
		if fs, ok := fields[name]; ok {
			if fs.Maybe {
				return Value{}
			}
			out = applyField(out, name, fs.Value, fr)
		}
	}
	return out
}

// evalPointee evaluates the Result that the pointer a call returns points
// to when the call returns: the callee (a function of the package) returns
// a cell it made (new(ctrl.Result), &ctrl.Result{…}) and stored into.
func evalPointee(c *ssa.CallCommon, fr *frame, st *evalState) Value {
	var fn *ssa.Function
	if st.s != nil {
		fn = st.s.LocalCallee(c)
	}
	if fn == nil || len(fn.Params) != len(c.Args) || fr != nil && fr.depth >= maxFrames {
		return Value{}
	}
	inner := &frame{call: c, fn: fn, parent: fr}
	if fr != nil {
		inner.depth = fr.depth + 1
	}
	var vs []Value
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		v, _ := resolve(ret.Results[0], inner)
		switch x := v.(type) {
		case *ssa.Alloc:
			vs = append(vs, evalCell(x, ret, inner, st))
		case *ssa.Call:
			vs = append(vs, evalPointee(&x.Call, inner, st))
		default:
			return Value{}
		}
	}
	if len(vs) == 1 {
		return vs[0]
	}
	return joinValues(vs)
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
