package summary

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/forward"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/taint"
)

// Write is an API write site (checks.md §1.4): a direct call of a write
// method, a self-guarded writer, or a call of a helper in another package
// whose FuncSummary says it writes.
type Write struct {
	Call   ssa.CallInstruction
	Fn     *ssa.Function // the function containing Call
	Kind   apis.WriteKind
	Flavor string // apis.FlavorCR, FlavorTyped, FlavorDynamic, FlavorCLI
	// Object is the object argument, or nil when the write has none.
	Object ssa.Value
	// SubResource names the subresource of a SubResourceWrite.
	SubResource string
	// Local is the status of the site within Fn; LocalGuards are the
	// guarding conditions when Local is Guarded.
	Local       Status
	LocalGuards []flow.Dep
	// InScope tells whether Fn is reachable from a reconcile root; Status
	// then combines Local with the least guarded call chain from a root.
	InScope bool
	Status  Status
	// Helper is the function of another package that performs the write
	// when the site is a helper call; HelperSite is where, as file:line:col.
	// Helper is a function, or an exported variable that holds one
	// (summary.CalleeObject).
	Helper     types.Object
	HelperSite string
	// Writer is the subresource writer of a write whose subresource the
	// function cannot tell (a parameter), and WriterMethod its method;
	// callers decide (WriteFact.WriterParam).
	Writer       ssa.Value
	WriterMethod string
	// Via is the function the call names when it reaches the write
	// through forwarders (Summary.Forward): a function, or an exported
	// variable of another package that holds one; nil otherwise.
	Via types.Object
	// Diffing says the helper compares the object with a snapshot (or
	// its own read) and writes only what differs: cluster-api's
	// patch.Helper, a scope's PatchObject, a helper whose facts say its
	// write is guarded.
	Diffing bool
}

// Pos returns the position of the write call.
func (w *Write) Pos() token.Pos { return w.Call.Pos() }

// Method returns a short description of the write, e.g. "Status().Update"
// or "helper EnsureDeployment (Patch)".
func (w *Write) Method() string {
	if w.Helper != nil {
		return w.Helper.Name() + " (" + w.Kind.String() + ")"
	}
	if w.Via != nil && w.Via.Pkg() != nil && w.Via.Exported() {
		return w.Via.Name() + " (" + w.Kind.String() + ")"
	}
	if w.Kind == apis.SubResourceWrite && w.SubResource != "" {
		return "SubResource(" + w.SubResource + ") write"
	}
	if w.Flavor == apis.FlavorTyped || w.Flavor == apis.FlavorDynamic {
		// A client-go client's method says what it writes by its own
		// name (UpdateStatus, ApplyStatus).
		name := ""
		if c := w.Call.Common(); c.IsInvoke() {
			name = c.Method.Name()
		} else if f := c.StaticCallee(); f != nil {
			name = f.Name()
		}
		if name != "" && w.Kind.IsStatus() && !strings.Contains(name, "Status") {
			name += `(…, "status")` // the subresource named by the last argument
		}
		if name != "" {
			return name
		}
	}
	return w.Kind.String()
}

// findWrites finds the write sites of every package function.
func (s *Summary) findWrites() {
	for _, fn := range s.srcFunc {
		if s.inlined[fn] {
			continue // its call is a write at its callers' sites
		}
		fi := s.Func(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				for _, w := range s.classifyWrite(call) {
					w.Fn = fn
					st, guards := fi.StatusOf(b)
					switch {
					case w.Kind.IsSelfGuarded():
						st = Combine(st, Guarded)
					case w.Helper != nil:
						st = Combine(st, w.Local)
					}
					w.Local, w.LocalGuards = st, guards
					s.Writes = append(s.Writes, w)
				}
			}
		}
	}
}

// classifyWrite returns the writes performed by one call, seen through
// forwarders (Write.Via names the function the call names then).
func (s *Summary) classifyWrite(call ssa.CallInstruction) []*Write {
	c := s.Forward(call.Common())
	ws := s.classifyWriteOf(call, c)
	if c != call.Common() {
		for _, w := range ws {
			w.Via = CalleeObject(s.Pass.Pkg, call.Common())
		}
	}
	return ws
}

func (s *Summary) classifyWriteOf(call ssa.CallInstruction, c *ssa.CallCommon) []*Write {
	callee := ssax.CalleeFunc(c)
	if callee == nil {
		return s.helperWrites(call, c) // a variable of another package that holds a function
	}
	f := apis.FuncOf(callee)
	args := ssax.CallArgs(c)
	arg := func(i int) ssa.Value {
		if i >= 0 && i < len(args) {
			return args[i]
		}
		return nil
	}
	if k := apis.ClassifySelfGuarded(f); k != apis.NoWrite {
		return []*Write{{Call: call, Kind: k, Flavor: apis.FlavorCR, Object: arg(apis.ObjectArg(apis.FlavorCR, k))}}
	}
	if apis.IsSnapshotPatch(f) {
		// Self-guarded: it compares obj with the snapshot of NewHelper.
		obj := arg(1)
		return []*Write{
			{Call: call, Kind: apis.Patch, Flavor: apis.FlavorCR, Object: obj, Helper: callee, Local: Guarded, Diffing: true},
			{Call: call, Kind: apis.StatusPatch, Flavor: apis.FlavorCR, Object: obj, Helper: callee, Local: Guarded, Diffing: true},
		}
	}
	if f.Pkg == apis.Client {
		fromStatus, sub := false, ""
		if f.Recv == "SubResourceWriter" || f.Recv == "StatusWriter" {
			fromStatus, sub = s.subResourceOrigin(ssax.CallRecv(c), 0)
		}
		if k := apis.ClassifyCRWriter(f, fromStatus); k != apis.NoWrite {
			k = s.applyPatch(k, arg(apis.PatchArg))
			w := &Write{Call: call, Kind: k, Flavor: apis.FlavorCR, Object: arg(apis.ObjectArg(apis.FlavorCR, k)), SubResource: sub}
			if (f.Recv == "SubResourceWriter" || f.Recv == "StatusWriter") && !fromStatus && sub == "" {
				w.Writer, w.WriterMethod = ssax.CallRecv(c), f.Name
			}
			return []*Write{w}
		}
		return nil
	}
	if k, flavor := apis.ClassifyTypedWriter(f); k != apis.NoWrite {
		if k == apis.Patch && len(args) > 0 {
			// Patch(ctx, name, pt, data, opts, subresources...)
			for _, sr := range ssax.VariadicStrings(args[len(args)-1]) {
				if sr == "status" {
					k = apis.StatusPatch
				} else if sr != "" {
					k = apis.SubResourceWrite
				}
			}
			k = s.applyPatch(k, arg(apis.PatchArg))
		}
		obj := arg(apis.ObjectArg(flavor, k))
		if obj == nil || !apis.IsObject(obj.Type()) {
			// Clientsets generated before client-go 1.18 take no context:
			// Update(obj), UpdateStatus(obj).
			if first := arg(0); first != nil && apis.IsObject(first.Type()) {
				obj = first
			}
		}
		return []*Write{{Call: call, Kind: k, Flavor: flavor, Object: obj}}
	}
	return s.helperWrites(call, c)
}

// helperWrites returns the writes of a helper of another package that the
// call calls (a function, or one an exported variable holds), as its
// summary records them.
func (s *Summary) helperWrites(call ssa.CallInstruction, c *ssa.CallCommon) []*Write {
	if s.LocalFunc(s.Callee(c)) == nil {
		fs, helper := s.CalleeFact(c)
		if fs == nil {
			return nil
		}
		var out []*Write
		for _, hw := range fs.Writes {
			kind := hw.Kind
			if hw.WriterParam > 0 && hw.WriterParam <= len(c.Args) {
				if k, ok := s.writerKind(c.Args[hw.WriterParam-1], hw.WriterMethod); ok {
					kind = k
				}
			}
			w := &Write{Call: call, Kind: kind, Flavor: hw.Flavor, Helper: helper, HelperSite: hw.Site}
			if hw.Param >= 0 && hw.Param < len(c.Args) {
				w.Object = c.Args[hw.Param]
			}
			switch {
			case hw.FailurePathOnly:
				w.Local = FailurePath
			case hw.Guarded:
				w.Local, w.Diffing = Guarded, true
			}
			out = append(out, w)
		}
		return out
	}
	return nil
}

// writerKind returns the kind of a write made with method of the
// subresource writer v, when v's origin (Status(), SubResource("status"))
// says which subresource it writes.
func (s *Summary) writerKind(v ssa.Value, method string) (apis.WriteKind, bool) {
	fromStatus, sub := s.subResourceOrigin(v, 0)
	if !fromStatus && sub == "" {
		return apis.NoWrite, false
	}
	k := apis.ClassifyCRWriter(apis.Func{Pkg: apis.Client, Recv: "SubResourceWriter", Name: method}, fromStatus)
	return k, k != apis.NoWrite
}

// subResourceOrigin tells whether a SubResourceWriter value came from
// Status() or SubResource("status"), and the subresource name otherwise.
//
// A parameter of a helper has the origin that the arguments of all its call
// sites in the package agree on.
func (s *Summary) subResourceOrigin(v ssa.Value, depth int) (fromStatus bool, name string) {
	for i := 0; i < 8 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.Parameter:
			args := s.ParamArgs(x)
			if len(args) == 0 || depth > 4 {
				return false, ""
			}
			fromStatus, name = s.subResourceOrigin(args[0], depth+1)
			for _, a := range args[1:] {
				if f, n := s.subResourceOrigin(a, depth+1); f != fromStatus || n != name {
					return false, ""
				}
			}
			return fromStatus, name
		case *ssa.Call:
			fc := s.Forward(&x.Call)
			callee := ssax.CalleeFunc(fc)
			if callee == nil {
				return false, ""
			}
			switch callee.Name() {
			case "Status":
				return true, "status"
			case "SubResource":
				args := ssax.CallArgs(fc)
				if len(args) == 1 {
					if s, ok := ssax.ConstString(args[0]); ok {
						return s == "status", s
					}
				}
				return false, ""
			}
			return false, ""
		case *ssa.ChangeType:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.Phi:
			if len(x.Edges) == 0 {
				return false, ""
			}
			v = x.Edges[0]
		default:
			return false, ""
		}
	}
	return false, ""
}

// applyPatch returns the kind of a Patch write whose patch argument is
// p: a server-side apply (Apply, StatusApply) when p is controller-runtime's
// client.Apply or a client-go apply patch type, else k. The patch is
// followed through conversions and through the branches of a Phi, all of
// which must be apply patches.
//
// A parameter of a helper is an apply patch when the arguments of all its
// call sites in the package are.
func (s *Summary) applyPatch(k apis.WriteKind, p ssa.Value) apis.WriteKind {
	if p == nil || (k != apis.Patch && k != apis.StatusPatch) || !s.isApplyPatch(p, make(map[ssa.Value]bool)) {
		return k
	}
	if k == apis.StatusPatch {
		return apis.StatusApply
	}
	return apis.Apply
}

func (s *Summary) isApplyPatch(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Parameter:
		args := s.ParamArgs(x)
		for _, a := range args {
			if !s.isApplyPatch(a, seen) {
				return false
			}
		}
		return len(args) > 0
	case *ssa.UnOp:
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL && g.Pkg != nil {
			return apis.IsApplyPatchVar(apis.PathOf(g.Pkg.Pkg), g.Name())
		}
	case *ssa.Const:
		if s, ok := ssax.ConstString(x); ok {
			return apis.IsApplyPatchType(s)
		}
	case *ssa.MakeInterface:
		return s.isApplyPatch(x.X, seen)
	case *ssa.ChangeType:
		return s.isApplyPatch(x.X, seen)
	case *ssa.ChangeInterface:
		return s.isApplyPatch(x.X, seen)
	case *ssa.Convert:
		return s.isApplyPatch(x.X, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !s.isApplyPatch(e, seen) {
				return false
			}
		}
		return len(x.Edges) > 0
	}
	return false
}

// RootOf returns the object root behind v (an Alloc, Parameter, Call
// result, …) and the field path from it, e.g. "Status.Conditions" or
// "ObjectMeta.Annotations[]". Closure free variables resolve to the value
// captured at the closure's creation when it is unique.
func (s *Summary) RootOf(v ssa.Value) (ssa.Value, []string) {
	return s.rootOf(v, make(map[ssa.Value]bool))
}

func (s *Summary) rootOf(v ssa.Value, seen map[ssa.Value]bool) (ssa.Value, []string) {
	root, path := s.walkRoot(v, seen)
	return s.heldRoot(root, path, seen)
}

// heldRoot follows a path into a value a constructor of the package built
// to the object it holds there: a scope or wrapper made with a pointer to
// the caller's object (`scope := newScope(&w)`; `scope.w.Status.Phase`)
// is that object at the rest of the path. The constructor must store the
// pointer at that field on every path, once.
func (s *Summary) heldRoot(root ssa.Value, path []string, seen map[ssa.Value]bool) (ssa.Value, []string) {
	if len(path) == 0 || seen[root] {
		return root, path
	}
	if h, rest := s.heldObject(root, path); h != nil {
		return h, rest // the object a manager root's receiver holds
	}
	if held := localHeld(root, path[0]); held != nil && !s.IsObjectRoot(root) {
		// A struct of the function holding a pointer into an object, or
		// a part of one (b := &builder{st: &w.Status}): stores through it
		// are the object's.
		// A whole object only when it is read from the API or given (one
		// built here goes with its builder); the field itself (path[0]
		// alone) is the holder's own (heldWritten maps a write of it).
		seen[root] = true
		r, p := s.rootOf(held, seen)
		whole := len(p) == 0 && (s.readCallOf(r) != nil || s.filledByGet(r) || ssax.IsParam(r))
		if (whole || len(p) > 0) && len(path) > 1 {
			return r, append(append([]string(nil), p...), path[1:]...)
		}
		delete(seen, root)
	}
	call, idx := resultCall(root)
	if call == nil {
		return root, path
	}
	fc := s.Forward(&call.Call)
	local := s.LocalCallee(fc)
	if local == nil || fc.IsInvoke() {
		return root, path
	}
	var held ssa.Value
	var inside []string // the path into held that the pointer points to
	for _, re := range s.resultEffects(local) {
		if re.param != idx || len(re.path) == 0 || re.path[0] != path[0] {
			continue
		}
		if len(re.path) != 1 || held != nil || re.status != Unguarded || re.removal || re.value == nil {
			return root, path // stored under conditions, more than once, or into: not one held pointer
		}
		held = s.valueAtCall(re.value, local, fc)
		if held == nil {
			// A pointer into a part of a parameter (&c.Status): that
			// part of the caller's argument.
			r, p := s.RootOf(re.value)
			prm, ok := r.(*ssa.Parameter)
			if !ok || prm.Parent() != local || len(p) == 0 {
				return root, path
			}
			if _, isPtr := re.value.Type().Underlying().(*types.Pointer); !isPtr {
				return root, path
			}
			held, inside = s.CallArg(fc, local, ssax.ParamIndex(local, prm)), p
			if held == nil {
				return root, path
			}
		}
	}
	if held == nil {
		return root, path
	}
	if _, isPtr := held.Type().Underlying().(*types.Pointer); !isPtr {
		return root, path // a copy, not the caller's object
	}
	seen[root] = true
	r, p := s.rootOf(held, seen)
	return r, append(append(append([]string(nil), p...), inside...), path[1:]...)
}

// heldWritten is heldRoot for the object of a write a helper makes
// through a field of a struct the caller holds (defer s.end(ctx), whose
// end writes s.w): the object the field holds, when it is read from the
// API or given to the caller.
func (s *Summary) heldWritten(root ssa.Value, path []string) ssa.Value {
	if len(path) == 1 && !s.IsObjectRoot(root) {
		if held := localHeld(root, path[0]); held != nil {
			if r, p := s.RootOf(held); len(p) == 0 && (s.readCallOf(r) != nil || s.filledByGet(r) || ssax.IsParam(r)) {
				return r
			}
		}
	}
	r, _ := s.heldRoot(root, path, make(map[ssa.Value]bool))
	return r
}

// filledByGet reports whether v is a variable of its function that a Get
// of a reader fills (obj := &T{}; c.Get(ctx, key, obj)).
func (s *Summary) filledByGet(v ssa.Value) bool {
	_, ok := v.(*ssa.Alloc)
	return ok && s.getFills(v, 0)
}

// getFills reports whether a Get of a reader fills v, itself or through
// the conversions of it that the function passes on (a copy's
// obj.DeepCopyObject().(client.Object) read into again).
func (s *Summary) getFills(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 3 {
		return false
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Call:
			callee := ssax.CalleeFunc(s.Forward(&x.Call))
			if callee != nil && apis.IsReaderGet(apis.FuncOf(callee)) {
				return true
			}
		case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType:
			if s.getFills(x.(ssa.Value), depth+1) {
				return true
			}
		case *ssa.TypeAssert:
			if !x.CommaOk && s.getFills(x, depth+1) {
				return true
			}
		}
	}
	return false
}

// localHeld returns the pointer that the local struct root holds in its
// field name, when the function stores one there exactly once (a
// composite literal's field, or one assignment) and never takes the
// field's address for anything else; nil otherwise.
func localHeld(root ssa.Value, name string) ssa.Value {
	a, ok := root.(*ssa.Alloc)
	if !ok {
		return nil
	}
	st, ok := ssax.Deref(a.Type()).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var held ssa.Value
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || fa.X != a || fa.Field >= st.NumFields() || st.Field(fa.Field).Name() != name {
			continue
		}
		for _, r := range *fa.Referrers() {
			switch x := r.(type) {
			case *ssa.Store:
				if x.Addr != fa || held != nil {
					return nil
				}
				held = x.Val
			case *ssa.UnOp:
				// a load of the field
			default:
				return nil // the field's address escapes
			}
		}
	}
	if held == nil {
		return nil
	}
	if _, isPtr := held.Type().Underlying().(*types.Pointer); !isPtr {
		return nil
	}
	return held
}

// walkRoot is rootOf's walk through fields, elements, conversions and
// same-object calls.
func (s *Summary) walkRoot(v ssa.Value, seen map[ssa.Value]bool) (ssa.Value, []string) {
	var path []string
	for i := 0; i < 64 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			path = append([]string{ssax.FieldName(x.X.Type(), x.Field)}, path...)
			v = x.X
		case *ssa.Field:
			path = append([]string{ssax.FieldName(x.X.Type(), x.Field)}, path...)
			v = x.X
		case *ssa.IndexAddr:
			path = append([]string{"[]"}, path...)
			v = x.X
		case *ssa.Index:
			path = append([]string{"[]"}, path...)
			v = x.X
		case *ssa.Lookup:
			if key, ok := ssax.ConstString(x.Index); ok && key != "" {
				// u.Object["status"]: the part of an unstructured
				// object's content that key names, as its stores say it.
				if r, p := s.rootOf(x.X, seen); apis.IsUnstructured(r.Type()) {
					switch {
					case len(p) == 1 && p[0] == apis.UnstructuredContentField:
						return r, append(apis.ContentPath([]string{key}), path...)
					case len(p) > 0 && p[0] != apis.UnstructuredContentField:
						return r, append(append(slices.Clone(p), key), path...)
					}
				}
			}
			path = append([]string{"[]"}, path...)
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v, path
			}
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.Slice:
			v = x.X
		case *forward.Derived:
			// A forwarder's field of its parameter: that field of the
			// caller's argument.
			inner := x.Path
			if x.Inner != nil {
				_, inner = s.rootOf(x.Inner, seen)
			}
			path = append(append([]string(nil), inner...), path...)
			v = x.Base
		case *ssa.FreeVar:
			b := s.Binding(x)
			if b == nil {
				return v, path
			}
			if a, ok := b.(*ssa.Alloc); ok && boxedValue(a) == nil && !seen[x] {
				// A variable the closure reassigns (w, err = markBound(w)):
				// the object every value stored into it is.
				seen[x] = true
				if common := s.commonRoot(ssax.CellStores(x), seen); common != nil {
					return common, path
				}
			}
			v = b
		case *ssa.Alloc:
			// A variable boxed because a closure captures it (d := &T{};
			// func() { d.X = … }): the object is the one value stored.
			b := boxedValue(x)
			if b == nil {
				return v, path
			}
			v = b
		case *ssa.Extract:
			// A helper that returns the object it was given.
			c, ok := x.Tuple.(*ssa.Call)
			if !ok {
				return v, path
			}
			arg, kind, inner := s.callSourceSeen(&c.Call, x.Index, seen)
			if kind != SameObject {
				return v, path
			}
			path = append(slices.Clone(inner), path...)
			v = arg
		case *ssa.Call:
			if arg, kind, inner := s.callSourceSeen(&x.Call, 0, seen); kind == SameObject {
				path = append(slices.Clone(inner), path...)
				v = arg
				continue
			}
			if part := copiedBack(x); part != nil && !seen[x] {
				// A deep copy of a part that is assigned back whole on
				// every path on (st := w.Status.DeepCopy(); st.Phase = …;
				// w.Status = *st): the part itself.
				seen[x] = true
				v = part
				continue
			}
			// obj.GetLabels() returns the object's own map.
			fc := s.Forward(&x.Call)
			callee := ssax.CalleeFunc(fc)
			if callee == nil {
				return v, path
			}
			field, ok := apis.AliasingGetter(apis.FuncOf(callee))
			recv := ssax.CallRecv(fc)
			if !ok || recv == nil {
				return v, path
			}
			path = append(append([]string(nil), field...), path...)
			v = recv
		case *ssa.Phi:
			if seen[x] {
				return v, path
			}
			seen[x] = true
			common := s.commonRoot(x.Edges, seen)
			if common == nil {
				return v, path
			}
			return common, path
		default:
			return v, path
		}
	}
	return v, path
}

// copiedBack returns the pointer to the part of a value that c, a
// DeepCopy of it (p.DeepCopy() with p &x.Spec), copies, when the copy is
// assigned back whole into that same part (x.Spec = *cp) on every path
// from the copy to the function's end, and is otherwise only read,
// stored into through its fields, or handed to calls: what is stored into
// the copy is then stored into the part, as if in place. Nil otherwise:
// a copy assigned back only under a condition (when it differs from the
// part, say) is a copy.
func copiedBack(c *ssa.Call) ssa.Value {
	callee := c.Call.StaticCallee()
	if callee == nil || !apis.IsDeepCopy(callee.Name()) || callee.Signature.Recv() == nil || len(c.Call.Args) != 1 {
		return nil
	}
	part := c.Call.Args[0]
	if !types.Identical(part.Type(), c.Type()) {
		return nil // a copy of another type (DeepCopyObject's runtime.Object): not assigned back as is
	}
	if _, ok := part.(*ssa.FieldAddr); !ok {
		return nil // a part of a value, not a whole object
	}
	var back *ssa.Store
	for _, r := range *c.Referrers() {
		switch x := r.(type) {
		case *ssa.FieldAddr, *ssa.DebugRef:
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			for _, rr := range *x.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Val == ssa.Value(x) && samePlace(st.Addr, part) {
					back = st
				}
			}
		case ssa.CallInstruction:
			if x.Common().Value == ssa.Value(c) {
				return nil
			}
		default:
			return nil // stored elsewhere, returned, converted: a copy
		}
	}
	if back == nil || !ssax.PostDominates(back, c) {
		return nil
	}
	return part
}

// samePlace reports whether the addresses a and b are the same field path
// from the same base value (two FieldAddr chains of one pointer).
func samePlace(a, b ssa.Value) bool {
	for {
		fa, ok1 := a.(*ssa.FieldAddr)
		fb, ok2 := b.(*ssa.FieldAddr)
		if !ok1 || !ok2 {
			return a == b
		}
		if fa.Field != fb.Field {
			return false
		}
		a, b = fa.X, fb.X
	}
}

// RootsOf returns every place v may live. It is RootOf's one answer,
// except for a value merged from values of different homes (a Phi whose
// edges RootOf cannot reduce to one root: `m := w.Annotations; if m ==
// nil { m = map[string]string{} }`): each edge's home, nil edges left
// out, the Phi's own first. A store through such a value may be a store
// into any of them.
func (s *Summary) RootsOf(v ssa.Value) []taint.Home {
	root, path := s.RootOf(v)
	out := []taint.Home{{Root: root, Path: path}}
	phi, ok := root.(*ssa.Phi)
	if !ok {
		return out
	}
	seen := map[ssa.Value]bool{phi: true}
	var walk func(phi *ssa.Phi, depth int)
	walk = func(phi *ssa.Phi, depth int) {
		for _, e := range phi.Edges {
			if ssax.IsNil(e) || seen[e] {
				continue
			}
			seen[e] = true
			r, p := s.RootOf(e)
			if inner, ok := r.(*ssa.Phi); ok && depth < 4 && !seen[inner] {
				seen[inner] = true
				walk(inner, depth+1)
				continue
			}
			out = append(out, taint.Home{Root: r, Path: append(slices.Clone(p), path...)})
		}
	}
	walk(phi, 0)
	return out
}

// commonRoot returns the root that every non-nil value of vals has, or
// nil when they differ (or are all nil).
func (s *Summary) commonRoot(vals []ssa.Value, seen map[ssa.Value]bool) ssa.Value {
	var common ssa.Value
	for _, e := range vals {
		if ssax.IsNil(e) {
			continue
		}
		r, _ := s.rootOf(e, seen)
		if common == nil {
			common = r
		} else if common != r {
			return nil
		}
	}
	return common
}

// Binding returns the value captured for a closure's free variable when
// the closure is created exactly once.
func (s *Summary) Binding(fv *ssa.FreeVar) ssa.Value {
	mc, idx := ssax.ClosureOf(fv)
	if mc == nil {
		return nil
	}
	return mc.Bindings[idx]
}

// PathString joins a field path for messages, e.g. "Status.Conditions".
func PathString(path []string) string {
	var b strings.Builder
	for _, p := range path {
		if p == "ObjectMeta" || p == "TypeMeta" {
			continue
		}
		if p == "[]" {
			b.WriteString("[]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	if b.Len() == 0 && len(path) > 0 {
		return path[len(path)-1] // the whole embedded metadata: named as it is
	}
	return b.String()
}
