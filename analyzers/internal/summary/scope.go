package summary

import (
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/calls"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"golang.org/x/tools/go/ssa"
)

// callEdge is a call (or closure creation, or function-value use) of a
// package function within the package.
type callEdge struct {
	caller *ssa.Function
	Callee *ssa.Function
	site   ssa.Instruction // *ssa.Call, *ssa.Defer, *ssa.Go or *ssa.MakeClosure
}

// Reach says how a function in the reconcile scope is reached from a root.
type Reach struct {
	// Root is a root that reaches the function.
	Root *roots.Root
	// Status is the best (least guarded) status of the call chains from a
	// root to the function.
	Status Status
	// Via is the call site that gives Status; nil for a root.
	Via ssa.Instruction
	// Caller is the function containing Via.
	Caller *ssa.Function
	// InPass says that some chain from a root reaches the function without
	// passing a closure that a factory only returns: the function can run
	// while the root runs. A closure handed out by a factory (to a
	// scheduler, a registry) runs when its holder calls it.
	InPass bool
}

// CallEdge is a call of a package function within the package: Caller
// calls Callee at Site (a call, go or defer), creates a closure of it
// there, or uses it there as a value (stores it, converts it to an
// interface, passes it as an argument).
type CallEdge struct {
	Caller, Callee *ssa.Function
	Site           ssa.Instruction
}

// CallersOf returns the calls of fn within the package (fn as returned by
// LocalFunc).
func (s *Summary) CallersOf(fn *ssa.Function) []CallEdge {
	var out []CallEdge
	for _, e := range s.calls[fn] {
		out = append(out, CallEdge{Caller: e.caller, Callee: e.Callee, Site: e.site})
	}
	return out
}

// CallsByCaller returns the calls of package functions within the
// package grouped by caller, each group in the order of the sites'
// positions.
func (s *Summary) CallsByCaller() map[*ssa.Function][]CallEdge {
	out := make(map[*ssa.Function][]CallEdge)
	for _, edges := range s.calls {
		for _, e := range edges {
			out[e.caller] = append(out[e.caller], CallEdge{Caller: e.caller, Callee: e.Callee, Site: e.site})
		}
	}
	for _, es := range out {
		sort.SliceStable(es, func(i, j int) bool { return es[i].Site.Pos() < es[j].Site.Pos() })
	}
	return out
}

// LocalFunc normalises fn to the function of this package that holds the
// body, or returns nil when fn is not in the package.
func (s *Summary) LocalFunc(fn *ssa.Function) *ssa.Function {
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil && (len(fn.Blocks) == 0 || fn.Pkg != s.Pkg) {
		fn = o // an instance the model did not take in: its generic body
	}
	if strings.HasSuffix(fn.Name(), "$bound") || strings.HasSuffix(fn.Name(), "$thunk") {
		// A method value's or a method expression's wrapper: the method
		// (a thunk takes the receiver as its first parameter, as the
		// method does).
		if t := ssax.BoundTarget(fn); t != nil {
			fn = t
		}
	}
	if fn.Pkg != s.Pkg || len(fn.Blocks) == 0 {
		return nil
	}
	return fn
}

// LocalCallee returns the function of this package that c calls: a
// static callee, a closure, or the function a once-assigned package
// variable holds (generic instances resolve to their origin); nil for
// dynamic calls and functions of other packages.
func (s *Summary) LocalCallee(c *ssa.CallCommon) *ssa.Function {
	if c.IsInvoke() {
		return nil
	}
	return s.LocalFunc(s.Callee(c))
}

// Callee returns the function a call reaches when it is known: the static
// callee (a function, a closure, a bound method), the function a package
// variable or an unexported field holds (calls.Graph.Holder: var f =
// func(…), a constructor's now: time.Now), or the one function a function
// value can hold as far as the package shows (the call graph of package
// calls: a captured local, a factory's result). It returns nil for
// invokes, and for dynamic calls with no callee or several.
func (s *Summary) Callee(c *ssa.CallCommon) *ssa.Function {
	if fn := c.StaticCallee(); fn != nil {
		return fn
	}
	if c.IsInvoke() {
		return nil
	}
	// A read of a variable or field that holds one function, or a
	// factory's closure.
	if f := s.graph.Held(c.Value); f != nil {
		return f
	}
	// A function value that can hold one function only, as far as the
	// package shows (a captured local, a factory's result).
	if fs := s.graph.Callees(c); len(fs) == 1 {
		return fs[0]
	}
	return nil
}

// Callees returns every function a dynamic call may call as far as the
// package shows (calls.Graph.Callees): the functions a function value may
// hold, and for a call of an interface method the methods of the types
// that reach its receiver; for a call with one known callee, that one
// (Callee).
func (s *Summary) Callees(c *ssa.CallCommon) []*ssa.Function {
	if fn := s.Callee(c); fn != nil {
		return []*ssa.Function{fn}
	}
	if fs := s.graph.Callees(c); len(fs) > 0 || !c.IsInvoke() {
		return fs
	}
	// An interface call the graph has no edge for: a call that a
	// forwarder makes on the caller's argument (which the graph never
	// sees), dispatched by the field the receiver is read from; else the
	// only implementation the package has of an interface it declares.
	if fs := s.graph.Dispatch(s.Pkg.Prog, c.Value, c.Method); len(fs) > 0 {
		return fs
	}
	if f := s.graph.SoleImpl(s.Pkg.Prog, s.Pass.Pkg, c); f != nil {
		return []*ssa.Function{f}
	}
	return nil
}

// LocalCallees returns the functions of the package that the call c may
// call (LocalFunc of each of Callees): one for a call with a known callee,
// several for a function value that may hold one of them (a step of a
// list, a handler of a map). Callees of other packages are left out.
func (s *Summary) LocalCallees(c *ssa.CallCommon) []*ssa.Function {
	var out []*ssa.Function
	for _, f := range s.Callees(c) {
		if l := s.LocalFunc(f); l != nil && !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	return out
}

// CallArg returns the value the call c gives to parameter i of fn, one of
// its LocalCallees: its argument, or the binding of a closure it makes.
// A method value (x.M) keeps its receiver: the call's arguments start at
// the method's first parameter after it, and the receiver is unknown
// unless the call makes the method value itself.
func (s *Summary) CallArg(c *ssa.CallCommon, fn *ssa.Function, i int) ssa.Value {
	if fn.Signature.Recv() != nil && len(c.Args) == len(fn.Params)-1 {
		if i == 0 {
			if mc, ok := c.Value.(*ssa.MakeClosure); ok && len(mc.Bindings) == 1 {
				return mc.Bindings[0]
			}
			return nil
		}
		return c.Args[i-1]
	}
	return ssax.ClosureArg(c, fn, i)
}

// ParamArgs returns the arguments passed for parameter p at every call
// site of its function in the package (CallSites), or nil when they are
// not all known or there is none.
func (s *Summary) ParamArgs(p *ssa.Parameter) []ssa.Value {
	fn := p.Parent()
	if fn == nil {
		return nil
	}
	idx := slices.Index(fn.Params, p)
	if idx < 0 {
		return nil
	}
	var out []ssa.Value
	for _, c := range s.CallSites(fn) {
		a := s.CallArg(c.Common(), fn, idx)
		if a == nil {
			return nil
		}
		out = append(out, a)
	}
	return out
}

// CallSites returns every call in the package that may call fn, or nil
// when they are not all known or there is none. A call site is any call
// the call graph says may call the function: a direct call, or a call
// through a function value (a closure handed to a helper, the helper's
// parameter called; a function kept in a field of a struct of the
// package). A function also used as a value is still answered when every
// place the value goes is one the call graph follows (valueStays): it is
// called, converted, kept in a field or variable of the package, or
// handed to a function of the package whose parameter in turn only goes
// to such places. A value made into an interface, put into a slice or a
// map, returned, or handed to another package may be called with
// arguments the package does not show: nil.
func (s *Summary) CallSites(fn *ssa.Function) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, e := range s.calls[fn] {
		switch site := e.site.(type) {
		case *ssa.Store:
			if s.graph.Holder(site.Addr) == fn {
				continue // the definition of a function variable, not a use
			}
			if !s.storeStays(site) {
				return nil
			}
		case *ssa.MakeClosure, *ssa.ChangeType:
			// A closure made, a conversion to a named function type.
			if !s.valueStays(site.(ssa.Value), 0) {
				return nil
			}
		case ssa.CallInstruction:
			c := site.Common()
			handed := slices.Contains(c.Args, ssa.Value(fn))
			if handed && !s.argStays(c, fn, 0) {
				return nil // handed on as a value the graph cannot follow
			}
			if c.IsInvoke() {
				if handed {
					continue
				}
				return nil // a dispatch to fn: its receiver is not an argument
			}
			if !slices.Contains(s.LocalCallees(c), fn) {
				continue // fn is only an argument of this call
			}
			if !slices.Contains(out, site) {
				out = append(out, site)
			}
		default:
			return nil
		}
	}
	return out
}

// maxContexts bounds the call-site contexts Contexts enumerates.
const maxContexts = 32

// Contexts returns what the values vs of function fn stand for at each
// chain of call sites that reaches fn in the package: a parameter of fn
// is the argument a call passes (CallArg), followed on up through the
// parameters of that call's function (a few levels), and every other
// value stays itself. The values of one tuple come from one chain, so a
// helper's object and the mutate function handed with it stay paired
// whatever its other callers pass. A parameter whose function's call
// sites are not all known (CallSites) stays itself; vs itself is the one
// tuple when none of vs is a parameter.
func (s *Summary) Contexts(fn *ssa.Function, vs []ssa.Value) [][]ssa.Value {
	var out [][]ssa.Value
	s.contexts(fn, vs, 0, &out)
	return out
}

func (s *Summary) contexts(fn *ssa.Function, vs []ssa.Value, depth int, out *[][]ssa.Value) {
	if len(*out) >= maxContexts {
		return
	}
	params := slices.ContainsFunc(vs, func(v ssa.Value) bool {
		p, ok := v.(*ssa.Parameter)
		return ok && p.Parent() == fn
	})
	if !params && depth < 5 && slices.ContainsFunc(vs, func(v ssa.Value) bool { return capturedParam(fn, v) >= 0 }) {
		// A closure's load of a parameter its maker spilled for it to
		// capture (a body moved into a closure, a callback that uses the
		// helper's arguments) is that parameter of the maker, made where
		// the maker makes the closure.
		for _, mc := range makers(fn) {
			next := make([]ssa.Value, len(vs))
			for i, v := range vs {
				next[i] = v
				if k := capturedParam(fn, v); k >= 0 {
					// The maker's parameter, or its own captured
					// variable (captured by the maker in turn).
					if b := ssax.VarOf(mc.Bindings[k]); b != nil {
						next[i] = b
					}
				}
			}
			s.contexts(mc.Parent(), next, depth+1, out)
		}
		return
	}
	var sites []ssa.CallInstruction
	if params && depth < 5 {
		sites = s.CallSites(fn)
	}
	if len(sites) == 0 {
		*out = append(*out, vs)
		return
	}
	for _, site := range sites {
		next := make([]ssa.Value, len(vs))
		for i, v := range vs {
			next[i] = v
			if p, ok := v.(*ssa.Parameter); ok && p.Parent() == fn {
				if a := s.CallArg(site.Common(), fn, slices.Index(fn.Params, p)); a != nil {
					next[i] = a
				}
			}
		}
		s.contexts(site.Parent(), next, depth+1, out)
	}
}

// CalledCaptures returns the function values that the closure v, made in
// its function, calls through the parameters of that function it
// captured (a wrapper's mutate function that runs the caller's own, then
// does more): each is that parameter, a value of v's function, so that
// Contexts follows it to what each caller passes. Nil when v is no
// closure made there.
func (s *Summary) CalledCaptures(v ssa.Value) []ssa.Value {
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X
	}
	mc, ok := v.(*ssa.MakeClosure)
	if !ok {
		return nil
	}
	f, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c.Common().IsInvoke() {
				continue
			}
			k := capturedParam(f, c.Common().Value)
			if k < 0 {
				continue
			}
			// The maker's parameter, or its captured variable (captured in
			// turn: Contexts follows it to its maker).
			v := ssax.VarOf(mc.Bindings[k])
			if v != nil && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// capturedParam returns the index of the free variable of the closure fn
// that v is, or loads when v is a load of a captured cell, or -1.
func capturedParam(fn *ssa.Function, v ssa.Value) int {
	fv, ok := ssax.VarOf(v).(*ssa.FreeVar)
	if !ok {
		return -1
	}
	return slices.Index(fn.FreeVars, fv)
}

// makers returns the instructions that make closures of fn.
func makers(fn *ssa.Function) []*ssa.MakeClosure {
	refs := fn.Referrers()
	if refs == nil {
		return nil
	}
	var out []*ssa.MakeClosure
	for _, r := range *refs {
		if mc, ok := r.(*ssa.MakeClosure); ok && mc.Fn == ssa.Value(fn) {
			out = append(out, mc)
		}
	}
	return out
}

// valueStays reports whether the function value v only goes where the
// call graph follows it: it is called, converted to a named function
// type, or handed to functions of the package whose parameter in turn
// only goes to such places (a few levels deep).
func (s *Summary) valueStays(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 4 {
		return false
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.ChangeType:
			if !s.valueStays(x, depth+1) {
				return false
			}
		case *ssa.Store:
			if x.Val != v {
				return false
			}
			if a, ok := x.Addr.(*ssa.Alloc); ok && ssax.SpilledParam(a) == v {
				// A parameter spilled for closures to capture: it goes
				// where their loads of it go.
				if !s.cellStays(a, depth+1) {
					return false
				}
				continue
			}
			if !s.storeStays(x) {
				return false
			}
		case ssa.CallInstruction:
			c := x.Common()
			if slices.Contains(c.Args, v) && !s.argStays(c, v, depth) {
				return false
			}
			if !c.IsInvoke() && c.Value == v {
				continue // called
			}
		default:
			return false
		}
	}
	return true
}

// cellStays reports whether the function value a cell holds only goes
// where the call graph follows it: the cell is only loaded (the closures
// it is bound to load it through their free variables), and every load
// stays (valueStays).
func (s *Summary) cellStays(cell *ssa.Alloc, depth int) bool {
	for _, r := range *cell.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != ssa.Value(cell) {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL || !s.valueStays(x, depth) {
				return false
			}
		case *ssa.MakeClosure:
			fn, ok := x.Fn.(*ssa.Function)
			if !ok {
				return false
			}
			for i, b := range x.Bindings {
				if b != ssa.Value(cell) {
					continue
				}
				for _, fr := range *fn.FreeVars[i].Referrers() {
					ld, ok := fr.(*ssa.UnOp)
					if !ok || ld.Op != token.MUL || !s.valueStays(ld, depth) {
						return false
					}
				}
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// storeStays reports whether a function value stored by st is only called
// where the call graph sees it: st stores into a field of a struct type
// of the package or into a variable of the package, whose loads the
// graph follows to their calls. As for an exported function, calls from
// the packages that import this one are not the package's to know. A
// store into anything else (a slice or map element, a field of another
// package's type) may reach calls the package does not show.
func (s *Summary) storeStays(st *ssa.Store) bool {
	switch a := st.Addr.(type) {
	case *ssa.FieldAddr:
		n, ok := types.Unalias(ssax.Deref(a.X.Type())).(*types.Named)
		return ok && n.Obj().Pkg() == s.Pass.Pkg
	case *ssa.Global:
		return a.Pkg != nil && a.Pkg.Pkg == s.Pass.Pkg
	}
	return false
}

// argStays reports whether the function value v, an argument of the call
// c, stays where the call graph follows it in every function c may call:
// each is a function of the package whose parameter v is passed to stays
// (valueStays).
func (s *Summary) argStays(c *ssa.CallCommon, v ssa.Value, depth int) bool {
	callees := s.Callees(c)
	if len(callees) == 0 {
		return false
	}
	for _, callee := range callees {
		l := s.LocalFunc(callee)
		if l == nil || len(l.Blocks) == 0 {
			return false
		}
		off := 0
		if l.Signature.Recv() != nil && len(c.Args) == len(l.Params)-1 {
			off = 1 // a method value: the receiver is bound
		} else if c.IsInvoke() {
			off = 1
		}
		for i, a := range c.Args {
			if a != v {
				continue
			}
			if i+off >= len(l.Params) || !s.valueStays(l.Params[i+off], depth+1) {
				return false
			}
		}
	}
	return true
}

// findCalls records the package-internal call graph, including closures,
// defers, goroutines, function values and invokes on package-local types.
func (s *Summary) findCalls() {
	var operands []*ssa.Value
	add := func(caller, callee *ssa.Function, site ssa.Instruction) {
		callee = s.LocalFunc(callee)
		if callee == nil || callee == caller {
			return
		}
		s.calls[callee] = append(s.calls[callee], callEdge{caller: caller, Callee: callee, site: site})
	}
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case ssa.CallInstruction:
					c := x.Common()
					if c.IsInvoke() {
						if m := ssax.MethodOfValue(s.Pkg.Prog, c.Value, c.Method.Name()); m != nil {
							add(fn, m, instr)
						} else if m := s.Callee(s.Forward(c)); m != nil {
							add(fn, m, instr) // devirtualized (Summary.Callees)
						}
					} else {
						// Every function the value may hold (a step of a
						// list, a handler of a map): the same answer as
						// LocalCallees gives the checks.
						for _, callee := range s.Callees(c) {
							add(fn, callee, instr)
						}
					}
					for _, a := range c.Args {
						if f, ok := a.(*ssa.Function); ok {
							add(fn, f, instr)
						}
					}
				case *ssa.Return:
					// A function returned (a factory's closure): the call
					// graph follows it to the calls of the result, which
					// are its call edges.
				default:
					// A function used as a value in any other way: a
					// closure made, a function stored, converted to an
					// interface or to a named func type
					// (resource.VisitorFunc(func(…) error {…})), put
					// into a slice or a map. Whoever holds the value may
					// call it.
					operands = instr.Operands(operands[:0])
					for _, op := range operands {
						if op == nil {
							continue
						}
						if f, ok := (*op).(*ssa.Function); ok {
							add(fn, f, instr)
						}
					}
				}
			}
		}
	}
}

// returnedOnly reports whether the closure mc makes is only returned by
// its function.
func returnedOnly(mc *ssa.MakeClosure) bool {
	refs := mc.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		switch r.(type) {
		case *ssa.Return, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// computeScope collects the functions reachable from the roots.
func (s *Summary) computeScope() {
	callees := make(map[*ssa.Function][]callEdge)
	for _, edges := range s.calls {
		for _, e := range edges {
			callees[e.caller] = append(callees[e.caller], e)
		}
	}
	var work []*ssa.Function
	for _, r := range s.Roots {
		if s.Scope[r.Fn] == nil {
			st := Unguarded
			if r.Guarded {
				st = Guarded // the framework calls it under a condition of its own
			}
			s.Scope[r.Fn] = &Reach{Root: r, Status: st}
			work = append(work, r.Fn)
		}
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range callees[fn] {
			if s.Scope[e.Callee] == nil {
				s.Scope[e.Callee] = &Reach{Root: s.Scope[fn].Root, Status: FailurePath, Via: e.site, Caller: fn}
				work = append(work, e.Callee)
			}
		}
	}
	// The functions that run in the pass: reached without an escaping
	// closure's edge.
	for _, r := range s.Roots {
		s.Scope[r.Fn].InPass = true
		work = append(work, r.Fn)
	}
	for len(work) > 0 {
		fn := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range callees[fn] {
			if mc, ok := e.site.(*ssa.MakeClosure); ok && returnedOnly(mc) {
				continue
			}
			if r := s.Scope[e.Callee]; r != nil && !r.InPass {
				r.InPass = true
				work = append(work, e.Callee)
			}
		}
	}
}

// RunsInPass reports whether fn can run while a reconcile root runs: it is
// in scope through calls, not only as a closure that a factory makes and
// returns (which runs when whoever holds the result calls it).
func (s *Summary) RunsInPass(fn *ssa.Function) bool {
	r := s.Scope[fn]
	return r != nil && r.InPass
}

// rank orders statuses from most to least reportable.
func rank(st Status) int {
	switch st {
	case Unguarded:
		return 0
	case Guarded:
		return 1
	}
	return 2
}

// Combine returns the status of a site with status inner inside code
// reached with status outer.
func Combine(outer, inner Status) Status {
	if outer == FailurePath || inner == FailurePath {
		return FailurePath
	}
	if outer == Guarded || inner == Guarded {
		return Guarded
	}
	return Unguarded
}

// computeReach finds, for every function in scope, the least guarded call
// chain from a root, then the status of every write in scope.
func (s *Summary) computeReach() {
	isRoot := make(map[*ssa.Function]bool)
	for _, r := range s.Roots {
		isRoot[r.Fn] = true
	}
	edgeStatus := s.edgeStatuses()
	for changed := true; changed; {
		changed = false
		for callee, edges := range s.calls {
			if isRoot[callee] || s.Scope[callee] == nil {
				continue
			}
			cur := s.Scope[callee]
			for _, e := range edges {
				outer := s.Scope[e.caller]
				if outer == nil {
					continue
				}
				st := Combine(outer.Status, edgeStatus(e))
				if rank(st) < rank(cur.Status) {
					cur.Status, cur.Via, cur.Caller, cur.Root = st, e.site, e.caller, outer.Root
					changed = true
				}
			}
		}
	}
	for _, w := range s.Writes {
		if r := s.Scope[w.Fn]; r != nil {
			w.InScope = true
			w.Status = Combine(r.Status, w.Local)
		}
	}
}

// Chain returns the call sites from a root down to fn along the least
// guarded chain, outermost first.
func (s *Summary) Chain(fn *ssa.Function) []ssa.Instruction {
	var out []ssa.Instruction
	seen := make(map[*ssa.Function]bool)
	for r := s.Scope[fn]; r != nil && r.Via != nil && !seen[fn]; r = s.Scope[fn] {
		seen[fn] = true
		out = append([]ssa.Instruction{r.Via}, out...)
		fn = r.Caller
	}
	return out
}

// FuncValue returns the function that the function value v is
// (calls.Graph.FuncOf: a function, a closure, a method value, a holder's
// function, a factory's closure), seeing through a parameter of a helper
// that has one call site (ArgValue). made is the factory call that made
// the closure, or nil; MadeRoot maps the closure's roots through it.
func (s *Summary) FuncValue(v ssa.Value) (fn *ssa.Function, made *ssa.Call) {
	return s.graph.FuncOf(s.ArgValue(v))
}

// FuncValues returns each function the value v may hold (FuncValue),
// where v is a parameter of a helper or closure of the package (after
// ArgValue), through every call site's argument for it: an option factory
// called by several callers (`onAdd(f)` storing f into a handler's field)
// stores each caller's function. Nil when one is not known.
func (s *Summary) FuncValues(v ssa.Value) []calls.FuncRef {
	var out []calls.FuncRef
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		v = s.ArgValue(v)
		if p, ok := v.(*ssa.Parameter); ok {
			args := s.ParamArgs(p)
			if len(args) == 0 || depth > 3 {
				return false
			}
			for _, a := range args {
				if !walk(a, depth+1) {
					return false
				}
			}
			return true
		}
		fn, made := s.graph.FuncOf(v)
		if fn == nil {
			return false
		}
		ref := calls.FuncRef{Fn: fn, Made: made}
		if !slices.Contains(out, ref) {
			out = append(out, ref)
		}
		return true
	}
	if !walk(v, 0) {
		return nil
	}
	return out
}

// MadeRoot returns the root that root, a root of a closure that the
// factory call made returned, stands for at that call: a parameter of the
// factory that the closure captured is the argument the call passes for
// it, through factories that return another factory's closure. Any other
// root is itself.
func (s *Summary) MadeRoot(root ssa.Value, made *ssa.Call) ssa.Value {
	return s.madeRoot(root, made, 0)
}

func (s *Summary) madeRoot(root ssa.Value, made *ssa.Call, depth int) ssa.Value {
	p, ok := root.(*ssa.Parameter)
	if !ok || made == nil || depth > 4 {
		return root
	}
	callee := made.Call.StaticCallee()
	if callee == nil {
		return root
	}
	callee = calls.BodyOf(callee) // an instance the model has no body of: the generic one
	if p.Parent() != callee {
		// A factory that returns what another factory returns: the root
		// maps through that inner call first.
		for _, b := range callee.Blocks {
			ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !isRet || len(ret.Results) != 1 {
				continue
			}
			if inner, ok := ret.Results[0].(*ssa.Call); ok {
				if r := s.madeRoot(root, inner, depth+1); r != root {
					return s.madeRoot(r, made, depth+1)
				}
			}
		}
		return root
	}
	i := ssax.ParamIndex(p.Parent(), p)
	if i < 0 || i >= len(made.Call.Args) {
		return root
	}
	r, _ := s.RootOf(made.Call.Args[i])
	return r
}

// ArgValue returns v, or, for a parameter of a helper or closure of the
// package that has one call site, the argument that call gives it,
// followed through a few such helpers.
func (s *Summary) ArgValue(v ssa.Value) ssa.Value { return s.argValue(v, 0) }

// argValue returns v, or, for a parameter of a helper or closure of the
// package that has one call site, the argument that call gives it (so a
// builder wrapper's For(obj, opts...) sees the caller's object and
// options), and for a variable a closure captured and only reads (read
// through its cell: a factory's parameter that the closure it returns
// stores, `func(o *T) { o.AddFunc = f }`), the one value it holds.
func (s *Summary) argValue(v ssa.Value, depth int) ssa.Value {
	if depth > 3 {
		return v
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if fv, ok := ld.X.(*ssa.FreeVar); ok {
			if held := ssax.ReadOnlyCell(fv); held != nil {
				return s.argValue(held, depth+1)
			}
		}
	}
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return v
	}
	args := s.ParamArgs(p)
	if len(args) != 1 {
		return v
	}
	return s.argValue(args[0], depth+1)
}

// edgeStatuses returns the status of a call edge in its caller: the status
// of the call's block, where a condition that compares nothing the caller
// (with its helpers and closures) stores into guards nothing, as for a
// write (refineWriteGuards): a spec switch or a pause flag before a call
// decides whether the reconcile acts, not whether what the callee writes
// changed.
func (s *Summary) edgeStatuses() func(e callEdge) Status {
	stores := make(map[*ssa.Function][][]string)
	return func(e callEdge) Status {
		fi := s.Func(e.caller)
		st, guards := fi.StatusOf(e.site.Block())
		if mc, ok := e.site.(*ssa.MakeClosure); ok && returnedOnly(mc) {
			// A closure a factory makes and returns: it runs where its
			// callers call the result (their own edges), or later, when
			// whatever they hand it to (a scheduler, a registry) calls
			// it; being made says nothing of when it runs.
			return Combine(st, Guarded)
		}
		if st != Guarded || len(guards) == 0 {
			return st
		}
		paths, ok := stores[e.caller]
		if !ok {
			paths = s.storePaths(e.caller)
			stores[e.caller] = paths
		}
		for _, d := range guards {
			ifi := d.If()
			if ifi == nil || !refinable(fi.Guard(ifi).Kind) || s.comparesChanged(ifi.Cond, paths) {
				return st
			}
		}
		return Unguarded
	}
}
