package summary

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// ResultReturn is a return whose (reconcile.Result, error) pair becomes the
// result of a reconcile root (RL5002, RL5003): a return of the root itself,
// or of an in-package helper whose two results the root returns as they are
// (return r.helper(ctx, obj), or res, err := r.helper(…); return res, err).
type ResultReturn struct {
	Root *Root
	// Fn is the function that holds Return.
	Fn     *ssa.Function
	Return *ssa.Return
	// Result and Err are the returned values.
	Result, Err ssa.Value
	// Status combines the status of the return within Fn with the status,
	// in each caller up to the root, of the call and of the return that
	// passes the pair on.
	Status Status
	// Via are the calls, outermost first, through which the pair reaches
	// the root; empty for the root's own returns.
	Via []*ssa.Call
	// InLoop says the return, or a call passing the pair on, depends on a
	// loop condition (it runs for some iterations only).
	InLoop bool
	// Deleting says the return, or a call passing the pair on, runs only
	// while the object is being deleted (the deletion edge of a lifecycle
	// test, or a lifecycle test of unknown polarity).
	Deleting bool
}

// ResultReturns are the returns whose pair reaches a reconcile root's
// results, for the roots that return (reconcile.Result, error).
func (s *Summary) ResultReturns() []*ResultReturn { return s.resultReturns }

// findResultReturns computes ResultReturns.
func (s *Summary) findResultReturns() {
	for _, r := range s.Roots {
		if !returnsResultErr(r.Fn) {
			continue
		}
		s.collectResultReturns(r, r.Fn, Unguarded, nil, map[*ssa.Function]bool{})
	}
}

// returnsResultErr reports whether fn returns (reconcile.Result, error).
func returnsResultErr(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() == 2 && apis.IsResult(res.At(0).Type()) && apis.IsError(res.At(1).Type())
}

func (s *Summary) collectResultReturns(r *Root, fn *ssa.Function, outer Status, via []*ssa.Call, busy map[*ssa.Function]bool) {
	s.collectResultReturns1(r, fn, outer, false, false, via, busy)
}

// onDeletionPath reports whether b depends on the deletion edge of a
// lifecycle test (or on a lifecycle test whose polarity is unclear).
func (fi *FuncInfo) onDeletionPath(b *ssa.BasicBlock) bool {
	if fi.Steady == nil {
		return false
	}
	for _, d := range fi.Steady.ControlDeps(b) {
		ifi := d.If()
		if ifi == nil || fi.Guard(ifi).Kind != Lifecycle {
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
		deleting := -1 // the successor taken while deleting
		switch c := cond.(type) {
		case *ssa.Call:
			if callee := ssax.CalleeFunc(&c.Call); callee != nil && callee.Name() == "IsZero" {
				deleting = 1
			}
		case *ssa.BinOp:
			if ssax.IsNil(c.X) || ssax.IsNil(c.Y) {
				switch c.Op {
				case token.NEQ:
					deleting = 0
				case token.EQL:
					deleting = 1
				}
			}
		}
		if deleting < 0 {
			return true
		}
		if neg {
			deleting = 1 - deleting
		}
		if d.Succ == deleting {
			return true
		}
	}
	return false
}

// inLoop reports whether b depends on a loop condition in the steady-state
// graph.
func (fi *FuncInfo) inLoop(b *ssa.BasicBlock) bool {
	if fi.Steady == nil {
		return false
	}
	for _, d := range fi.Steady.ControlDeps(b) {
		if ifi := d.If(); ifi != nil && fi.Guard(ifi).Kind == Loop {
			return true
		}
	}
	return false
}

func (s *Summary) collectResultReturns1(r *Root, fn *ssa.Function, outer Status, outerLoop, outerDel bool, via []*ssa.Call, busy map[*ssa.Function]bool) {
	if busy[fn] || len(fn.Blocks) == 0 || len(via) > 8 {
		return
	}
	busy[fn] = true
	defer delete(busy, fn)
	fi := s.Func(fn)
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 2 {
			continue
		}
		st, _ := fi.StatusOf(b)
		st = Combine(outer, st)
		loop := outerLoop || fi.inLoop(b)
		del := outerDel || fi.onDeletionPath(b)
		s.resultReturns = append(s.resultReturns, &ResultReturn{
			Root: r, Fn: fn, Return: ret, Result: ret.Results[0], Err: ret.Results[1], Status: st, Via: via,
			InLoop: loop, Deleting: del,
		})
		// The pair of a helper returned as it is.
		c := pairCall(ret.Results[0], ret.Results[1])
		if c == nil {
			continue
		}
		callee := s.localFunc(s.callee(&c.Call))
		if callee == nil || c.Call.IsInvoke() || !returnsResultErr(callee) {
			continue
		}
		cst, _ := fi.StatusOf(c.Block())
		next := append(append([]*ssa.Call(nil), via...), c)
		s.collectResultReturns1(r, callee, Combine(st, cst), loop || fi.inLoop(c.Block()),
			del || fi.onDeletionPath(c.Block()), next, busy)
	}
}

// pairCall returns the call whose two results are res and err (err may also
// be a nil constant: if err != nil { return res, err }; return res, nil
// passes the helper's success results on too).
func pairCall(res, err ssa.Value) *ssa.Call {
	x, ok := res.(*ssa.Extract)
	if !ok || x.Index != 0 {
		return nil
	}
	c, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	if ssax.IsNil(err) {
		return c
	}
	if y, ok := err.(*ssa.Extract); ok && y.Tuple == c && y.Index == 1 {
		return c
	}
	return nil
}

// ResultValue is what is known of a reconcile.Result value.
type ResultValue struct {
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
func (v ResultValue) NonZero() bool {
	return v.Known && (v.Requeue || (v.AfterConst && v.After > 0))
}

// EvalResult evaluates a reconcile.Result value: a constant (the zero
// Result), a composite literal whose fields are stored in the same block
// as (or in blocks dominating) the load, or a Phi. Anything else is not
// Known.
func (s *Summary) EvalResult(v ssa.Value) ResultValue {
	return s.evalResult(v, make(map[ssa.Value]bool))
}

func (s *Summary) evalResult(v ssa.Value, seen map[ssa.Value]bool) ResultValue {
	if v == nil || seen[v] || !apis.IsResult(v.Type()) {
		return ResultValue{}
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil {
			return ResultValue{Known: true, AfterConst: true}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				return s.evalAlloc(a, x, seen)
			}
		}
	case *ssa.Phi:
		// Known only when every edge is known and they agree on the
		// classification that matters to the checks: all non-zero.
		var out ResultValue
		for i, e := range x.Edges {
			ev := s.evalResult(e, seen)
			if !ev.NonZero() {
				return ResultValue{}
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
	return ResultValue{}
}

// evalAlloc evaluates the load ld of a local Result variable a. Every
// store into a (whole or by field) must run before the load on every path:
// in the load's block before it, or in a block that dominates the load's
// block, and a must not escape.
func (s *Summary) evalAlloc(a *ssa.Alloc, ld *ssa.UnOp, seen map[ssa.Value]bool) ResultValue {
	type store struct {
		st    *ssa.Store
		field int // -1 for the whole value
	}
	var stores []store
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != a {
				return ResultValue{} // a stored somewhere: escapes
			}
			stores = append(stores, store{x, -1})
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return ResultValue{}
			}
		case *ssa.FieldAddr:
			for _, rr := range *x.Referrers() {
				switch y := rr.(type) {
				case *ssa.Store:
					if y.Addr != x {
						return ResultValue{}
					}
					stores = append(stores, store{y, x.Field})
				case *ssa.UnOp:
					if y.Op != token.MUL {
						return ResultValue{}
					}
				case *ssa.DebugRef:
				default:
					return ResultValue{}
				}
			}
		case *ssa.DebugRef:
		default:
			return ResultValue{}
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
			return ResultValue{}
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
				return ResultValue{} // order across blocks is not fixed
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
	out := ResultValue{Known: true, AfterConst: true} // Alloc is zeroed
	for _, st := range before {
		switch {
		case st.field < 0:
			out = s.evalResult(st.st.Val, seen)
		case ssax.FieldName(a.Type(), st.field) == "Requeue":
			c, ok := st.st.Val.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
				out.Known = false
				continue
			}
			out.Requeue = constant.BoolVal(c.Value)
		case ssax.FieldName(a.Type(), st.field) == "RequeueAfter":
			c, ok := st.st.Val.(*ssa.Const)
			if !ok {
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

// ErrNonNil reports whether the error value v, returned in block b of
// fi's function, is non-nil for sure: a new error (errors.New, fmt.Errorf,
// reconcile.TerminalError), a Phi of such values, or a value whose test
// v != nil (or an apierrors.Is* test of v) took its true edge on the way to
// b.
func (fi *FuncInfo) ErrNonNil(b *ssa.BasicBlock, v ssa.Value) bool {
	return fi.errIs(b, v, false, make(map[ssa.Value]bool))
}

// errIs reports whether the error v, returned in block b, is nil for sure
// (isNil) or non-nil for sure (!isNil). A value met again (a loop Phi)
// adds nothing of its own: it counts as nil for the nil question and as
// unknown for the non-nil one, so both answers err on the side of "may
// be".
func (fi *FuncInfo) errIs(b *ssa.BasicBlock, v ssa.Value, isNil bool, seen map[ssa.Value]bool) bool {
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
		if fi.errIs(b, x.X, isNil, seen) {
			return true
		}
	case *ssa.Phi:
		all := len(x.Edges) > 0
		for i, e := range x.Edges {
			if i >= len(x.Block().Preds) || !fi.errIs(x.Block().Preds[i], e, isNil, seen) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return fi.testedNil(b, v, isNil)
}

// ErrNil reports whether the error value v, returned in block b of fi's
// function, is nil for sure: the constant nil, a Phi of nil values, or a
// value whose test v == nil took its true edge (v != nil its false edge)
// on the way to b. An error that is not ErrNil may be non-nil.
func (fi *FuncInfo) ErrNil(b *ssa.BasicBlock, v ssa.Value) bool {
	return fi.errIs(b, v, true, make(map[ssa.Value]bool))
}

// testedNil reports whether b is dominated by the edge of a test of v
// that says v is nil (isNil) or non-nil (!isNil): v == nil, v != nil, and
// for non-nil apierrors.Is*(v).
func (fi *FuncInfo) testedNil(b *ssa.BasicBlock, v ssa.Value, isNil bool) bool {
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
