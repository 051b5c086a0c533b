package summary

import (
	"slices"
	"sort"

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
	if len(fn.Name()) > 6 && fn.Name()[len(fn.Name())-6:] == "$bound" {
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
// site of its function in the package, or nil when they are not all known:
// the function is also used as a value (stored, converted to an
// interface, passed as an argument), or has no call site.
func (s *Summary) ParamArgs(p *ssa.Parameter) []ssa.Value {
	fn := p.Parent()
	if fn == nil {
		return nil
	}
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	var out []ssa.Value
	for _, e := range s.calls[fn] {
		if st, ok := e.site.(*ssa.Store); ok {
			if s.graph.Holder(st.Addr) == fn {
				continue // the definition of a function variable, not a use
			}
		}
		call, ok := e.site.(ssa.CallInstruction)
		if !ok {
			return nil
		}
		c := call.Common()
		if c.IsInvoke() || s.LocalFunc(s.Callee(c)) != fn || idx >= len(c.Args) {
			return nil
		}
		out = append(out, c.Args[idx])
	}
	return out
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
	if o := callee.Origin(); o != nil && len(callee.Blocks) == 0 {
		callee = o // an instance the model has no body of: the generic one
	}
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
// options).
func (s *Summary) argValue(v ssa.Value, depth int) ssa.Value {
	p, ok := v.(*ssa.Parameter)
	if !ok || depth > 3 {
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
