// Package keys tells where the keys of a package's model come from: the
// parameter a Get key derives from (the reconcile request, say), the
// parameters the objects a Get fills are keyed by, and the constant a key
// (a label or annotation key, a finalizer name) holds. It is a library for
// the checks and shared analyses that compare keys; it sits above the
// model (summary), which does not use it.
//
// Every reader creates its own Keys for a package (New), once per run: it
// memoizes the keys of the objects of each function, so nothing is shared
// between concurrent readers.
package keys

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Keys finds the keys of one package, for one reader of its model.
type Keys struct {
	s *summary.Summary
	// objects memoizes ObjectParams.
	objects map[*ssa.Function]map[ssa.Value]int
	// ImportKey, when set, answers for a function of another package
	// which of its parameters a result that is a key is made from
	// (ResultParams, the fact its package exported); ok is false when it
	// has none.
	ImportKey func(fn types.Object) (result int, params []int, ok bool)
	// bind maps a key constructor being followed (resultParam) to its
	// call: a parameter of it stands for that argument, in the caller's
	// terms.
	bind map[*ssa.Function]func(i int) int
}

// New returns the keys of the package of s (a reader's view of the
// model), with empty memo tables.
func New(s *summary.Summary) *Keys {
	return &Keys{s: s, objects: make(map[*ssa.Function]map[ssa.Value]int)}
}

// Param returns the index (receiver first; a closure's free variables
// numbered after its parameters) of the parameter of fn that the Get key v
// is derived from (req.NamespacedName, client.ObjectKey{Name: req.Name, …},
// req.Name), or -1.
func (k *Keys) Param(fn *ssa.Function, v ssa.Value) int {
	return k.keyParam(fn, v, make(map[ssa.Value]int))
}

// keyParam is Param with the memo of the values met: -1 while in
// progress, so a cycle derives from no parameter.
func (k *Keys) keyParam(fn *ssa.Function, v ssa.Value, memo map[ssa.Value]int) int {
	if v == nil {
		return -1
	}
	if p, ok := memo[v]; ok {
		return p // -1 while in progress: a cycle
	}
	memo[v] = -1
	p := k.keyParam1(fn, v, memo)
	memo[v] = p
	return p
}

func (k *Keys) keyParam1(fn *ssa.Function, v ssa.Value, seen map[ssa.Value]int) int {
	switch x := v.(type) {
	case *ssa.Parameter:
		if x.Parent() == fn {
			if b := k.bind[fn]; b != nil {
				return b(ssax.ParamIndex(fn, x))
			}
			return ssax.ParamIndex(fn, x)
		}
	case *ssa.FreeVar:
		// A closure's captured variable: numbered after the parameters.
		if x.Parent() == fn {
			if b := k.bind[fn]; b != nil {
				return b(ssax.InputIndex(fn, x))
			}
			return ssax.InputIndex(fn, x)
		}
	case *ssa.Field:
		return k.keyParam(fn, x.X, seen)
	case *ssa.FieldAddr:
		return k.keyParam(fn, x.X, seen)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return k.keyParam(fn, x.X, seen)
		}
	case *ssa.ChangeType:
		return k.keyParam(fn, x.X, seen)
	case *ssa.MakeInterface:
		return k.keyParam(fn, x.X, seen)
	case *ssa.ChangeInterface:
		return k.keyParam(fn, x.X, seen)
	case *ssa.Phi:
		idx := -1
		for _, e := range x.Edges {
			p := k.keyParam(fn, e, seen)
			if p < 0 || (idx >= 0 && p != idx) {
				return -1
			}
			idx = p
		}
		return idx
	case *ssa.Call:
		if p := k.resultParam(fn, &x.Call, 0, seen); p >= 0 {
			return p
		}
		return k.fieldsParam(fn, x, 0, seen)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			if p := k.resultParam(fn, &c.Call, x.Index, seen); p >= 0 {
				return p
			}
			return k.fieldsParam(fn, c, x.Index, seen)
		}
	case *ssa.Alloc:
		// A local copy of a parameter (*t0 = req), or a composite key:
		// every field stored into it must come from the same parameter,
		// and the Name field must be among them.
		idx, sawName := -1, false
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				p := k.keyParam(fn, st.Val, seen)
				if p < 0 || (idx >= 0 && p != idx) {
					return -1
				}
				idx, sawName = p, true
			}
		}
		for _, r := range *x.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, rr := range *fa.Referrers() {
				st, ok := rr.(*ssa.Store)
				if !ok || st.Addr != fa {
					continue
				}
				p := k.keyParam(fn, st.Val, seen)
				if p < 0 || (idx >= 0 && p != idx) {
					return -1
				}
				idx = p
				if ssax.FieldName(x.Type(), fa.Field) == "Name" {
					sawName = true
				}
			}
		}
		if sawName {
			return idx
		}
	}
	return -1
}

// fieldsParam follows a key whose fields the model knows from what the
// call's callee (a function of the package) stores into the value it
// returns there, itself or through the functions the call hands it
// (functional options; Summary.ResultFields): as for a composite key,
// every field must come from the same parameter, surely, and the Name
// field must be among them.
func (k *Keys) fieldsParam(fn *ssa.Function, c *ssa.Call, index int, seen map[ssa.Value]int) int {
	if res := c.Call.Signature().Results(); index >= res.Len() || !isKeyType(res.At(index).Type()) {
		return -1
	}
	fields := k.s.ResultFields(c, index)
	if _, ok := fields["Name"]; !ok {
		return -1
	}
	idx := -1
	for _, fs := range fields {
		if fs.Maybe || fs.Value == nil {
			return -1
		}
		p := k.keyParam(fn, fs.Value, seen)
		if p < 0 || idx >= 0 && p != idx {
			return -1
		}
		idx = p
	}
	return idx
}

// resultParam follows a key made by a function of the package (a
// constructor of the key, `key := keyFor(req.Namespace, req.Name)`): the
// callee's every return of result index must derive from one parameter of
// the caller, its own parameters standing for the call's arguments.
func (k *Keys) resultParam(fn *ssa.Function, c *ssa.CallCommon, index int, seen map[ssa.Value]int) int {
	callee := k.s.LocalCallee(c)
	if callee == nil && !c.IsInvoke() && k.ImportKey != nil {
		// A key made by a function of another package: its fact.
		fc := k.s.Forward(c)
		if f := summary.CalleeObject(k.s.Pass.Pkg, fc); f != nil {
			if r, ps, ok := k.ImportKey(f); ok && r == index {
				j := -1
				for _, p := range ps {
					if p >= len(fc.Args) {
						return -1
					}
					q := k.keyParam(fn, fc.Args[p], seen)
					if q < 0 || j >= 0 && q != j {
						return -1
					}
					j = q
				}
				return j
			}
		}
		return -1
	}
	if callee == nil || callee == fn || len(callee.Blocks) == 0 || c.IsInvoke() {
		return -1
	}
	if k.bind == nil {
		k.bind = make(map[*ssa.Function]func(int) int)
	}
	if k.bind[callee] != nil {
		return -1 // recursion
	}
	k.bind[callee] = func(i int) int {
		arg := k.s.CallArg(c, callee, i)
		if arg == nil {
			return -1
		}
		return k.keyParam(fn, arg, seen)
	}
	defer delete(k.bind, callee)
	j := -1
	for _, b := range callee.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || index >= len(ret.Results) {
			continue
		}
		p := k.keyParam(callee, ret.Results[index], make(map[ssa.Value]int))
		if p < 0 || j >= 0 && p != j {
			return -1
		}
		j = p
	}
	return j
}

// ResultParams returns the parameters (receiver first) that result index
// of fn, a function whose every return gives a key, makes that key from:
// every part of the key derives from one of them (`NamespacedName{
// Namespace: ns, Name: name}` from ns and name), so a caller whose
// arguments for them all derive from its request makes the request's key.
// nil when a part derives from no parameter (a constant name), or the
// result is no key type (types.NamespacedName, client.ObjectKey, a name).
func (k *Keys) ResultParams(fn *ssa.Function, index int) []int {
	if len(fn.Blocks) == 0 || !isKeyType(fn.Signature.Results().At(index).Type()) || k.bind[fn] != nil {
		return nil
	}
	if k.bind == nil {
		k.bind = make(map[*ssa.Function]func(int) int)
	}
	used := map[int]bool{}
	k.bind[fn] = func(i int) int { used[i] = true; return 0 } // every parameter stands for one source
	defer delete(k.bind, fn)
	some := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || index >= len(ret.Results) {
			continue
		}
		if k.keyParam(fn, ret.Results[index], make(map[ssa.Value]int)) != 0 {
			return nil
		}
		some = true
	}
	if !some {
		return nil
	}
	var out []int
	for i := range used {
		out = append(out, i)
	}
	slices.Sort(out)
	return out
}

// isKeyType reports whether t is an object key: a NamespacedName (its
// client.ObjectKey alias) or a string name.
func isKeyType(t types.Type) bool {
	if b, ok := t.Underlying().(*types.Basic); ok {
		return b.Kind() == types.String
	}
	return apis.IsNamed(t, apis.Types, "NamespacedName", false)
}

// ObjectParams maps the object roots of fn that a Get fills (the object
// argument of a client's Get, the call of a typed client's or lister's Get)
// to the index (receiver first) of the parameter their key derives from
// (Param; the request, for a root), or to -1. A root filled by Gets with
// different keys, or a key whose objects differ in type, maps to -1. The
// map is memoized: callers must not modify it.
func (k *Keys) ObjectParams(fn *ssa.Function) map[ssa.Value]int {
	if m, ok := k.objects[fn]; ok {
		return m
	}
	m := make(map[ssa.Value]int)
	k.objects[fn] = m
	typeOfKey := make(map[int]types.Type)
	conflict := make(map[int]bool)
	add := func(root ssa.Value, p int) {
		if old, ok := m[root]; ok && old != p {
			m[root] = -1
			return
		}
		m[root] = p
		if p < 0 {
			return
		}
		t := ssax.Deref(root.Type())
		if old, ok := typeOfKey[p]; ok && !types.Identical(old, t) {
			conflict[p] = true
		}
		typeOfKey[p] = t
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if key, obj, ok := k.GetCall(c); ok {
				root, _ := k.s.RootOf(obj)
				add(root, k.keyParam(fn, key, make(map[ssa.Value]int)))
			}
		}
	}
	for root, p := range m {
		if p >= 0 && conflict[p] {
			m[root] = -1
		}
	}
	return m
}

// GetCall recognises a Get (through forwarders): a client's Get(ctx, key,
// obj), whose key and object it returns, or a typed client's or lister's
// Get(…, name, …), whose name and result (the call) it returns; ok is
// false for any other call.
func (k *Keys) GetCall(c *ssa.Call) (key, obj ssa.Value, ok bool) {
	fc := k.s.Forward(&c.Call)
	callee := ssax.CalleeFunc(fc)
	if callee == nil {
		return nil, nil, false
	}
	f := apis.FuncOf(callee)
	args := ssax.CallArgs(fc)
	switch {
	case apis.IsReaderGet(f) && len(args) >= 3:
		return args[1], args[2], true
	case apis.IsTypedGet(f):
		for _, a := range args {
			if bt, ok := a.Type().Underlying().(*types.Basic); ok && bt.Kind() == types.String {
				return a, c, true
			}
		}
	}
	return nil, nil, false
}

// Const returns the constant string v holds: a constant, a closure's
// captured value, or a parameter of a package function that every call
// passes the same constant (a helper called with a key or a finalizer
// name); ok is false otherwise.
func (k *Keys) Const(v ssa.Value) (string, bool) {
	return k.constKeyDepth(v, 0)
}

func (k *Keys) constKeyDepth(v ssa.Value, depth int) (string, bool) {
	if k, ok := ssax.ConstString(v); ok {
		return k, true
	}
	if depth < 4 {
		switch x := v.(type) {
		case *ssa.FreeVar:
			// A closure's captured variable: the value captured.
			if b := k.s.Binding(x); b != nil {
				return k.constKeyDepth(b, depth+1)
			}
			return "", false
		case *ssa.UnOp:
			if x.Op == token.MUL {
				return k.constKeyDepth(x.X, depth+1)
			}
		case *ssa.Alloc:
			if p := ssax.SpilledParam(x); p != nil {
				return k.constKeyDepth(p, depth+1)
			}
		}
	}
	p, ok := v.(*ssa.Parameter)
	if !ok || depth >= 4 {
		return "", false
	}
	args := k.s.ParamArgs(p)
	key := ""
	for i, a := range args {
		c, ok := k.constKeyDepth(a, depth+1)
		if !ok || i > 0 && c != key {
			return "", false
		}
		key = c
	}
	return key, len(args) > 0
}

// OfParam reports whether the Get key v of fn derives from the input p
// of fn (the reconcile request): a parameter, or a closure's free
// variable.
func (k *Keys) OfParam(fn *ssa.Function, v ssa.Value, p ssa.Value) bool {
	idx := ssax.InputIndex(fn, p)
	return idx >= 0 && k.keyParam(fn, v, make(map[ssa.Value]int)) == idx
}
