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
	return g.Methods(nil, v, nil)
}

// Methods is Elements for a call of the method m of the interface value
// v, or of v's elements (s.Apply(w) for each strategy of a list): for
// each concrete value made into the interface where the list is filled
// (a literal, the package's stores into its field), the method of its
// type, with that value as the receiver (FuncRef.Recv). With m nil it
// is Elements.
func (g *Graph) Methods(prog *ssa.Program, v ssa.Value, m *types.Func) ([]FuncRef, bool) {
	return g.FieldMethods(prog, v, -1, m)
}

// FieldMethods is Methods for the field field (>= 0) of the elements of
// the list v, a table of structs (rule.value(w) for each rule of
// []rule{{key: "a", value: stampA}, …}): what the table's literal stores
// into that field of each element. With field < 0 it is Methods.
func (g *Graph) FieldMethods(prog *ssa.Program, v ssa.Value, field int, m *types.Func) ([]FuncRef, bool) {
	if g == nil {
		return nil, false
	}
	w := walk{g: g, prog: prog, method: m, field: field, seen: make(map[ssa.Value]bool)}
	ok := w.elements(v)
	return w.out, ok && len(w.out) > 0
}

// walk is one Methods query: the method asked for (nil: the functions
// themselves), what was visited, and what was found.
type walk struct {
	g      *Graph
	prog   *ssa.Program
	method *types.Func
	// field, when >= 0, says the list is a table of structs and the
	// functions are in that field of its elements.
	field int
	seen  map[ssa.Value]bool
	out   []FuncRef
}

// leafType reports whether t is what the walk's list elements are: a
// function type, or with a method asked for, an interface type.
func (w *walk) leafType(t types.Type) bool {
	if t == nil {
		return false
	}
	if w.method != nil {
		return types.IsInterface(t)
	}
	_, ok := t.(*types.Signature)
	return ok
}

func (w *walk) elements(v ssa.Value) bool {
	if w.method != nil {
		// The concrete value made into the interface, before Unconvert
		// takes the conversion away.
		for {
			if ci, ok := v.(*ssa.ChangeInterface); ok {
				v = ci.X
				continue
			}
			break
		}
		if mi, ok := v.(*ssa.MakeInterface); ok {
			return w.method1(mi)
		}
	}
	v = ssax.Unconvert(v)
	if w.seen[v] {
		return true
	}
	w.seen[v] = true
	g := w.g
	add := func(r FuncRef) {
		if !slices.Contains(w.out, r) {
			w.out = append(w.out, r)
		}
	}
	if w.method != nil {
		switch x := v.(type) {
		case *ssa.Const:
			return x.IsNil()
		case *ssa.MakeClosure, *ssa.Function:
			return false
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
		return w.all(x.Edges)
	case *ssa.Slice, *ssa.Alloc:
		if w.field >= 0 {
			// A table of structs: what its literal stores into the
			// field of each element, walked as functions.
			vals := elemStores(v, w.field, true)
			if len(vals) == 0 {
				return false
			}
			f := w.field
			w.field = -1
			ok := w.all(vals)
			w.field = f
			return ok
		}
		if !w.leafType(elemType(v.Type())) {
			return false
		}
		return w.all(elemStores(v, -1, true))
	case *ssa.MakeMap:
		return w.all(mapStores(x, true))
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			return w.all(x.Call.Args)
		}
		if !listType(v.Type()) {
			break // a factory's closure (FuncOf, below)
		}
		// A list a function of the package builds and returns
		// (defaultSteps()): what it returns.
		if callee := x.Call.StaticCallee(); callee != nil {
			if rets, ok := Returns(BodyOf(callee)); ok {
				return w.all(rets)
			}
		}
		return false
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			// An element of a list: any of the list's.
			return w.elements(ia.X)
		}
		if k, ok := holderAt(x.X, isList); ok {
			return w.all(g.lists[k])
		}
	case *ssa.Lookup:
		return w.elements(x.X)
	case *ssa.Extract:
		// A key or value of a range over a map (or the comma-ok form of a
		// lookup): the map's.
		switch t := x.Tuple.(type) {
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok {
				return w.elements(r.X)
			}
		case *ssa.Lookup:
			return w.elements(t.X)
		}
		return false
	}
	if w.method != nil {
		return false
	}
	if f, made := g.FuncOf(v); f != nil {
		add(FuncRef{Fn: f, Made: made})
		return true
	}
	return false
}

// listType reports whether t is a slice, array or map (of anything).
func listType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array, *types.Map:
		return true
	}
	return false
}

// method1 adds the method asked for of the concrete value mi makes into
// an interface value, with that value as its receiver.
func (w *walk) method1(mi *ssa.MakeInterface) bool {
	sel := w.prog.MethodSets.MethodSet(mi.X.Type()).Lookup(w.method.Pkg(), w.method.Name())
	if sel == nil {
		return false
	}
	f := w.prog.MethodValue(sel)
	if f == nil {
		return false
	}
	if r := (FuncRef{Fn: f, Recv: mi.X}); !slices.Contains(w.out, r) {
		w.out = append(w.out, r)
	}
	return true
}

// structStores returns what the struct at t (an Alloc the literal built
// field by field) holds in the field field, and whether stores into its
// fields and loads are all that is done to it.
func structStores(t ssa.Value, field int) ([]ssa.Value, bool) {
	tmp, ok := t.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var out []ssa.Value
	for _, u := range *tmp.Referrers() {
		switch f := u.(type) {
		case *ssa.FieldAddr:
			vals, ok := fieldStores(f, field)
			if !ok {
				return nil, false
			}
			out = append(out, vals...)
		case *ssa.UnOp:
		default:
			return nil, false
		}
	}
	return out, true
}

// fieldStores returns what is stored at the field address fa when its
// field is field (nothing for another field), and whether stores and
// loads are all that is done there.
func fieldStores(fa *ssa.FieldAddr, field int) ([]ssa.Value, bool) {
	var out []ssa.Value
	for _, u := range *fa.Referrers() {
		switch st := u.(type) {
		case *ssa.Store:
			if st.Addr != fa {
				return nil, false
			}
			if fa.Field == field {
				out = append(out, st.Val)
			}
		case *ssa.UnOp:
		default:
			return nil, false
		}
	}
	return out, true
}

// all adds the functions of every value of vs (elements); it fails for
// none, or when one is not known.
func (w *walk) all(vs []ssa.Value) bool {
	if len(vs) == 0 {
		return false
	}
	for _, v := range vs {
		if !w.elements(v) {
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

// AtPath is Methods for what the field field of the struct the pointer v
// points to holds, by where that struct sits (r.hooks, a package
// variable's registry): the functions stored there through its address,
// and those registered by a call of a function of the package that
// stores its argument there (r.hooks.register(r.assign)). Two values of
// the struct's type that sit in different places have their own answers.
func (g *Graph) AtPath(prog *ssa.Program, v ssa.Value, field int, m *types.Func) ([]FuncRef, bool) {
	if g == nil || field < 0 {
		return nil, false
	}
	v = ssax.Unconvert(v)
	st := pointee(v)
	outer, ok := instanceOf(v)
	if st == nil || !ok || field >= st.NumFields() {
		return nil, false
	}
	vals, ok := g.paths[pathKey{outer: outer, inner: holder{st: st, field: field}}]
	if !ok {
		return nil, false
	}
	w := walk{g: g, prog: prog, method: m, field: -1, seen: make(map[ssa.Value]bool)}
	for _, val := range vals {
		if !w.elements(val) {
			return nil, false
		}
	}
	return w.out, len(w.out) > 0
}
