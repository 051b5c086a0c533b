package taint

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Goroutine completion order.
//
// Goroutines started in a loop finish in an order that differs from run to
// run. What they append to a variable they share, and what their sends
// deliver to a channel, arrive in that order: a list built from them is
// ordered like a map's iteration (the MapOrder kind, with this source),
// and a single receive yields whichever goroutine finished first.

// GoroutineOrderSource is the Taint.Source of the order in which
// goroutines finish.
const GoroutineOrderSource = "goroutine completion order"

// goroutineOrder is the order taint of a value produced at pos by
// concurrently finishing goroutines.
func goroutineOrder(instr ssa.Instruction) Taint {
	return Taint{Kinds: apis.MapOrder, Source: GoroutineOrderSource, Origin: instr.Pos()}
}

// concurrentBody reports whether fn is a closure that its parent starts
// with a go statement inside a loop: several of its runs overlap, and
// finish in any order.
func concurrentBody(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil {
		return false
	}
	for _, b := range parent.Blocks {
		for _, in := range b.Instrs {
			g, ok := in.(*ssa.Go)
			if !ok {
				continue
			}
			if mc, ok := g.Call.Value.(*ssa.MakeClosure); ok && mc.Fn == fn && inLoop(b) {
				return true
			}
		}
	}
	return false
}

// inLoop reports whether block b can run again after itself.
func inLoop(b *ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == b {
			return true
		}
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return false
}

// errorText is the taint of an error made from a value of a type of the
// package (return &checkError{Field: f, At: time.Now()}): what its Error
// method reads of it. An error travels as its text (err.Error(),
// fmt.Errorf("…: %w", err)); a field its Error method leaves out, kept for
// a log line, does not reach what the text is stored into. ok is false for
// other conversions.
func (a *Analysis) errorText(mi *ssa.MakeInterface, vis map[ssa.Value]bool) (Taint, bool) {
	if !types.Identical(mi.Type(), types.Universe.Lookup("error").Type()) {
		return Taint{}, false
	}
	prog := mi.Parent().Prog
	sel := prog.MethodSets.MethodSet(mi.X.Type()).Lookup(nil, "Error")
	if sel == nil {
		return Taint{}, false
	}
	m := a.m.LocalFunc(prog.MethodValue(sel))
	if m == nil || m.Synthetic != "" || len(m.Blocks) == 0 {
		return Taint{}, false
	}
	return a.bindParamsAt(a.ReturnTaint(m), []ssa.Value{mi.X}, mi, vis), true
}

// setOnce reports whether the store st into root is made only when the
// path it stores is still empty (if spec.Token == "" { spec.Token =
// newToken() }, or len(…) == 0, or == nil): a value generated once and
// kept, not a new one on every pass. The test (ssax.ZeroTestOperand, the
// recognition the guard classifier uses) must read that same root and
// path, and its "empty" edge must lead to the store.
func (a *Analysis) setOnce(root ssa.Value, st localStore) bool {
	if st.instr == nil || len(st.path) == 0 {
		return false
	}
	block := st.instr.Block()
	for _, b := range st.instr.Parent().Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
			continue
		}
		empty := b.Succs[0] // x == zero: the true edge
		if bin.Op == token.NEQ {
			empty = b.Succs[1]
		}
		if len(empty.Preds) != 1 || !empty.Dominates(block) {
			continue
		}
		ld, ok := ssax.ZeroTestOperand(bin).(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			continue
		}
		if r, p := a.m.RootOf(ld.X); r == root && slices.Equal(p, st.path) {
			return true
		}
	}
	return false
}

// rangesParam reports whether the function h of the package hands its
// parameter j, a callback, to a ranging of an unordered collection
// ((*sync.Map).Range, or a map iterator), so that a closure passed there
// by a caller runs in map order.
func (a *Analysis) rangesParam(h *ssa.Function, j int) bool {
	return j < len(h.Params) && slices.Contains(a.rangedCallbacks(h), ssa.Value(h.Params[j]))
}

// rangedCallbacks returns the function arguments (conversions removed)
// that fn's calls run over an unordered collection (unorderedRange).
func (a *Analysis) rangedCallbacks(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if c, ok := in.(*ssa.Call); ok && a.unorderedRange(c) {
				for _, arg := range c.Call.Args {
					out = append(out, ssax.Unconvert(arg))
				}
			}
		}
	}
	return out
}

// callbackFunc is the function a callback argument is: a closure, or a
// function passed by name; nil otherwise.
func callbackFunc(v ssa.Value) *ssa.Function {
	switch x := ssax.Unconvert(v).(type) {
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		return f
	case *ssa.Function:
		return x
	}
	return nil
}

// writerParams returns, for the function h of the package, the
// parameters it writes into as a writer (fmt.Fprintf(w, …),
// w.WriteString(s), with w its parameter) and, for each, the parameters
// whose data it writes there: a caller's arguments are then written into
// its writer argument, as by a direct call.
func (a *Analysis) writerParams(h *ssa.Function) map[int][]int {
	var out map[int][]int
	for _, b := range h.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok || c.Call.IsInvoke() {
				continue
			}
			callee := ssax.CalleeFunc(&c.Call)
			if callee == nil {
				continue
			}
			d, ok := apis.WriterDest(apis.FuncOf(callee))
			if !ok || d >= len(c.Call.Args) {
				continue
			}
			dst, _ := a.m.RootOf(c.Call.Args[d])
			di := slices.Index(h.Params, asParam(dst))
			if di < 0 {
				continue
			}
			for k, arg := range c.Call.Args {
				if k == d {
					continue
				}
				r, _ := a.m.RootOf(ssax.Unconvert(arg))
				if j := slices.Index(h.Params, asParam(r)); j >= 0 {
					if out == nil {
						out = map[int][]int{}
					}
					out[di] = append(out[di], j)
				}
			}
		}
	}
	return out
}

// asParam is v as a parameter, or nil.
func asParam(v ssa.Value) *ssa.Parameter {
	p, _ := v.(*ssa.Parameter)
	return p
}

// unorderedRange reports whether the call runs its function argument over
// an unordered collection: a map iterator (maps.Keys, …) called with its
// yield, or a ranging method such as (*sync.Map).Range.
func (a *Analysis) unorderedRange(c *ssa.Call) bool {
	if a.isMapIter(c.Call.Value) {
		return true
	}
	callee := ssax.CalleeFunc(&c.Call)
	return callee != nil && apis.IsUnorderedRange(apis.FuncOf(callee))
}
