package roots

import (
	"cmp"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// madeManagers returns the R8 roots a factory of the package shows from
// the implementation's side, when the reconciler that uses it lives in a
// package that imports this one (so no dispatch fact can tell): an
// exported function or method that takes an API object and returns, as
// an interface, a value of a type of the package it builds
// (`NewManager(cr *unstructured.Unstructured, …) (Manager, error)`
// returning `&manager{…}`) makes a manager for that object. The methods
// of the returned interface that take a context.Context are the steps
// its user runs for the object; each implementation of the type is a
// root, unless the package itself calls the method (then its callers
// decide how it is reached).
func madeManagers(pkg *ssa.Package, funcs []*ssa.Function) []*ssa.Function {
	called := calledMethods(funcs)
	var out []*ssa.Function
	for _, fn := range funcs {
		if fn.Parent() != nil || fn.Object() == nil || !fn.Object().Exported() || !takesObject(fn) {
			continue
		}
		res := fn.Signature.Results()
		if res.Len() == 0 {
			continue
		}
		iface, ok := res.At(0).Type().Underlying().(*types.Interface)
		if !ok || iface.Empty() {
			continue
		}
		for _, made := range madeTypes(fn, 0) {
			ms := pkg.Prog.MethodSets.MethodSet(made)
			for i := range iface.NumMethods() {
				m := iface.Method(i)
				sig := m.Type().(*types.Signature)
				if sig.Params().Len() == 0 || !apis.IsContext(sig.Params().At(0).Type()) || called[m] {
					continue
				}
				sel := ms.Lookup(m.Pkg(), m.Name())
				if sel == nil {
					continue
				}
				// The declared method (a value method reached through a
				// pointer has a synthetic wrapper).
				obj, _ := sel.Obj().(*types.Func)
				impl := pkg.Prog.FuncValue(obj)
				if obj == nil || impl == nil || impl.Pkg != pkg || len(impl.Blocks) == 0 || impl.Synthetic != "" || called[impl.Object()] {
					continue
				}
				if !slices.Contains(out, impl) {
					out = append(out, impl)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// takesObject reports whether one of fn's parameters (after the
// receiver) is an API object.
func takesObject(fn *ssa.Function) bool {
	ps := fn.Signature.Params()
	for i := range ps.Len() {
		if apis.IsObject(ps.At(i).Type()) {
			return true
		}
	}
	return false
}

// calledMethods returns the methods that funcs call: interface methods
// they invoke and concrete methods they call, by their objects.
func calledMethods(funcs []*ssa.Function) map[types.Object]bool {
	out := map[types.Object]bool{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if c.Common().IsInvoke() {
					out[c.Common().Method] = true
				} else if callee := ssax.CalleeFunc(c.Common()); callee != nil {
					out[callee] = true
				}
			}
		}
	}
	return out
}

// madeTypes returns the concrete types fn returns as its first result,
// made into an interface value there or in a function of the package
// whose result it returns (a body moved into a helper, a closure, a
// generic function).
func madeTypes(fn *ssa.Function, depth int) []types.Type {
	if depth > 3 {
		return nil
	}
	if len(fn.Blocks) == 0 && fn.Origin() != nil {
		fn = fn.Origin()
	}
	var out []types.Type
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		v := ret.Results[0]
		if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
			v = x.Tuple
		}
		switch x := v.(type) {
		case *ssa.MakeInterface:
			out = append(out, x.X.Type())
		case *ssa.Call:
			if callee := x.Call.StaticCallee(); callee != nil && ssax.PkgOf(callee) == ssax.PkgOf(fn) {
				out = append(out, madeTypes(callee, depth+1)...)
			}
		}
	}
	return out
}
