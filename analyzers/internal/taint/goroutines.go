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

// SelectOrderSource is the Taint.Source of the order in which a select
// statement takes values from several channels that are ready at once.
const SelectOrderSource = "select among ready channels"

// selected is the taint of component i of the tuple of select statement
// sel: a received value carries what the sends on its channel carry, and,
// when two or more cases receive values of one type, the order of the
// select's choices: among the ready cases it picks one at random, so
// values gathered in a loop over it arrive in an order that differs from
// run to run. A case that only waits (`case <-ctx.Done():`) takes no
// value and does not count.
func (a *Analysis) selected(sel *ssa.Select, i int, vis map[ssa.Value]bool) Taint {
	if i < 2 {
		return Taint{} // the chosen case and recvOk
	}
	var recv []*ssa.SelectState
	for _, st := range sel.States {
		if st.Dir == types.RecvOnly {
			recv = append(recv, st)
		}
	}
	if i-2 >= len(recv) {
		return Taint{}
	}
	t := a.received(recv[i-2].Chan, vis)
	// The lists each case's value is appended to.
	into := map[int]map[ssa.Value]bool{}
	for _, ref := range *sel.Referrers() {
		if ex, ok := ref.(*ssa.Extract); ok && ex.Index >= 2 {
			into[ex.Index-2] = a.appendedTo(ex)
		}
	}
	for j := range recv {
		if j == i-2 {
			continue
		}
		for list := range into[i-2] {
			if into[j][list] {
				// Two cases feed one list: it takes their values in the
				// order the select picks them.
				return t.Union(Taint{Kinds: apis.MapOrder, Source: SelectOrderSource, Origin: sel.Pos()})
			}
		}
	}
	return t
}

// appendedTo returns the roots of the lists that v, or a value computed
// from it ("!"+v, a conversion), is appended to as an element
// (append(list, v), through the variadic slice the call builds).
func (a *Analysis) appendedTo(v ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{}
	vals := []ssa.Value{v}
	for i := 0; i < len(vals) && i < 16; i++ {
		for _, ref := range *vals[i].Referrers() {
			switch x := ref.(type) {
			case *ssa.BinOp, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface:
				vals = append(vals, x.(ssa.Value))
			}
		}
	}
	for _, v := range vals {
		a.appendedAsElem(v, out)
	}
	return out
}

// appendedAsElem adds to out the roots of the lists v is appended to.
func (a *Analysis) appendedAsElem(v ssa.Value, out map[ssa.Value]bool) {
	for _, ref := range *v.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Val != v {
			continue
		}
		ia, ok := st.Addr.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, r := range *ia.X.Referrers() {
			sl, ok := r.(*ssa.Slice)
			if !ok {
				continue
			}
			for _, r2 := range *sl.Referrers() {
				c, ok := r2.(*ssa.Call)
				if !ok {
					continue
				}
				if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(c.Call.Args) == 2 && c.Call.Args[1] == sl {
					root, _ := a.m.RootOf(c.Call.Args[0])
					out[root] = true
					// The list as the loop carries it: the Phi of its
					// values, which the other case's append also reads.
					if phi, ok := c.Call.Args[0].(*ssa.Phi); ok {
						out[phi] = true
					}
				}
			}
		}
	}
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
	return ssax.ZeroTested(st.instr, func(op ssa.Value) bool {
		ld, ok := op.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return false
		}
		r, p := a.m.RootOf(ld.X)
		return r == root && slices.Equal(p, st.path)
	})
}

// rangesParam reports whether the function h of the package hands its
// parameter j, a callback, to a ranging of an unordered collection
// ((*sync.Map).Range, or a map iterator), so that a closure passed there
// by a caller runs in map order.
func (a *Analysis) rangesParam(h *ssa.Function, j int) bool {
	return j < len(h.Params) && slices.Contains(a.rangedCallbacks(h), ssa.Value(h.Params[j]))
}

// RangedParams returns the parameters (receiver first) whose callback fn
// runs over an unordered collection, itself or through helpers: the
// fact a caller in another package reads (RangedParamsOf).
func (a *Analysis) RangedParams(fn *ssa.Function) []int {
	var out []int
	for j := range fn.Params {
		if a.rangesParam(fn, j) {
			out = append(out, j)
		}
	}
	return out
}

// rangedCallbacks returns the function arguments (conversions removed)
// that fn's calls run over an unordered collection (unorderedRange), or
// hand to a helper that does: of the package, or of another package, as
// its facts say. It is computed once per function; a helper reached
// again while it is being computed (recursion) adds nothing.
func (a *Analysis) rangedCallbacks(fn *ssa.Function) []ssa.Value {
	if out, ok := a.ranged.Get(fn); ok {
		return out
	}
	a.ranged.Put(fn, nil)
	var out []ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok {
				continue
			}
			if a.unorderedRange(c) {
				for _, arg := range c.Call.Args {
					out = append(out, ssax.Unconvert(arg))
				}
				continue
			}
			for _, j := range a.rangedArgs(&c.Call) {
				out = append(out, ssax.Unconvert(c.Call.Args[j]))
			}
		}
	}
	a.ranged.Put(fn, out)
	return out
}

// rangedArgs returns the indices of the arguments of the static call c
// that its callee runs over an unordered collection: a helper of the
// package, or a function of another package through its facts.
func (a *Analysis) rangedArgs(c *ssa.CallCommon) []int {
	if c.IsInvoke() {
		return nil
	}
	var out []int
	if h := a.m.LocalFunc(a.m.Callee(c)); h != nil {
		for j := range c.Args {
			if a.rangesParam(h, j) {
				out = append(out, j)
			}
		}
		return out
	}
	if obj := a.m.CalleeObject(c); obj != nil {
		for _, j := range a.m.RangedParamsOf(obj) {
			if j < len(c.Args) {
				out = append(out, j)
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

// WriterParams returns, for the function h, the parameters it writes
// into as a writer (fmt.Fprintf(w, …), w.WriteString(s), with w its
// parameter, or a helper that does) and, for each, the parameters whose
// data it writes there: a caller's arguments are then written into its
// writer argument, as by a direct call. It is the fact a caller in
// another package reads (WriterParamsOf).
func (a *Analysis) WriterParams(h *ssa.Function) map[int][]int {
	if out, ok := a.writers.Get(h); ok {
		return out
	}
	a.writers.Put(h, nil)
	var out map[int][]int
	for _, b := range h.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok || c.Call.IsInvoke() {
				continue
			}
			for d, ws := range a.writtenArgs(&c.Call) {
				dst, _ := a.m.RootOf(c.Call.Args[d])
				di := slices.Index(h.Params, asParam(dst))
				if di < 0 {
					continue
				}
				for _, k := range ws {
					r, _ := a.m.RootOf(ssax.Unconvert(c.Call.Args[k]))
					if j := slices.Index(h.Params, asParam(r)); j >= 0 {
						if out == nil {
							out = map[int][]int{}
						}
						out[di] = append(out[di], j)
					}
				}
			}
		}
	}
	a.writers.Put(h, out)
	return out
}

// writtenArgs returns, for the static call c, the indices of the
// arguments it writes into as writers and, for each, the indices of the
// arguments whose data it writes there: a writer API (apis.WriterDest),
// a helper of the package, or a function of another package through its
// facts.
func (a *Analysis) writtenArgs(c *ssa.CallCommon) map[int][]int {
	if c.IsInvoke() {
		return nil
	}
	callee := ssax.CalleeFunc(c)
	if callee != nil {
		if d, ok := apis.WriterDest(apis.FuncOf(callee)); ok {
			if d >= len(c.Args) {
				return nil
			}
			var ws []int
			for k := range c.Args {
				if k != d {
					ws = append(ws, k)
				}
			}
			return map[int][]int{d: ws}
		}
	}
	var m map[int][]int
	if h := a.m.LocalFunc(a.m.Callee(c)); h != nil {
		m = a.WriterParams(h)
	} else if obj := a.m.CalleeObject(c); obj != nil {
		m = a.m.WriterParamsOf(obj)
	}
	var out map[int][]int
	for d, ws := range m {
		if d >= len(c.Args) {
			continue
		}
		for _, k := range ws {
			if k < len(c.Args) {
				if out == nil {
					out = map[int][]int{}
				}
				out[d] = append(out[d], k)
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

// withOrder is t with the order of source src made at pos (an append or a
// concatenation in the loop that gathers the elements): that place names
// the order, unless t's other kinds name its source.
func withOrder(t Taint, src string, pos token.Pos) Taint {
	o := Taint{Kinds: apis.MapOrder, Source: src, Origin: pos}
	if t.Kinds&apis.NonDet != 0 {
		return t.Union(o)
	}
	return o.Union(t)
}
