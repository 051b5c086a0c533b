// Package calls answers which functions a call of a package can call: the
// call graph of the package's SSA over function values, built once per
// package by variable type analysis (golang.org/x/tools/go/callgraph/vta).
//
// A function value reaches a call through locals, captured variables,
// struct fields, slices, maps, channels, parameters and results of the
// package's functions; the graph follows it through all of them. Only what
// the package's own code shows is known: a value that comes from another
// package (a field its caller sets, a parameter of an exported function)
// has no callees here, and the answer is the empty set, not "anything".
package calls

import (
	"cmp"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Graph holds the callees of the package's dynamic calls, and the
// variables and fields that hold one function of the package.
type Graph struct {
	callees map[*ssa.CallCommon][]*ssa.Function
	holders map[holder]*ssa.Function
	impls   map[holder][]types.Type         // unexported interface fields: the concrete types stored there
	returns map[*ssa.Function]*ssa.Function // factories: the one function each returns
	boxed   []types.Type                    // the concrete types the package makes into interface values
	sole    map[*types.Func]*ssa.Function   // SoleImpl's answers
	// values are the functions the package's code uses as values (stored,
	// passed, made into closures), generic bodies included; inGeneric are
	// the dynamic calls of generic bodies, which the library does not see:
	// they may call any of values with their signature.
	values    []*ssa.Function
	inGeneric map[*ssa.CallCommon]bool
	// lists are the values the package stores into its unexported fields
	// and variables of slice or map of function type (a pipeline of steps
	// a constructor sets), when loads and stores are all it does there.
	lists map[holder][]ssa.Value
	// paths are the functions and lists of functions of each struct by
	// where the struct sits (AtPath).
	paths map[pathKey][]ssa.Value
}

// holder is a place that can hold a function value: a package variable,
// or a field of a struct type (every value of the type: the call graph's
// own view of fields).
type holder struct {
	global *ssa.Global
	st     *types.Struct
	field  int
}

// Build computes the graph over fns, the package's functions with bodies
// (closures included), and the methods of the types they make into
// interface values (the implementations an interface call dispatches
// to). Generic function bodies are left out: the library needs
// instantiated code, which the model does not build, so flows through
// them stay unresolved; a dynamic call in one may run any function of its
// signature that the package uses as a value (Callees). A failure of the library
// on code it does not expect leaves the graph empty rather than stopping
// the analysis.
func Build(fns []*ssa.Function) (g *Graph) {
	returns := findFactories(fns)
	held := findStores(fns)
	g = &Graph{callees: make(map[*ssa.CallCommon][]*ssa.Function), holders: held.funcs(returns), returns: returns, impls: held.impls(),
		lists: held.lists(), paths: findPaths(fns, held), sole: make(map[*types.Func]*ssa.Function), inGeneric: make(map[*ssa.CallCommon]bool)}
	set := make(map[*ssa.Function]bool)
	var operands []*ssa.Value
	for _, fn := range fns {
		if fn == nil || len(fn.Blocks) == 0 {
			continue
		}
		g.noteValues(fn)
		if generic(fn) {
			// Left out of the graph (the library needs instantiated
			// code), but the concrete types its body makes into interface
			// values are still the package's implementations (SoleImpl),
			// and its dynamic calls are resolved by signature.
			g.boxConcrete(fn)
			continue
		}
		set[fn] = true
		// The functions the code uses as values, of this package or
		// another (time.Now stored into a field), are the labels the
		// analysis propagates; the callees it may report are among them.
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok {
					// A concrete type made into an interface value: its
					// methods (of this package or another) are what a call
					// of the interface may run, so they are labels too.
					if t := mi.X.Type(); !slices.ContainsFunc(g.boxed, func(u types.Type) bool { return types.Identical(t, u) }) {
						g.boxed = append(g.boxed, t)
					}
					prog := fn.Prog
					ms := prog.MethodSets.MethodSet(mi.X.Type())
					for i := range ms.Len() {
						if f := prog.MethodValue(ms.At(i)); f != nil && !generic(f) {
							set[f] = true
						}
					}
				}
				operands = instr.Operands(operands[:0])
				for _, op := range operands {
					if op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok && !generic(f) {
						set[f] = true
					}
				}
			}
		}
	}
	if len(set) == 0 {
		return g
	}
	defer func() {
		if recover() != nil {
			g = &Graph{callees: make(map[*ssa.CallCommon][]*ssa.Function), holders: g.holders, returns: g.returns, impls: g.impls,
				lists: g.lists, paths: g.paths, boxed: g.boxed, sole: g.sole, values: g.values, inGeneric: g.inGeneric}
		}
	}()
	cg := vta.CallGraph(set, nil)
	for _, n := range cg.Nodes {
		for _, e := range n.Out {
			if e.Site == nil || e.Callee == nil || e.Callee.Func == nil {
				continue
			}
			c := e.Site.Common()
			if c.StaticCallee() != nil {
				continue
			}
			if !slices.Contains(g.callees[c], e.Callee.Func) {
				g.callees[c] = append(g.callees[c], e.Callee.Func)
			}
		}
	}
	for _, fs := range g.callees {
		slices.SortFunc(fs, func(a, b *ssa.Function) int {
			return cmp.Or(cmp.Compare(a.Pos(), b.Pos()), cmp.Compare(a.String(), b.String()))
		})
	}
	return g
}

// Callees returns the functions the dynamic call c can call as far as the
// package shows, in a fixed order; nil for a static call, a builtin, or a
// call whose function value comes from outside the package.
func (g *Graph) Callees(c *ssa.CallCommon) []*ssa.Function {
	if g == nil {
		return nil
	}
	if c.IsInvoke() || c.StaticCallee() != nil {
		return g.callees[c]
	}
	// The functions the value is chosen from in the function itself (now
	// := time.Now; if utc { now = nowUTC }; a range over a list of steps
	// written there) say more than the call graph, which keeps one set
	// per type for the elements of all slices and maps: two reconcilers
	// with lists of the same step type would share their steps. The
	// choice also works where the analysis does not run (a generic body).
	if fs := g.choices(c.Value, make(map[ssa.Value]bool)); len(fs) > 0 {
		return fs
	}
	if fs := g.callees[c]; len(fs) > 0 || !g.inGeneric[c] {
		return fs
	}
	return g.bySignature(c.Signature())
}

// noteValues records the functions fn uses as values, and, when fn is a
// generic body, its dynamic calls.
func (g *Graph) noteValues(fn *ssa.Function) {
	inGeneric := generic(fn)
	var operands []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var static *ssa.CallCommon
			if ci, ok := instr.(ssa.CallInstruction); ok {
				c := ci.Common()
				if c.StaticCallee() != nil {
					static = c
				} else if _, builtin := c.Value.(*ssa.Builtin); inGeneric && !c.IsInvoke() && !builtin {
					g.inGeneric[c] = true
				}
			}
			operands = instr.Operands(operands[:0])
			for _, op := range operands {
				if op == nil {
					continue
				}
				f, ok := (*op).(*ssa.Function)
				if !ok || static != nil && op == &static.Value || slices.Contains(g.values, f) {
					continue // a static call names its callee: no value
				}
				g.values = append(g.values, f)
			}
		}
	}
}

// bySignature returns the functions used as values whose signature is
// sig, in a fixed order: what a call through a function value of that
// type may run when nothing else tells (VTA's view of a value of the
// type, without its flows).
func (g *Graph) bySignature(sig *types.Signature) []*ssa.Function {
	if typeparams(sig) {
		return nil
	}
	var out []*ssa.Function
	for _, f := range g.values {
		if types.Identical(f.Signature, sig) {
			out = append(out, f)
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int {
		return cmp.Or(cmp.Compare(a.Pos(), b.Pos()), cmp.Compare(a.String(), b.String()))
	})
	return out
}

// choices returns the functions a function value is one of, when it is a
// choice (a Phi) among values FuncOf knows; nil when one of them is not.
func (g *Graph) choices(v ssa.Value, seen map[ssa.Value]bool) []*ssa.Function {
	if seen[v] {
		return nil
	}
	seen[v] = true
	var edges []ssa.Value
	switch x := v.(type) {
	case *ssa.Phi:
		edges = x.Edges
	case *ssa.UnOp:
		// An element of a slice or array literal of the function.
		ia, ok := x.X.(*ssa.IndexAddr)
		if x.Op != token.MUL || !ok {
			break
		}
		if edges = elemStores(ia.X, -1, false); edges == nil {
			return nil
		}
	case *ssa.Lookup:
		// An entry of a map literal of the function.
		if edges = mapStores(x.X, false); edges == nil {
			return nil
		}
	}
	if edges == nil {
		if f, _ := g.FuncOf(v); f != nil {
			return []*ssa.Function{f}
		}
		return nil
	}
	var out []*ssa.Function
	for _, e := range edges {
		if _, isPhi := e.(*ssa.Phi); isPhi && seen[e] {
			continue
		}
		fs := g.choices(e, seen)
		if fs == nil {
			return nil
		}
		for _, f := range fs {
			if !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// generic reports whether fn is a generic function's body (not an
// instance).
// BodyOf returns the function whose body a call of fn runs: fn itself,
// or, for an instance of a generic function that has no body of its own
// (one the model did not take in), the generic body.
func BodyOf(fn *ssa.Function) *ssa.Function {
	if o := fn.Origin(); o != nil && len(fn.Blocks) == 0 {
		return o
	}
	return fn
}

func generic(fn *ssa.Function) bool {
	return fn.TypeParams().Len() > 0 && len(fn.TypeArgs()) == 0
}

// Holder returns the function that the variable or field at addr (a
// package variable, or the address of a field) holds, when the package
// stores one function there and nothing else: a package variable assigned
// a function (var f = func(…) {…}, once or more, always the same), or an
// unexported field that every store of the package sets to the same
// function (a constructor's now: time.Now, a literal's call: func(…)).
// Whatever a store puts there, it is the definition of the holder, not a
// use of the function; the loads are where the function is used. It
// returns nil when a store puts another value there (a parameter, nil,
// another function), or when the holder's address is used in any other
// way (passed on, so that anyone may store through it).
func (g *Graph) Holder(addr ssa.Value) *ssa.Function {
	if g == nil {
		return nil
	}
	k, ok := holderAt(addr, isFunc)
	if !ok {
		return nil
	}
	return g.holders[k]
}

// Dispatch returns the methods named like m that a call of m on the
// interface value recv can run, when recv is read from an unexported
// interface field that the package fills only with values of known types
// (stores.impls): r.renderer.Render(…), also when a forwarder of another
// package makes the call. It returns nil otherwise.
func (g *Graph) Dispatch(prog *ssa.Program, recv ssa.Value, m *types.Func) []*ssa.Function {
	if g == nil || m == nil {
		return nil
	}
	ld, ok := ssax.Unconvert(recv).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	k, ok := holderAt(ld.X, isIface)
	if !ok {
		return nil
	}
	var out []*ssa.Function
	for _, t := range g.impls[k] {
		if sel := prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name()); sel != nil {
			if f := prog.MethodValue(sel); f != nil && !slices.Contains(out, f) {
				out = append(out, f)
			}
		}
	}
	return out
}

// SoleImpl returns the method an interface call c runs when the package
// shows nothing more precise (no edge of the graph, no field dispatch):
// for a method of an interface declared in pkg, the method of the only
// type of pkg that the package makes into an interface value and that
// implements the interface, the usual seam of a writer or a client
// wrapper. It is nil with none or several such types, for an interface
// declared elsewhere (its implementations are injected from outside),
// and for a method without a body here.
func (g *Graph) SoleImpl(prog *ssa.Program, pkg *types.Package, c *ssa.CallCommon) *ssa.Function {
	m := c.Method
	if g == nil || m == nil || m.Pkg() != pkg {
		return nil
	}
	if fn, ok := g.sole[m]; ok {
		return fn
	}
	var fn *ssa.Function
	iface, _ := c.Value.Type().Underlying().(*types.Interface)
	for _, t := range g.boxed {
		n, ok := types.Unalias(ssax.Deref(t)).(*types.Named)
		if iface == nil || !ok || n.Obj().Pkg() != pkg || !types.Implements(t, iface) {
			continue
		}
		sel := prog.MethodSets.MethodSet(t).Lookup(m.Pkg(), m.Name())
		if sel == nil {
			continue
		}
		if f := prog.MethodValue(sel); f != nil && f != fn {
			if fn != nil {
				fn = nil
				break
			}
			fn = f
		}
	}
	if fn != nil && len(fn.Blocks) == 0 {
		fn = nil
	}
	g.sole[m] = fn
	return fn
}

// boxConcrete records the types without type parameters that fn makes
// into interface values.
func (g *Graph) boxConcrete(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			mi, ok := instr.(*ssa.MakeInterface)
			if !ok {
				continue
			}
			if t := mi.X.Type(); !typeparams(t) && !slices.ContainsFunc(g.boxed, func(u types.Type) bool { return types.Identical(t, u) }) {
				g.boxed = append(g.boxed, t)
			}
		}
	}
}

// typeparams reports whether t mentions a type parameter.
func typeparams(t types.Type) bool {
	switch x := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Pointer:
		return typeparams(x.Elem())
	case *types.Slice:
		return typeparams(x.Elem())
	case *types.Map:
		return typeparams(x.Key()) || typeparams(x.Elem())
	case *types.Named:
		for i := 0; i < x.TypeArgs().Len(); i++ {
			if typeparams(x.TypeArgs().At(i)) {
				return true
			}
		}
	case *types.Signature:
		for _, tup := range []*types.Tuple{x.Params(), x.Results()} {
			for i := range tup.Len() {
				if typeparams(tup.At(i).Type()) {
					return true
				}
			}
		}
	}
	return false
}

// storedFunc returns the function a stored value is: a function, or a
// closure made of one.
func storedFunc(v ssa.Value) *ssa.Function {
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X // a conversion to a named function type (controllerutil.MutateFn)
	}
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		return f
	}
	return nil
}

// findFactories finds the functions of fns that return one function of
// the package and nothing else (func mutateFor(…) func() error { return
// func() error { … } }), also when they return what another factory
// returns (a body moved into a helper).
func findFactories(fns []*ssa.Function) map[*ssa.Function]*ssa.Function {
	out := make(map[*ssa.Function]*ssa.Function)
	returned := func(out map[*ssa.Function]*ssa.Function, v ssa.Value) *ssa.Function {
		if f := storedFunc(v); f != nil {
			return f
		}
		if c, ok := v.(*ssa.Call); ok {
			if callee := c.Call.StaticCallee(); callee != nil {
				return out[BodyOf(callee)]
			}
		}
		return nil
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			if out[fn] != nil || fn.Signature.Results().Len() != 1 {
				continue
			}
			if _, ok := fn.Signature.Results().At(0).Type().Underlying().(*types.Signature); !ok {
				continue
			}
			var f *ssa.Function
			ok := true
			for _, b := range fn.Blocks {
				ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
				if !isRet {
					continue
				}
				r := returned(out, ret.Results[0])
				if r == nil || (f != nil && f != r) {
					ok = false
					break
				}
				f = r
			}
			if ok && f != nil {
				out[fn] = f
				changed = true
			}
		}
	}
	return out
}

// Held returns the function that the value v reads from where the
// package keeps one function: a load of a holder (Holder), or the result
// of a call of a factory that returns one function. Such a value is the
// function, however many times it is read; nil otherwise.
func (g *Graph) Held(v ssa.Value) *ssa.Function {
	if g == nil {
		return nil
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return g.Holder(x.X)
		}
	case *ssa.Call:
		if callee := x.Call.StaticCallee(); callee != nil {
			return g.returns[BodyOf(callee)]
		}
	}
	return nil
}

// Defines reports whether instr puts fn where the package keeps it: a
// store into a holder of fn, or a return of a factory of fn. It is the
// definition of that place, not a use of fn.
func (g *Graph) Defines(instr ssa.Instruction, fn *ssa.Function) bool {
	if g == nil || fn == nil {
		return false
	}
	switch x := instr.(type) {
	case *ssa.Store:
		return g.Holder(x.Addr) == fn
	case *ssa.Return:
		return g.returns[x.Parent()] == fn
	}
	return false
}

// FuncOf returns the function that the function value v is, as far as the
// package shows: a function, a closure, a method value (the method its
// wrapper calls), a read of a holder, or the result of a call of a
// factory. For a factory's result, made is that call: the closure's
// captures that read the factory's parameters are its arguments. It
// returns nil when v may be another function, or one from elsewhere.
func (g *Graph) FuncOf(v ssa.Value) (fn *ssa.Function, made *ssa.Call) {
	switch x := ssax.Unconvert(v).(type) {
	case *ssa.Call:
		if f := g.Held(x); f != nil {
			return f, x
		}
		return nil, nil
	case *ssa.UnOp:
		return g.Held(x), nil
	default:
		return ssax.FuncOfValue(x), nil
	}
}

// elemStores returns the values the slice or array literal x (a Slice of
// an Alloc, or the Alloc) stores into its elements, when those stores and
// reads are all that is done to its elements; nil otherwise. With a field
// of 0 or more, the elements are structs and only what is stored into that
// field counts: the literal may fill an element field by field, or store
// it whole from a struct it built field by field. With handedOn, the slice
// made of it may also be handed on whole (to a call, into a field or
// variable): only its elements are asked for.
func elemStores(x ssa.Value, field int, handedOn bool) []ssa.Value {
	if sl, ok := x.(*ssa.Slice); ok {
		x = sl.X
	}
	a, ok := x.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *a.Referrers() {
		switch y := r.(type) {
		case *ssa.IndexAddr:
			for _, rr := range *y.Referrers() {
				switch z := rr.(type) {
				case *ssa.Store:
					if z.Addr != y {
						return nil
					}
					if field < 0 {
						out = append(out, z.Val)
						break
					}
					// The element stored whole, from a struct the literal
					// built field by field.
					ld, ok := z.Val.(*ssa.UnOp)
					if !ok || ld.Op != token.MUL {
						return nil
					}
					vals, ok := structStores(ld.X, field)
					if !ok {
						return nil
					}
					out = append(out, vals...)
				case *ssa.FieldAddr:
					if field < 0 {
						return nil
					}
					vals, ok := fieldStores(z, field)
					if !ok {
						return nil
					}
					out = append(out, vals...)
				case *ssa.UnOp:
					if z.Op != token.MUL {
						return nil
					}
				default:
					return nil // handed on
				}
			}
		case *ssa.Slice:
			// The literal made a slice; reads of it go through IndexAddr
			// of the slice, which only loads.
			for _, rr := range *y.Referrers() {
				if !onlyLoads(rr, y) && !(handedOn && handed(rr, y)) {
					return nil
				}
			}
		default:
			return nil
		}
	}
	return out
}

// handed reports whether instr hands the value v on whole: passes it to a
// call, stores it somewhere, or returns it.
func handed(instr ssa.Instruction, v ssa.Value) bool {
	switch x := instr.(type) {
	case ssa.CallInstruction:
		return true
	case *ssa.Store:
		return x.Val == v
	case *ssa.Return:
		return true // to the caller, which Elements follows from its call
	}
	return false
}

// onlyLoads reports whether instr uses the slice s only to read an
// element, or to range over it.
func onlyLoads(instr ssa.Instruction, s ssa.Value) bool {
	switch x := instr.(type) {
	case *ssa.IndexAddr:
		for _, r := range *x.Referrers() {
			if u, ok := r.(*ssa.UnOp); !ok || u.Op != token.MUL {
				return false
			}
		}
		return true
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" {
			return true
		}
	}
	return false
}

// mapStores returns the values stored into the map literal m (a MakeMap
// of the function), when stores and lookups are all that is done to it;
// nil otherwise. With handedOn, the map may also be handed on whole.
func mapStores(m ssa.Value, handedOn bool) []ssa.Value {
	mm, ok := m.(*ssa.MakeMap)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, r := range *mm.Referrers() {
		switch y := r.(type) {
		case *ssa.MapUpdate:
			if y.Map != mm {
				return nil
			}
			out = append(out, y.Value)
		case *ssa.Lookup:
		default:
			if !handedOn || !handed(r, mm) {
				return nil
			}
		}
	}
	return out
}
