package summary

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/calls"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/taint"
)

// paramCall is a call a helper makes through a function it is given: its
// parameter param is the function, or a list (slice, array, map) of the
// functions it calls (runAll(w, steps) { for _, s := range steps { s(w) }
// }; apply(obj, opts ...Option)).
type paramCall struct {
	call  ssa.CallInstruction
	param int
	field int // the field of the parameter that holds the function, or -1
	// method, for a call of a method of an interface value the parameter
	// is or holds (s.Apply(w) for each strategy), is that method.
	method *types.Func
	// chain, for a call a helper of fn makes through what fn hands it
	// (apply(l, cm) forwarding to apply1(l, cm), which calls l.value),
	// are the calls from fn down to the function that makes call:
	// chain[0] is in fn, each next one in the callee of the one before.
	chain []ssa.CallInstruction
}

// ParamCallRef names a parameter through which a function calls another
// (Effect.ParamCall): Param is 1 + its index (0: none), Field 1 + the
// index of the field of it that holds the function (0: the parameter
// itself, or its elements); Method, for a call of a method of an
// interface value the parameter is or holds, that method.
type ParamCallRef struct {
	Param, Field int
	Method       *types.Func
}

// paramCalls returns the calls fn makes through its parameters, in
// program order, also those its helpers make through what fn hands them
// of its parameters (chains of a few helpers; memoised, and empty for a
// function while it is being computed, which ends recursion).
func (s *Summary) paramCalls(fn *ssa.Function) []paramCall {
	if pcs, ok := s.pCalls.Get(fn); ok {
		return pcs
	}
	s.pCalls.Put(fn, nil)
	var out []paramCall
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := ci.(*ssa.Go); isGo {
				continue // runs whenever the goroutine does
			}
			c := ci.Common()
			if _, ok := c.Value.(*ssa.Builtin); ok {
				continue
			}
			if mc, ok := c.Value.(*ssa.MakeClosure); ok {
				// A closure of fn called where it is made.
				out = append(out, closureParamCalls(fn, ci, mc)...)
				continue
			}

			if base, field, method, ok := calledThrough(fn, c); ok {
				if i := ssax.ParamIndex(fn, base); i >= 0 {
					out = append(out, paramCall{call: ci, param: i, field: field, method: method})
				}
				continue
			}
			h := s.LocalCallee(c)
			if h == nil || h == fn {
				continue
			}
			for _, pc := range s.paramCalls(h) {
				if pc.param >= len(c.Args) || len(pc.chain) >= maxParamCallDepth {
					continue
				}
				if q := ssax.ParamIndex(fn, ssax.Unconvert(c.Args[pc.param])); q >= 0 {
					chain := append([]ssa.CallInstruction{ci}, pc.chain...)
					out = append(out, paramCall{call: pc.call, param: q, field: pc.field, method: pc.method, chain: chain})
				}
			}
		}
	}
	s.pCalls.Put(fn, out)
	return out
}

// maxParamCallDepth bounds the chains of helpers paramCalls follows.
const maxParamCallDepth = 4

// maxSpecDepth bounds specialisations within specialisations (a helper
// of a helper of a specialised use).
const maxSpecDepth = 3

// calledThrough returns, for a call c in fn or a closure of it, the value
// the called function is read from (calledBase) when the call runs a
// function value, or a method of an interface of fn's package on an
// interface value (with that method); ok is false for a static call, a
// builtin, and a method of another package's interface (an object's
// GetName), whose implementations are not the package's to choose.
func calledThrough(fn *ssa.Function, c *ssa.CallCommon) (base ssa.Value, field int, method *types.Func, ok bool) {
	if _, builtin := c.Value.(*ssa.Builtin); builtin || c.StaticCallee() != nil {
		return nil, -1, nil, false
	}
	if c.IsInvoke() && (fn.Pkg == nil || c.Method.Pkg() != fn.Pkg.Pkg) {
		return nil, -1, nil, false
	}
	base, field = calledBase(c.Value)
	if c.IsInvoke() {
		method = c.Method
	}
	return base, field, method, true
}

// calledBase returns the value a called function value v is read from:
// v, the list it is an element of, or the struct it is a field of (with
// the field's index, else -1), or the list of structs whose elements'
// field it is (rule.value(w) for each rule of a table); a value receiver
// or parameter kept in a variable is the parameter, a captured variable's
// cell the captured variable.
func calledBase(v ssa.Value) (ssa.Value, int) {
	v = ssax.Unconvert(v)
	field := -1
	switch x := v.(type) {
	case *ssa.Field:
		v, field = ssax.Unconvert(x.X), x.Field
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			v, field = ssax.Unconvert(fa.X), fa.Field
		}
	}
	switch x := v.(type) {
	case *ssa.IndexAddr:
		if field >= 0 {
			v = x.X // &rules[i].value
		}
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			v = ia.X
		}
	case *ssa.Lookup:
		v = x.X
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok {
				v = r.X
			}
		case *ssa.Lookup:
			v = t.X
		}
	}
	v = ssax.Unconvert(v)
	if field < 0 {
		// A list read from a field of a struct (for _, h := range
		// b.hooks), or from a copy of it (append([]Hook(nil), b.hooks...)):
		// the struct, with the list's field.
		if c, ok := v.(*ssa.Call); ok {
			if l := calls.CopiedList(c); l != nil {
				v = ssax.Unconvert(l)
			} else if p, f, ok := calls.ReturnedField(&c.Call); ok {
				// A list a function returns from its parameter's field
				// (r.forKind(kind): the registry's entries).
				v, field = ssax.Unconvert(c.Call.Args[p]), f
			}
		}
		switch x := v.(type) {
		case *ssa.UnOp:
			if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
				v, field = ssax.Unconvert(fa.X), fa.Field
			}
		case *ssa.Field:
			v, field = ssax.Unconvert(x.X), x.Field
		}
	}
	if a, ok := v.(*ssa.Alloc); ok && field >= 0 && ssax.SpilledParam(a) == nil {
		// The variable of a range over a table of structs (for _, rule
		// := range rules { rule.value(w) }): a copy of an element.
		if ld, ok := ssax.SingleStored(a).(*ssa.UnOp); ok && ld.Op == token.MUL {
			if ia, ok := ld.X.(*ssa.IndexAddr); ok {
				v = ssax.Unconvert(ia.X)
			}
		}
	}
	if x := ssax.VarOf(v); x != nil {
		v = x // a parameter or captured variable, also through its cell
	}
	return v, field
}

// closureParamCalls returns the calls the closure mc makes, where fn makes
// and calls it, through what it captured of fn's parameters (a body moved
// into `func() { … }()`), as paramCalls of fn through ci.
func closureParamCalls(fn *ssa.Function, ci ssa.CallInstruction, mc *ssa.MakeClosure) []paramCall {
	h, ok := mc.Fn.(*ssa.Function)
	if !ok || h.Parent() != fn || len(mc.Bindings) != len(h.FreeVars) {
		return nil
	}
	var out []paramCall
	for _, b := range h.Blocks {
		for _, instr := range b.Instrs {
			inner, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := inner.(*ssa.Go); isGo {
				continue
			}
			base, field, method, ok := calledThrough(fn, inner.Common())
			if !ok {
				continue
			}
			fv, ok := base.(*ssa.FreeVar)
			if !ok {
				continue
			}
			k := slices.Index(h.FreeVars, fv)
			if k < 0 {
				continue
			}
			if q := ssax.ParamIndex(fn, ssax.VarOf(mc.Bindings[k])); q >= 0 {
				out = append(out, paramCall{call: inner, param: q, field: field, method: method, chain: []ssa.CallInstruction{ci}})
			}
		}
	}
	return out
}

// argFuncs returns the functions the argument v holds for a call made
// through it (Graph.Elements), or through its field field (>= 0): the
// functions stored into that field of the struct the caller built. With
// method set, the call is of that method of the interface values v holds
// (Graph.Methods).
func (s *Summary) argFuncs(v ssa.Value, field int, method *types.Func) ([]calls.FuncRef, bool) {
	if field < 0 {
		return s.graph.Methods(s.Pkg.Prog, v, method)
	}
	switch v.Type().Underlying().(type) {
	case *types.Slice, *types.Array, *types.Map:
		// A table of structs: the field of its elements.
		return s.graph.FieldMethods(s.Pkg.Prog, v, field, method)
	}
	if refs, ok := s.graph.AtPath(s.Pkg.Prog, v, field, method); ok {
		// A struct that sits in a field or a package variable: what is
		// stored or registered there.
		return refs, true
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X // a struct value loaded from its variable
	}
	a, ok := v.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	var out []calls.FuncRef
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != field {
			continue
		}
		for _, rr := range *fa.Referrers() {
			st, ok := rr.(*ssa.Store)
			if !ok || st.Addr != ssa.Value(fa) {
				continue
			}
			refs, ok := s.graph.Methods(s.Pkg.Prog, st.Val, method)
			if !ok {
				return nil, false
			}
			for _, ref := range refs {
				if !slices.Contains(out, ref) {
					out = append(out, ref)
				}
			}
		}
	}
	return out, len(out) > 0
}

// callEnv returns what the function values of local hold at a call with
// args: its parameters of function (or list) type, and the parameters and
// fields of parameters that it (or a helper it hands them to) calls.
func (s *Summary) callEnv(local *ssa.Function, args []ssa.Value) funcEnv {
	env := make(funcEnv)

	for j, p := range local.Params {
		if j < len(args) {
			s.addEnv(env, p, args[j])
		}
	}
	for _, pc := range s.paramCalls(local) {
		if pc.param >= len(args) || args[pc.param] == nil {
			continue
		}
		called := ssax.Unconvert(pc.call.Common().Value)
		if _, isParam := called.(*ssa.Parameter); pc.method != nil || pc.field < 0 && !isParam {
			continue // an element of a list, or a method: the effects are mapped per function (heldEffects)
		}
		if refs, ok := s.argFuncs(args[pc.param], pc.field, nil); ok {
			env[called] = funcsOf(refs)
		}
	}
	// Inside a use already specialised (a helper of a helper), what the
	// outer use knows holds too.
	for k, fs := range s.taints.Env() {
		if _, ok := env[k]; !ok {
			env[k] = fs
		}
	}
	return env
}

// funcsOf returns the functions of refs, each once.
func funcsOf(refs []calls.FuncRef) []*ssa.Function {
	fs := make([]*ssa.Function, 0, len(refs))
	for _, r := range refs {
		if !slices.Contains(fs, r.Fn) {
			fs = append(fs, r.Fn)
		}
	}
	return fs
}

// heldByArgs returns a test of whether the call c of a helper gives, for
// the helper's parameter r names, a value whose functions are known
// (argFuncs): then the stores the helper makes through calls of that
// parameter are mapped for those functions (paramCallEffects), not for
// every function the parameter may hold anywhere.
func (s *Summary) heldByArgs(c *ssa.CallCommon) func(r ParamCallRef) bool {
	known := make(map[ParamCallRef]bool)
	return func(r ParamCallRef) bool {
		if r.Param <= 0 || r.Param > len(c.Args) {
			return false
		}
		k, ok := known[r]
		if !ok {
			_, k = s.argFuncs(c.Args[r.Param-1], r.Field-1, r.Method)
			known[r] = k
		}
		return k
	}
}

// heldEffect is an effect of a function a helper is handed and calls,
// in the helper's terms: on its parameter pe.param (pe.taint's Params are
// the helper's), or, for the receiver of a method value, on recv, a value
// of the caller. capt is the taint, in the caller's terms, of what the
// function captured of the caller (a closure made there, or by a factory
// the caller called).
type heldEffect struct {
	pe   paramEffect
	recv ssa.Value
	capt taint.Taint
	// result says the effect is on the object local makes and returns as
	// its result pe.param (a constructor that applies the options it is
	// given), not on a parameter.
	result bool
	// own says the helper's own analysis cannot see the store: its call
	// may run other functions for other callers (Effect.Handed).
	own bool
}

// heldEffects returns the effects, at fn's call c of the helper local,
// of the functions the call hands to local that local calls
// (paramCalls): each function the argument holds (Graph.Elements: the
// caller's own list of steps, options, handlers), by its effects on the
// parameters the helper passes it, with the status of the helper's call.
// The answer is per call: a helper run with a stamping step by one
// reconciler and with stable steps by another stamps for the first only.
func (s *Summary) heldEffects(fn *ssa.Function, c *ssa.CallCommon, local *ssa.Function) []heldEffect {
	var out []heldEffect
	for _, pc := range s.paramCalls(local) {
		if pc.param >= len(c.Args) {
			continue
		}
		refs, ok := s.argFuncs(c.Args[pc.param], pc.field, pc.method)
		if !ok {
			continue
		}
		// The status of the call in local, through the chain of helpers
		// down to it.
		st := Unguarded
		for _, at := range append(slices.Clone(pc.chain), pc.call) {
			ast, _ := s.Func(at.Parent()).StatusOf(at.Block())
			st = Combine(st, ast)
		}
		// With one function for every caller, the helper resolves the
		// call itself, and its own writes after it are judged there.
		own := len(s.LocalCallees(pc.call.Common())) != 1
		for _, ref := range refs {
			for _, he := range s.heldCallEffects(fn, c, local, pc, st, ref) {
				he.own = own
				out = append(out, he)
			}
		}
	}
	return out
}

// heldCallEffects returns the stores and writes of ref's function, called
// by local at inner with status st, as effects of local (heldEffects).
func (s *Summary) heldCallEffects(fn *ssa.Function, c *ssa.CallCommon, local *ssa.Function,
	pc paramCall, st Status, ref calls.FuncRef) []heldEffect {
	g := s.LocalFunc(ref.Fn)
	if g == nil || g == fn || g == local {
		return nil
	}
	innerArgs := pc.call.Common().Args
	results := s.freshResults(local)
	// What g's parameter j stands for: the receiver of a method value (a
	// value of fn), the parameter of local that local passes for it, or
	// the object local returns (res), with the path below it.
	outer := func(j int) (recv ssa.Value, p int, path []string, res bool) {
		if ref.Recv != nil {
			if j == 0 {
				if fn != nil && definedIn(fn, ref.Recv) {
					return ref.Recv, -1, nil, false
				}
				return nil, -1, nil, false
			}
			j--
		}
		if j >= len(innerArgs) {
			return nil, -1, nil, false
		}
		root, path := s.RootOf(innerArgs[j])
		// Up the chain of helpers to local: a parameter of each is the
		// argument its caller passes.
		for i := len(pc.chain) - 1; i >= 0; i-- {
			at := pc.chain[i]
			callee := pc.call.Parent()
			if i+1 < len(pc.chain) {
				callee = pc.chain[i+1].Parent()
			}
			if callee.Parent() == at.Parent() {
				// A closure of the caller: its roots are the caller's
				// already, but for the object it makes and returns, which
				// is what its call gives the caller.
				if res, ok := s.freshResults(callee)[root]; ok && res.index == 0 && hasPrefix(path, res.prefix) {
					if call, ok := at.(*ssa.Call); ok {
						root, path = call, slices.Clone(path[len(res.prefix):])
					}
				}
				continue
			}
			q, prefix := paramRoot(callee, root)
			args := at.Common().Args
			if q < 0 || q >= len(args) {
				return nil, -1, nil, false
			}
			r, p := s.RootOf(args[q])
			root, path = r, append(append(slices.Clone(p), prefix...), path...)
		}
		if r, ok := results[root]; ok && hasPrefix(path, r.prefix) {
			return nil, r.index, slices.Clone(path[len(r.prefix):]), true
		}
		p, prefix := paramRoot(local, root)
		if p < 0 || p >= len(c.Args) {
			return nil, -1, nil, false
		}
		return nil, p, append(slices.Clone(prefix), path...), false
	}
	// g's parameters that are local's, whole: their taint is local's
	// parameter's.
	remap := make(map[int]int)
	env := make(funcEnv)
	for j, prm := range g.Params {
		if recv, p, path, res := outer(j); recv == nil && !res && p >= 0 && len(path) == 0 {
			remap[j] = p
			s.addEnv(env, prm, c.Args[p])
		}
	}
	s.closureEnv(env, ref)
	spec := s.specializer(g, env)
	toLocal := func(t taint.Taint) taint.Taint {
		own := t
		own.Params, own.ParamPaths = 0, ""
		own.Captured, own.CapturedPaths = 0, ""
		for j, p := range remap {
			if j < 64 && p < 64 && t.Params&(1<<uint(j)) != 0 {
				own.Params |= 1 << uint(p)
			}
		}
		return own
	}
	var capt func(t taint.Taint) taint.Taint
	switch {
	case ref.Made != nil && fn != nil && ref.Made.Parent() == fn:
		// A factory's closure: its captures of the factory's parameters
		// are the factory call's arguments.
		capt = func(t taint.Taint) taint.Taint {
			return s.taints.BindParamsAt(taint.Taint{Params: t.Captured, ParamPaths: t.CapturedPaths}, ref.Made.Call.Args, ref.Made)
		}
	case ref.Closure != nil && fn != nil && ref.Closure.Parent() == fn && fn.Parent() == nil:
		// A closure of fn: what it captured of fn's parameters.
		capt = func(t taint.Taint) taint.Taint {
			return taint.Taint{Params: t.Captured, ParamPaths: t.CapturedPaths}
		}
	}
	// The writes after the call, in local and in each helper or closure
	// down the chain to it, which persist what it stores.
	var later []apis.WriteKind
	for _, at := range append(slices.Clone(pc.chain), pc.call) {
		for _, e := range s.Effects(at.Parent()) {
			if e.Kind == WriteEffect && e.Instr != at && ssax.Reaches(at, e.Instr) && !slices.Contains(later, e.Write) {
				later = append(later, e.Write)
			}
		}
	}
	var out []heldEffect
	for _, pe := range s.paramEffects(g) {
		if pe.kind != StoreEffect && pe.kind != WriteEffect {
			continue
		}
		recv, p, prefix, res := outer(pe.param)
		if recv == nil && p < 0 {
			continue
		}
		if res && pe.kind != StoreEffect {
			continue
		}
		he := heldEffect{pe: pe, recv: recv, result: res}
		he.pe.value, he.pe.atCaller = s.boundValue(fn, ref, pe.value), true
		he.pe.param = p
		he.pe.path = append(prefix, pe.path...)
		he.pe.status = Combine(st, pe.status)
		he.pe.paramCall = ParamCallRef{}
		he.pe.writtenBy = append(slices.Clone(pe.writtenBy), later...)
		if he.pe.via == nil {
			he.pe.via, _ = g.Object().(*types.Func)
		}
		if pe.kind == StoreEffect {
			t := spec(pe)
			he.pe.taint = toLocal(t)
			if capt != nil && t.Captured != 0 {
				he.capt = capt(t)
			}
		}
		out = append(out, he)
	}
	return out
}

// paramCallEffects returns heldEffects mapped onto the arguments of fn's
// call c of local at instr, as helperEffects maps the helper's own.
func (s *Summary) paramCallEffects(fn *ssa.Function, instr ssa.Instruction, c *ssa.CallCommon, local *ssa.Function) []*Effect {
	var out []*Effect
	for _, he := range s.heldEffects(fn, c, local) {
		if he.result {
			continue // resultStoreEffects, with the helper's own
		}
		pe := he.pe
		arg := he.recv
		if arg == nil {
			arg = c.Args[pe.param]
		}
		var t taint.Taint
		if pe.kind != WriteEffect {
			t = s.taints.BindParamsAt(pe.taint, c.Args, instr).Union(he.capt)
		}
		if e := s.mappedEffect(fn, instr, arg, pe, nil, t); e != nil {
			e.Handed = e.Kind != WriteEffect && he.own
			out = append(out, e)
		}
	}
	return out
}

// funcEnv is what a function's function values hold at one call of it:
// for each parameter or captured variable of g that holds a function or
// a list of them, the functions known there (Graph.Elements).
type funcEnv map[ssa.Value][]*ssa.Function

// add records the functions v holds for g's value key, when all are
// known.
func (s *Summary) addEnv(env funcEnv, key, v ssa.Value) {
	if v == nil || !holdsFuncs(key.Type()) {
		return
	}
	refs, ok := s.graph.Elements(v)
	if !ok {
		return
	}
	env[key] = funcsOf(refs)
}

// holdsFuncs reports whether a value of type t is a function, or a list
// of functions.
func holdsFuncs(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem() // a captured variable's cell
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Slice:
		_, ok := u.Elem().Underlying().(*types.Signature)
		return ok
	case *types.Map:
		_, ok := u.Elem().Underlying().(*types.Signature)
		return ok
	}
	return false
}

// closureEnv adds to env what the captured variables of ref's closure
// hold: the values bound where the closure is made (in the caller's
// list), or, for a factory's closure, the factory call's arguments for
// the factory's parameters the closure captured.
func (s *Summary) closureEnv(env funcEnv, ref calls.FuncRef) {
	g := ref.Fn
	if len(g.FreeVars) == 0 {
		return
	}
	var binds []ssa.Value
	switch {
	case ref.Closure != nil:
		binds = ref.Closure.Bindings
	case ref.Made != nil:
		binds = s.madeBindings(g, &ref.Made.Call, 0)
	}
	if len(binds) != len(g.FreeVars) {
		return
	}
	for i, fv := range g.FreeVars {
		s.addEnv(env, fv, binds[i])
	}
}

// boundValue returns v, a value the function of ref stores, in the terms
// of fn, the caller that hands ref over: a constant, or what fn bound to
// a variable the closure captured (where fn makes the closure, or calls
// the factory that makes it); nil for anything else.
func (s *Summary) boundValue(fn *ssa.Function, ref calls.FuncRef, v ssa.Value) ssa.Value {
	if c, ok := v.(*ssa.Const); ok {
		return c
	}
	switch x := v.(type) {
	case *ssa.Convert:
		v = x.X // string(p) of a receiver of a named string type: its value
	case *ssa.ChangeType:
		v = x.X
	}
	if p, ok := v.(*ssa.Parameter); ok {
		// The receiver of a method value or of an interface's method (an
		// option type's Apply): the value the caller made it from.
		if ref.Recv != nil && fn != nil && len(ref.Fn.Params) > 0 && p == ref.Fn.Params[0] && definedIn(fn, ref.Recv) {
			return ref.Recv
		}
		return nil
	}
	// A captured variable: a FreeVar holding the value, or, read through
	// its cell, the cell.
	fv, ok := v.(*ssa.FreeVar)
	ld, isLoad := v.(*ssa.UnOp)
	if isLoad && ld.Op == token.MUL {
		fv, ok = ld.X.(*ssa.FreeVar)
	}
	if !ok || fn == nil || fv.Parent() != ref.Fn {
		return nil
	}
	k := slices.Index(ref.Fn.FreeVars, fv)
	switch {
	case k < 0:
		return nil
	case ref.Closure != nil && ref.Closure.Parent() == fn && k < len(ref.Closure.Bindings):
		b := ref.Closure.Bindings[k]
		if isLoad {
			cell, ok := b.(*ssa.Alloc)
			if !ok {
				return nil
			}
			return ssax.SingleStored(cell) // the one value the variable is given
		}
		return b
	case ref.Made != nil && ref.Made.Parent() == fn:
		// The factory's bindings are values of fn already (a cell the
		// factory spilled its parameter into is that parameter's
		// argument).
		if binds := s.madeBindings(ref.Fn, &ref.Made.Call, 0); k < len(binds) {
			return binds[k]
		}
	}
	return nil
}

// madeBindings returns, for each captured variable of the closure g that
// the factory call c makes, the value of the call's caller it holds: a
// factory's parameter is the call's argument, through a factory that
// returns what another factory makes (nil for a value not known there).
// It returns nil when c makes no closure of g it can see.
func (s *Summary) madeBindings(g *ssa.Function, c *ssa.CallCommon, depth int) []ssa.Value {
	factory := c.StaticCallee()
	if factory == nil || depth > 4 {
		return nil
	}
	factory = calls.BodyOf(factory)
	// The factory's own values, in the caller's terms.
	outer := func(v ssa.Value) ssa.Value {
		if fv, ok := v.(*ssa.FreeVar); ok {
			// A factory that is a closure: what its maker bound.
			if mc, ok := c.Value.(*ssa.MakeClosure); ok {
				if k := slices.Index(factory.FreeVars, fv); k >= 0 && k < len(mc.Bindings) {
					return mc.Bindings[k]
				}
			}
			return nil
		}
		if cell, ok := v.(*ssa.Alloc); ok {
			// A variable captured by reference: the one value it is
			// given (a parameter spilled into it).
			v = ssax.SingleStored(cell)
		}
		if p, ok := v.(*ssa.Parameter); ok && p.Parent() == factory {
			if j := ssax.ParamIndex(factory, p); j >= 0 && j < len(c.Args) {
				return c.Args[j]
			}
		}
		return nil
	}
	for _, b := range factory.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.MakeClosure:
				if x.Fn != ssa.Value(g) {
					continue
				}
				out := make([]ssa.Value, len(x.Bindings))
				for i, bv := range x.Bindings {
					out[i] = outer(bv)
				}
				return out
			case *ssa.Return:
				// A factory that returns another factory's closure.
				if len(x.Results) != 1 {
					continue
				}
				inner, ok := x.Results[0].(*ssa.Call)
				if !ok {
					continue
				}
				binds := s.madeBindings(g, &inner.Call, depth+1)
				if binds == nil {
					continue
				}
				out := make([]ssa.Value, len(binds))
				for i, bv := range binds {
					if bv != nil {
						out[i] = outer(bv)
					}
				}
				return out
			}
		}
	}
	return nil
}

// specializer returns a function that gives a parameter effect of g its
// taint at a use where g's function values hold what env says: the
// stores g makes (itself, through setters and facts, through its
// helpers) are computed again with those functions (a label from the
// caller's stable function, not from every function the parameter is
// given anywhere), and can only lose kinds. With an empty env it returns
// the effect's taint.
func (s *Summary) specializer(g *ssa.Function, env funcEnv) func(pe paramEffect) taint.Taint {
	if len(env) == 0 {
		return func(pe paramEffect) taint.Taint { return pe.taint }
	}
	type key struct {
		param int
		path  string
		via   types.Object
	}
	spec := make(map[key]taint.Taint)
	found := make(map[key]bool)
	done := false
	compute := func() {
		done = true
		if s.specDepth >= maxSpecDepth {
			return // deep enough: the helpers' own taint
		}
		s.specDepth++
		defer func() { s.specDepth-- }()
		b := s.taints.Specialized(env)
		base := s.taints
		s.taints = b // the effects of g's instructions, with env's functions
		defer func() { s.taints = base }()
		seen := make(map[ssa.Instruction]bool)
		// The stores of fn's instructions, fn being g or a closure g
		// calls where it makes it (whose roots are g's).
		var visit func(fn *ssa.Function, depth int)
		visit = func(fn *ssa.Function, depth int) {
			for _, e := range s.Effects(fn) {
				if e.Kind != StoreEffect || seen[e.Instr] {
					continue
				}
				seen[e.Instr] = true
				if e.Captured {
					if ci, ok := e.Instr.(ssa.CallInstruction); ok && depth < 3 {
						if mc, ok := ci.Common().Value.(*ssa.MakeClosure); ok {
							if h, ok := mc.Fn.(*ssa.Function); ok && h.Parent() == fn {
								visit(h, depth+1)
							}
						}
					}
					continue
				}
				for _, re := range s.instrEffects(fn, e.Instr, nil) {
					if re.Kind != StoreEffect {
						continue
					}
					t := re.Taint
					if re.Value != nil && re.Via == nil {
						t = b.TaintOf(re.Value)
					}
					p, prefix := paramRoot(g, re.Root)
					if p < 0 {
						continue
					}
					k := key{p, PathString(append(slices.Clone(prefix), re.Path...)), re.Via}
					spec[k] = spec[k].Union(t)
					found[k] = true
				}
			}
		}
		visit(g, 0)
	}
	return func(pe paramEffect) taint.Taint {
		if pe.kind != StoreEffect || pe.taint.Kinds == 0 {
			return pe.taint
		}
		if !done {
			compute()
		}
		k := key{pe.param, PathString(pe.path), pe.via}
		if !found[k] {
			return pe.taint
		}
		t, sp := pe.taint, spec[k]
		t = t.Without(t.Kinds &^ sp.Kinds)
		if sp.Kinds != 0 {
			t.Source, t.Origin = sp.Source, sp.Origin
		}
		return t
	}
}

// dispatchEffects returns the effects of a call of fn through a function
// value chosen from a list the package fills with known functions (a
// table of handlers by phase, r.handlers[w.Status.Phase](ctx, w); a step
// of a list fn holds), nil when the value is not such a choice
// (anyCalleeEffects then says what it can). Each function is mapped as a
// helper would be: it runs whenever the state that chooses it holds, so
// its stores happen under the call's own conditions, except for a
// function that stores into what it is chosen by (the handler of a phase
// that moves the object to the next phase), which runs once per change
// of that state: its stores are Guarded.
func (s *Summary) dispatchEffects(fn *ssa.Function, instr ssa.Instruction, c *ssa.CallCommon) []*Effect {
	if !listChoice(c.Value) {
		return nil // one function, or a choice by the function's own conditions (a Phi)
	}
	refs, ok := s.graph.Methods(s.Pkg.Prog, c.Value, c.Method)
	if !ok || len(refs) < 2 {
		return nil
	}
	keyRoot, keyPath := s.choiceKey(c.Value)
	var out []*Effect
	for _, ref := range refs {
		g := s.LocalFunc(ref.Fn)
		if g == nil || g == fn {
			continue
		}
		args := c.Args
		if ref.Recv != nil {
			recv := ref.Recv
			if !definedIn(fn, recv) {
				recv = nil // bound elsewhere (a constructor's r.handle)
			}
			args = append([]ssa.Value{recv}, c.Args...)
		}
		if len(g.Params) != len(args) {
			continue
		}
		env := s.callEnv(g, args)
		s.closureEnv(env, ref)
		spec := s.specializer(g, env)
		via := funcObject(g)
		var effs []*Effect
		moves := false
		for _, pe := range s.paramEffects(g) {
			if pe.param >= len(args) || args[pe.param] == nil || pe.kind != StoreEffect && pe.kind != WriteEffect {
				continue
			}
			var t taint.Taint
			if pe.kind == StoreEffect {
				t = s.taints.BindParamsAt(spec(pe), args, instr)
			}
			e := s.mappedEffect(fn, instr, args[pe.param], pe, via, t)
			if e == nil {
				continue
			}
			if e.Kind == StoreEffect && keyRoot != nil && e.Root == keyRoot && hasPrefix(e.Path, keyPath) {
				moves = true
			}
			effs = append(effs, e)
		}
		if moves {
			// Once per change of the state that chooses it: a condition
			// the call's own block does not show.
			for _, e := range effs {
				e.Status, e.Opaque = Combine(Guarded, e.Status), true
			}
		}
		out = append(out, effs...)
	}
	return out
}

// choiceKey returns the object field a function value is chosen by: the
// key of the map lookup, or the index, that reads it from its list, when
// that is read from an object; nil otherwise.
func (s *Summary) choiceKey(v ssa.Value) (ssa.Value, []string) {
	var key ssa.Value
	switch x := ssax.Unconvert(v).(type) {
	case *ssa.Lookup:
		key = x.Index
	case *ssa.Extract:
		if l, ok := x.Tuple.(*ssa.Lookup); ok {
			key = l.Index
		}
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok {
			key = ia.Index
		}
	}
	if key == nil {
		return nil, nil
	}
	root, path := s.RootOf(key)
	if root == nil || len(path) == 0 || !s.IsObjectRoot(root) {
		return nil, nil
	}
	return root, path
}

// hasPrefix reports whether path starts with prefix.
func hasPrefix(path, prefix []string) bool {
	return len(path) >= len(prefix) && slices.Equal(path[:len(prefix)], prefix)
}

// resultAt is the result of a function that is a fresh object: its index
// and the path of the object below the root.
type resultAt struct {
	index  int
	prefix []string
	rets   []*ssa.BasicBlock // the blocks that return it
}

// freshResults returns the roots of the objects fn makes and returns
// (a constructor's `cm := &ConfigMap{}; …; return cm`), as resultEffects
// finds them.
func (s *Summary) freshResults(fn *ssa.Function) map[ssa.Value]resultAt {
	out := make(map[ssa.Value]resultAt)
	n := fn.Signature.Results().Len()
	for i := 0; i < n && i < 64; i++ {
		var root ssa.Value
		var prefix []string
		var rets []*ssa.BasicBlock
		all, some := ssax.EveryReturn(fn, i, func(ret *ssa.Return, v ssa.Value) bool {
			rets = append(rets, ret.Block())
			r, p := s.RootOf(v)
			if !freshRoot(fn, r) {
				return false
			}
			if root == nil {
				root, prefix = r, p
				return true
			}
			return r == root && slices.Equal(p, prefix)
		})
		if all && some && root != nil {
			out[root] = resultAt{index: i, prefix: prefix, rets: rets}
		}
	}
	return out
}

// heldResults returns the stores, into the objects local returns, of the
// functions the call c hands it (heldEffects), as resultEffects entries.
func (s *Summary) heldResults(fn *ssa.Function, c *ssa.CallCommon, local *ssa.Function) []paramEffect {
	var out []paramEffect
	for _, he := range s.heldEffects(fn, c, local) {
		if he.result {
			pe := he.pe
			pe.bound = he.capt
			out = append(out, pe)
		}
	}
	return out
}

// callResults returns local's stores into the objects it returns, as the
// call c sees them: those made through the functions the call hands it
// are the call's own functions' (heldResults), not every function the
// parameter may hold anywhere.
func (s *Summary) callResults(fn *ssa.Function, c *ssa.CallCommon, local *ssa.Function) []paramEffect {
	held := s.heldByArgs(c)
	var out []paramEffect
	for _, re := range s.resultEffects(local) {
		if !held(re.paramCall) {
			out = append(out, re)
		}
	}
	return append(out, s.heldResults(fn, c, local)...)
}

// listChoice reports whether the function value v is read from a list: an
// element by index or by range, an entry by lookup.
func listChoice(v ssa.Value) bool {
	switch x := ssax.Unconvert(v).(type) {
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.IndexAddr)
		return ok && x.Op == token.MUL
	case *ssa.Lookup:
		return true
	case *ssa.Extract:
		switch x.Tuple.(type) {
		case *ssa.Lookup, *ssa.Next:
			return true
		}
	}
	return false
}

// passedParamCall returns, for an effect a helper makes through its
// parameter r names, the parameter of fn the call c passes for it: the
// effect is made through what fn's callers hand fn (paramCalls follows the
// same chain). None when c passes something else.
func passedParamCall(fn *ssa.Function, c *ssa.CallCommon, r ParamCallRef) ParamCallRef {
	if r.Param <= 0 || r.Param > len(c.Args) {
		return ParamCallRef{}
	}
	if q := ssax.ParamIndex(fn, ssax.Unconvert(c.Args[r.Param-1])); q >= 0 {
		return ParamCallRef{Param: q + 1, Field: r.Field, Method: r.Method}
	}
	return ParamCallRef{}
}
