package taint

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// In-memory counters.
//
// A package-level variable that the package's code increments (n++, n +=
// k, atomic.AddInt64(&n, 1), n.Add(1) on an atomic.Int64) counts something
// in this process: its value depends on how many times that code ran
// before, not on the world. Read and stored into an object, it differs on
// the next pass (and after a restart), like the clock. Its reads (a load,
// an atomic Load, the result of an atomic Add) carry the Process kind.

// counterSource is the Process taint of the counter g read at pos, or the
// zero Taint when g is not an in-memory counter of the package.
func (a *Analysis) counterSource(g *ssa.Global, pos token.Pos) Taint {
	if g == nil || !a.isCounter(g) {
		return Taint{}
	}
	return Taint{Kinds: apis.Process, Source: "the in-memory counter " + g.Name(), Origin: pos}
}

// isCounter reports whether a function of the package increments the
// package-level variable g.
func (a *Analysis) isCounter(g *ssa.Global) bool {
	if c, ok := a.counters.Get(g); ok {
		return c
	}
	found := false
	for _, fn := range a.m.PackageFuncs() {
		if fn.Pkg != g.Pkg || fn.Name() == "init" && fn.Parent() == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Store:
					found = found || x.Addr == ssa.Value(g) && increments(x.Val, g)
				case *ssa.Call:
					found = found || atomicCounter(&x.Call) == g && atomicOp(&x.Call) == "Add"
				}
			}
		}
		if found {
			break
		}
	}
	a.counters.Put(g, found)
	return found
}

// increments reports whether v is g's own value plus or minus something.
func increments(v ssa.Value, g *ssa.Global) bool {
	return incrementOf(v, func(x ssa.Value) bool { return x == ssa.Value(g) })
}

// incrementOf reports whether v is a load of a variable (an address that
// same accepts) plus or minus something.
func incrementOf(v ssa.Value, same func(ssa.Value) bool) bool {
	bin, ok := v.(*ssa.BinOp)
	if !ok || bin.Op != token.ADD && bin.Op != token.SUB {
		return false
	}
	for _, o := range []ssa.Value{bin.X, bin.Y} {
		if ld, ok := o.(*ssa.UnOp); ok && ld.Op == token.MUL && same(ld.X) {
			return true
		}
	}
	return false
}

// capturedCounter is the Process taint of a read of the variable cell (a
// local of a factory captured by the closure it returns: n := 0; return
// func() string { n++; … }) when that closure increments it: the closure
// outlives the factory's call, so each of its calls reads one more. The
// zero Taint otherwise, as for a closure called within the function that
// owns the variable, whose count starts afresh on every call.
func (a *Analysis) capturedCounter(cell *ssa.Alloc, pos token.Pos) Taint {
	if !cell.Heap || cell.Parent() == nil {
		return Taint{}
	}
	for _, ref := range *cell.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok || !returned(mc) {
			continue
		}
		fn, _ := mc.Fn.(*ssa.Function)
		if fn == nil {
			continue
		}
		for i, b := range mc.Bindings {
			if b != ssa.Value(cell) || i >= len(fn.FreeVars) {
				continue
			}
			fv := fn.FreeVars[i]
			for _, use := range *fv.Referrers() {
				if st, ok := use.(*ssa.Store); ok && st.Addr == ssa.Value(fv) &&
					incrementOf(st.Val, func(x ssa.Value) bool { return x == ssa.Value(fv) }) {
					return Taint{Kinds: apis.Process, Source: "an in-memory counter kept by a closure", Origin: pos}
				}
			}
		}
	}
	return Taint{}
}

// returned reports whether the function that makes the closure v
// returns it (converted to a named function type or not).
func returned(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		switch x := ref.(type) {
		case *ssa.Return:
			return true
		case *ssa.ChangeType:
			if returned(x) {
				return true
			}
		}
	}
	return false
}

// atomicOp is apis.AtomicOp of the function c calls.
func atomicOp(c *ssa.CallCommon) string {
	if fn := ssax.CalleeFunc(c); fn != nil {
		return apis.AtomicOp(apis.FuncOf(fn))
	}
	return ""
}

// atomicCounter returns the package-level variable a sync/atomic call
// operates on (&n as the first argument, or n as the receiver of a method
// of an atomic type), or nil.
func atomicCounter(c *ssa.CallCommon) *ssa.Global {
	if atomicOp(c) == "" || c.IsInvoke() || len(c.Args) == 0 {
		return nil
	}
	g, _ := ssax.Unconvert(c.Args[0]).(*ssa.Global)
	if g == nil {
		return nil
	}
	if _, ok := g.Type().Underlying().(*types.Pointer); !ok {
		return nil
	}
	return g
}

// received is the taint of a value received from the channel ch: the
// union of what the package's code sends on the same channel (the one
// made by the same make, reached through the variables and closures that
// hold it). A channel of unknown origin carries nothing.
func (a *Analysis) received(ch ssa.Value, vis map[ssa.Value]bool) Taint {
	root, path := a.m.RootOf(ch)
	switch root.(type) {
	case *ssa.MakeChan, *ssa.Alloc: // made here, or a variable that holds it
	case *ssa.Call, *ssa.Extract:
		if len(path) == 0 {
			// A channel a helper made and returned (results := fanOut(…)):
			// what its summary says the channel carries.
			return a.taint(root, vis)
		}
		return Taint{}
	default:
		return Taint{}
	}
	if len(path) > 0 {
		// An element of a list of channels, or a field: which goroutines
		// share it (one channel each, read in the list's order, is
		// deterministic) is not known.
		return Taint{}
	}
	// A variable that holds the channel, and the channels stored into it.
	same := map[ssa.Value]bool{root: true}
	if _, ok := root.(*ssa.Alloc); ok {
		for _, v := range a.StoredValues(root) {
			r, _ := a.m.RootOf(v)
			same[r] = true
		}
	}
	var t Taint
	for _, fn := range a.m.PackageFuncs() {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if send, ok := in.(*ssa.Send); ok {
					if r, p := a.m.RootOf(send.Chan); same[r] && len(p) == 0 {
						t = t.Union(a.taint(send.X, vis))
						if concurrentBody(fn) {
							// Sent by goroutines started in a loop: which
							// arrives first, and in which order, is theirs.
							t = t.Union(goroutineOrder(send))
						}
					}
				}
			}
		}
	}
	return t
}
