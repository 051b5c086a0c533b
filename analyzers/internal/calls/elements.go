package calls

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// FuncRef is one function a function value may be: Fn, with, for a
// closure a factory made (withLabel(k, v)), the factory call (Made),
// whose arguments are what the closure's captures of the factory's
// parameters stand for, and for a method value (r.handle) the receiver it
// is bound to (Recv; the call's arguments are then the method's
// parameters after the receiver).
type FuncRef struct {
	Fn   *ssa.Function
	Made *ssa.Call
	Recv ssa.Value
	// Closure is the closure value itself when it is made where the list
	// is (its bindings are values of that function).
	Closure *ssa.MakeClosure
}

// Elements returns the functions the value v holds at this place of the
// program: v itself when it is one function (FuncOf), or every element of
// a list of functions v is (a slice or array literal, the variadic
// arguments of a call, a map literal, what the package stores into an
// unexported field or variable of such a type, appends to them), each
// once. Unlike Callees, the answer is v's own, not the union over every
// value of its type: two reconcilers that hand a helper different steps
// get their own steps each. It returns nil, false when one of the
// elements is not known (a parameter, a value from another package).
func (g *Graph) Elements(v ssa.Value) ([]FuncRef, bool) {
	if g == nil {
		return nil, false
	}
	var out []FuncRef
	ok := g.elements(v, make(map[ssa.Value]bool), &out)
	return out, ok && len(out) > 0
}

func (g *Graph) elements(v ssa.Value, seen map[ssa.Value]bool, out *[]FuncRef) bool {
	v = ssax.Unconvert(v)
	if seen[v] {
		return true
	}
	seen[v] = true
	add := func(r FuncRef) {
		if !slices.Contains(*out, r) {
			*out = append(*out, r)
		}
	}
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil() // no function
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		if fn == nil {
			return false
		}
		if m := ssax.FuncOfValue(x); m != fn && len(x.Bindings) == 1 {
			add(FuncRef{Fn: m, Recv: x.Bindings[0]}) // a method value
			return true
		}
		add(FuncRef{Fn: fn, Closure: x})
		return true
	case *ssa.Function:
		add(FuncRef{Fn: x})
		return true
	case *ssa.Phi:
		return g.allElements(x.Edges, seen, out)
	case *ssa.Slice, *ssa.Alloc:
		if _, isSig := elemType(v.Type()).(*types.Signature); !isSig {
			return false
		}
		return g.allElements(elemStores(v, true), seen, out)
	case *ssa.MakeMap:
		return g.allElements(mapStores(x, true), seen, out)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return g.allElements(x.Call.Args, seen, out)
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			// An element of a list: any of the list's.
			return g.elements(ia.X, seen, out)
		}
		if k, ok := holderAt(x.X, isList); ok {
			return g.allElements(g.lists[k], seen, out)
		}
	case *ssa.Lookup:
		return g.elements(x.X, seen, out)
	case *ssa.Extract:
		// A key or value of a range over a map (or the comma-ok form of a
		// lookup): the map's.
		switch t := x.Tuple.(type) {
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok {
				return g.elements(r.X, seen, out)
			}
		case *ssa.Lookup:
			return g.elements(t.X, seen, out)
		}
		return false
	}
	if f, made := g.FuncOf(v); f != nil {
		add(FuncRef{Fn: f, Made: made})
		return true
	}
	return false
}

// allElements adds the functions of every value of vs (elements); it
// fails for none, or when one is not known.
func (g *Graph) allElements(vs []ssa.Value, seen map[ssa.Value]bool, out *[]FuncRef) bool {
	if len(vs) == 0 {
		return false
	}
	for _, v := range vs {
		if !g.elements(v, seen, out) {
			return false
		}
	}
	return true
}

// elemType returns the element type of a slice, array, or pointer to
// array type, or of a map's values; nil otherwise.
func elemType(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return u.Elem().Underlying()
	case *types.Array:
		return u.Elem().Underlying()
	case *types.Map:
		return u.Elem().Underlying()
	}
	return nil
}
