package summary

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fieldpath"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/taint"
)

// EffectKind classifies an Effect.
type EffectKind int

// Effect kinds.
const (
	StoreEffect EffectKind = iota // a store into a field path of an object
	ReadEffect                    // a read that fills the object from the API (Get, List)
	WriteEffect                   // an API write of the object
)

// Effect is something a function does to an object root, in that
// function's terms: a store to a field path, a read from the API, or a
// write. Effects of package-local helpers appear at their call sites,
// mapped onto the caller's values; effects of helpers in other packages
// come from their facts.
type Effect struct {
	Kind  EffectKind
	Instr ssa.Instruction // the store, setter call, read, write or helper call
	Root  ssa.Value
	Path  []string       // for stores: the field path, e.g. [Status Phase]
	Write apis.WriteKind // for writes
	// Value is the stored value, when known, in the function's terms: for
	// a store mapped from a helper, the argument or constant the helper
	// stored (nil for a value the helper made itself).
	Value ssa.Value
	// Removal says the store removes an element (RemoveFinalizer,
	// RemoveOwnerReference, RemoveStatusCondition) rather than setting a
	// value.
	Removal bool
	// Via is the helper whose body performs the effect; nil when direct.
	Via types.Object
	// Status is the status of the effect within the function: its block's
	// status, combined with the status inside the helper for mapped effects.
	Status Status
	// Taint is the non-determinism of the stored value (stores only).
	Taint taint.Taint
	// WrittenBy lists, for a store, the kinds of the writes of the same
	// object that follow it inside the function that makes it: fn for its
	// own stores, the helper (and what the helper calls) for a store mapped
	// to a helper's call. The mapped effects share the call as Instr, so
	// their order inside the helper is known only through this list.
	WrittenBy []apis.WriteKind
	// Conds are the conditions inside package-local helpers that decide a
	// mapped effect (the helper's, then its helpers'); nil for direct
	// effects. Opaque says a helper of another package makes the effect
	// under conditions its facts do not show.
	Conds  []Cond
	Opaque bool
	// Captured marks an effect of a closure of the function, called where
	// it is made, on a value of the function the closure captures: mapped
	// to the call like a helper's, with WrittenBy listing the writes after
	// it in the closure and after the call.
	Captured bool
	// ParamCall, when set, is the parameter of the function through
	// which the call that makes the effect was made (a step of a list it
	// was given, the function a field of it holds): which function that
	// is, the caller knows better (paramCallEffects).
	ParamCall ParamCallRef
	// Handed marks a store made by a function the call hands the helper
	// it calls (paramCallEffects): the helper's own effects cannot show
	// it, so its writes after it (WrittenBy) persist it at this call.
	Handed bool
	// mapped marks an effect mapped from a callee: its Taint is the
	// callee's, bound to the call, whatever its Value.
	mapped bool
	// SentCopy marks a write of a deep copy of Root made for the write
	// alone (Patch(ctx, obj.DeepCopy(), …)), or of another object into
	// which Root's status was copied: it persists what Root holds, and the
	// server's answer fills the copy, not Root.
	SentCopy bool
	// CarriedStatus marks a status write of another object into which
	// Root's whole status was copied: it persists Root's status and says
	// nothing of Root's other fields, which it never meant to send.
	CarriedStatus bool
	// Deferred is the defer statement of an effect that runs where the
	// deferred calls run (Instr, a RunDefers): its conditions are those of
	// the defer statement (Status, Conds), not those of the return it
	// runs at, since it runs at every return after the defer.
	Deferred *ssa.Defer
}

// GuardBlock returns the block whose conditions decide whether e happens:
// the defer statement's for a deferred effect, else Instr's.
func (e *Effect) GuardBlock() *ssa.BasicBlock {
	if e.Deferred != nil {
		return e.Deferred.Block()
	}
	return e.Instr.Block()
}

// Cond is a condition of a function: the edge Dep of one of FI's Ifs.
// Filter marks a condition inside the loop of an ordered append that only
// chooses the elements appended (EffectConds).
type Cond struct {
	FI     *FuncInfo
	Dep    flow.Dep
	Filter bool
}

// WrittenWith reports whether a store is followed, in its own function or
// helper, by a write of one of the given kinds.
func (e *Effect) WrittenWith(kinds ...apis.WriteKind) bool {
	for _, k := range e.WrittenBy {
		if slices.Contains(kinds, k) {
			return true
		}
	}
	return false
}

// PathString is the path for messages, e.g. "Status.Phase".
func (e *Effect) PathString() string { return PathString(e.Path) }

// IsStatusPath reports whether a field path is inside .Status.
func IsStatusPath(path []string) bool { return len(path) > 0 && path[0] == apis.StatusField }

// IsServerManagedPath reports whether a path is identity or bookkeeping
// that a client does not meaningfully change (name, resourceVersion, …).
func IsServerManagedPath(path []string) bool {
	if len(path) == 0 {
		return false
	}
	p := path
	if p[0] == "ObjectMeta" {
		p = p[1:]
	}
	if len(p) == 0 {
		return false // the whole metadata
	}
	if p[0] == "TypeMeta" {
		return true
	}
	switch p[0] {
	case "Name", "Namespace", "ResourceVersion", "UID", "Generation", "CreationTimestamp",
		"ManagedFields", "SelfLink", "GenerateName", "DeletionTimestamp", "DeletionGracePeriodSeconds":
		return true
	}
	return false
}

// paramEffect is an effect on a parameter, for mapping at call sites.
type paramEffect struct {
	taint  taint.Taint
	status Status
	kind   EffectKind
	param  int
	path   []string
	write  apis.WriteKind
	via    types.Object
	// writtenBy is Effect.WrittenBy of a store.
	writtenBy []apis.WriteKind
	// conds and opaque are Effect.Conds and Effect.Opaque for the caller:
	// the effect's conditions in the function, and inside its helpers.
	conds     []Cond
	opaque    bool
	removal   bool
	paramCall ParamCallRef
	// value is the stored value of a store, in the callee's terms
	// (resultStoreEffects maps a parameter to the call's argument), or,
	// with atCaller, already in the caller's terms (the value a function
	// the caller hands a helper stores: what the caller bound to what the
	// function captured).
	value    ssa.Value
	atCaller bool
	// bound is taint already in the caller's terms, stored with the
	// value: what a function the caller handed the helper captured.
	bound taint.Taint
	// sentCopy and carriedStatus are Effect.SentCopy and
	// Effect.CarriedStatus of a write.
	sentCopy, carriedStatus bool
}

// Effects returns the effects of fn on object roots, in program order
// within blocks.
func (s *Summary) Effects(fn *ssa.Function) []*Effect {
	if e, ok := s.effects.Get(fn); ok {
		return e // nil while in progress: recursion sees no effects
	}
	s.effects.Put(fn, nil)
	if s.effBusy == nil {
		s.effBusy = make(map[*ssa.Function]bool)
	}
	s.effBusy[fn] = true
	defer delete(s.effBusy, fn)
	var out []*Effect
	writesAt := make(map[ssa.Instruction][]*Write)
	for _, w := range s.Writes {
		if w.Fn == fn {
			writesAt[w.Call] = append(writesAt[w.Call], w)
		}
	}
	fi := s.Func(fn)
	for _, b := range fn.Blocks {
		st, _ := fi.StatusOf(b)
		for _, instr := range b.Instrs {
			var effects []*Effect
			switch x := instr.(type) {
			case *ssa.Defer:
				continue // its effects happen where the deferred calls run
			case *ssa.RunDefers:
				effects = s.deferredEffects(fn, x, writesAt)
			default:
				effects = s.instrEffects(fn, instr, writesAt[instr])
			}
			for _, e := range effects {
				if e.Deferred == nil {
					e.Status = Combine(st, e.Status)
				}
				if e.Kind == StoreEffect && e.Value != nil && e.Via == nil && !e.Captured && !e.mapped {
					// (A captured store keeps the taint its closure gave it.)
					e.Taint = s.taints.TaintOf(e.Value)
				}
				out = append(out, e)
			}
		}
	}
	out = append(out, s.assignedBack(fn, out)...)
	out = append(out, carriedStatusWrites(s, out)...)
	markWrittenBy(out)
	s.effects.Put(fn, out)
	return out
}

// StatusWrittenByCallers reports whether root, a parameter of fn (or a
// variable fn, a closure, captured from the function that calls it), has
// its status written after every call of fn in the package: each caller (up
// to three levels of helpers) writes the status of the object it passes
// (Status().Update, a status write through a copy, a deferred write that
// runs at its return) after the call. A helper's status change that its
// main write drops is then persisted by its caller.
func (s *Summary) StatusWrittenByCallers(fn *ssa.Function, root ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	// What the caller passes for root: its argument for a parameter, or,
	// for a variable a closure captured from the function that calls it,
	// what that function bound to it.
	var argAt func(c *ssa.Call, caller *ssa.Function) ssa.Value
	if p, ok := root.(*ssa.Parameter); ok && p.Parent() == fn {
		idx := ssax.ParamIndex(fn, p)
		if idx < 0 {
			return false
		}
		argAt = func(c *ssa.Call, _ *ssa.Function) ssa.Value { return s.CallArg(&c.Call, fn, idx) }
	} else if fn.Parent() != nil {
		outer := root // already in the caller's terms (RootOf sees through captures)
		if !definedIn(fn.Parent(), root) {
			outer = outerValue(fn.Parent(), root)
		}
		if outer == nil {
			return false
		}
		argAt = func(_ *ssa.Call, caller *ssa.Function) ssa.Value {
			if caller != fn.Parent() {
				return nil
			}
			return outer
		}
	} else {
		return false
	}
	edges := s.CallersOf(fn)
	if len(edges) == 0 {
		return false
	}
	for _, e := range edges {
		if mc, ok := e.Site.(*ssa.MakeClosure); ok && closureOnlyCalled(mc) {
			continue // made to be called: each call is an edge of its own
		}
		c, ok := e.Site.(*ssa.Call)
		if !ok || s.LocalCallee(&c.Call) != fn {
			return false
		}
		arg := argAt(c, e.Caller)
		if arg == nil {
			return false
		}
		argRoot, _ := s.RootOf(arg)
		written := false
		for _, w := range s.Effects(e.Caller) {
			if w.Kind == WriteEffect && w.Root == argRoot && (w.Write == apis.StatusUpdate || w.Write == apis.StatusPatch) &&
				w.Instr != e.Site && ssax.Reaches(e.Site, w.Instr) {
				written = true
				break
			}
		}
		if !written && !s.StatusWrittenByCallers(e.Caller, argRoot, depth+1) {
			return false
		}
	}
	return true
}

// emptyForNil reports whether st stores an empty map or slice into the
// part of root at path on a path where that part was just tested empty
// (`if cr.Status.Replsets == nil { cr.Status.Replsets = make(map…) }`):
// the part reads the same before and after (no entries, length 0), and
// nil and empty serialise alike or read back alike, so the store changes
// nothing to persist. The entries later stored into it are stores of
// their own.
func (s *Summary) emptyForNil(st *ssa.Store, root ssa.Value, path []string) bool {
	return emptyCollection(st.Val) && ssax.ZeroTested(st, func(op ssa.Value) bool {
		r, p := s.RootOf(op)
		return r == root && slices.Equal(p, path)
	})
}

// emptyCollection reports whether v is a map or slice made empty and
// never filled where it is made: make(map[K]V), map[K]V{}, []T{} or
// make([]T, 0).
func emptyCollection(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.MakeMap:
		for _, r := range *x.Referrers() {
			switch r.(type) {
			case *ssa.Store, *ssa.DebugRef:
			default:
				return false // filled, read or passed on before or after
			}
		}
		return true
	case *ssa.MakeSlice:
		c, ok := x.Len.(*ssa.Const)
		return ok && c.Int64() == 0
	case *ssa.Slice:
		a, ok := x.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		arr, ok := ssax.Deref(a.Type()).Underlying().(*types.Array)
		return ok && arr.Len() == 0
	}
	return false
}

// closureOnlyCalled reports whether every use of the closure mc is a call of it.
func closureOnlyCalled(mc *ssa.MakeClosure) bool {
	for _, r := range *mc.Referrers() {
		if c, ok := r.(ssa.CallInstruction); !ok || c.Common().Value != ssa.Value(mc) {
			if _, dbg := r.(*ssa.DebugRef); !dbg {
				return false
			}
		}
	}
	return true
}

// carriedStatusWrites returns, for each status write of an object into
// whose Status the function copied another object's whole Status before
// it (`fresh.Status = obj.Status; Status().Update(ctx, fresh)`, a write
// through a freshly read copy that retries on conflict), the same write as
// a status write of that other object: what a status write of it would
// send, it sends.
func carriedStatusWrites(s *Summary, effects []*Effect) []*Effect {
	var out []*Effect
	for _, w := range effects {
		if w.Kind != WriteEffect || w.Root == nil || w.Write != apis.StatusUpdate && w.Write != apis.StatusPatch {
			continue
		}
		for _, e := range effects {
			if e.Kind != StoreEffect || e.Root != w.Root || len(e.Path) != 1 || !IsStatusPath(e.Path) || e.Value == nil ||
				e.Instr == w.Instr || !ssax.Reaches(e.Instr, w.Instr) {
				continue
			}
			src, path := s.RootOf(e.Value)
			if src == nil || src == w.Root || !slices.Equal(path, e.Path) || !s.IsObjectRoot(src) {
				continue
			}
			c := *w
			c.Root, c.SentCopy, c.CarriedStatus = src, true, true
			out = append(out, &c)
		}
	}
	return out
}

// assignedBack returns, for each assignment of a whole object through its
// pointer from another object of the function (`cp := w.DeepCopy();
// cp.Status.X = v; *w = *cp`), the stores made into the source before it,
// as stores into the target at the same paths: the target now holds what
// was stored into the copy.
func (s *Summary) assignedBack(fn *ssa.Function, effects []*Effect) []*Effect {
	var out []*Effect
	fi := s.Func(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			x, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			load, ok := x.Val.(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				continue
			}
			root, path := s.RootOf(x.Addr)
			src, srcPath := s.RootOf(load.X)
			if len(path) > 0 || src == root || !s.IsObjectRoot(root) || !s.IsObjectRoot(src) {
				continue
			}
			st, _ := fi.StatusOf(b)
			for _, k := range effects {
				if k.Kind != StoreEffect || k.Root != src || len(k.Path) <= len(srcPath) || !slices.Equal(k.Path[:len(srcPath)], srcPath) ||
					!ssax.Reaches(k.Instr, x) {
					continue
				}
				// The store itself, into the target: where it was made
				// (a setter's call keeps what it says of its report).
				e := *k
				e.Root, e.Path, e.Status = root, slices.Clone(k.Path[len(srcPath):]), Combine(st, k.Status)
				out = append(out, &e)
			}
		}
	}
	return out
}

// deferredEffects maps the effects of the calls fn defers onto rd, where
// they run: a deferred closure's effects on the values of fn it captures
// (defer func() { patchHelper.Patch(ctx, obj) }()), and a deferred call's
// effects on its arguments, for each defer that can run before rd. The
// conditions of the defer statement and those inside the closure come
// along.
func (s *Summary) deferredEffects(fn *ssa.Function, rd *ssa.RunDefers, writesAt map[ssa.Instruction][]*Write) []*Effect {
	var out []*Effect
	fi := s.Func(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok || !ssax.Reaches(d, rd) {
				continue
			}
			dst, _ := fi.StatusOf(d.Block())
			conds := fi.conds(d.Block())
			var effects []*Effect
			if mc, ok := d.Call.Value.(*ssa.MakeClosure); ok && len(d.Call.Args) == 0 {
				cl, _ := mc.Fn.(*ssa.Function)
				if cl == nil || cl.Parent() != fn || len(cl.Blocks) == 0 {
					continue
				}
				cfi := s.Func(cl)
				for _, e := range s.Effects(cl) {
					if !definedIn(fn, e.Root) {
						continue
					}
					c := *e
					c.Conds = s.EffectConds(cfi, e)
					effects = append(effects, &c)
				}
			} else {
				effects = s.instrEffects(fn, d, writesAt[d])
			}
			for _, e := range effects {
				e.Instr, e.Deferred = rd, d
				e.Status = Combine(dst, e.Status)
				e.Conds = append(slices.Clip(e.Conds), conds...)
				out = append(out, e)
			}
		}
	}
	return out
}

// isParamOf reports whether v is a parameter of fn that can hold API data
// (apis.HoldsAPIData: a status, a conditions slice): a helper's stores
// into it are mapped on to fn's callers. A parameter that holds nothing
// of the API (a parser's state) is left out, or every helper level would
// carry each of its stores on.
func isParamOf(fn *ssa.Function, v ssa.Value) bool {
	p, ok := v.(*ssa.Parameter)
	return ok && p.Parent() == fn && apis.HoldsAPIData(p.Type())
}

// isHolderType reports whether t is (a pointer to) a struct that holds
// API objects or their parts in its fields (isHolderRoot's type): its
// unexported fields lead to those objects.
func isHolderType(t types.Type) bool {
	st, ok := ssax.Deref(t).Underlying().(*types.Struct)
	return ok && st.NumFields() > 0 && apis.HoldsAPIData(ssax.Deref(t))
}

// exportedPath reports whether every field of path is exported: a store
// into an unexported field (resource.Quantity's cached representation) is
// the type's own business, not data its users compare or persist.
func exportedPath(path []string) bool {
	for _, f := range path {
		if f != "" && f != "[]" && !token.IsExported(f) {
			return false
		}
	}
	return true
}

// definedIn reports whether v is a parameter or instruction value of fn
// or of a function that encloses it (a closure within a closure stores
// into its outermost function's variables level by level), or the object
// such a parameter holds.
func definedIn(fn *ssa.Function, v ssa.Value) bool {
	var owner *ssa.Function
	switch x := v.(type) {
	case *ssa.Parameter:
		owner = x.Parent()
	case *HeldObject:
		owner = x.Holder.Parent()
	case ssa.Instruction:
		owner = x.Parent()
	}
	return owner != nil && encloses(owner, fn)
}

// markWrittenBy gives each store made by fn itself the kinds of the writes
// of its object that can run after it in fn. A store mapped from a helper
// (Via set) keeps the helper's list: the writes after it inside the helper.
func markWrittenBy(effects []*Effect) {
	for _, st := range effects {
		switch {
		case st.Kind != StoreEffect || st.Via != nil:
		case st.Captured:
			st.WrittenBy = laterWrites(effects, st, st.WrittenBy)
		default:
			st.WrittenBy = laterWrites(effects, st, nil)
		}
	}
}

// laterWrites adds to kinds the kinds of the writes of st's object, at
// another instruction, that can run after st.
func laterWrites(effects []*Effect, st *Effect, kinds []apis.WriteKind) []apis.WriteKind {
	for _, w := range effects {
		if w.Kind == WriteEffect && w.Root == st.Root && w.Instr != st.Instr && ssax.Reaches(st.Instr, w.Instr) &&
			!slices.Contains(kinds, w.Write) {
			kinds = append(kinds, w.Write)
		}
	}
	return kinds
}

// IsObjectRoot reports whether v, an object root (RootOf), holds API
// objects: an object, an object list or struct, an event of a handler, a
// metav1.Object, an empty interface, or a slice of one of these.
func (s *Summary) IsObjectRoot(v ssa.Value) bool {
	if v == nil {
		return false
	}
	return isObjectType(v.Type())
}

// isHolderRoot reports whether v, an object root (RootOf), is a value the
// function makes (an allocation, or a call's result) of a struct type that
// holds API objects or their parts in its fields: a model or scope struct
// that carries the object a constructor builds (h := &holder{cm: …};
// fill(h); return h.cm). What is stored into it through those fields is
// kept like a store into an object, so that it can go with the object.
func (s *Summary) isHolderRoot(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.Call:
	default:
		return false
	}
	return isHolderType(v.Type())
}

// isObjectType reports whether a value of type t holds API objects
// (IsObjectRoot).
func isObjectType(t types.Type) bool {
	if apis.IsObject(t) || apis.IsObjectList(t) || apis.IsObjectStruct(ssax.Deref(t)) {
		return true
	}
	if _, ok := t.Underlying().(*types.Pointer); ok && apis.IsApplyConfiguration(t) {
		return true // what Apply writes
	}
	// The event of a controller-runtime callback, the interface{} object
	// of a client-go one or of a cache read, and the slices listers
	// return: they hold objects (the cache-owned objects of a reader).
	if apis.IsEventStruct(ssax.Deref(t)) || apis.IsNamed(t, apis.MetaV1, "Object", false) {
		return true // metav1.Object: metadata helpers take it
	}
	if iface, ok := t.Underlying().(*types.Interface); ok && iface.Empty() {
		return true
	}
	if sl, ok := t.Underlying().(*types.Slice); ok {
		e := sl.Elem()
		if iface, ok := e.Underlying().(*types.Interface); ok && iface.Empty() {
			return true
		}
		return apis.IsObject(e)
	}
	return false
}

func (s *Summary) instrEffects(fn *ssa.Function, instr ssa.Instruction, writes []*Write) []*Effect {
	var out []*Effect
	switch x := instr.(type) {
	case *ssa.Store:
		if a, ok := x.Addr.(*ssa.Alloc); ok && ssax.SpilledParam(a) == x.Val {
			break // a parameter spilled into the cell a closure captures: no change
		}
		if ld, ok := x.Val.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if c, ok := ld.X.(*ssa.Call); ok && copiedBack(c) != nil && samePlace(c.Call.Args[0], x.Addr) {
				break // a part's copy assigned back: its stores are the part's already (copiedBack)
			}
		}
		if root, path := s.RootOf(x.Addr); len(path) > 0 && (s.IsObjectRoot(root) || s.isHolderRoot(root)) || ssax.IsParam(root) {
			if s.persistedCopy(fn, x, root, path) {
				// The server's state copied back: the object now holds
				// what the API holds, as after a read.
				out = append(out, &Effect{Kind: ReadEffect, Instr: instr, Root: root})
				break
			}
			if s.emptyForNil(x, root, path) {
				break // nil made empty: nothing a reader or the API server tells apart
			}
			out = append(out, &Effect{Kind: StoreEffect, Instr: instr, Root: root, Path: path, Value: x.Val})
		}
	case *ssa.MapUpdate:
		// Into every map the value may be (a map of the object, or the
		// one made when the object had none).
		for _, h := range s.RootsOf(x.Map) {
			if root, path := h.Root, h.Path; len(path) > 0 && (s.IsObjectRoot(root) || s.isHolderRoot(root)) || ssax.IsParam(root) {
				out = append(out, &Effect{Kind: StoreEffect, Instr: instr, Root: root, Path: append(slices.Clone(path), "[]"), Value: x.Value})
			}
		}
	case ssa.CallInstruction:
		c := s.Forward(x.Common())
		for _, w := range writes {
			if w.Object != nil {
				root, _ := s.PersistedRoot(w.Object)
				out = append(out, &Effect{Kind: WriteEffect, Instr: instr, Root: root, Write: w.Kind, Via: w.Helper,
					SentCopy: s.copiedForUse(w.Object) != nil})
			}
		}
		if b, ok := c.Value.(*ssa.Builtin); ok && b.Name() == "delete" && len(c.Args) == 2 {
			// delete(w.Annotations, key): the entry's removal.
			if root, path := s.RootOf(c.Args[0]); s.IsObjectRoot(root) || s.isHolderRoot(root) || ssax.IsParam(root) {
				out = append(out, &Effect{Kind: StoreEffect, Instr: instr, Root: root, Path: append(slices.Clone(path), "[]"), Removal: true})
			}
			return out
		}
		callee := ssax.CalleeFunc(c)
		if callee == nil {
			if fs, obj := s.CalleeFact(c); fs != nil {
				// A function an exported variable of another package
				// holds: its facts, as for a function of that package.
				made, stores := s.factEffects(instr, c, fs, obj)
				return append(append(out, made...), stores...)
			}
			// A closure or a function variable of the package: no API
			// knowledge applies; its effects are mapped as a helper's.
			hs := s.helperEffects(fn, instr, c)
			if base, field, _, ok := calledThrough(fn, c); ok && !c.IsInvoke() {
				if k := ssax.ParamIndex(fn, base); k >= 0 {
					for _, e := range hs {
						e.ParamCall = ParamCallRef{Param: k + 1, Field: field + 1}
					}
				}
			}
			return append(out, hs...)
		}
		f := apis.FuncOf(callee)
		args := ssax.RecvFirstArgs(c)
		if sig, _ := callee.Type().(*types.Signature); apis.IsDeepCopyInto(callee.Name()) && sig != nil && sig.Recv() != nil && len(args) == 2 {
			// src.DeepCopyInto(obj) of an object fn has just written
			// (the answer of a Patch of a fresh copy): obj now holds what
			// the API holds, as after a read.
			if root, path := s.RootOf(args[1]); len(path) == 0 && s.IsObjectRoot(root) && s.writtenSource(fn, instr, args[0], root, nil) {
				return append(out, &Effect{Kind: ReadEffect, Instr: instr, Root: root})
			}
		}
		switch {
		case apis.IsReaderGet(f) && len(args) >= 4:
			root, _ := s.RootOf(args[3])
			out = append(out, &Effect{Kind: ReadEffect, Instr: instr, Root: root})
			return out
		case apis.IsReaderList(f) && len(args) >= 3:
			root, _ := s.RootOf(args[2])
			out = append(out, &Effect{Kind: ReadEffect, Instr: instr, Root: root})
			return out
		}
		// FromUnstructured(u.Object, obj) of an object just read: obj holds
		// what the API returned.
		if src, dst, ok := apis.FromUnstructuredArgs(f); ok && dst < len(args) {
			if sroot, _ := s.RootOf(args[src]); s.readCallOf(sroot) != nil || s.readResult(sroot) != nil {
				root, _ := s.RootOf(args[dst])
				return append(out, &Effect{Kind: ReadEffect, Instr: instr, Root: root})
			}
		}
		if apis.IsNestedSetter(f) && len(args) >= 3 {
			// unstructured.SetNestedField(u.Object, v, "status", "phase"):
			// a store into the object at the field those keys stand for.
			root, path := s.RootOf(args[0])
			keys := ssax.VariadicStrings(args[len(args)-1])
			known := len(keys) > 0
			for _, k := range keys {
				known = known && k != ""
			}
			if known && s.IsObjectRoot(root) {
				full := append(append([]string(nil), path...), keys...)
				if len(path) == 1 && path[0] == apis.UnstructuredContentField && apis.IsUnstructured(root.Type()) {
					full = apis.ContentPath(keys)
				}
				out = append(out, &Effect{Kind: StoreEffect, Instr: instr, Root: root, Path: full, Value: ssax.Unconvert(args[1])})
			}
			return out
		}
		fs, obj := s.CalleeFact(c)
		var stores []*Effect
		if fs != nil {
			var made []*Effect
			made, stores = s.factEffects(instr, c, fs, obj)
			out = append(out, made...)
		}
		if fs != nil && (len(fs.Stores) > 0 || len(fs.Refills) > 0) && !apis.IsUnstructuredSetter(f) {
			if st, ok := apis.SetterOf(f); ok && st.Value < 0 {
				// A removal the API table knows (RemoveFinalizer), whatever
				// its body stores.
				for _, e := range stores {
					e.Removal = e.Kind == StoreEffect
				}
			}
			return append(out, stores...)
		}
		if st, ok := apis.SetterOf(f); ok && st.Arg < len(args) {
			root, path := s.RootOf(args[st.Arg])
			if s.IsObjectRoot(root) {
				full := append(append([]string(nil), path...), st.Path...)
				var val ssa.Value
				if st.Value >= 0 && st.Value < len(args) {
					val = args[st.Value]
				}
				out = append(out, &Effect{Kind: StoreEffect, Instr: instr, Root: root, Path: full, Value: val, Removal: st.Value < 0})
			}
			return out
		}
		hs := s.helperEffects(fn, instr, c)
		if base, field, method, ok := calledThrough(fn, c); ok && method != nil {
			// A method of an interface value fn is given: what a caller
			// hands fn says which (heldEffects).
			if k := ssax.ParamIndex(fn, base); k >= 0 {
				for _, e := range hs {
					e.ParamCall = ParamCallRef{Param: k + 1, Field: field + 1, Method: method}
				}
			}
		}
		out = append(out, hs...)
		if len(writes) == 0 {
			out = append(out, s.passedClosureEffects(fn, instr, c)...)
		}
	}
	return out
}

// persistedCopy reports whether the store st into root at path copies back
// the same part of another object that fn has just written, after the
// write: `obj.Status = updated.Status` after `Status().Patch(ctx,
// updated, …)` (a write with a fresh copy, then the answer handed to the
// caller's object). The write sent that part and the client filled the
// written object with the server's answer, so the store makes root hold
// what the API holds: a refresh, not a change to persist.
func (s *Summary) persistedCopy(fn *ssa.Function, st *ssa.Store, root ssa.Value, path []string) bool {
	return s.writtenSource(fn, st, st.Val, root, path)
}

// writtenSource reports whether v, what the instruction at copies into
// the part of root at path, is the same part of another object that fn
// has written before at (persistedCopy).
func (s *Summary) writtenSource(fn *ssa.Function, at ssa.Instruction, v, root ssa.Value, path []string) bool {
	src, srcPath := s.RootOf(v)
	if src == nil || src == root || !slices.Equal(srcPath, path) || !s.IsObjectRoot(src) {
		return false
	}
	for _, w := range s.Writes {
		if w.Fn != fn || w.Object == nil || !ssax.Reaches(w.Call, at) {
			continue
		}
		if r, _ := s.PersistedRoot(w.Object); r != src {
			continue
		}
		switch w.Kind {
		case apis.StatusUpdate, apis.StatusPatch:
			if IsStatusPath(path) {
				return true
			}
		case apis.Update, apis.Patch:
			if !IsStatusPath(path) {
				return true
			}
		}
	}
	return false
}

// capturedEffects returns the effects of closure, a closure of fn run at
// instr, on the values of fn it captures: mapped to instr like a helper's,
// with the conditions inside the closure and the writes after each store.
func (s *Summary) capturedEffects(fn *ssa.Function, instr ssa.Instruction, closure *ssa.Function) []*Effect {
	var out []*Effect
	cfi := s.Func(closure)
	inner := s.Effects(closure)
	for _, e := range inner {
		if !definedIn(fn, e.Root) {
			continue
		}
		cp := *e
		cp.Instr, cp.Captured = instr, true
		cp.Conds = s.EffectConds(cfi, e)
		if call, ok := instr.(*ssa.Call); ok && e.Taint.Params != 0 && len(closure.Params) > 0 && len(call.Call.Args) == len(closure.Params) && !rewrittenParamCopy(s, e.Value) {
			// What the closure stores of its own parameters is what this
			// call passes it (upsert(cond) of a local closure). Bound
			// before its captured parameters become fn's: the closure's
			// Params are its own until then.
			cp.Taint = s.taints.BindParamsAt(cp.Taint, call.Call.Args, instr)
		}
		if fn.Parent() == nil {
			// What the closure read of fn's parameters is fn's parameters'
			// taint at this call (as for its callers' arguments).
			cp.Taint = taint.Uncaptured(cp.Taint)
		}
		if e.Kind == StoreEffect && e.Taint.Kinds&apis.MapOrder != 0 && s.taints.SortedAfter(closure, e.Root, e.Path, e.Value, e.Instr, nil) {
			// Sorted before the closure returns, as for a helper's
			// parameter (paramEffects).
			cp.Taint = cp.Taint.Without(apis.MapOrder)
		}
		if e.Kind == StoreEffect {
			// The writes after it in the closure: they share the call
			// with it now.
			cp.WrittenBy = laterWrites(inner, e, slices.Clone(e.WrittenBy))
			if v := outerValue(fn, e.Value); v != nil {
				cp.Value = v // what fn gave the closure to store
			}
		}
		out = append(out, &cp)
	}
	isOuter := func(v ssa.Value) bool { return definedIn(fn, v) }
	if call, ok := instr.(*ssa.Call); ok && len(call.Call.Args) == len(closure.Params) && len(closure.Params) > 0 {
		// The stores on every path, with the taint of what this call
		// passes the closure's parameters.
		bound := make([]*Effect, len(inner))
		for i, e := range inner {
			b := *e
			if b.Taint.Params != 0 && !rewrittenParamCopy(s, e.Value) {
				b.Taint = s.taints.BindParamsAt(b.Taint, call.Call.Args, instr)
			}
			bound[i] = &b
		}
		inner = bound
	}
	for _, as := range alwaysStores(closure, inner, isOuter) {
		out = append(out, &Effect{Kind: StoreEffect, Instr: instr, Root: as.root, Path: as.path, Taint: as.taint,
			WrittenBy: as.writtenBy, Captured: true})
	}
	return out
}

// rewrittenParamCopy reports whether v is read from the local copy of a
// parameter that its function changes before the store (c.LastTransitionTime
// = old when the status did not flip): what the argument carries then
// reaches the store on some paths only, which the taint cannot tell.
func rewrittenParamCopy(s *Summary, v ssa.Value) bool {
	if v == nil {
		return false
	}
	root, _ := s.RootOf(v)
	a, ok := root.(*ssa.Alloc)
	if !ok || ssax.SpilledParam(a) == nil {
		return false
	}
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr == ssa.Value(a) && x.Val != ssa.Value(ssax.SpilledParam(a)) {
				return true
			}
		case *ssa.FieldAddr:
			for _, rr := range *x.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == ssa.Value(x) {
					return true
				}
			}
		}
	}
	return false
}

// outerValue returns v, a value a closure of fn stores, in fn's terms: a
// constant, or what fn bound to a variable the closure captured (by
// value, or in a cell given one value before the closure is made); nil
// for a value the closure computes.
func outerValue(fn *ssa.Function, v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.Const:
		return x
	case *ssa.ChangeType:
		return outerValue(fn, x.X)
	case *ssa.Convert:
		if _, basic := x.Type().Underlying().(*types.Basic); basic {
			return outerValue(fn, x.X)
		}
	case *ssa.FreeVar:
		mc, k := ssax.ClosureOf(x)
		if mc == nil {
			return nil
		}
		if b := mc.Bindings[k]; definedIn(fn, b) {
			if _, cell := b.(*ssa.Alloc); !cell {
				return b
			}
		} else if mc.Parent() != fn {
			return outerValue(fn, b) // through the closures between
		}
	case *ssa.UnOp:
		if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
			if b := ssax.ReadOnlyCell(fv); b != nil && definedIn(fn, b) {
				return b
			}
		}
	}
	return nil
}

// passedClosureEffects returns the effects of the closures of fn that the
// call c is passed where they are made (retry.RetryOnConflict(b, func()
// error { … }), wait.PollUntilContextTimeout(…, func(ctx) (bool, error) {
// … }), a helper of the package that retries what it is given): the
// callee runs them while the call runs, so their effects on the
// values of fn they capture happen at the call, in the order the closure
// makes them. A closure the call may keep for later is the callee's
// business as much as any argument; one made elsewhere or used again is
// not mapped.
func (s *Summary) passedClosureEffects(fn *ssa.Function, instr ssa.Instruction, c *ssa.CallCommon) []*Effect {
	var out []*Effect
	for _, a := range c.Args {
		mc, ok := a.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		closure, ok := mc.Fn.(*ssa.Function)
		if !ok || closure.Parent() != fn || len(*mc.Referrers()) != 1 {
			continue
		}
		out = append(out, s.capturedEffects(fn, instr, closure)...)
	}
	return out
}

// helperEffects returns the effects of a call of a package-local helper
// (a function, a closure, a function variable) on its arguments: the
// helper's effects on its parameters, mapped to this call.
func (s *Summary) helperEffects(fn *ssa.Function, instr ssa.Instruction, c *ssa.CallCommon) []*Effect {
	var out []*Effect
	local := s.LocalCallee(c)
	if local == nil {
		if out := s.dispatchEffects(fn, instr, c); out != nil || c.IsInvoke() {
			return out
		}
		return s.anyCalleeEffects(fn, instr, c)
	}
	if local == fn {
		return nil
	}
	held := s.heldByArgs(c)
	spec := s.specializer(local, s.callEnv(local, c.Args))
	via := funcObject(local)
	for _, pe := range s.paramEffects(local) {
		if pe.param >= len(c.Args) || pe.kind == WriteEffect {
			continue // writes of local helpers are in s.Writes at their own site
		}
		if pe.kind == StoreEffect && held(pe.paramCall) {
			continue // paramCallEffects maps it for this call's own functions
		}
		if e := s.mappedEffect(fn, instr, c.Args[pe.param], pe, via, s.taints.BindParamsAt(spec(pe), c.Args, instr)); e != nil {
			e.ParamCall = passedParamCall(fn, c, pe.paramCall)
			if pe.kind == StoreEffect && pe.value != nil {
				// What the helper stored, as the caller gave it.
				e.Value = s.valueAtCall(pe.value, local, c)
			}
			out = append(out, e)
		}
	}
	// The functions the call hands the helper, which it calls.
	out = append(out, s.paramCallEffects(fn, instr, c, local)...)
	// The stores the helper makes into the object it returns.
	if call, ok := instr.(*ssa.Call); ok {
		out = append(out, s.resultStoreEffects(call, s.callResults(fn, c, local), via, c.Args, local, c)...)
	}
	// A closure of fn called where it is made (func() { … }()): its
	// effects on the values of fn it captures, as for a deferred closure.
	if mc, ok := c.Value.(*ssa.MakeClosure); ok && local.Parent() == fn && mc.Fn == ssa.Value(local) {
		out = append(out, s.capturedEffects(fn, instr, local)...)
	}
	// Writes inside the helper, mapped to this call.
	for _, pe := range s.paramEffects(local) {
		if pe.kind == WriteEffect && pe.param < len(c.Args) && !held(pe.paramCall) {
			out = append(out, s.mappedEffect(fn, instr, c.Args[pe.param], pe, via, taint.Taint{}))
		}
	}
	return out
}

// mappedEffect returns the effect pe of a callee on one of its
// parameters at fn's call instr, whose argument for that parameter is arg:
// a store (or read) lands where arg is, through a wrapper the caller
// built around its object (a scope holding a pointer to it) on that
// object, with the taint t (the callee's, bound to the call); a write
// persists the object arg holds at pe's path. via names the callee when
// pe does not. It returns nil for a store that lands neither on an object
// nor on a parameter of fn (a wrapper's own value, which maps on to its
// callers). This is the one mapping of a callee's effects onto a call:
// helpers, the functions a call hands a helper, and the handlers a call
// may choose all go through it.
func (s *Summary) mappedEffect(fn *ssa.Function, instr ssa.Instruction, arg ssa.Value, pe paramEffect, via types.Object, t taint.Taint) *Effect {
	if pe.via != nil {
		via = pe.via
	}
	root, path := s.RootOf(arg)
	if pe.kind == WriteEffect {
		if len(pe.path) > 0 {
			// The object the argument holds at that path.
			root = s.heldWritten(root, append(slices.Clone(path), pe.path...))
		}
		return &Effect{Kind: WriteEffect, Instr: instr, Root: root, Write: pe.write, Via: via, Status: pe.status, SentCopy: pe.sentCopy, CarriedStatus: pe.carriedStatus,
			Conds: pe.conds, Opaque: pe.opaque}
	}
	root, path = s.heldRoot(root, append(slices.Clone(path), pe.path...), make(map[ssa.Value]bool))
	if !s.IsObjectRoot(root) && !s.isHolderRoot(root) && (!isParamOf(fn, root) || !exportedPath(pe.path) && !isHolderType(root.Type())) {
		return nil
	}
	return &Effect{Kind: pe.kind, Instr: instr, Root: root, Path: path, Write: pe.write, Via: via, Status: pe.status,
		Taint: t, WrittenBy: pe.writtenBy, Conds: pe.conds, Opaque: pe.opaque, Removal: pe.removal, mapped: true}
}

// anyCalleeEffects maps the stores of the functions of the package that a
// dynamic call with several callees may run (a functional option applied
// in a loop, `for _, o := range opts { o(&w.Status) }`; a step of a list)
// onto the call's arguments: each may happen, under conditions the model
// does not show (Guarded, Opaque), and what flows in through the
// variables each closure captured is not known here, so only the
// non-determinism a callee makes itself is kept.
func (s *Summary) anyCalleeEffects(fn *ssa.Function, instr ssa.Instruction, c *ssa.CallCommon) []*Effect {
	callees := s.LocalCallees(c)
	if len(callees) < 2 {
		return nil
	}
	var out []*Effect
	for _, local := range callees {
		if local == fn {
			continue
		}
		// A method value among the callees (r.assignShard in a list of
		// hooks) takes the call's arguments after its receiver.
		if n := len(local.Params); n != len(c.Args) && (local.Signature.Recv() == nil || n != len(c.Args)+1) {
			continue
		}
		for _, pe := range s.paramEffects(local) {
			if pe.kind != StoreEffect || pe.param >= len(local.Params) {
				continue
			}
			arg := s.CallArg(c, local, pe.param)
			if arg == nil {
				continue // the receiver of a method value made elsewhere
			}
			via := funcObject(local)
			own := taint.Taint{Kinds: pe.taint.Kinds, Source: pe.taint.Source, Origin: pe.taint.Origin}
			if e := s.mappedEffect(fn, instr, arg, pe, via, own); e != nil {
				e.Status, e.Conds, e.Opaque = Guarded, nil, true
				out = append(out, e)
			}
		}
	}
	return out
}

// paramEffects returns the effects of a package function on its
// parameters (stores, reads and writes, including those of the local
// helpers it calls).
func (s *Summary) paramEffects(fn *ssa.Function) []paramEffect {
	if pe, ok := s.pEffects.Get(fn); ok {
		return pe // nil while in progress
	}
	if s.effBusy[fn] {
		// Asked for while fn's own effects are being computed (a
		// recursion): nothing yet, and nothing remembered.
		return nil
	}
	s.pEffects.Put(fn, nil)
	var out []paramEffect
	effects := s.Effects(fn)
	fi := s.Func(fn)
	for _, e := range effects {
		p, prefix := paramRoot(fn, e.Root)
		if p < 0 {
			continue
		}
		path := e.Path
		if prefix != nil {
			path = append(slices.Clone(prefix), e.Path...) // the object a holder parameter holds
		}
		pe := paramEffect{taint: e.Taint, status: e.Status, kind: e.Kind, param: p, path: path, write: e.Write, via: e.Via,
			conds: s.EffectConds(fi, e), opaque: e.Opaque, removal: e.Removal, paramCall: e.ParamCall, value: e.Value, sentCopy: e.SentCopy, carriedStatus: e.CarriedStatus}
		if e.Kind == StoreEffect && e.Taint.Kinds&apis.MapOrder != 0 && s.taints.SortedAfter(fn, e.Root, e.Path, e.Value, e.Instr, nil) {
			// Sorted before fn returns: the caller sees an ordered value.
			pe.taint = pe.taint.Without(apis.MapOrder)
		}
		if e.Kind == StoreEffect {
			// For the caller, everything fn writes after the store counts.
			pe.writtenBy = laterWrites(effects, e, slices.Clone(e.WrittenBy))
		}
		out = append(out, pe)
	}
	isParam := func(v ssa.Value) bool { i, _ := paramRoot(fn, v); return i >= 0 }
	for _, as := range alwaysStores(fn, effects, isParam) {
		i, prefix := paramRoot(fn, as.root)
		out = append(out, paramEffect{kind: StoreEffect, param: i, status: Unguarded, path: append(slices.Clone(prefix), as.path...),
			taint: as.taint, writtenBy: as.writtenBy})
	}
	out = dedupParamEffects(out)
	s.pEffects.Put(fn, out)
	return out
}

// dedupParamEffects drops the effects that say again what an earlier one
// says (stores of the same path under the same conditions, made at
// several places of fn or of its helpers), merging their writtenBy lists.
// Each level of helpers maps every effect of the one below onto its
// call, so duplicates would multiply along a chain of helpers.
func dedupParamEffects(pes []paramEffect) []paramEffect {
	type key struct {
		kind            EffectKind
		param           int
		path            string
		write           apis.WriteKind
		status          Status
		via             types.Object
		taint           apis.TaintKind
		source          string
		params          uint64
		origin          token.Pos
		opaque, removal bool
		conds           string
		paramCall       ParamCallRef
	}
	index := make(map[key]int, len(pes))
	out := pes[:0]
	for _, pe := range pes {
		var conds strings.Builder
		for _, c := range pe.conds {
			fmt.Fprintf(&conds, "%p/%p/%d/%t;", c.FI, c.Dep.Block, c.Dep.Succ, c.Filter)
		}
		k := key{pe.kind, pe.param, strings.Join(pe.path, "."), pe.write, pe.status, pe.via, pe.taint.Kinds, pe.taint.Source,
			pe.taint.Params, pe.taint.Origin, pe.opaque, pe.removal, conds.String(), pe.paramCall}
		if i, ok := index[k]; ok {
			for _, w := range pe.writtenBy {
				if !slices.Contains(out[i].writtenBy, w) {
					out[i].writtenBy = append(out[i].writtenBy, w)
				}
			}
			continue
		}
		index[k] = len(out)
		out = append(out, pe)
	}
	return out
}

// alwaysStore is a store of a non-deterministic value that a function
// makes into a root on every path to a return (alwaysStores).
type alwaysStore struct {
	root      ssa.Value
	path      []string
	taint     taint.Taint
	writtenBy []apis.WriteKind
}

// alwaysStores returns, for each root kept by keep (fn's parameters, or
// the values a closure captures) that fn stores a non-deterministic value
// into on every path to a return, through stores that each sit under a
// condition, one store of that value at the longest path the stores
// share, under no condition. A condition setter that stamps the time into
// the condition it finds, or appends a new condition stamped with it,
// changes the conditions on every call whichever way its conditions go:
// for its callers it stamps them unconditionally. A setter that stamps
// only when the status changes has a path that stores no such value, and
// keeps its guarded stores only.
func alwaysStores(fn *ssa.Function, effects []*Effect, keep func(ssa.Value) bool) []alwaysStore {
	byRoot := make(map[ssa.Value][]*Effect)
	var roots []ssa.Value
	for _, e := range effects {
		if e.Kind != StoreEffect || e.Taint.Kinds&apis.NonDet == 0 || e.Removal || e.Opaque || len(e.Conds) > 0 ||
			e.Status == FailurePath || !keep(e.Root) || reassignsField(e.Value, 0) {
			continue
		}
		if _, ok := byRoot[e.Root]; !ok {
			roots = append(roots, e.Root)
		}
		byRoot[e.Root] = append(byRoot[e.Root], e)
	}
	var out []alwaysStore
	for _, root := range roots {
		es := byRoot[root]
		blocks := make(map[*ssa.BasicBlock]bool)
		unguarded := false
		for _, e := range es {
			blocks[e.Instr.Block()] = true
			unguarded = unguarded || e.Status == Unguarded
		}
		if unguarded || !everyReturnThrough(fn, blocks) {
			continue // an unguarded store speaks for itself
		}
		as := alwaysStore{root: root, path: slices.Clone(es[0].Path)}
		for _, e := range es {
			as.path = as.path[:fieldpath.CommonPrefix(as.path, e.Path)]
			as.taint = as.taint.Union(e.Taint.Without(^apis.NonDet))
			for _, k := range laterWrites(effects, e, slices.Clone(e.WrittenBy)) {
				if !slices.Contains(as.writtenBy, k) {
					as.writtenBy = append(as.writtenBy, k)
				}
			}
		}
		out = append(out, as)
	}
	return out
}

// reassignsField reports whether v, a stored value, is built from a local
// struct one of whose fields is assigned more than once (the stamped
// time replaced by the old one when nothing changed): the value's taint
// does not say which assignment it holds, so the store may not carry the
// non-deterministic value on every path.
func reassignsField(v ssa.Value, depth int) bool {
	if v == nil || depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			stores := make(map[int]int)
			for _, r := range *a.Referrers() {
				if fa, ok := r.(*ssa.FieldAddr); ok {
					for _, rr := range *fa.Referrers() {
						if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
							if stores[fa.Field]++; stores[fa.Field] > 1 {
								return true
							}
						}
					}
				}
			}
		}
		return false
	case *ssa.MakeInterface:
		return reassignsField(x.X, depth+1)
	case *ssa.Call:
		// append(list, elem): the elements.
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) == 2 {
			for _, el := range ssax.VariadicValues(x.Call.Args[1]) {
				if reassignsField(el, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// everyReturnThrough reports whether every path from fn's entry to one of
// its returns runs through one of blocks (and fn has a return).
func everyReturnThrough(fn *ssa.Function, blocks map[*ssa.BasicBlock]bool) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	seen := make(map[*ssa.BasicBlock]bool)
	stack := []*ssa.BasicBlock{fn.Blocks[0]}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || blocks[b] {
			continue
		}
		seen[b] = true
		if len(b.Instrs) > 0 {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				return false
			}
		}
		stack = append(stack, b.Succs...)
	}
	for _, b := range fn.Blocks {
		if len(b.Instrs) > 0 {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				return true
			}
		}
	}
	return false
}

func splitPath(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p, ".")
}

// factEffects maps the FuncSummary fs of what the call c calls in
// another package (CalleeFact: a function, or one an exported variable
// holds) onto the call: the stores of a constructor into the object it
// returns (made), and the stores of a setter through its arguments
// (stores), which its own code makes under its own guards
// (meta.SetStatusCondition stamps only on change).
func (s *Summary) factEffects(instr ssa.Instruction, c *ssa.CallCommon, fs *FuncSummary, callee types.Object) (made, stores []*Effect) {
	if call, ok := instr.(*ssa.Call); ok && len(fs.ResultStores) > 0 {
		made = s.resultStoreEffects(call, factResultEffects(fs, call), callee, c.Args, nil, nil)
	}
	if len(fs.Stores) > 0 {
		stores = s.factStores(instr, callee, fs, c.Args)
	}
	for _, p := range fs.Refills {
		if p >= 0 && p < len(c.Args) {
			if root, path := s.RootOf(c.Args[p]); len(path) == 0 && (s.IsObjectRoot(root) || isParamOf(instr.Parent(), root)) {
				stores = append(stores, &Effect{Kind: ReadEffect, Instr: instr, Root: root})
			}
		}
	}
	return made, stores
}

// factStores maps the StoreFacts of a helper of another package onto a call.
func (s *Summary) factStores(instr ssa.Instruction, callee types.Object, fs *FuncSummary, args []ssa.Value) []*Effect {
	var out []*Effect
	for _, sf := range fs.Stores {
		if sf.Param < 0 || sf.Param >= len(args) {
			continue
		}
		root, path := s.RootOf(args[sf.Param])
		root, path = s.heldRoot(root, append(append([]string(nil), path...), splitPath(sf.Path)...), make(map[ssa.Value]bool))
		if !s.IsObjectRoot(root) && !s.isHolderRoot(root) && (!isParamOf(instr.Parent(), root) || !exportedPath(strings.Split(sf.Path, ".")) && !isHolderType(root.Type())) {
			continue // neither an object nor a parameter of the caller (a wrapper's, which maps on to its callers)
		}
		st := Unguarded
		if sf.Guarded {
			st = Guarded
		}
		out = append(out, &Effect{Kind: StoreEffect, Instr: instr, Root: root,
			Path: path, Via: callee, Status: st,
			Taint:     s.taints.BindParamsAt(taint.Taint{Kinds: sf.TaintKinds, Source: sf.Source, Origin: instr.Pos(), Params: sf.FromParams, ParamPaths: sf.ParamPaths}, args, instr),
			WrittenBy: sf.WrittenBy, Opaque: sf.Guarded, Removal: sf.Removal})
	}
	return out
}

// EffectConds returns the conditions that decide effect e of fi: those
// inside helpers for a mapped effect, then those of its block. For a store
// that appends an element in map or cached-List order inside the loop over
// the collection (w.Status.IPs = append(w.Status.IPs, p.Status.PodIP)), the
// conditions inside that loop only choose which elements are appended
// (if p.Status.PodIP != ""): they are marked Filter, for they decide
// nothing about the order of the elements that pass.
func (s *Summary) EffectConds(fi *FuncInfo, e *Effect) []Cond {
	out := append(slices.Clip(e.Conds), fi.conds(e.Instr.Block())...)
	if s.appendsInOrder(fi, e) {
		for i := len(e.Conds); i < len(out); i++ {
			if ssax.InSameLoop(out[i].Dep.Block, e.Instr.Block()) {
				out[i].Filter = true
			}
		}
	}
	return out
}

// appendsInOrder reports whether e is a store of fi whose value is the
// append where map or cached-List order enters.
func (s *Summary) appendsInOrder(fi *FuncInfo, e *Effect) bool {
	if e.Kind != StoreEffect || e.Via != nil || e.Instr.Parent() != fi.Fn || e.Taint.Kinds&apis.MapOrder == 0 {
		return false
	}
	app, ok := e.Value.(*ssa.Call)
	return ok && app.Pos() == e.Taint.Origin
}

// funcObject returns the function object of fn as an Effect's Via, or a
// nil Object (not a nil *types.Func in an Object) for a closure.
func funcObject(fn *ssa.Function) types.Object {
	f, _ := fn.Object().(*types.Func)
	return FuncObject(f)
}
