package calls

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
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
		p, ok := a.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return holder{}, nil, false
		}
		st, ok := p.Elem().Underlying().(*types.Struct)
		if !ok || a.Field >= st.NumFields() || st.Field(a.Field).Exported() {
			return holder{}, nil, false
		}
		return holder{st: st, field: a.Field}, st.Field(a.Field).Type(), true
	}
	return holder{}, nil, false
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
