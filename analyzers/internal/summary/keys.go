package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// KeyParam returns the index (receiver first; a closure's free variables
// numbered after its parameters) of the parameter of fn that the Get key v
// is derived from (req.NamespacedName, client.ObjectKey{Name: req.Name, …},
// req.Name), or -1.
func (s *Summary) KeyParam(fn *ssa.Function, v ssa.Value) int {
	return s.keyParam(fn, v, make(map[ssa.Value]int))
}

// keyParam is KeyParam with the memo of the values met: -1 while in
// progress, so a cycle derives from no parameter.
func (s *Summary) keyParam(fn *ssa.Function, v ssa.Value, memo map[ssa.Value]int) int {
	if v == nil {
		return -1
	}
	if p, ok := memo[v]; ok {
		return p // -1 while in progress: a cycle
	}
	memo[v] = -1
	p := s.keyParam1(fn, v, memo)
	memo[v] = p
	return p
}

func (s *Summary) keyParam1(fn *ssa.Function, v ssa.Value, seen map[ssa.Value]int) int {
	switch x := v.(type) {
	case *ssa.Parameter:
		if x.Parent() == fn {
			return ssax.ParamIndex(fn, x)
		}
	case *ssa.FreeVar:
		// A closure's captured variable: numbered after the parameters
		// (see closureArg).
		if x.Parent() == fn {
			for i, fv := range fn.FreeVars {
				if fv == x {
					return len(fn.Params) + i
				}
			}
		}
	case *ssa.Field:
		return s.keyParam(fn, x.X, seen)
	case *ssa.FieldAddr:
		return s.keyParam(fn, x.X, seen)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return s.keyParam(fn, x.X, seen)
		}
	case *ssa.ChangeType:
		return s.keyParam(fn, x.X, seen)
	case *ssa.MakeInterface:
		return s.keyParam(fn, x.X, seen)
	case *ssa.ChangeInterface:
		return s.keyParam(fn, x.X, seen)
	case *ssa.Phi:
		idx := -1
		for _, e := range x.Edges {
			p := s.keyParam(fn, e, seen)
			if p < 0 || (idx >= 0 && p != idx) {
				return -1
			}
			idx = p
		}
		return idx
	case *ssa.Alloc:
		// A local copy of a parameter (*t0 = req), or a composite key:
		// every field stored into it must come from the same parameter,
		// and the Name field must be among them.
		idx, sawName := -1, false
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				p := s.keyParam(fn, st.Val, seen)
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
				p := s.keyParam(fn, st.Val, seen)
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

// NotFoundHandled reports whether the return in block b of fi's function
// is controlled by a condition that looks at errVal other than a plain nil
// test: an apierrors.IsNotFound (IsAlreadyExists, …), an IgnoreNotFound,
// or anything unknown. A function without a control-flow graph handles
// everything.
func (s *Summary) NotFoundHandled(fi *FuncInfo, b *ssa.BasicBlock, errVal ssa.Value) bool {
	if fi.Graph == nil {
		return true
	}
	for _, d := range fi.Graph.ControlDeps(b) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		if !ssax.Mentions(ifi.Cond, errVal, make(map[ssa.Value]bool)) {
			continue
		}
		if !ssax.IsPlainNilTest(ifi.Cond, errVal) {
			return true
		}
	}
	return false
}

// ObjectKeyParams maps the object roots of fn that a Get fills (the object
// argument of a client's Get, the call of a typed client's or lister's Get)
// to the index (receiver first) of the parameter their key derives from
// (KeyParam; the request, for a root), or to -1. A root filled by Gets with
// different keys, or a key whose objects differ in type, maps to -1. The
// map is memoized: callers must not modify it.
func (s *Summary) ObjectKeyParams(fn *ssa.Function) map[ssa.Value]int {
	if m, ok := s.objKeyMemo.Get(fn); ok {
		return m
	}
	m := make(map[ssa.Value]int)
	s.objKeyMemo.Put(fn, m)
	typeOfKey := make(map[int]types.Type)
	conflict := make(map[int]bool)
	add := func(root ssa.Value, k int) {
		if old, ok := m[root]; ok && old != k {
			m[root] = -1
			return
		}
		m[root] = k
		if k < 0 {
			return
		}
		t := ssax.Deref(root.Type())
		if old, ok := typeOfKey[k]; ok && !types.Identical(old, t) {
			conflict[k] = true
		}
		typeOfKey[k] = t
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := ssax.CalleeFunc(&c.Call)
			if callee == nil {
				continue
			}
			f := apis.FuncOf(callee)
			args := ssax.CallArgs(&c.Call)
			switch {
			case apis.IsReaderGet(f) && len(args) >= 3:
				root, _ := s.RootOf(args[2])
				add(root, s.keyParam(fn, args[1], make(map[ssa.Value]int)))
			case apis.IsTypedGet(f):
				for _, a := range args {
					if bt, ok := a.Type().Underlying().(*types.Basic); ok && bt.Kind() == types.String {
						add(c, s.keyParam(fn, a, make(map[ssa.Value]int)))
						break
					}
				}
			}
		}
	}
	for root, k := range m {
		if k >= 0 && conflict[k] {
			m[root] = -1
		}
	}
	return m
}

// ConstKey returns the constant string v holds: a constant, a closure's
// captured value, or a parameter of a package function that every call
// passes the same constant (a helper called with a key or a finalizer
// name); ok is false otherwise.
func (s *Summary) ConstKey(v ssa.Value) (string, bool) {
	return s.constKeyDepth(v, 0)
}

func (s *Summary) constKeyDepth(v ssa.Value, depth int) (string, bool) {
	if k, ok := ssax.ConstString(v); ok {
		return k, true
	}
	if depth < 4 {
		switch x := v.(type) {
		case *ssa.FreeVar:
			// A closure's captured variable: the value captured.
			if b := s.Binding(x); b != nil {
				return s.constKeyDepth(b, depth+1)
			}
			return "", false
		case *ssa.UnOp:
			if x.Op == token.MUL {
				return s.constKeyDepth(x.X, depth+1)
			}
		case *ssa.Alloc:
			if p := ssax.SpilledParam(x); p != nil {
				return s.constKeyDepth(p, depth+1)
			}
		}
	}
	p, ok := v.(*ssa.Parameter)
	if !ok || depth >= 4 {
		return "", false
	}
	args := s.paramArgs(p)
	key := ""
	for i, a := range args {
		k, ok := s.constKeyDepth(a, depth+1)
		if !ok || i > 0 && k != key {
			return "", false
		}
		key = k
	}
	return key, len(args) > 0
}

// KeyOfParam reports whether the Get key v of fn derives from the
// parameter p (the reconcile request).
func (s *Summary) KeyOfParam(fn *ssa.Function, v ssa.Value, p *ssa.Parameter) bool {
	idx := ssax.ParamIndex(fn, p)
	return idx >= 0 && s.keyParam(fn, v, make(map[ssa.Value]int)) == idx
}
