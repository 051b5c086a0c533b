package appendnocheck

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fieldpath"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// listAppend is an append to a list field of an object that came from the
// API, stored back to the same field with no membership test over the list
// deciding whether it runs (RL2004).
type listAppend struct {
	Fn *ssa.Function
	// Instr is the store (or setter call) of the append result.
	Instr ssa.Instruction
	// Append is the call of the append builtin.
	Append *ssa.Call
	Root   ssa.Value
	Path   []string
	// Field is the list field's name, e.g. "Finalizers", "Containers".
	Field string
	// Read is where the object came from the API (a Get, a List, a typed
	// Get, the call of CreateOrUpdate whose mutate func appends, …) and
	// ReadWhat describes it.
	Read     token.Pos
	ReadWhat string
	// Write is the write that persists the appended list; WriteWhat names it.
	Write     token.Pos
	WriteWhat string
	// updates is set when Write is an update of the object (not a
	// CreateOrUpdate that reads it first).
	updates bool
	// Via is the chain of in-package calls from the function that reads
	// and writes the object down to Fn, outermost first; empty when Fn
	// itself does.
	Via []ssa.Instruction
}

// appends is the detection of one package.
type appends struct {
	s *summary.Summary
}

// PathString is the list's path for messages, e.g. "Finalizers" or
// "Spec.Template.Spec.Containers".
func (a *listAppend) PathString() string { return summary.PathString(a.Path) }

// listAppends returns the appends to the list fields named in fields (by
// their last path element) of objects read from the API, in every
// function of the package, that are not decided by a membership test over
// the list (G1/G2 over the list, or a condition the model cannot classify)
// and whose field is not reset earlier in the function.
func (d *appends) listAppends(fields map[string]bool) []*listAppend {
	var out []*listAppend
	for _, fn := range d.s.Funcs() {
		effects := d.s.Effects(fn)
		for _, e := range effects {
			if e.Kind != summary.StoreEffect || len(e.Path) == 0 || e.Status == summary.FailurePath {
				continue
			}
			value := e.Value
			if e.Via != nil {
				// A metadata setter summarised by its fact: its argument.
				if value = d.setterValue(e.Instr); value == nil {
					continue
				}
			}
			field := e.Path[len(e.Path)-1]
			if !fields[field] {
				continue
			}
			app := d.selfAppend(value, e.Root, e.Path)
			if app == nil {
				continue
			}
			if d.membershipGuarded(fn, e.Instr.Block(), e.Root, e.Path) || d.listReset(effects, e) {
				continue
			}
			la := &listAppend{Fn: fn, Instr: e.Instr, Append: app, Root: e.Root, Path: e.Path, Field: field}
			if !d.appendObserved(la, fn, e.Root, e.Path, e.Instr, 0) {
				continue
			}
			if d.markerLatched(fn, effects, e) {
				continue
			}
			out = append(out, la)
		}
	}
	return out
}

// selfAppend returns the append call when v is append(L, …) where L is
// the list at path of root (loaded from it, or its getter).
func (d *appends) selfAppend(v ssa.Value, root ssa.Value, path []string) *ssa.Call {
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	b, ok := c.Call.Value.(*ssa.Builtin)
	if !ok || b.Name() != "append" || len(c.Call.Args) == 0 {
		return nil
	}
	l := c.Call.Args[0]
	if r, p := d.s.RootOf(l); r == root && sameMetaless(p, path) {
		return c
	}
	// obj.GetFinalizers(), obj.GetOwnerReferences().
	if lc, ok := l.(*ssa.Call); ok {
		fc := d.s.Forward(&lc.Call)
		if callee := ssax.CalleeFunc(fc); callee != nil && callee.Name() == "Get"+path[len(path)-1] {
			if recv := ssax.CallRecv(fc); recv != nil {
				if r, p := d.s.RootOf(recv); r == root && len(summary.Metaless(p)) == len(summary.Metaless(path))-1 {
					return c
				}
			}
		}
	}
	return nil
}

// sameMetaless reports whether a and b name the same field, ObjectMeta and
// TypeMeta aside (promoted fields).
func sameMetaless(a, b []string) bool {
	return fieldpath.Equal(summary.Metaless(a), summary.Metaless(b))
}

// overlapsMetaless reports whether one path is a prefix of the other,
// ObjectMeta and TypeMeta aside.
func overlapsMetaless(a, b []string) bool {
	return fieldpath.Overlap(summary.Metaless(a), summary.Metaless(b))
}

// membershipGuarded reports whether block b is decided by a test that may
// be a membership test over the list at path of root: a condition that
// looks at the list (or the whole object), any G1 equality or membership
// call, a flag computed by control flow (found := false; for … { found =
// true }), or a condition of unknown kind.
func (d *appends) membershipGuarded(fn *ssa.Function, b *ssa.BasicBlock, root ssa.Value, path []string) bool {
	fi := d.s.Func(fn)
	if fi.Graph == nil {
		return true
	}
	for _, dep := range fi.Graph.ControlDeps(b) {
		ifi := dep.If()
		if ifi == nil {
			continue
		}
		kind := fi.Guard(ifi).Kind
		if kind == summary.ErrorTest || kind == summary.Lifecycle {
			continue
		}
		if d.mentionsList(ifi.Cond, root, path, make(map[ssa.Value]bool), 0) || isFlag(ifi.Cond) {
			return true
		}
		if kind == summary.Unknown || kind == summary.Equality {
			return true
		}
	}
	// A closure (a CreateOrUpdate mutate func, say) is decided by the
	// conditions of its creation too.
	if fn.Parent() != nil {
		for _, e := range d.s.CallersOf(fn) {
			if e.Caller == fn.Parent() {
				if d.membershipGuarded(e.Caller, e.Site.Block(), root, path) {
					return true
				}
			}
		}
	}
	return false
}

// isFlag reports whether cond (possibly negated) is a boolean Phi whose
// incoming values are all constants: a flag set by control flow.
func isFlag(cond ssa.Value) bool {
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond = u.X
	}
	phi, ok := cond.(*ssa.Phi)
	if !ok {
		return false
	}
	for _, e := range phi.Edges {
		if _, ok := e.(*ssa.Const); !ok {
			return false
		}
	}
	return true
}

// mentionsList reports whether v is computed from the list at path of
// root: its elements, its length, the whole object, or its getter.
func (d *appends) mentionsList(v ssa.Value, root ssa.Value, path []string, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > 32 {
		return false
	}
	seen[v] = true
	if r, p := d.s.RootOf(v); r == root && r != nil && overlapsMetaless(p, path) {
		return true
	} else if r == root && len(p) > 0 {
		return false // another field of the same object
	}
	next := func(xs ...ssa.Value) bool {
		for _, x := range xs {
			if d.mentionsList(x, root, path, seen, depth+1) {
				return true
			}
		}
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return next(x.X)
	case *ssa.BinOp:
		return next(x.X, x.Y)
	case *ssa.Phi:
		return next(x.Edges...)
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.ChangeType:
		return next(x.X)
	case *ssa.Convert:
		return next(x.X)
	case *ssa.MakeInterface:
		return next(x.X)
	case *ssa.ChangeInterface:
		return next(x.X)
	case *ssa.TypeAssert:
		return next(x.X)
	case *ssa.Slice:
		return next(x.X)
	case *ssa.FieldAddr:
		return next(x.X)
	case *ssa.Field:
		return next(x.X)
	case *ssa.IndexAddr:
		return next(x.X, x.Index)
	case *ssa.Index:
		return next(x.X, x.Index)
	case *ssa.Lookup:
		return next(x.X, x.Index)
	case *ssa.MakeClosure:
		return next(x.Bindings...)
	case *ssa.Call:
		fc := d.s.Forward(&x.Call)
		if callee := ssax.CalleeFunc(fc); callee != nil && callee.Name() == "Get"+path[len(path)-1] {
			if recv := ssax.CallRecv(fc); recv != nil {
				if r, _ := d.s.RootOf(recv); r == root {
					return true
				}
			}
		}
		if x.Call.IsInvoke() && next(x.Call.Value) {
			return true
		}
		return next(x.Call.Args...)
	case *ssa.Alloc:
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && next(st.Val) {
				return true
			}
		}
	}
	return false
}

// listReset reports whether another store to the list (or to an enclosing
// path) that is not itself an append of the list always runs before e: the
// list was reset (L = nil, L = L[:0], L = desired, RemoveFinalizer), so
// the append starts from a known list.
func (d *appends) listReset(effects []*summary.Effect, e *summary.Effect) bool {
	for _, o := range effects {
		if o == e || o.Kind != summary.StoreEffect || o.Root != e.Root {
			continue
		}
		if len(summary.Metaless(o.Path)) > len(summary.Metaless(e.Path)) || !overlapsMetaless(o.Path, e.Path) {
			continue
		}
		if len(summary.Metaless(o.Path)) == len(summary.Metaless(e.Path)) && d.selfAppend(o.Value, o.Root, o.Path) != nil {
			continue
		}
		if ssax.BlockDominates(o.Instr, e.Instr) {
			return true
		}
	}
	return false
}

// homeSite maps a site in fn to the function where root is defined: the
// site itself, or the creation of the closure chain that contains it.
func (d *appends) homeSite(fn *ssa.Function, site ssa.Instruction, home *ssa.Function) (ssa.Instruction, bool) {
	for f := fn; f != nil; f = f.Parent() {
		if f == home {
			return site, true
		}
		var mk ssa.Instruction
		for _, e := range d.s.CallersOf(f) {
			if e.Caller == f.Parent() {
				if _, ok := e.Site.(*ssa.MakeClosure); ok {
					mk = e.Site
					break
				}
			}
		}
		if mk == nil {
			return nil, false
		}
		site = mk
	}
	return nil, false
}

// appendObserved decides whether root (in fn, at site) is an object read
// from the API whose appended list is then written, filling la's Read,
// Write and Via. The write may be in fn or in a caller (after the call);
// once found, the callers are searched for the read only. depth bounds the
// walk up the callers of helpers.
func (d *appends) appendObserved(la *listAppend, fn *ssa.Function, root ssa.Value, path []string, site ssa.Instruction, depth int) bool {
	if depth > 4 || root == nil {
		return false
	}
	home := summary.ValueHome(root)
	if home == nil {
		return false
	}
	hsite, ok := d.homeSite(fn, site, home)
	if !ok {
		return false
	}
	inClosure := hsite != site
	haveWrite := la.Write.IsValid()
	// The write that persists the list: after the append in fn, or, for
	// an append in a closure, after the closure is made in the functions
	// around it up to home (CreateOrUpdate's mutate func: the write is
	// the self-guarded call that runs the closure).
	var write *summary.Effect
	for f, at := fn, site; f != nil && write == nil && !haveWrite; f = f.Parent() {
		if f != fn {
			if at, ok = d.homeSite(fn, site, f); !ok {
				break
			}
		}
		for _, e := range d.s.Effects(f) {
			if e.Kind != summary.WriteEffect || e.Root != root || e.Instr == site {
				continue
			}
			if (e.Write.IsMutation() || e.Write.IsSelfGuarded() && f != fn) && ssax.Reaches(at, e.Instr) {
				write = e
				break
			}
		}
		if f == home {
			break
		}
	}
	if write != nil {
		la.Write, la.WriteWhat, la.updates = write.Instr.Pos(), write.Write.String(), write.Write.IsMutation()
		if write.Via != nil {
			la.WriteWhat = write.Via.Name() + " (" + write.Write.String() + ")"
		}
	}
	found := func(pos token.Pos, what string) bool {
		if !la.Write.IsValid() {
			return false
		}
		la.Read, la.ReadWhat = pos, what
		return true
	}
	// A Get or List into the root before the append, or a read call (of
	// the API or of a helper that returns what it read) that made it.
	if pos, ok := d.s.ReadBefore(home, root, hsite); ok {
		return found(pos, "read")
	}
	// The object of CreateOrUpdate/CreateOrPatch, appended to in its mutate
	// func: CreateOrUpdate reads it first.
	if inClosure && write != nil && write.Write.IsSelfGuarded() {
		return found(write.Instr.Pos(), write.Write.String()+", which reads the object before calling the mutate func,")
	}
	p, ok := root.(*ssa.Parameter)
	if !ok {
		return false
	}
	idx := ssax.ParamIndex(home, p)
	// The object of an ObjectReconciler.
	for _, r := range d.s.Roots {
		if r.Fn == home && r.Request == p && r.ReceivesObject() {
			if r.Kind == roots.Listener {
				return found(p.Pos(), "passed to the listener method")
			}
			return found(p.Pos(), "passed to the ObjectReconciler")
		}
	}
	// A helper: the object comes from its callers.
	var edges []summary.CallEdge
	for _, e := range d.s.CallersOf(home) {
		if c, ok := e.Site.(*ssa.Call); ok && d.s.LocalCallee(&c.Call) == home {
			edges = append(edges, e)
		}
	}
	if len(edges) > 0 && home.Parent() == nil {
		for _, e := range edges {
			c := e.Site.(*ssa.Call)
			if idx < 0 || idx >= len(c.Call.Args) {
				continue
			}
			argRoot, argPath := d.s.RootOf(c.Call.Args[idx])
			if !d.s.IsObjectRoot(argRoot) {
				continue
			}
			full := append(append([]string(nil), argPath...), path...)
			if d.membershipGuarded(e.Caller, c.Block(), argRoot, full) {
				continue
			}
			inner := &listAppend{Write: la.Write, WriteWhat: la.WriteWhat, updates: la.updates}
			if d.appendObserved(inner, e.Caller, argRoot, full, c, depth+1) {
				la.Read, la.ReadWhat = inner.Read, inner.ReadWhat
				la.Write, la.WriteWhat = inner.Write, inner.WriteWhat
				la.Via = append(append([]ssa.Instruction(nil), inner.Via...), c)
				return true
			}
		}
		return false
	}
	// A function without callers in the package that updates the object it
	// receives: an Update or Patch needs an existing object, so its lists
	// came from the API.
	if la.Write.IsValid() && la.updates && len(edges) == 0 {
		return found(p.Pos(), "updated, so it exists in the API,")
	}
	return false
}

// typeHasNameField reports whether t (a struct) has a string field Name.
func typeHasNameField(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Name() == "Name" {
			b, ok := f.Type().Underlying().(*types.Basic)
			return ok && b.Kind() == types.String
		}
	}
	return false
}

// elemHasName reports whether the element type of the slice type t is a
// struct with a string Name field (the list is keyed by name).
func elemHasName(t types.Type) bool {
	sl, ok := t.Underlying().(*types.Slice)
	return ok && typeHasNameField(sl.Elem())
}

// setterValue returns the value argument of a metadata setter call
// (SetFinalizers(v), SetOwnerReferences(v)), or nil.
func (d *appends) setterValue(instr ssa.Instruction) ssa.Value {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return nil
	}
	c := d.s.Forward(call.Common())
	callee := ssax.CalleeFunc(c)
	if callee == nil {
		return nil
	}
	st, ok := apis.SetterOf(apis.FuncOf(callee))
	args := ssax.RecvFirstArgs(c)
	if !ok || st.Value < 0 || st.Value >= len(args) {
		return nil
	}
	return args[st.Value]
}

// markerLatched reports whether the append e of fn runs once: the write
// that persists it also persists a marker, a constant stored under a
// constant key of the object's annotations or labels, and fn runs only
// where a test of that key on an object of the same type (in fn or in a
// caller on the way to it, through four calls) has found it absent. Once
// the write lands, the next pass reads the marker and skips the append.
func (d *appends) markerLatched(fn *ssa.Function, effects []*summary.Effect, e *summary.Effect) bool {
	var keys []string
	for _, k := range effects {
		if k.Kind != summary.StoreEffect || k.Root != e.Root || k.Via != nil || len(k.Path) < 2 || k.Path[len(k.Path)-1] != "[]" {
			continue
		}
		if f := k.Path[len(k.Path)-2]; f != apis.AnnotationsField && f != apis.LabelsField {
			continue
		}
		mu, ok := k.Instr.(*ssa.MapUpdate)
		if !ok {
			continue
		}
		key, ok := ssax.ConstString(ssax.Unconvert(mu.Key))
		if !ok {
			continue
		}
		if _, ok := mu.Value.(*ssa.Const); !ok {
			continue
		}
		// Persisted by the write that persists the append.
		for _, w := range effects {
			if w.Kind == summary.WriteEffect && w.Root == e.Root && w.Write.IsMutation() &&
				ssax.Reaches(k.Instr, w.Instr) && ssax.Reaches(e.Instr, w.Instr) {
				keys = append(keys, key)
				break
			}
		}
	}
	if len(keys) == 0 {
		return false
	}
	t := ssax.Deref(e.Root.Type())
	return d.markerTested(fn, e.Instr.Block(), keys, t, 0)
}

// markerTested reports whether block b of fn runs only under a test of
// one of keys in an annotation or label map of an object of type t, in fn
// or, through every call of fn from the reconcile scope, in its callers.
func (d *appends) markerTested(fn *ssa.Function, b *ssa.BasicBlock, keys []string, t types.Type, depth int) bool {
	fi := d.s.Func(fn)
	if fi.Graph != nil {
		for _, dep := range fi.Graph.ControlDeps(b) {
			if ifi := dep.If(); ifi != nil && d.testsMarker(ifi.Cond, keys, t, 0) {
				return true
			}
		}
	}
	if depth >= 4 {
		return false
	}
	// The calls from the reconcile scope: a test of the package that
	// calls fn directly is not how the reconciler reaches it.
	n := 0
	for _, e := range d.s.CallersOf(fn) {
		if !d.s.InScope(e.Caller) {
			continue
		}
		n++
		if !d.markerTested(e.Caller, e.Site.Block(), keys, t, depth+1) {
			return false
		}
	}
	return n > 0
}

// testsMarker reports whether cond is computed from one of keys in the
// annotations or labels of an object of type t: a lookup of the map
// (where the value lives is the core's answer, RootOf: a field, a
// getter's result, a local copy), its found flag, or a metadata key test
// of the API table (metav1.HasAnnotation).
func (d *appends) testsMarker(cond ssa.Value, keys []string, t types.Type, depth int) bool {
	if depth > 6 {
		return false
	}
	isMarkerMap := func(m ssa.Value) bool {
		root, path := d.s.RootOf(m)
		if root == nil || len(path) == 0 || !types.Identical(ssax.Deref(root.Type()), t) {
			return false
		}
		f := path[len(path)-1]
		return f == apis.AnnotationsField || f == apis.LabelsField
	}
	switch x := cond.(type) {
	case *ssa.UnOp:
		return d.testsMarker(x.X, keys, t, depth+1)
	case *ssa.BinOp:
		return d.testsMarker(x.X, keys, t, depth+1) || d.testsMarker(x.Y, keys, t, depth+1)
	case *ssa.Extract:
		return d.testsMarker(x.Tuple, keys, t, depth+1)
	case *ssa.Lookup:
		key, ok := ssax.ConstString(ssax.Unconvert(x.Index))
		return ok && slices.Contains(keys, key) && isMarkerMap(x.X)
	case *ssa.Call:
		args := ssax.CallArgs(d.s.Forward(&x.Call))
		if apis.MetadataKeyTest(apis.FuncOf(ssax.CalleeFunc(d.s.Forward(&x.Call)))) == "" || len(args) < 2 {
			return false
		}
		key, ok := ssax.ConstString(ssax.Unconvert(args[1]))
		root, _ := d.s.RootOf(args[0])
		return ok && slices.Contains(keys, key) && root != nil && types.Identical(ssax.Deref(root.Type()), t)
	}
	return false
}
