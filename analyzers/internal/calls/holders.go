package calls

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// content is what a holder is looked at for.
type content int

const (
	// isFunc: one function (a field or variable of function type).
	isFunc content = iota + 1
	// isList: a list of functions, of interface values, or of structs
	// with a function field (a slice, array or map of them, held by
	// value).
	isList
	// isIface: a value of an interface type (fields only).
	isIface
)

// contentOf says what a holder of type t holds, when it is one of the
// contents the graph looks at.
func contentOf(t types.Type, global bool) (content, bool) {
	switch t.Underlying().(type) {
	case *types.Signature:
		return isFunc, true
	case *types.Interface:
		return isIface, !global
	case *types.Pointer:
		return 0, false
	}
	switch e := elemType(t).(type) {
	case *types.Signature, *types.Interface:
		return isList, true
	case *types.Slice, *types.Array:
		// A registry of lists by key (map[string][]Hook).
		switch elemType(e).(type) {
		case *types.Signature, *types.Interface:
			return isList, true
		}
	case *types.Struct:
		// A table of structs with a function field (a rule's key and
		// the function computing its value).
		for i := range e.NumFields() {
			if _, ok := e.Field(i).Type().Underlying().(*types.Signature); ok {
				return isList, true
			}
		}
	}
	return 0, false
}

// placeAt returns the holder addr denotes, with the type of what it
// holds: a package variable, or an unexported field of a struct type
// (every value of the type: the call graph's own view of fields).
func placeAt(addr ssa.Value) (holder, types.Type, bool) {
	switch a := addr.(type) {
	case *ssa.Global:
		return holder{global: a}, a.Type().(*types.Pointer).Elem(), true
	case *ssa.FieldAddr:
		h, ok := fieldHolder(a)
		if !ok || h.st.Field(h.field).Exported() {
			return holder{}, nil, false
		}
		return h, h.st.Field(h.field).Type(), true
	}
	return holder{}, nil, false
}

// fieldHolder returns the field fa addresses as a holder: that field of
// any value of its struct type.
func fieldHolder(fa *ssa.FieldAddr) (holder, bool) {
	st := pointee(fa.X)
	if st == nil || fa.Field >= st.NumFields() {
		return holder{}, false
	}
	return holder{st: st, field: fa.Field}, true
}

// holderAt returns the holder addr denotes when what it holds is of
// content c.
func holderAt(addr ssa.Value, c content) (holder, bool) {
	h, t, ok := placeAt(addr)
	if !ok {
		return holder{}, false
	}
	got, ok := contentOf(t, h.global != nil)
	return h, ok && got == c
}

// stores is what the package stores into each of its holders, for the
// holders whose address it only loads from and stores to (a holder whose
// address goes anywhere else, passed on or stored, may be filled by
// anyone, and is left out).
type stores struct {
	vals map[holder][]ssa.Value
	kind map[holder]content
	// bad are the holders left out: their address goes elsewhere.
	bad map[holder]bool
}

// findStores finds, in one pass over fns, what the package stores into
// its holders of each content (holderAt).
func findStores(fns []*ssa.Function) stores {
	s := stores{vals: make(map[holder][]ssa.Value), kind: make(map[holder]content)}
	bad := make(map[holder]bool)
	use := func(k holder, addr ssa.Value, instr ssa.Instruction) {
		switch x := instr.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				bad[k] = true
			}
		case *ssa.Store:
			if x.Addr != addr {
				bad[k] = true
				return
			}
			s.vals[k] = append(s.vals[k], x.Val)
		default:
			bad[k] = true
		}
	}
	note := func(addr ssa.Value) (holder, bool) {
		h, t, ok := placeAt(addr)
		if !ok {
			return holder{}, false
		}
		c, ok := contentOf(t, h.global != nil)
		if ok {
			s.kind[h] = c
		}
		return h, ok
	}
	for _, fn := range fns {
		if fn == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				// A field's address is an instruction; its uses are its
				// referrers.
				if fa, ok := instr.(*ssa.FieldAddr); ok {
					if k, ok := note(fa); ok {
						for _, r := range *fa.Referrers() {
							use(k, fa, r)
						}
					}
				}
				// A package variable is an operand of the instructions
				// that use it.
				for _, op := range instr.Operands(nil) {
					if gl, ok := (*op).(*ssa.Global); ok && gl.Pkg == fn.Pkg {
						if k, ok := note(gl); ok {
							use(k, gl, instr)
						}
					}
				}
			}
		}
	}
	for k := range bad {
		delete(s.vals, k)
	}
	s.bad = bad
	return s
}

// funcs returns the holders of one function that hold one function and
// nothing else: a function, a closure, or the closure that a factory of
// returns gives (var next = counterFrom()). Whatever a store puts there,
// it is the definition of the holder, not a use of the function.
func (s stores) funcs(returns map[*ssa.Function]*ssa.Function) map[holder]*ssa.Function {
	out := make(map[holder]*ssa.Function)
next:
	for k, vs := range s.vals {
		if s.kind[k] != isFunc {
			continue
		}
		var held *ssa.Function
		for _, v := range vs {
			f := storedFunc(v)
			if c, ok := v.(*ssa.Call); ok && f == nil {
				// The closure a factory returns (var next = counterFrom()).
				if callee := c.Call.StaticCallee(); callee != nil {
					f = returns[BodyOf(callee)]
				}
			}
			if f == nil || (held != nil && held != f) {
				continue next
			}
			held = f
		}
		if held != nil {
			out[k] = held
		}
	}
	return out
}

// lists returns what the package stores into each of its lists of
// functions (a pipeline of steps a constructor sets).
func (s stores) lists() map[holder][]ssa.Value {
	out := make(map[holder][]ssa.Value)
	for k, vs := range s.vals {
		if s.kind[k] == isList {
			out[k] = vs
		}
	}
	return out
}

// impls returns the unexported interface fields that the package's
// stores fill only with values of known concrete types (a constructor's
// renderer: render.Plain{}), and those types. A field stored another
// value (a parameter, an interface from elsewhere) is left out: its types
// are not all known.
func (s stores) impls() map[holder][]types.Type {
	out := make(map[holder][]types.Type)
next:
	for k, vs := range s.vals {
		if s.kind[k] != isIface {
			continue
		}
		var ts []types.Type
		for _, v := range vs {
			mi, ok := v.(*ssa.MakeInterface)
			if !ok {
				continue next
			}
			if !slices.ContainsFunc(ts, func(t types.Type) bool { return types.Identical(t, mi.X.Type()) }) {
				ts = append(ts, mi.X.Type())
			}
		}
		if len(ts) > 0 {
			out[k] = ts
		}
	}
	return out
}

// pathKey names one struct's field by where the struct sits: the inner
// field (a list of hooks, a function) of the struct that is the outer
// field of another struct type, or that a package variable holds
// (r.hooks.list: the list of the hookBus in r's hooks field). Two
// reconcilers with a bus each have their own hooks, where the inner field
// alone (every value of its type) would mix them.
type pathKey struct {
	outer holder
	inner holder
}

// instanceOf returns where the struct the pointer v points to sits: a
// field of a struct of the package (any value of that type), or a
// package variable (the struct itself, or a pointer to it kept there).
func instanceOf(v ssa.Value) (holder, bool) {
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return fieldHolder(x)
	case *ssa.Global:
		return holder{global: x}, true
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			return holder{global: g}, true
		}
	}
	return holder{}, false
}

// pointee returns the struct type the pointer v points to.
func pointee(v ssa.Value) *types.Struct {
	p, ok := v.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, _ := p.Elem().Underlying().(*types.Struct)
	return st
}

// findPaths returns what the package stores into the functions and lists
// of functions of each struct by where the struct sits (pathKey): stores
// through the struct's address (r.hooks.list = append(r.hooks.list, f)),
// and stores a function of the package makes through its parameter,
// at each of its calls (r.hooks.register(f): the argument the call
// passes for what is stored). The values are the elements: what an
// append adds, not the list it makes. A holder whose address escapes
// (bad) has no path.
func findPaths(fns []*ssa.Function, s stores) map[pathKey][]ssa.Value {
	out := make(map[pathKey][]ssa.Value)
	// The stores each function makes through a parameter: parameter index
	// → inner holder → values.
	type paramStore struct {
		param int
		inner holder
		vals  []ssa.Value
	}
	byFn := make(map[*ssa.Function][]paramStore)
	// The package's static calls, in the order of its code.
	type staticCall struct {
		fn     *ssa.Function
		c      *ssa.CallCommon
		callee *ssa.Function
	}
	var sites []staticCall
	for _, fn := range fns {
		if fn == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ci, ok := instr.(ssa.CallInstruction); ok {
					if callee := ci.Common().StaticCallee(); callee != nil {
						sites = append(sites, staticCall{fn: fn, c: ci.Common(), callee: BodyOf(callee)})
					}
					continue
				}
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				inner, _, ok := placeAt(fa)
				if !ok || s.bad[inner] || s.kind[inner] != isFunc && s.kind[inner] != isList {
					continue
				}
				vals := addedAt(fa)
				if len(vals) == 0 {
					continue
				}
				base := ssax.Unconvert(fa.X)
				if owner, i := ssax.OuterParam(fn, base); i >= 0 {
					// Through a parameter of fn, or of the function a
					// closure of which fn is (a body run in a closure).
					for j, v := range vals {
						if o, q := ssax.OuterParam(fn, v); o == owner && q >= 0 {
							vals[j] = owner.Params[q]
						}
					}
					byFn[owner] = append(byFn[owner], paramStore{param: i, inner: inner, vals: vals})
					continue
				}
				if outer, ok := instanceOf(base); ok {
					k := pathKey{outer: outer, inner: inner}
					out[k] = append(out[k], vals...)
				}
			}
		}
	}
	if len(byFn) == 0 {
		return out
	}
	// argsFor returns the values ps stores at the call c of callee: the
	// arguments for callee's parameters among them.
	argsFor := func(ps paramStore, c *ssa.CallCommon, callee *ssa.Function) []ssa.Value {
		vals := make([]ssa.Value, 0, len(ps.vals))
		for _, v := range ps.vals {
			if q := ssax.ParamIndex(callee, v); q >= 0 {
				if q >= len(c.Args) {
					continue
				}
				v = c.Args[q]
			}
			vals = append(vals, v)
		}
		return vals
	}
	// A function that hands its own parameters on to one that stores
	// them (a forwarder, a method calling its helper) stores them too.
	for range maxForwards {
		grew := false
		for _, sc := range sites {
			for _, ps := range byFn[sc.callee] {
				if ps.param >= len(sc.c.Args) || sc.callee == sc.fn {
					continue
				}
				j := ssax.ParamIndex(sc.fn, ssax.Unconvert(sc.c.Args[ps.param]))
				if j < 0 {
					continue
				}
				vals := argsFor(ps, sc.c, sc.callee)
				if !slices.ContainsFunc(byFn[sc.fn], func(o paramStore) bool {
					return o.param == j && o.inner == ps.inner && slices.Equal(o.vals, vals)
				}) {
					byFn[sc.fn] = append(byFn[sc.fn], paramStore{param: j, inner: ps.inner, vals: vals})
					grew = true
				}
			}
		}
		if !grew {
			break
		}
	}
	// At each call, what the callee stores is registered where the
	// call's argument sits.
	for _, sc := range sites {
		for _, ps := range byFn[sc.callee] {
			if ps.param >= len(sc.c.Args) {
				continue
			}
			if outer, ok := instanceOf(ssax.Unconvert(sc.c.Args[ps.param])); ok {
				k := pathKey{outer: outer, inner: ps.inner}
				out[k] = append(out[k], argsFor(ps, sc.c, sc.callee)...)
			}
		}
	}
	return out
}

// maxForwards bounds the chains of forwarders findPaths follows.
const maxForwards = 4

// addedAt returns what the stores at the field address fa put there, as
// elements: the value stored into a function field, what an append to a
// list field adds (its own earlier contents left out); nil when a store
// is of anything else.
func addedAt(fa *ssa.FieldAddr) []ssa.Value {
	var out []ssa.Value
	add := func(v ssa.Value) {
		c, ok := v.(*ssa.Call)
		if !ok {
			out = append(out, v)
			return
		}
		b, ok := c.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" {
			out = append(out, v)
			return
		}
		for i, a := range c.Call.Args {
			if i == 0 && sameField(a, fa.Field) {
				continue // the list so far
			}
			if i > 0 {
				if elems := elemStores(a, -1, true); elems != nil {
					out = append(out, elems...)
					continue
				}
			}
			out = append(out, a)
		}
	}
	for _, r := range *fa.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr == ssa.Value(fa) {
				add(x.Val)
			}
		case *ssa.UnOp:
			// The entries of a registry by key stored into the map the
			// field holds (r.byKind[k] = append(r.byKind[k], h)).
			for _, rr := range *x.Referrers() {
				if mu, ok := rr.(*ssa.MapUpdate); ok && mu.Map == ssa.Value(x) {
					add(mu.Value)
				}
			}
		}
	}
	return out
}

// sameField reports whether v is what the field field of a struct held
// when it was read (a load of its address), or its entry (a lookup in the
// map it held): the list an append extends.
func sameField(v ssa.Value, field int) bool {
	if l, ok := v.(*ssa.Lookup); ok {
		v = l.X
	}
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	prev, ok := ld.X.(*ssa.FieldAddr)
	return ok && prev.Field == field
}
