// Package forward sees through forwarders: functions whose body only
// passes their parameters on to one call and returns that call's results,
// such as
//
//	func update(c client.Client, ctx context.Context, o client.Object) error {
//		return c.Update(ctx, o)
//	}
//
// or the same written as a closure, a generic function, a function held
// in a package-level variable, or a function of another package. A call of
// a forwarder does what the call it forwards to does, with the caller's
// arguments: Resolve rewrites it into that call, so every rule that
// recognises an API call recognises it however it is wrapped.
//
// The package knows nothing of Kubernetes; it works on go/ssa and
// go/types alone. The model (package summary) resolves every call of its
// package once, while it builds, and carries forwarders across packages in
// a fact (Fact).
package forward

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// maxDepth bounds how many forwarders Resolve sees through in a row.
const maxDepth = 4

// source says where an operand of a forwarded call comes from.
type source struct {
	param   int       // index into the forwarder's Params, or -1
	freeVar int       // index into its FreeVars, or -1
	keep    ssa.Value // the forwarder's own value (a constant, a field of a parameter), when both are -1
	// base is the parameter (base >= 0) or free variable (-2-base) that a
	// kept value is computed from, or -1 when it is computed from none.
	base int
}

// Forwarder is the call a forwarder makes, and where each of its operands
// comes from.
type Forwarder struct {
	// Fn is the forwarder.
	Fn *ssa.Function
	// Call is the one call its body makes.
	Call  *ssa.CallCommon
	value source   // the callee value (or the receiver of an invoke)
	args  []source // Call.Args
	// closure is the forwarder that Call calls when its callee is a
	// closure made in the body (func() error { return c.Update(ctx, o) }()),
	// and bindings where its free variables come from.
	closure  *Forwarder
	bindings []source
	// spilled tells, per binding, that it is the cell a parameter of the
	// forwarder was spilled into for the closure to capture: a load of
	// that free variable in the closure is the parameter itself.
	spilled []bool
}

// Of returns the forwarder that fn is, or nil when its body does more
// than forward one call.
func Of(fn *ssa.Function) *Forwarder {
	call, mc := scan(fn)
	if call == nil {
		return nil
	}
	c := call.Common()
	if _, ok := c.Value.(*ssa.Builtin); ok {
		return nil
	}
	if c.StaticCallee() == fn {
		return nil
	}
	f := &Forwarder{Fn: fn, Call: c}
	var ok bool
	switch {
	case isFactoryCall(c.Value):
		// The body calls the closure a factory returns: a forwarder too
		// when that closure is one (it captures nothing).
		inner := FactoryClosure(c.Value.(*ssa.Call).Call.StaticCallee())
		if inner == fn {
			return nil
		}
		if f.closure = Of(inner); f.closure == nil {
			return nil
		}
	case mc != nil:
		// The body calls a closure it makes: a forwarder too when the
		// closure is one and its bindings come from fn's parameters.
		inner, _ := mc.Fn.(*ssa.Function)
		if c.Value != ssa.Value(mc) || inner == nil || inner == fn {
			return nil
		}
		if f.closure = Of(inner); f.closure == nil {
			return nil
		}
		for _, b := range mc.Bindings {
			src, ok := sourceOf(fn, b)
			if !ok {
				return nil
			}
			f.bindings = append(f.bindings, src)
			a, isCell := b.(*ssa.Alloc)
			f.spilled = append(f.spilled, isCell && ssax.SpilledParam(a) != nil)
		}
	default:
		if f.value, ok = sourceOf(fn, c.Value); !ok {
			return nil
		}
	}
	for _, a := range c.Args {
		src, ok := sourceOf(fn, a)
		if !ok {
			return nil
		}
		f.args = append(f.args, src)
	}
	return f
}

// scan returns the one call fn's body makes when the body does nothing
// else but return its results (spilling parameters into the cells a
// closure captures, loading, converting and selecting fields on the way),
// and the closure the body makes, if it makes one. It returns a nil call
// when the body does anything else.
func scan(fn *ssa.Function) (*ssa.Call, *ssa.MakeClosure) {
	if fn == nil || len(fn.Blocks) != 1 || fn.Recover != nil {
		return nil, nil
	}
	var call *ssa.Call
	var ret *ssa.Return
	var mc *ssa.MakeClosure
	var factory *ssa.Call // a call of a factory whose closure the body calls
	for _, instr := range fn.Blocks[0].Instrs {
		switch x := instr.(type) {
		case *ssa.MakeClosure:
			if mc != nil {
				return nil, nil
			}
			mc = x
		case *ssa.Alloc:
			// A parameter the closure captures lives in a cell.
			if p := ssax.SpilledParam(x); p == nil || p.Parent() != fn {
				return nil, nil
			}
		case *ssa.Store:
			if a, ok := x.Addr.(*ssa.Alloc); !ok || ssax.SpilledParam(a) != x.Val {
				return nil, nil
			}
		case *ssa.Call:
			if factory == nil && len(x.Call.Args) == 0 && FactoryClosure(x.Call.StaticCallee()) != nil {
				factory = x
				continue
			}
			if call != nil {
				return nil, nil
			}
			call = x
		case *ssa.Return:
			ret = x
		case *ssa.DebugRef, *ssa.FieldAddr, *ssa.Field, *ssa.MakeInterface,
			*ssa.ChangeInterface, *ssa.ChangeType, *ssa.Convert, *ssa.Extract:
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil, nil
			}
		default:
			return nil, nil
		}
	}
	if call == nil || ret == nil || !returnsCall(ret, call) {
		return nil, nil
	}
	if factory != nil && call.Call.Value != ssa.Value(factory) {
		return nil, nil // the factory's closure is not what the body calls
	}
	return call, mc
}

// isFactoryCall reports whether v is a call, without arguments, of a
// function that returns a closure capturing nothing (FactoryClosure).
func isFactoryCall(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	return ok && len(c.Call.Args) == 0 && FactoryClosure(c.Call.StaticCallee()) != nil
}

// FactoryClosure returns the closure that the function fn returns on
// every path when it captures nothing (func() func(…) { return func(…)
// {…} }): a call of fn is that closure. It returns nil otherwise.
func FactoryClosure(fn *ssa.Function) *ssa.Function {
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return nil
	}
	var out *ssa.Function
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		var inner *ssa.Function
		switch x := ssax.StripIdentityConv(ret.Results[0]).(type) {
		case *ssa.MakeClosure:
			if len(x.Bindings) == 0 {
				inner, _ = x.Fn.(*ssa.Function)
			}
		case *ssa.Function:
			inner = x
		}
		if inner == nil || inner == fn || out != nil && out != inner {
			return nil
		}
		out = inner
	}
	return out
}

// ClosureBody returns the closure that is fn's whole body: fn makes it,
// calls it at once with no arguments and returns its results
// (func (r *R) Reconcile(ctx, req) (Result, error) { return func() (Result, error) { … }() }).
// The closure reads fn's parameters through the cells it captures. It
// returns nil for any other body.
func ClosureBody(fn *ssa.Function) *ssa.Function {
	call, mc := scan(fn)
	if call == nil || mc == nil || call.Call.Value != ssa.Value(mc) || len(call.Call.Args) != 0 {
		return nil
	}
	inner, _ := mc.Fn.(*ssa.Function)
	if inner == fn {
		return nil
	}
	return inner
}

// returnsCall reports whether ret returns exactly the results of call, in
// order (converted to the forwarder's result types at most), and call's
// results are used by nothing else.
func returnsCall(ret *ssa.Return, call *ssa.Call) bool {
	sig := call.Common().Signature()
	n := sig.Results().Len()
	if len(ret.Results) != n {
		return false
	}
	for i, r := range ret.Results {
		r = ssax.StripIdentityConv(r)
		if n == 1 {
			if r != ssa.Value(call) {
				return false
			}
			continue
		}
		e, ok := r.(*ssa.Extract)
		if !ok || e.Tuple != ssa.Value(call) || e.Index != i {
			return false
		}
	}
	return true
}

// sourceOf says where v, an operand of the forwarded call in fn, comes
// from: a parameter, a free variable, or fn itself (a constant, a
// function, a field or conversion of those). Anything else (another call,
// a value computed by other instructions) makes fn no forwarder.
func sourceOf(fn *ssa.Function, v ssa.Value) (source, bool) {
	switch x := ssax.StripIdentityConv(v).(type) {
	case *ssa.Parameter:
		for i, p := range fn.Params {
			if p == x {
				return source{param: i, freeVar: -1, base: -1}, true
			}
		}
	case *ssa.FreeVar:
		for i, p := range fn.FreeVars {
			if p == x {
				return source{param: -1, freeVar: i, base: -1}, true
			}
		}
	case *ssa.Alloc:
		// The cell of a captured parameter stands for the parameter: the
		// closure's loads of it become Derived values of the argument.
		if p := ssax.SpilledParam(x); p != nil && p.Parent() == fn {
			return sourceOf(fn, p)
		}
	}
	if ok, base := derivation(fn, v); ok {
		return source{param: -1, freeVar: -1, keep: v, base: base}, true
	}
	return source{}, false
}

// Derived is an operand of a forwarded call that the forwarder computes
// from one of its parameters (a field of it, a load, a conversion): the
// same computation on the caller's argument Base. Inner is the
// forwarder's own value. It is an ssa.Value of Inner's type for the rules
// that read a value's type; the model's RootOf follows it to Base, with
// the field path from the parameter to Inner.
//
// A forwarder of another package has no SSA here: its fact names the
// fields instead (Fact.Fields), and the value has no Inner but the
// field names Path from Base and the type T.
type Derived struct {
	Base  ssa.Value
	Inner ssa.Value
	Path  []string
	T     types.Type
}

// Name implements ssa.Value.
func (d *Derived) Name() string {
	if d.Inner == nil {
		return "&" + d.Base.Name() + "." + strings.Join(d.Path, ".")
	}
	return d.Inner.Name()
}

// String implements ssa.Value.
func (d *Derived) String() string {
	if d.Inner == nil {
		return d.Name()
	}
	return d.Inner.String()
}

// Type implements ssa.Value.
func (d *Derived) Type() types.Type {
	if d.Inner == nil {
		return d.T
	}
	return d.Inner.Type()
}

// Parent implements ssa.Value: the caller's function.
func (d *Derived) Parent() *ssa.Function { return d.Base.Parent() }

// Referrers implements ssa.Value: a derived value is no instruction's
// operand.
func (d *Derived) Referrers() *[]ssa.Instruction { return nil }

// Pos implements ssa.Value.
func (d *Derived) Pos() token.Pos {
	if d.Inner == nil {
		return d.Base.Pos()
	}
	return d.Inner.Pos()
}

// derivation reports whether v is a constant, a function, a global, or a
// field, load or conversion of one of those or of a parameter or free
// variable of fn; base is that parameter (>= 0) or free variable
// (-2-index), or -1.
func derivation(fn *ssa.Function, v ssa.Value) (ok bool, base int) {
	for range 9 {
		switch x := v.(type) {
		case *ssa.Const, *ssa.Function, *ssa.Global:
			return true, -1
		case *ssa.Parameter:
			if i := slices.Index(fn.Params, x); i >= 0 {
				return true, i
			}
			return false, -1
		case *ssa.FreeVar:
			if i := slices.Index(fn.FreeVars, x); i >= 0 {
				return true, -2 - i
			}
			return false, -1
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false, -1
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			if v = ssax.StripIdentityConv(v); v == x {
				return false, -1
			}
		}
	}
	return false, -1
}

// Param returns the index of the parameter of f's function that supplies
// argument i of the call it forwards to (receiver first for a static
// method call), or -1.
func (f *Forwarder) Param(i int) int {
	if i < 0 || i >= len(f.args) {
		return -1
	}
	return f.args[i].param
}

// Apply returns the call f forwards to, as made by a call of f with the
// arguments args (f's parameters, in order) and, for a closure, the
// bindings of its free variables. It returns nil when an argument is
// missing.
func (f *Forwarder) Apply(args, bindings []ssa.Value) *ssa.CallCommon {
	return f.apply(args, bindings, nil)
}

// apply is Apply, where spilled tells which bindings stand for a
// parameter of the forwarder that made the closure f is (Forwarder.spilled):
// the closure's load of such a free variable is that binding itself.
func (f *Forwarder) apply(args, bindings []ssa.Value, spilled []bool) *ssa.CallCommon {
	val := func(s source) ssa.Value {
		switch {
		case s.param >= 0:
			if s.param < len(args) {
				return args[s.param]
			}
			return nil
		case s.freeVar >= 0:
			if s.freeVar < len(bindings) {
				return bindings[s.freeVar]
			}
			return nil
		}
		var base ssa.Value
		switch {
		case s.base >= 0 && s.base < len(args):
			base = args[s.base]
		case s.base <= -2 && -2-s.base < len(bindings):
			i := -2 - s.base
			base = bindings[i]
			if i < len(spilled) && spilled[i] && isLoadOf(s.keep, f.Fn.FreeVars[i]) {
				return base // the parameter the cell holds
			}
		}
		if base != nil {
			return &Derived{Base: base, Inner: s.keep}
		}
		return s.keep
	}
	mapped := func(srcs []source) ([]ssa.Value, bool) {
		var vs []ssa.Value
		for _, src := range srcs {
			v := val(src)
			if v == nil {
				return nil, false
			}
			vs = append(vs, v)
		}
		return vs, true
	}
	args2, ok := mapped(f.args)
	if !ok {
		return nil
	}
	if f.closure != nil {
		binds, ok := mapped(f.bindings)
		if !ok {
			return nil
		}
		return f.closure.apply(args2, binds, f.spilled)
	}
	out := &ssa.CallCommon{Method: f.Call.Method, Value: val(f.value), Args: args2}
	if out.Value == nil {
		return nil
	}
	return out
}

// isLoadOf reports whether v is a load of the free variable fv, and no
// more (no field of it, no conversion).
func isLoadOf(v ssa.Value, fv *ssa.FreeVar) bool {
	u, ok := v.(*ssa.UnOp)
	return ok && u.Op == token.MUL && u.X == ssa.Value(fv)
}

// Resolver resolves the calls of one package.
type Resolver struct {
	// Callee returns the function a call reaches statically (a function,
	// a closure, a generic instance, a function held by a variable), or
	// nil.
	Callee func(c *ssa.CallCommon) *ssa.Function
	// Other, when set, resolves a call of a function of another package
	// (one with no body here) from its fact (Fact, Rebuild), or returns
	// nil.
	Other func(fn *ssa.Function, c *ssa.CallCommon) *ssa.CallCommon
	// Invoke, when set, resolves a dynamic call of an interface method
	// to a static call of its implementation (the summary's call graph),
	// or returns nil.
	Invoke func(c *ssa.CallCommon) *ssa.CallCommon
}

// Resolve returns the call that c ends up making when its callee is a
// forwarder (through up to maxDepth forwarders), or nil when it is not.
func (r *Resolver) Resolve(c *ssa.CallCommon) *ssa.CallCommon {
	var out *ssa.CallCommon
	for range maxDepth {
		next := r.step(c)
		if next == nil {
			break
		}
		out, c = next, next
	}
	return out
}

// step sees through one forwarder.
func (r *Resolver) step(c *ssa.CallCommon) *ssa.CallCommon {
	if c.IsInvoke() {
		if r.Invoke != nil {
			return r.Invoke(c)
		}
		return nil
	}
	if fn := c.StaticCallee(); fn != nil && len(fn.Blocks) == 0 && r.Other != nil {
		return r.Other(fn, c)
	}
	if ld, ok := c.Value.(*ssa.UnOp); ok && r.Other != nil {
		if _, ok := ld.X.(*ssa.Global); ok {
			// A function variable (of another package: Other asks its
			// fact, which may say it holds a forwarder).
			if out := r.Other(nil, c); out != nil {
				return out
			}
		}
	}
	fn := r.Callee(c)
	if fn == nil {
		return nil
	}
	var bindings []ssa.Value
	if mc, ok := c.Value.(*ssa.MakeClosure); ok {
		bindings = mc.Bindings
	}
	f := Of(fn)
	if f == nil {
		return nil
	}
	return f.Apply(c.Args, bindings)
}

// Inline finds the forwarders of a package that are inlined, and resolves
// every call of the package that goes through them. fns are the
// package's functions (closures included), local returns the function of
// the package a call reaches statically (a generic instance resolves to
// its origin), places says where the package keeps one function (a
// package variable, a field, a factory's result: calls.Graph), or is nil,
// other resolves calls of other packages' forwarders from their
// facts (FromFacts), and invoke devirtualizes dynamic calls (the
// summary's call graph); either may be nil.
//
// A forwarder is inlined when no other package can call it (an unexported
// function that is no method, a closure, a generic function's instance)
// and every use of it in the package is a call: its own call is then seen
// at its callers' sites only, and a model that skips its body counts
// nothing twice.
func Inline(fns []*ssa.Function, local func(*ssa.CallCommon) *ssa.Function, places Places,
	other, invoke func(c *ssa.CallCommon) *ssa.CallCommon) (map[*ssa.CallCommon]*ssa.CallCommon, map[*ssa.Function]bool) {
	calls := map[*ssa.Function]int{}
	eachCall(fns, func(c *ssa.CallCommon) {
		if callee := local(c); callee != nil && private(callee) && Of(callee) != nil {
			calls[callee]++
		}
	})
	inlined := make(map[*ssa.Function]bool)
	used := uses(fns, calls, places)
	for fn, n := range calls {
		if n == used[fn] {
			inlined[fn] = true
		}
	}
	r := &Resolver{Callee: func(c *ssa.CallCommon) *ssa.Function {
		if fn := local(c); fn != nil && inlined[fn] {
			if s := c.StaticCallee(); s != nil {
				return s // a generic instance's wrapper, seen through next
			}
			return fn
		}
		return nil
	}, Invoke: invoke}
	if other != nil {
		r.Other = func(_ *ssa.Function, c *ssa.CallCommon) *ssa.CallCommon { return other(c) }
	}
	resolved := make(map[*ssa.CallCommon]*ssa.CallCommon)
	eachCall(fns, func(c *ssa.CallCommon) {
		if out := r.Resolve(c); out != nil {
			resolved[c] = out
		}
	})
	return resolved, inlined
}

// eachCall calls f for each call of fns.
func eachCall(fns []*ssa.Function, f func(c *ssa.CallCommon)) {
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					f(call.Common())
				}
			}
		}
	}
}

// private reports whether only its package can call fn: a closure, or an
// unexported function that is no method.
func private(fn *ssa.Function) bool {
	if fn.Parent() != nil {
		return true
	}
	obj := fn.Object()
	return obj != nil && !obj.Exported() && fn.Signature.Recv() == nil
}

// Places says where a package keeps one function, so that reading it
// there is using it and putting it there is not (calls.Graph).
type Places interface {
	// Held returns the function a value reads from such a place.
	Held(v ssa.Value) *ssa.Function
	// Defines reports whether instr puts fn into such a place.
	Defines(instr ssa.Instruction, fn *ssa.Function) bool
}

// uses counts, in one pass over fns, the uses as a value of each
// function of of (or of its instances): calls, closures made of it (each
// of their uses), stores, arguments, conversions. A variable, a field or
// a factory's result that holds one (places) counts each use of each
// value read from it instead of what defines it.
func uses[V any](fns []*ssa.Function, of map[*ssa.Function]V, places Places) map[*ssa.Function]int {
	n := map[*ssa.Function]int{}
	target := func(v ssa.Value) *ssa.Function {
		f, ok := v.(*ssa.Function)
		if !ok {
			return nil
		}
		if _, ok := of[f]; ok {
			return f
		}
		if o := f.Origin(); o != nil {
			if _, ok := of[o]; ok {
				return o
			}
		}
		return nil
	}
	definition := func(instr ssa.Instruction, fn *ssa.Function) bool {
		return places != nil && places.Defines(instr, fn)
	}
	count := func(fn *ssa.Function, v ssa.Value) {
		refs := v.Referrers()
		if refs == nil {
			n[fn] += 1 << 20 // unknown uses
			return
		}
		for _, r := range *refs {
			if !definition(r, fn) {
				n[fn]++
			}
		}
	}
	for _, f := range fns {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if v, ok := instr.(ssa.Value); ok && places != nil {
					if h := places.Held(v); h != nil {
						if _, ok := of[h]; ok {
							count(h, v) // a read of a place that holds h
						}
					}
				}
				switch x := instr.(type) {
				case *ssa.Store:
					if definition(x, target(x.Val)) {
						continue // the definition of a holder
					}
				case *ssa.Return:
					if len(x.Results) == 1 && definition(x, target(x.Results[0])) {
						continue // a factory's return of its function
					}
				}
				for _, op := range instr.Operands(nil) {
					fn := target(*op)
					if fn == nil {
						continue
					}
					if mc, ok := instr.(*ssa.MakeClosure); ok {
						count(fn, mc)
					} else {
						n[fn]++
					}
				}
			}
		}
	}
	return n
}
