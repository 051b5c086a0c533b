package ssax

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
)

// ResolveResultCells replaces the loads of fn's result cells by the values
// the cells hold there, and returns how many loads it replaced. It changes
// fn: call it only on a program the caller built and owns, before anything
// else reads it.
//
// go/ssa gives a function that defers calls a local variable (a cell) per
// result, unnamed results included, and does not lift them, because the
// deferred calls may read or assign them: return a, b stores a and b into
// the cells, runs the deferred calls, then returns loads of the cells, and
// every read of a named result in the body is a load too. To every reader
// a defer cancel() or a deferred log line made the returned values opaque.
//
// A load holds the value stored last before it on every path (the zero
// value of a cell never stored), unless a deferred call may assign the cell
// in between. A deferred call may not when no closure stores into the cell
// and its address goes nowhere else. A closure made only to be deferred
// that stores into the cell only on a failure of its own (a test of what
// the closure itself computed, such as recover() or the error of a
// deferred patch, and not of the cell) leaves the return's value in place
// on every path where the deferred work succeeds, which is the value a
// reader of the return statement asks about: its own failure is a path of
// its own. A closure made only to be deferred that, when the cell holds a
// non-nil error, replaces it with an error wrapping it (if err != nil { err
// = fmt.Errorf("…: %w", err) }) keeps what the return statement returned in
// the error's chain, and its nil-ness: the return's value stands for it.
// wraps says which error values a call returns in its chain; with a nil
// wraps no closure wraps, and a later call with one resolves the cells the
// first left (the call is idempotent otherwise). Any other store (err = client.IgnoreNotFound(err), an unguarded
// replacement, an address passed on) leaves the cell's loads as they are.
//
// It replaces all the loads of all of fn's result cells, or none: a return
// whose Result is resolved while its error stays an opaque load would read
// as a Result with an unknown error, and a test of a named result that
// stays a load would not be seen to test the value that reaches a return.
// The block a panic recovered by a deferred call resumes at (fn.Recover),
// which returns the cells as the panic left them, is removed: no edge leads
// to it, its return is no return of the function's own code, and a reader
// that looks at every return (or block) would otherwise count it as one. A
// cell whose loads are all replaced and that no closure reads is removed
// with its stores, which would otherwise stay uses of the values returned
// (an error stored into a cell reads as an error passed on, where it is
// only returned).
func ResolveResultCells(fn *ssa.Function, wraps func(c *ssa.CallCommon) []ssa.Value) int {
	defer dropRecoverBlock(fn)
	type load struct {
		ld *ssa.UnOp
		v  ssa.Value
	}
	var loads []load
	cells := make(map[*ssa.Alloc]bool)
	for _, b := range fn.Blocks {
		if b == fn.Recover || len(b.Instrs) == 0 {
			continue
		}
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); !ok {
			continue
		}
		for _, instr := range b.Instrs {
			ld, ok := instr.(*ssa.UnOp)
			if !ok || ld.Op != token.MUL {
				continue
			}
			if a, ok := ld.X.(*ssa.Alloc); ok && a.Parent() == fn && isReturned(ld) {
				cells[a] = true
			}
		}
	}
	for a := range cells {
		if resultCellUse(a, wraps) == cellOpaque {
			return 0
		}
		for _, r := range *a.Referrers() {
			ld, ok := r.(*ssa.UnOp)
			if !ok || ld.Block() == fn.Recover {
				continue
			}
			v := storedBefore(a, ld)
			if v == nil {
				return 0
			}
			loads = append(loads, load{ld, v})
		}
	}
	for _, l := range loads {
		replaceValue(l.ld, l.v)
	}
	dropRecoverBlock(fn)
	for a := range cells {
		removeCell(fn, a)
	}
	return len(loads)
}

// removeCell removes the cell a, its stores and its loads (which have no
// uses left) from fn, when nothing else refers to it.
func removeCell(fn *ssa.Function, a *ssa.Alloc) {
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
		case *ssa.UnOp:
			if refs := x.Referrers(); refs != nil && len(*refs) > 0 {
				return
			}
		default:
			return // a closure reads it, or a debug reference
		}
	}
	dead := map[ssa.Instruction]bool{a: true}
	for _, r := range *a.Referrers() {
		dead[r] = true
	}
	for _, b := range fn.Blocks {
		kept := b.Instrs[:0]
		for _, instr := range b.Instrs {
			if dead[instr] {
				dropUses(instr)
				continue
			}
			kept = append(kept, instr)
		}
		b.Instrs = kept
	}
	locals := fn.Locals[:0]
	for _, l := range fn.Locals {
		if l != a {
			locals = append(locals, l)
		}
	}
	fn.Locals = locals
	*a.Referrers() = nil
}

// dropUses removes instr from the referrer lists of its operands.
func dropUses(instr ssa.Instruction) {
	var ops [8]*ssa.Value
	for _, op := range instr.Operands(ops[:0]) {
		if *op == nil {
			continue
		}
		if refs := (*op).Referrers(); refs != nil {
			k := (*refs)[:0]
			for _, r := range *refs {
				if r != instr {
					k = append(k, r)
				}
			}
			*refs = k
		}
	}
}

// isReturned reports whether the load ld is an operand of a return.
func isReturned(ld *ssa.UnOp) bool {
	for _, r := range *ld.Referrers() {
		if _, ok := r.(*ssa.Return); ok {
			return true
		}
	}
	return false
}

// cellUse says how a result cell is used outside its function's own
// stores and loads.
type cellUse int

const (
	// cellLocal: only stored into and loaded by fn, or loaded by closures.
	cellLocal cellUse = iota
	// cellFailureStores: besides, closures store into it, each only on a
	// failure of its own.
	cellFailureStores
	// cellOpaque: any other use.
	cellOpaque
)

// resultCellUse classifies the uses of the cell a.
func resultCellUse(a *ssa.Alloc, wraps func(c *ssa.CallCommon) []ssa.Value) cellUse {
	use := cellLocal
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != a {
				return cellOpaque
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return cellOpaque
			}
		case *ssa.DebugRef:
		case *ssa.MakeClosure:
			switch closureCellUse(x, a, wraps, 0) {
			case cellOpaque:
				return cellOpaque
			case cellFailureStores:
				if !onlyDeferred(x) {
					return cellOpaque
				}
				use = cellFailureStores
			}
		default:
			return cellOpaque
		}
	}
	return use
}

// onlyDeferred reports whether the closure mc is only deferred: its stores
// run when the function returns, never in its body.
func onlyDeferred(mc *ssa.MakeClosure) bool {
	refs := *mc.Referrers()
	for _, r := range refs {
		d, ok := r.(*ssa.Defer)
		if !ok || d.Call.Value != mc {
			return false
		}
	}
	return len(refs) > 0
}

// closureCellUse classifies what the closure mc does through the free
// variables it binds to cell: only loads (cellLocal), stores each made
// only on a failure of the closure's own or wrapping the non-nil error the
// cell holds (cellFailureStores), anything else (cellOpaque). Closures
// nested in it are followed.
func closureCellUse(mc *ssa.MakeClosure, cell ssa.Value, wraps func(c *ssa.CallCommon) []ssa.Value, depth int) cellUse {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok || depth > 4 {
		return cellOpaque
	}
	use := cellLocal
	var g *flow.Graph
	for i, bv := range mc.Bindings {
		if bv != cell {
			continue
		}
		if i >= len(fn.FreeVars) {
			return cellOpaque
		}
		fv := fn.FreeVars[i]
		for _, r := range *fv.Referrers() {
			switch x := r.(type) {
			case *ssa.UnOp:
				if x.Op != token.MUL {
					return cellOpaque
				}
			case *ssa.DebugRef:
			case *ssa.FieldAddr:
				if !onlyLoaded(x) {
					return cellOpaque
				}
			case *ssa.Store:
				if x.Addr != fv {
					return cellOpaque
				}
				if g == nil {
					g = flow.New(fn)
				}
				if !onOwnFailure(g, x.Block(), fv) && !wrapsNonNil(g, x, fv, wraps) {
					return cellOpaque
				}
				use = cellFailureStores
			case *ssa.MakeClosure:
				switch closureCellUse(x, fv, wraps, depth+1) {
				case cellOpaque:
					return cellOpaque
				case cellFailureStores:
					use = cellFailureStores
				}
			default:
				return cellOpaque
			}
		}
	}
	return use
}

// onOwnFailure reports whether block b of a closure runs only when a test
// of something the closure computed by a call (recover(), the error of a
// call it makes) says it failed: b depends on a test that reaches a call's
// result and does not read the cell fv.
func onOwnFailure(g *flow.Graph, b *ssa.BasicBlock, fv *ssa.FreeVar) bool {
	for _, d := range g.ControlDeps(b) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		call, cell := false, false
		var walk func(v ssa.Value, depth int)
		walk = func(v ssa.Value, depth int) {
			if v == nil || depth > 8 || call && cell {
				return
			}
			switch x := v.(type) {
			case *ssa.Call:
				call = true
				return
			case *ssa.Extract:
				walk(x.Tuple, depth+1)
				return
			case *ssa.UnOp:
				if x.Op == token.MUL && x.X == fv {
					cell = true
					return
				}
			}
			instr, ok := v.(ssa.Instruction)
			if !ok {
				return
			}
			var ops [8]*ssa.Value
			for _, op := range instr.Operands(ops[:0]) {
				if *op != nil {
					walk(*op, depth+1)
				}
			}
		}
		walk(ifi.Cond, 0)
		if call && !cell {
			return true
		}
	}
	return false
}

// wrapsNonNil reports whether the store st into the cell fv replaces a
// non-nil error the cell holds with one that keeps it in its chain: st runs
// only on the non-nil edge of a test of the cell, and stores a call that
// wraps a load of the cell (through interface conversions).
func wrapsNonNil(g *flow.Graph, st *ssa.Store, fv *ssa.FreeVar, wraps func(c *ssa.CallCommon) []ssa.Value) bool {
	if wraps == nil {
		return false
	}
	isCell := func(v ssa.Value) bool {
		ld, ok := StripConv(v).(*ssa.UnOp)
		return ok && ld.Op == token.MUL && ld.X == fv
	}
	c, ok := StripConv(st.Val).(*ssa.Call)
	if !ok {
		return false
	}
	wrapped := false
	for _, w := range wraps(&c.Call) {
		if isCell(w) {
			wrapped = true
		}
	}
	if !wrapped {
		return false
	}
	for _, d := range g.ControlDeps(st.Block()) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		cond, neg := StripNot(ifi.Cond)
		bin, ok := cond.(*ssa.BinOp)
		if !ok || (bin.Op != token.NEQ && bin.Op != token.EQL) {
			continue
		}
		if !(isCell(bin.X) && IsNil(bin.Y) || isCell(bin.Y) && IsNil(bin.X)) {
			continue
		}
		nonNil := 0 // the successor taken when the cell is not nil
		if bin.Op == token.EQL != neg {
			nonNil = 1
		}
		if d.Succ == nonNil {
			return true
		}
	}
	return false
}

// storedBefore returns the value the cell a holds at its load ld: the
// value of the last store into a before ld in ld's block (past the
// deferred calls, which do not assign it), or, when the block has none,
// the value every path to the block stores last (the zero value of a cell
// never stored, when its type has a zero constant). It returns nil when
// that value is not one value.
func storedBefore(a *ssa.Alloc, ld *ssa.UnOp) ssa.Value {
	b := ld.Block()
	if v := lastStoreBefore(a, b, InstrIndex(b, ld)); v != nil {
		return v
	}
	return reachingStore(a, b, make(map[*ssa.BasicBlock]bool))
}

// reachingStore returns the value of the last store into a on every path
// into b, or nil when the paths disagree or a loop is met.
func reachingStore(a *ssa.Alloc, b *ssa.BasicBlock, seen map[*ssa.BasicBlock]bool) ssa.Value {
	if len(b.Preds) == 0 || seen[b] {
		return nil
	}
	seen[b] = true
	defer delete(seen, b)
	var out ssa.Value
	for _, p := range b.Preds {
		v := lastStoreBefore(a, p, len(p.Instrs))
		if v == nil {
			v = reachingStore(a, p, seen)
		}
		if v == nil || out != nil && !sameValue(out, v) {
			return nil
		}
		out = v
	}
	return out
}

// lastStoreBefore returns the value of the last store into a among the
// first n instructions of block b (the zero value when b allocates a after
// any of them), or nil when they store none.
func lastStoreBefore(a *ssa.Alloc, b *ssa.BasicBlock, n int) ssa.Value {
	for i := n - 1; i >= 0; i-- {
		switch x := b.Instrs[i].(type) {
		case *ssa.Store:
			if x.Addr == a {
				return x.Val
			}
		case *ssa.Alloc:
			if x == a {
				return zeroOf(a)
			}
		}
	}
	return nil
}

// sameValue reports whether a and b are the same value: the same SSA value,
// or equal constants of one type.
func sameValue(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	if !ok1 || !ok2 || !types.Identical(ca.Type(), cb.Type()) {
		return false
	}
	if ca.Value == nil || cb.Value == nil {
		return ca.Value == nil && cb.Value == nil
	}
	return ca.Value.ExactString() == cb.Value.ExactString()
}

// zeroOf returns the zero value of what the cell a holds as a constant, for
// the types whose zero value go/ssa writes as a nil constant (pointers,
// interfaces, structs, and the other composite types); nil for basic types.
func zeroOf(a *ssa.Alloc) ssa.Value {
	t := Deref(a.Type())
	if _, basic := t.Underlying().(*types.Basic); basic {
		return nil
	}
	if _, tp := t.(*types.TypeParam); tp {
		return nil
	}
	return ssa.NewConst(nil, t)
}

// replaceValue makes v the operand of every instruction that uses old,
// keeping the referrer lists right.
func replaceValue(old, v ssa.Value) {
	refs := old.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		var ops [8]*ssa.Value
		for _, op := range r.Operands(ops[:0]) {
			if *op == old {
				*op = v
			}
		}
		if vr := v.Referrers(); vr != nil {
			*vr = append(*vr, r)
		}
	}
	*refs = nil
}

// dropRecoverBlock removes fn's recover block (fn.Recover) from its blocks.
func dropRecoverBlock(fn *ssa.Function) {
	rb := fn.Recover
	if rb == nil || len(rb.Preds) > 0 {
		return
	}
	kept := fn.Blocks[:0]
	for _, b := range fn.Blocks {
		if b != rb {
			kept = append(kept, b)
		}
	}
	fn.Blocks = kept
	for i, b := range fn.Blocks {
		b.Index = i
	}
	// The values the block computes (loads of the result cells) leave the
	// referrer lists of what they use.
	for _, instr := range rb.Instrs {
		dropUses(instr)
	}
	fn.Recover = nil
}

// DeferredBy returns the function that makes the closure fn when all it
// does with it is defer it: fn then runs when that function returns, after
// every instruction of its body. Nil otherwise.
func DeferredBy(fn *ssa.Function) *ssa.Function {
	p := fn.Parent()
	if p == nil {
		return nil
	}
	found := false
	for _, b := range p.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) {
				if !onlyDeferred(mc) {
					return nil
				}
				found = true
			}
		}
	}
	if !found {
		return nil
	}
	return p
}
