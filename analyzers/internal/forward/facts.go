package forward

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// function or method it calls and, for each operand, the parameter that
// supplies it.
type Fact struct {
	// Target names the callee: "path.Func" or "path.Type.Method" (a
	// method of a named type, an interface's included; for a method of
	// an instance of a generic interface, such as controller-runtime's
	// TypedController[reconcile.Request], the generic interface's: the
	// rebuilt call takes the instance from its receiver).
	Target string
	// Invoke says the call is a dynamic call of Target, an interface
	// method, on the receiver parameter Value.
	Invoke bool
	// Value is the parameter that supplies the receiver of an invoke.
	Value int `json:",omitempty"`
	// Args are the parameters that supply the call's arguments (for a
	// static method call, the receiver first).
	Args []int
	// Fields lists the arguments that are a field of their parameter's
	// object rather than the parameter itself: the promoted receiver
	// &p.ObjectMeta of p.SetFinalizers(…).
	Fields []FieldArg `json:",omitempty"`
	// TargetFacts says the target may have facts of its own (of any
	// analyzer), which a package that does not import the target's package
	// cannot see (FromFacts).
	TargetFacts bool `json:",omitempty"`
}

// FactFor returns what a fact carries of fn when fn forwards to call (a
// call of fn's body, or what it resolves to), or nil when such a call
// cannot be rebuilt in another package from fn's arguments alone: an
// operand is not a parameter of fn (nor a nil constant), or the callee is
// not an exported, named function or method.
func FactFor(fn *ssa.Function, call *ssa.CallCommon) *Fact {
	fact := &Fact{}
	var obj *types.Func
	if call.IsInvoke() {
		src, ok := sourceOf(fn, call.Value)
		if !ok || src.param < 0 {
			return nil
		}
		fact.Invoke, fact.Value, obj = true, src.param, call.Method
	} else {
		callee := call.StaticCallee()
		if callee == nil || callee.Parent() != nil || callee.Origin() != nil || callee.Signature.TypeParams().Len() > 0 {
			return nil
		}
		obj, _ = callee.Object().(*types.Func)
	}
	if obj == nil || !obj.Exported() {
		return nil
	}
	name, ok := targetName(obj)
	if !ok {
		return nil
	}
	fact.Target = name
	for j, a := range call.Args {
		src, ok := sourceOf(fn, a)
		switch {
		case !ok || src.freeVar >= 0:
			return nil
		case src.param >= 0:
			fact.Args = append(fact.Args, src.param)
		case src.base >= 0:
			// &p.F…: rebuilt on the caller's argument (Rebuild).
			fields, ok := fieldChain(fn.Params[src.base], src.keep)
			if !ok {
				return nil
			}
			fact.Args = append(fact.Args, src.base)
			fact.Fields = append(fact.Fields, FieldArg{Arg: j, Fields: fields})
		default:
			if k, isConst := src.keep.(*ssa.Const); !isConst || !k.IsNil() {
				return nil
			}
			fact.Args = append(fact.Args, NilArg)
		}
	}
	return fact
}

// FieldArg says that argument Arg of a Fact is the address of a field of
// its parameter's object: &p.F1.F2…, through the named fields.
type FieldArg struct {
	Arg    int
	Fields []string
}

// NilArg in Fact.Args stands for a nil argument (an empty variadic
// list, a nil option).
const NilArg = -1

// TargetName returns the name under which a Fact names obj (Fact.Target),
// and false for a function no fact can name.
func TargetName(obj *types.Func) (string, bool) { return targetName(obj) }

// targetName returns the name under which Rebuild finds obj again.
func targetName(obj *types.Func) (string, bool) {
	if obj == nil || obj.Pkg() == nil {
		return "", false
	}
	sig, _ := obj.Type().(*types.Signature)
	if sig == nil || sig.TypeParams().Len() > 0 {
		return "", false
	}
	if recv := sig.Recv(); recv != nil {
		t := types.Unalias(recv.Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		n, ok := t.(*types.Named)
		if !ok || n.Obj().Pkg() == nil {
			return "", false
		}
		if n.TypeArgs().Len() > 0 || n.TypeParams().Len() > 0 {
			// Only an interface's method: an invoke's receiver gives
			// the instance again (Rebuild).
			if !types.IsInterface(n) {
				return "", false
			}
			n = n.Origin()
		}
		return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + obj.Name(), true
	}
	return obj.Pkg().Path() + "." + obj.Name(), true
}

// Rebuild returns the call that a call of a forwarder of another package
// (described by fact) with the arguments args makes, in prog, whose
// packages are found through pkgs (import path to package). It returns
// nil when the callee cannot be found.
func Rebuild(fact *Fact, prog *ssa.Program, pkgs func(path string) *types.Package, args []ssa.Value) *ssa.CallCommon {
	obj := lookup(fact.Target, pkgs)
	if obj == nil {
		return nil
	}
	at := func(i int) ssa.Value {
		if i < 0 || i >= len(args) {
			return nil
		}
		return args[i]
	}
	out := &ssa.CallCommon{}
	if fact.Invoke {
		if _, ok := obj.Type().(*types.Signature).Recv().Type().Underlying().(*types.Interface); !ok {
			return nil
		}
		out.Method, out.Value = obj, at(fact.Value)
		if out.Value == nil || !types.IsInterface(out.Value.Type()) {
			return nil
		}
		if obj = instanceMethod(obj, out.Value.Type()); obj == nil {
			return nil
		}
		out.Method = obj
	} else {
		if p := prog.Package(obj.Pkg()); p == nil {
			prog.CreatePackage(obj.Pkg(), nil, nil, true)
		}
		fn := prog.FuncValue(obj)
		if fn == nil {
			return nil
		}
		out.Value = fn
	}
	params := obj.Type().(*types.Signature).Params()
	for j, i := range fact.Args {
		v := at(i)
		if i == NilArg {
			// A static method call's receiver comes first.
			k := j
			if !fact.Invoke && obj.Type().(*types.Signature).Recv() != nil {
				k--
			}
			if k < 0 || k >= params.Len() {
				return nil
			}
			v = ssa.NewConst(nil, params.At(k).Type())
		}
		if v == nil {
			return nil
		}
		for _, fa := range fact.Fields {
			if fa.Arg == j {
				if v = fieldOf(v, fa.Fields); v == nil {
					return nil
				}
			}
		}
		out.Args = append(out.Args, v)
	}
	return out
}

// fieldChain returns the names of the fields that v, a forwarder's
// operand, selects from the parameter p: v is &p.F1.F2… (a chain of
// FieldAddr on the pointer p). ok is false for any other computation.
func fieldChain(p *ssa.Parameter, v ssa.Value) ([]string, bool) {
	var names []string
	for range 8 {
		switch x := v.(type) {
		case *ssa.Parameter:
			return names, x == p && len(names) > 0
		case *ssa.FieldAddr:
			st, ok := ssax.Deref(x.X.Type()).Underlying().(*types.Struct)
			if !ok {
				return nil, false
			}
			names = append([]string{st.Field(x.Field).Name()}, names...)
			v = x.X
		default:
			return nil, false
		}
	}
	return nil, false
}

// fieldOf returns the address of the field at names of the object base
// points to, as a Derived value of base, or nil when base's type has no
// such fields.
func fieldOf(base ssa.Value, names []string) ssa.Value {
	t := base.Type()
	for _, n := range names {
		st, ok := ssax.Deref(t).Underlying().(*types.Struct)
		if !ok {
			return nil
		}
		var f *types.Var
		for i := 0; i < st.NumFields(); i++ {
			if st.Field(i).Name() == n {
				f = st.Field(i)
			}
		}
		if f == nil {
			return nil
		}
		t = types.NewPointer(f.Type())
	}
	return &Derived{Base: base, Path: names, T: t}
}

// instanceMethod returns the method m of a generic interface as a method
// of recv, an instance of that interface (m itself when the interface is
// not generic); nil when recv is no instance of it.
func instanceMethod(m *types.Func, recv types.Type) *types.Func {
	sig := m.Type().(*types.Signature)
	decl, ok := types.Unalias(sig.Recv().Type()).(*types.Named)
	if !ok || decl.TypeParams().Len() == 0 {
		return m
	}
	inst, ok := types.Unalias(recv).(*types.Named)
	if !ok || inst.Origin() != decl.Origin() {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(inst, false, m.Pkg(), m.Name())
	fn, _ := obj.(*types.Func)
	return fn
}

// lookup finds the function or method that name (see Fact.Target) names.
func lookup(name string, pkgs func(path string) *types.Package) *types.Func {
	// The package path may hold dots; the names after it do not.
	for cut := len(name); cut > 0; {
		i := strings.LastIndexByte(name[:cut], '.')
		if i < 0 {
			return nil
		}
		cut = i
		pkg := pkgs(name[:i])
		if pkg == nil {
			continue
		}
		rest := strings.Split(name[i+1:], ".")
		switch len(rest) {
		case 1:
			fn, _ := pkg.Scope().Lookup(rest[0]).(*types.Func)
			return fn
		case 2:
			tn, _ := pkg.Scope().Lookup(rest[0]).(*types.TypeName)
			if tn == nil {
				return nil
			}
			t := tn.Type()
			if !types.IsInterface(t) {
				t = types.NewPointer(t)
			}
			obj, _, _ := types.LookupFieldOrMethod(t, false, pkg, rest[1])
			fn, _ := obj.(*types.Func)
			return fn
		}
		return nil
	}
	return nil
}

// FromFacts returns the resolver of calls of other packages' forwarders
// for pkg, whose SSA program is prog: fact returns a function's Fact, or
// nil. It sees through a forwarder whose target is an interface method, a
// function of a package pkg imports, or a function that may have no facts
// (Fact.TargetFacts), and no other: go/analysis passes on only the facts
// of objects in the imports' export data, so another target's facts (of
// any analyzer) are not visible in pkg, and the forwarder's own facts
// describe the call better.
func FromFacts(pkg *types.Package, prog *ssa.Program, fact func(*types.Func) *Fact, varFact func(*types.Var) *Fact) func(c *ssa.CallCommon) *ssa.CallCommon {
	pkgs := map[string]*types.Package{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if pkgs[p.Path()] == nil {
			pkgs[p.Path()] = p
			for _, q := range p.Imports() {
				visit(q)
			}
		}
	}
	visit(pkg)
	return func(c *ssa.CallCommon) *ssa.CallCommon {
		var f *Fact
		if v := HeldVar(c, pkg); v != nil {
			// A call through a variable of another package that holds
			// a forwarder (var Update = func(…) error { … }).
			if varFact != nil {
				f = varFact(v)
			}
		} else if fn := c.StaticCallee(); fn != nil {
			if obj, _ := fn.Object().(*types.Func); obj != nil {
				f = fact(obj)
			}
		}
		if f == nil {
			return nil
		}
		out := Rebuild(f, prog, func(path string) *types.Package { return pkgs[path] }, c.Args)
		if out != nil && !out.IsInvoke() && f.TargetFacts && !slices.Contains(pkg.Imports(), out.StaticCallee().Pkg.Pkg) {
			return nil
		}
		return out
	}
}

// HeldVar returns the variable of a package other than pkg whose
// function the call c calls (`otherpkg.Now()` for `var Now = time.Now`),
// or nil.
func HeldVar(c *ssa.CallCommon, pkg *types.Package) *types.Var {
	if c.IsInvoke() {
		return nil
	}
	ld, ok := c.Value.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	g, ok := ld.X.(*ssa.Global)
	if !ok {
		return nil
	}
	v, _ := g.Object().(*types.Var)
	if v == nil || v.Pkg() == nil || v.Pkg() == pkg {
		return nil
	}
	return v
}
