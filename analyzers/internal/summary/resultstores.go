package summary

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/taint"
)

// Stores into results (the ResultStores of a FuncSummary).
//
// A constructor helper builds an object and hands it back: the desired
// Deployment of a child, a status computed from the observed state. What
// it stores into that object is what the caller writes, so the stores go
// with the result: the caller sees them as stores into the call's value,
// at the call, exactly as it sees a helper's stores into its arguments.
// A result made from a parameter (the parameter itself, a part of it, its
// conversion) is not such an object: the caller follows it to its
// argument. The result must be the same object on every return that does not
// return nil (a value the function allocates, or one a call hands it, at
// one field path), and each store keeps the path below it, its guard
// status, the conditions inside the helper and its taint (map order that
// the helper sorts before returning is gone).

// resultEffects returns the stores a package function makes into the
// object it returns, with param set to the index of the result.
func (s *Summary) resultEffects(fn *ssa.Function) []paramEffect {
	if re, ok := s.rEffects.Get(fn); ok {
		return re // nil while in progress
	}
	if s.effBusy[fn] || len(fn.Blocks) == 0 || fn.Signature.Recv() != nil && apis.IsDeepCopy(fn.Name()) {
		return nil // a deep copy's stores copy its receiver: the model knows copies (apis.IsDeepCopy)
	}
	s.rEffects.Put(fn, nil)
	var out []paramEffect
	n := fn.Signature.Results().Len()
	srcs := s.resultSources(fn)
	fresh := s.freshResults(fn)
	for i := 0; i < n && i < 64; i++ {
		if rt := fn.Signature.Results().At(i).Type(); !isObjectType(rt) && !isStructValue(rt) || slices.ContainsFunc(srcs, func(rs ResultSource) bool { return rs.Result == i }) {
			continue // a result made from a parameter is followed to it (RootOf)
		}
		var root ssa.Value
		var at resultAt
		for r, a := range fresh {
			if a.index == i {
				root, at = r, a
			}
		}
		if root == nil {
			continue
		}
		prefix, rets := at.prefix, at.rets
		effects := s.Effects(fn)
		fi := s.Func(fn)
		for _, e := range effects {
			if e.Kind != StoreEffect || e.Root != root || len(e.Path) <= len(prefix) || !slices.Equal(e.Path[:len(prefix)], prefix) {
				continue // not below the result (its own placement is no store into it)
			}
			re := paramEffect{taint: e.Taint, status: e.Status, kind: StoreEffect, param: i, path: slices.Clone(e.Path[len(prefix):]),
				via: e.Via, conds: s.EffectConds(fi, e), opaque: e.Opaque, removal: e.Removal, value: e.Value, paramCall: e.ParamCall}
			if e.Status == Guarded && !e.Opaque && len(e.Conds) == 0 && dominatesAll(e.Instr.Block(), rets) {
				// Made whenever the object is returned: the conditions of
				// this function that lead past it (an early return of nil,
				// an error test) decide whether there is an object, not
				// whether the store is in it. Conditions inside a helper
				// (a setter that stores only on a change) stay.
				re.status, re.conds, re.opaque = Unguarded, nil, false
			}
			if e.Taint.Kinds&apis.MapOrder != 0 && s.taints.SortedAfter(fn, e.Root, e.Path, e.Value, e.Instr, nil) {
				re.taint = re.taint.Without(apis.MapOrder)
			}
			if parts := s.structParts(e, re); parts != nil {
				out = append(out, parts...)
				continue
			}
			out = append(out, re)
		}
	}
	out = dedupParamEffects(out)
	s.rEffects.Put(fn, out)
	return out
}

// isStructValue reports whether t is a struct or a pointer to one: a
// part of an object a constructor builds (a condition, a container, a
// port) whose fields the caller reads one by one.
func isStructValue(t types.Type) bool {
	_, ok := ssax.Deref(t).Underlying().(*types.Struct)
	return ok
}

// freshRoot reports whether root, the root of a value fn returns, is an
// object fn makes or is handed by a call: an allocation of fn (a
// composite literal, new) or a call's result, not a parameter, a global or
// a value captured from outside.
func freshRoot(fn *ssa.Function, root ssa.Value) bool {
	switch x := root.(type) {
	case *ssa.Alloc:
		return x.Parent() == fn
	case *ssa.Call:
		return x.Parent() == fn
	case *ssa.Extract:
		_, isCall := x.Tuple.(*ssa.Call)
		return isCall && x.Parent() == fn
	}
	return false
}

// resultValue returns the value that holds result i of call: the call
// itself for a single result, else the Extract of index i, or nil when
// the result is not used.
func resultValue(call *ssa.Call, i int) ssa.Value {
	if call.Call.Signature().Results().Len() == 1 {
		if i == 0 {
			return call
		}
		return nil
	}
	for _, r := range *call.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Tuple == ssa.Value(call) && ex.Index == i {
			return ex
		}
	}
	return nil
}

// resultStoreEffects maps the stores a callee makes into its results (its
// resultEffects, or the ResultStores of its fact) onto call: stores into
// the values that hold them, at the call.
//
// callee and cc, the function with the body and the call of it (through a
// forwarder, the forwarded call), map the stored values to the caller; nil
// for a callee of another package.
func (s *Summary) resultStoreEffects(call *ssa.Call, res []paramEffect, via types.Object, args []ssa.Value, callee *ssa.Function, cc *ssa.CallCommon) []*Effect {
	var out []*Effect
	for _, re := range res {
		v := resultValue(call, re.param)
		if v == nil {
			continue
		}
		root, path := s.RootOf(v)
		held := s.valueAtCall(re.value, callee, cc)
		if re.atCaller {
			held = re.value
		}
		if held == nil && !re.atCaller && re.value != nil && callee != nil && callee.Parent() != nil {
			// A closure's pointer into what it captured (&w.Status of a
			// parameter w of the function that made it): the same pointer
			// at the call, which that function makes.
			if r, _ := s.RootOf(re.value); ssax.IsParam(r) && r.Parent() != callee && encloses(r.Parent(), callee) {
				held = re.value
			}
		}
		if !s.IsObjectRoot(root) && !holdsPointer(re, held) {
			continue
		}
		by := re.via
		if by == nil {
			by = via
		}
		out = append(out, &Effect{Kind: StoreEffect, Instr: call, Root: root, Path: append(append([]string(nil), path...), re.path...),
			Via: by, Status: re.status, Taint: s.taints.BindParamsAt(re.taint, args, call).Union(re.bound), Conds: re.conds, Opaque: re.opaque, Removal: re.removal,
			Value: held})
	}
	return out
}

// holdsPointer reports whether re stores, at a field of a result that is
// no API object (a scope, a builder), a pointer the caller gave (held, in
// the caller's terms): the result holds the caller's object, as a
// constructor's does (heldRoot).
func holdsPointer(re paramEffect, held ssa.Value) bool {
	if held == nil || len(re.path) != 1 || re.status != Unguarded {
		return false
	}
	_, isPtr := held.Type().Underlying().(*types.Pointer)
	return isPtr
}

// valueAtCall is v, a value stored by callee, in the terms of its caller at
// the call cc: a constant, or the argument cc passes for a parameter of
// callee; nil for a value the callee computes.
func (s *Summary) valueAtCall(v ssa.Value, callee *ssa.Function, cc *ssa.CallCommon) ssa.Value {
	switch x := v.(type) {
	case *ssa.Const:
		return x
	case *ssa.ChangeType:
		// string(p) of a parameter of a named string type: its value.
		return s.valueAtCall(x.X, callee, cc)
	case *ssa.Convert:
		if _, basic := x.Type().Underlying().(*types.Basic); basic {
			return s.valueAtCall(x.X, callee, cc)
		}
	case *ssa.Parameter:
		if callee != nil && x.Parent() != callee && encloses(x.Parent(), callee) {
			// A parameter of a function the callee (a closure) is made
			// in: the same value for the caller, made there too.
			return x
		}
		if callee == nil || x.Parent() != callee {
			return nil
		}
		if i := ssax.ParamIndex(callee, x); i >= 0 {
			return s.CallArg(cc, callee, i)
		}
	case *ssa.FreeVar:
		// A closure called where it is made: what its call binds.
		if callee == nil || x.Parent() != callee {
			return nil
		}
		return s.CallArg(cc, callee, ssax.InputIndex(callee, x))
	case *ssa.UnOp:
		// A captured variable read through its cell: a parameter the
		// caller spilled into the cell stands for itself.
		if x.Op != token.MUL {
			return nil
		}
		switch c := s.valueAtCall(x.X, callee, cc).(type) {
		case *ssa.Alloc:
			if p := ssax.SpilledParam(c); p != nil {
				return p
			}
		case *ssa.FreeVar:
			// The cell handed on from the caller's own enclosing
			// function: what it holds for the closures' life.
			if v := ssax.ReadOnlyCell(c); v != nil {
				if p, ok := v.(*ssa.Parameter); ok {
					return p
				}
			}
		}
	}
	return nil
}

// factResultEffects are the ResultStores of a fact as result effects.
func factResultEffects(fs *FuncSummary, call *ssa.Call) []paramEffect {
	var out []paramEffect
	for _, sf := range fs.ResultStores {
		st := Unguarded
		if sf.Guarded {
			st = Guarded
		}
		out = append(out, paramEffect{kind: StoreEffect, param: sf.Param, path: splitPath(sf.Path), status: st, opaque: sf.Guarded,
			taint: taint.Taint{Kinds: sf.TaintKinds, Source: sf.Source, Origin: call.Pos(), Params: sf.FromParams, ParamPaths: sf.ParamPaths}, removal: sf.Removal})
	}
	return out
}

// dominatesAll reports whether b dominates every block of bs.
func dominatesAll(b *ssa.BasicBlock, bs []*ssa.BasicBlock) bool {
	for _, x := range bs {
		if !b.Dominates(x) {
			return false
		}
	}
	return true
}

// structParts splits the store of a whole struct value (Spec: corev1.
// ServiceSpec{Selector: …, Ports: …}) into a store of each of its fields
// with the taint of that field, so that what one field carries is not
// read from its siblings; the store of the whole stays, with no taint of
// its own. It returns nil for other stores, or when no field is tainted
// differently from the whole.
func (s *Summary) structParts(e *Effect, re paramEffect) []paramEffect {
	if e.Value == nil || re.taint.Kinds == 0 {
		return nil
	}
	st, ok := e.Value.Type().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var parts []paramEffect
	whole := re
	whole.taint = taint.Taint{}
	parts = append(parts, whole)
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		ft := s.taints.PartTaint(e.Value, []string{f.Name()})
		if ft.Kinds == 0 && ft.Params == 0 {
			continue
		}
		p := re
		p.path = append(slices.Clone(re.path), f.Name())
		p.taint = ft
		if ft.Kinds&apis.MapOrder != 0 && re.taint.Kinds&apis.MapOrder == 0 {
			p.taint = p.taint.Without(apis.MapOrder) // sorted before the return
		}
		parts = append(parts, p)
	}
	return parts
}

// ResultFields is StructFields for result i of call: the stores its
// callee (a function of the package) makes into the fields of the value
// it returns there, itself or through the functions the call hands it,
// with the values in the caller's terms.
func (s *Summary) ResultFields(call *ssa.Call, i int) map[string]*FieldStore {
	out := map[string]*FieldStore{}
	fc := s.Forward(&call.Call)
	local := s.LocalCallee(fc)
	if local == nil {
		return out
	}
	for _, re := range s.callResults(call.Parent(), fc, local) {
		if re.param != i || len(re.path) != 1 || re.kind != StoreEffect {
			continue
		}
		val := s.valueAtCall(re.value, local, fc)
		if re.atCaller {
			val = re.value
		}
		out[re.path[0]] = &FieldStore{At: call, Value: val, Maybe: re.status != Unguarded}
	}
	return out
}

// FieldStore is a store into one field of a struct value: where, the
// value stored (nil when it is not known in the asker's terms), and
// whether the store may not happen (Maybe: made under a condition, or by
// one of several functions a call may run).
type FieldStore struct {
	At    ssa.Instruction
	Value ssa.Value
	Maybe bool
}

// StructFields returns the stores into the fields of the struct value v,
// by field name: v a load of a local variable its function fills field by
// field (a composite literal, `var m metav1.ObjectMeta; m.Name = …`), or
// the result of a constructor of the package that does, itself or through
// the functions the call hands it (functional options it applies to the
// value it returns): its result stores into a field, at the call, with
// the value in the caller's terms. The last store of a field in program
// order wins. Empty for any other value.
func (s *Summary) StructFields(v ssa.Value) map[string]*FieldStore {
	if call, ok := v.(*ssa.Call); ok {
		return s.ResultFields(call, 0)
	}
	out := map[string]*FieldStore{}
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return out
	}
	a, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return out
	}
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != a {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				out[ssax.FieldName(a.Type(), fa.Field)] = &FieldStore{At: st, Value: st.Val}
			}
		}
	}
	return out
}
