package persist

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fieldpath"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/taint"
)

// Persisted is a non-deterministic value stored into an object that a
// write then persists on the steady-state path.
type Persisted struct {
	Fn    *ssa.Function
	Store *summary.Effect // the store (or setter, or helper call that stores)
	Write *summary.Effect // the write that persists it
	Taint taint.Taint
	// Defeated says the write is guarded, but every guard compares the
	// stored path, so the guard never holds (or the writer is a
	// self-guarded CreateOrUpdate/CreateOrPatch whose mutate function
	// stores the value).
	Defeated bool
}

// PersistedTaint returns the stores of values tainted with any of the
// kinds in mask that reach a write of the same object in its region,
// unguarded or with a defeated guard, in functions reachable from a
// reconcile root. MapOrder stores must be of ordered values and not be
// sorted before the write.
func (md *Model) PersistedTaint(mask apis.TaintKind) []*Persisted {
	if md.s == nil {
		return nil
	}
	md.mu.Lock()
	defer md.mu.Unlock()
	var out []*Persisted
	for _, fn := range md.s.Funcs() {
		reach := md.s.Scope[fn]
		if reach == nil || reach.Status != summary.Unguarded && !md.stablyReached(fn) {
			continue
		}
		effects := md.s.Effects(fn)
		fi := md.s.Func(fn)
		for _, st := range effects {
			if st.Kind != summary.StoreEffect || st.Taint.Kinds&mask == 0 || len(st.Path) == 0 {
				continue
			}
			if st.Status != summary.Unguarded && !md.taintedGuards(fi, st, nil, mask) && !md.stableEffect(fi, st) && !md.defeatedHelperStore(st, mask) && !md.taintedHelperConds(st, mask) {
				continue
			}
			for _, w := range effects {
				// A helper that runs the functions the call hands it and
				// then writes: the write at the same call persists what
				// they stored.
				same := w.Instr == st.Instr && st.Handed && st.WrittenWith(w.Write)
				if w.Kind != summary.WriteEffect || w.Root != st.Root || (w.Instr == st.Instr || !ssax.Reaches(st.Instr, w.Instr)) && !same {
					continue
				}
				p := md.persisted(fi, effects, st, w, mask)
				if p != nil {
					out = append(out, p)
					break
				}
			}
		}
		// CreateOrUpdate/CreateOrPatch: stores in the mutate function defeat
		// the writer's own comparison.
		for _, w := range md.s.Writes {
			if w.Fn != fn || !w.Kind.IsSelfGuarded() || w.Object == nil {
				continue
			}
			args := ssax.CallArgs(md.s.Forward(w.Call.Common()))
			if len(args) < 4 {
				continue
			}
			// Through a wrapper of the package (a helper that calls
			// CreateOrUpdate with its parameters), the caller's object and
			// mutate function, paired call site by call site.
			// A mutate function of the package's own that runs the
			// caller's (a wrapper that adds an owner reference): the
			// caller's runs too.
			obj, _ := md.s.RootOf(w.Object)
			vals := append([]ssa.Value{obj, args[3]}, md.s.CalledCaptures(args[3])...)
			for _, at := range md.s.Contexts(fn, vals) {
				for _, m := range at[1:] {
					out = md.defeated(out, w, at[0], m, mask)
				}
			}
		}
	}
	return out
}

// defeated appends to out the unguarded stores of the mutate function
// value mutate into the object root that the self-guarded write w
// (CreateOrUpdate, CreateOrPatch) persists: the mutate function runs
// before the writer's own comparison, so a store of a value that differs
// every pass defeats it.
func (md *Model) defeated(out []*Persisted, w *summary.Write, obj, mutateFn ssa.Value, mask apis.TaintKind) []*Persisted {
	mutate, made := md.s.FuncValue(mutateFn)
	if mutate == nil || ssax.PkgOf(mutate) != md.s.Pkg {
		return out
	}
	// obj is already what the chain of calls passes (Contexts).
	root, _ := md.s.RootOf(obj)
	we := &summary.Effect{Kind: summary.WriteEffect, Instr: w.Call, Root: root, Write: w.Kind}
	for _, st := range md.s.Effects(mutate) {
		if st.Kind != summary.StoreEffect || md.s.MadeRoot(st.Root, made) != root || st.Taint.Kinds&mask == 0 || st.Status != summary.Unguarded {
			continue
		}
		if st.Taint.Kinds&mask == apis.MapOrder && md.s.Taints().SortedAfter(mutate, st.Root, st.Path, st.Value, st.Instr, nil) {
			continue
		}
		if slices.ContainsFunc(out, func(p *Persisted) bool { return p.Store == st && p.Write.Instr == w.Call }) {
			continue // the same pair reached through another chain of calls
		}
		out = append(out, &Persisted{Fn: mutate, Store: st, Write: we, Taint: st.Taint, Defeated: true})
	}
	return out
}

// persisted decides whether store st reaches write w in w's region with w
// unguarded or its guard defeated.
func (md *Model) persisted(fi *summary.FuncInfo, effects []*summary.Effect, st, w *summary.Effect, mask apis.TaintKind) *Persisted {
	if !w.Write.IsMutation() {
		return nil
	}
	if pkg, name, ok := apis.NamedOf(st.Root.Type()); ok && apis.IsLease(pkg, name) {
		return nil
	}
	// Region: a status write persists only .Status; a main write persists
	// everything but .Status when the kind has a status subresource.
	if summary.IsStatusPath(st.Path) != w.Write.IsStatus() {
		if w.Write.IsStatus() {
			return nil
		}
		if md.statusSubresource(st.Root) != summary.TriNo {
			return nil // status dropped by the main write, or unknown: silence
		}
	}
	// Not sent: a merge patch whose base was copied after the store.
	if md.s.LostBy(w.Instr, st) {
		return nil
	}
	// Killed: the path is stored again before the write.
	for _, k := range effects {
		if k.Kind == summary.StoreEffect && k != st && k.Root == st.Root && slices.Equal(k.Path, st.Path) && !hasElem(k.Path) &&
			k.Taint.Kinds&mask == 0 && ssax.Between(st.Instr, k.Instr, w.Instr) {
			return nil
		}
		if k.Kind == summary.ReadEffect && k.Root == st.Root && ssax.Between(st.Instr, k.Instr, w.Instr) {
			return nil
		}
		// A copy of an object whose ResourceVersion is cleared before
		// the write (snap.ObjectMeta.ResourceVersion = "").
		if mask&apis.Version != 0 && k.Kind == summary.StoreEffect && k.Root == st.Root && len(k.Path) > len(st.Path) &&
			slices.Equal(k.Path[:len(st.Path)], st.Path) && k.Path[len(k.Path)-1] == apis.ResourceVersionField &&
			k.Taint.Kinds&apis.Version == 0 && ssax.Between(st.Instr, k.Instr, w.Instr) {
			return nil
		}
	}
	stTaint := st.Taint
	if stTaint.Kinds&mask == apis.MapOrder {
		if !md.orderedStore(st) || md.s.Taints().SortedAfter(fi.Fn, st.Root, st.Path, st.Value, st.Instr, w.Instr) {
			return nil
		}
	}
	status, guards := fi.StatusOf(w.GuardBlock())
	status = summary.Combine(status, w.Status)
	switch status {
	case summary.Unguarded:
		return &Persisted{Fn: fi.Fn, Store: st, Write: w, Taint: stTaint}
	case summary.Guarded:
		if md.stableEffect(fi, w) && (st.Status == summary.Unguarded || md.stableEffect(fi, st)) {
			// Every condition on the way keeps its outcome after the write:
			// the next pass persists a new value again.
			return &Persisted{Fn: fi.Fn, Store: st, Write: w, Taint: stTaint}
		}
		if st.Status != summary.Unguarded && !md.defeatedHelperStore(st, mask) {
			if !md.taintedGuards(fi, st, w, mask) && !md.taintedHelperConds(st, mask) {
				return nil
			}
			// The store sits under a comparison of the non-deterministic
			// value itself: the comparison fails on the passes where the
			// value differs, and the write that follows persists it.
			return &Persisted{Fn: fi.Fn, Store: st, Write: w, Taint: stTaint, Defeated: true}
		}
		if len(guards) == 0 {
			if md.diffingHelperWrite(w, st, mask) {
				// A helper of the package that compares the object with
				// what it was before writing it (a scope's deferred patch):
				// the stored value differs on every pass, so the
				// comparison always finds a change.
				return &Persisted{Fn: fi.Fn, Store: st, Write: w, Taint: stTaint, Defeated: true}
			}
			return nil
		}
		for _, d := range guards {
			ifi := d.If()
			if ifi == nil {
				return nil
			}
			if madeAfter(fi.Fn, stTaint, ifi) {
				return nil // the comparison runs before the value exists: it compares the rest
			}
			if md.defeatedReport(ifi.Cond, mask, 0) {
				continue // a report (or a flag it sets) that compares the stamped value itself
			}
			if k := fi.Guard(ifi).Kind; (k != summary.Equality && k != summary.Observed) || !md.comparesStore(ifi.Cond, st, mask) {
				return nil
			}
		}
		return &Persisted{Fn: fi.Fn, Store: st, Write: w, Taint: stTaint, Defeated: true}
	}
	return nil
}

// madeAfter reports whether the non-deterministic value t is made in fn
// (its source called there) only after the instruction at has run, on
// every path: a comparison decided at at cannot include it, whatever it
// compares.
func madeAfter(fn *ssa.Function, t taint.Taint, at ssa.Instruction) bool {
	if !t.Origin.IsValid() {
		return false
	}
	var src ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Pos() == t.Origin {
				src = instr
			}
		}
	}
	return src != nil && !ssax.Reaches(src, at)
}

// defeatedHelperStore reports whether st, a store a helper of the package
// makes under conditions of its own, is made by a helper whose report
// compares the non-deterministic value the call passes it: a condition
// setter that replaces the condition whenever it differs from the one
// given, LastTransitionTime included, stores a new time on every pass.
func (md *Model) defeatedHelperStore(st *summary.Effect, mask apis.TaintKind) bool {
	if st.Via == nil {
		return false
	}
	c, ok := st.Instr.(*ssa.Call)
	return ok && md.reportComparesTaint(c, mask)
}

// defeatedReport reports whether the change report cond (a call, its
// negation, or a flag some of whose edges are reports) includes the report
// of a helper of the package that compares a value carrying the taint: it
// finds a change on every pass, so it guards nothing against that value.
// The report of a helper that compares only other fields (Status, Reason,
// Message) is a real change report.
func (md *Model) defeatedReport(cond ssa.Value, mask apis.TaintKind, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := cond.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			return md.defeatedReport(x.X, mask, depth+1)
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if md.defeatedReport(e, mask, depth+1) {
				return true
			}
		}
	case *ssa.Extract:
		return md.defeatedReport(x.Tuple, mask, depth+1)
	case *ssa.Call:
		return md.reportComparesTaint(x, mask)
	}
	return false
}

// reportComparesTaint reports whether the helper that c calls (of the
// package, or of another through its facts) compares a part of an argument
// that carries the taint (mask).
func (md *Model) reportComparesTaint(c *ssa.Call, mask apis.TaintKind) bool {
	call, compares := md.comparedParts(c)
	for _, pc := range compares {
		arg := ssax.CallInput(call, pc.Param)
		if arg == nil || !isValueType(arg.Type()) {
			// What a pointer, slice or map argument holds is also what
			// the call itself stores through it: its taint says nothing of
			// what the call compared.
			continue
		}
		if md.s.Taints().TaintAt(arg, pc.Path).Kinds&mask != 0 {
			return true
		}
	}
	return false
}

// comparedParts returns the call c makes (Forward, for a function of
// another package) and the parts of its inputs that the helper it calls
// compares (of the package, or of another through its facts); none for a
// call through an interface or of a function with no summary.
func (md *Model) comparedParts(c *ssa.Call) (*ssa.CallCommon, []summary.ParamCompare) {
	call := &c.Call
	if local := md.s.LocalCallee(call); local != nil {
		return call, md.s.ComparedParams(local)
	}
	call = md.s.Forward(call)
	if call.IsInvoke() {
		return call, nil
	}
	if fs, _ := md.s.CalleeFact(call); fs != nil {
		return call, fs.Compares
	}
	return call, nil
}

// operand is a part of a value a condition compares.
type operand struct {
	v    ssa.Value
	path []string
}

// comparedOperands returns what the call c compares: the parts of its
// inputs that the helper it calls compares (ComparedParams, or its facts:
// a helper comparing the conditions of two statuses compares those, not
// their siblings), or, for an equality function of the API table or a
// callee with no summary, each argument whole.
func (md *Model) comparedOperands(c *ssa.Call) []operand {
	var out []operand
	if call, compares := md.comparedParts(c); len(compares) > 0 && !apis.IsEqualityFunc(apis.FuncOf(ssax.CalleeFunc(call))) {
		for _, pc := range compares {
			if arg := ssax.CallInput(call, pc.Param); arg != nil {
				out = append(out, operand{arg, pc.Path})
			}
		}
		return out
	}
	for _, a := range c.Call.Args {
		out = append(out, operand{v: a})
	}
	return out
}

// isValueType reports whether t is copied when passed: a struct, an array
// or a basic type.
func isValueType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array, *types.Basic:
		return true
	}
	return false
}

// taintedGuards reports whether a guarded store is guarded only by
// comparisons (G1/G2) one of whose operands carries the store's
// non-determinism: if !reflect.DeepEqual(desired.Env, live.Env) { live.Env =
// desired.Env } with desired.Env in map order never settles. Guards that
// the write w shares with the store (an enclosing "if found" block) do not
// count; with w nil, at least one guard must be such a comparison.
func (md *Model) taintedGuards(fi *summary.FuncInfo, st, w *summary.Effect, mask apis.TaintKind) bool {
	if st.Via != nil || st.Instr.Parent() != fi.Fn {
		return false
	}
	status, guards := fi.StatusOf(st.GuardBlock())
	if status != summary.Guarded || len(guards) == 0 {
		return false
	}
	shared := map[flow.Dep]bool{}
	if w != nil {
		_, wg := fi.StatusOf(w.GuardBlock())
		for _, d := range wg {
			shared[d] = true
		}
	}
	tainted := 0
	for _, d := range guards {
		ifi := d.If()
		if ifi == nil {
			return false
		}
		if k := fi.Guard(ifi).Kind; (k == summary.Equality || k == summary.Observed) && !deadlineTest(ifi.Cond) &&
			md.condTaint(ifi.Cond).Kinds&st.Taint.Kinds&mask != 0 && !madeAfter(fi.Fn, st.Taint, ifi) {
			tainted++
			continue
		}
		if w == nil || shared[d] {
			continue
		}
		return false
	}
	return tainted > 0
}

// diffingHelperWrite reports whether w is a write a helper (or a closure,
// deferred or called) of the package makes only under equality tests of
// its own (the diff of a patch helper
// or a scope's close), with nothing else deciding it, and each test
// compares the part of the object st stores into (the whole object, or a
// path through that part): a helper that writes when the spec differs
// does not persist a stamp in the status.
func (md *Model) diffingHelperWrite(w, st *summary.Effect, mask apis.TaintKind) bool {
	if w.Opaque || len(w.Conds) == 0 || len(st.Path) == 0 {
		return false
	}
	for _, c := range w.Conds {
		ifi := c.Dep.If()
		if ifi == nil || c.FI == nil || c.FI.Guard(ifi).Kind != summary.Equality || !md.comparesPart(ifi.Cond, st.Path[0]) {
			return false
		}
		if w.Via == nil && (md.condTaint(ifi.Cond).Kinds&st.Taint.Kinds&mask == 0 || !md.unconditionalStamp(st)) {
			// A closure's own test (a deferred write that returns when
			// a snapshot equals the status): it reads the captured
			// values themselves, so it must compare the stamp, and the
			// stamp must be made on every pass.
			return false
		}
	}
	return true
}

// comparesPart reports whether an equality cond compares a whole object
// or a value reached through its field named part.
func (md *Model) comparesPart(cond ssa.Value, part string) bool {
	cond, _ = ssax.StripNot(cond)
	var operands []ssa.Value
	switch x := cond.(type) {
	case *ssa.Call:
		operands = x.Call.Args
	case *ssa.BinOp:
		operands = []ssa.Value{x.X, x.Y}
	}
	for _, o := range operands {
		o = ssax.Unconvert(o)
		if apis.IsObject(o.Type()) || apis.IsObjectStruct(ssax.Deref(o.Type())) {
			return true
		}
		if _, path := md.s.RootOf(o); slices.Contains(path, part) {
			return true
		}
	}
	return false
}

// taintedHelperConds reports whether st, a store a helper of the package
// makes under conditions of its own, is made under comparisons of the
// non-deterministic value itself (a helper that tags the object with a
// value derived from its generation when the tag differs): the comparison
// fails whenever the value is new, and the store follows.
func (md *Model) taintedHelperConds(st *summary.Effect, mask apis.TaintKind) bool {
	if st.Via == nil || len(st.Conds) == 0 || st.Opaque {
		return false
	}
	tainted := 0
	for _, c := range st.Conds {
		ifi := c.Dep.If()
		if ifi == nil || c.FI == nil {
			return false
		}
		if k := c.FI.Guard(ifi).Kind; (k == summary.Equality || k == summary.Observed) && !deadlineTest(ifi.Cond) &&
			md.condTaint(ifi.Cond).Kinds&st.Taint.Kinds&mask != 0 && !madeAfter(c.FI.Fn, st.Taint, ifi) {
			tainted++
			continue
		}
		return false
	}
	return tainted > 0
}

// unconditionalStamp reports whether the store st puts its
// non-deterministic value in place on every pass through it: a store on no
// condition of its own of a value that is not the result of another
// function than the source (a builder or helper that may stamp only when
// something changed).
func (md *Model) unconditionalStamp(st *summary.Effect) bool {
	if st.Via != nil || st.Status != summary.Unguarded || st.Value == nil {
		return false
	}
	c, ok := ssax.Unconvert(st.Value).(*ssa.Call)
	if !ok || c.Pos() == st.Taint.Origin {
		return true
	}
	// A constructor handed the value (metav1.NewTime(time.Now()), a
	// helper building the stamp from its argument) passes it on; a method
	// that returns what its receiver holds may have stamped it only on a
	// change.
	if c.Call.IsInvoke() || c.Call.Signature().Recv() != nil {
		return false
	}
	for _, a := range c.Call.Args {
		if md.s.Taints().TaintOf(a).Kinds&st.Taint.Kinds != 0 {
			return true
		}
	}
	return false
}

// deadlineTest reports whether cond orders durations (time.Until(last.Add(
// period)) > 0, time.Since(last) < interval): a deadline that a new stamp
// moves into the future, so that the test fails on the passes after it
// until the period has gone by. It compares no stamped value with itself:
// the write it guards runs once per period, not on every pass.
func deadlineTest(cond ssa.Value) bool {
	cond, _ = ssax.StripNot(cond)
	b, ok := cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
		return apis.IsNamed(b.X.Type(), "time", "Duration", false) || apis.IsNamed(b.Y.Type(), "time", "Duration", false)
	}
	return false
}

// condTaint is the taint of the operands of a comparison.
func (md *Model) condTaint(cond ssa.Value) taint.Taint {
	switch x := cond.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			return md.condTaint(x.X)
		}
	case *ssa.Call:
		var t taint.Taint
		for _, o := range md.comparedOperands(x) {
			t = t.Union(md.s.Taints().TaintAt(o.v, o.path))
		}
		return t
	case *ssa.BinOp:
		return md.s.Taints().TaintOf(x.X).Union(md.s.Taints().TaintOf(x.Y))
	}
	return taint.Taint{}
}

// statusSubresource tells whether root's kind has a /status subresource.
func (md *Model) statusSubresource(root ssa.Value) summary.TriState {
	if ti := md.s.TypeInfoOf(root.Type()); ti != nil {
		return ti.StatusSubresource
	}
	if pkg, name, ok := apis.NamedOf(root.Type()); ok {
		if has, known := apis.BuiltinStatusSubresource(pkg, name); known {
			if has {
				return summary.TriYes
			}
			return summary.TriNo
		}
	}
	return summary.TriUnknown
}

// orderedStore reports whether the stored value is ordered: a slice or a
// string (map-typed fields are unordered), or a struct with such a field
// that carries the map order (desired.Keys = keysOf(m); w.Status = desired).
func (md *Model) orderedStore(st *summary.Effect) bool {
	if st.Value == nil {
		return true
	}
	switch t := st.Value.Type().Underlying().(type) {
	case *types.Slice:
		return true
	case *types.Basic:
		return ssax.IsString(st.Value.Type())
	case *types.Struct:
		return md.orderedPart(st.Value, t, nil, 0)
	case *types.Map:
		// A whole map stored (got.Data = want.Data): a map is not ordered,
		// but map order that reached it is in its values, when they are
		// ordered (a rendered file, a list): a map filled in map order
		// with plain values carries none.
		switch et := t.Elem().Underlying().(type) {
		case *types.Slice:
			return true
		case *types.Basic:
			return ssax.IsString(et)
		}
	}
	return false
}

// orderedPart reports whether a slice or string field of the struct value
// v (of type t at path, not inside a map) carries map order.
func (md *Model) orderedPart(v ssa.Value, t *types.Struct, path []string, depth int) bool {
	if depth > 4 {
		return false
	}
	for i := 0; i < t.NumFields(); i++ {
		f := t.Field(i)
		p := append(slices.Clip(path), f.Name())
		switch ft := f.Type().Underlying().(type) {
		case *types.Slice:
		case *types.Basic:
			if !ssax.IsString(f.Type()) {
				continue
			}
		case *types.Struct:
			if md.orderedPart(v, ft, p, depth+1) {
				return true
			}
			continue
		default:
			continue
		}
		if md.s.Taints().TaintAt(v, p).Kinds&apis.MapOrder != 0 {
			return true
		}
	}
	return false
}

// comparesStore reports whether a guard condition compares what the store
// st changes on every pass: the stored path (comparesPath), or a value
// that carries the store's non-determinism (a new value compared with the
// old one: it differs on every pass, so the comparison always finds a
// change). A deadline test compares no stamped value with itself.
func (md *Model) comparesStore(cond ssa.Value, st *summary.Effect, mask apis.TaintKind) bool {
	if md.comparesPath(cond, st.Root, st.Path) || md.comparesTaintedPart(cond, st, mask) {
		return true
	}
	return !deadlineTest(cond) && md.condTaint(cond).Kinds&st.Taint.Kinds&mask != 0
}

// comparesPath reports whether a guard condition compares data that
// includes root's path: an equality call or comparison one of whose
// operands is root itself or a prefix of path (DeepEqual(before, w),
// DeepEqual(orig.Status, w.Status) for a Status.* store). A call on one
// side of a comparison compares its arguments only when it is itself an
// equality (cmp.Diff(a, b) != ""): compute(w) != v compares a value
// derived from w, not w.
func (md *Model) comparesPath(cond ssa.Value, root ssa.Value, path []string) bool {
	var operands []operand
	switch x := cond.(type) {
	case *ssa.Call:
		operands = md.comparedOperands(x)
	case *ssa.UnOp:
		return md.comparesPath(x.X, root, path)
	case *ssa.BinOp:
		operands = []operand{{v: x.X}, {v: x.Y}}
		for _, o := range operands {
			if c, ok := o.v.(*ssa.Call); ok && md.s.IsEqualityCall(c) && md.comparesPath(c, root, path) {
				return true
			}
		}
	default:
		return false
	}
	for _, o := range operands {
		r, p := md.s.RootOf(o.v)
		if r == root && fieldpath.HasPrefix(path, append(slices.Clip(p), o.path...)) {
			return true
		}
	}
	return false
}

// comparesTaintedPart reports whether an equality in cond compares a
// value that carries the non-determinism of the store st
// (cmp.Equal(orig.Status.Members, w.Status.Members) after `w.Status = *st`
// with a clock in Members): the comparison fails whenever the value is
// new, on every pass, so the write it guards persists the store.
func (md *Model) comparesTaintedPart(cond ssa.Value, st *summary.Effect, mask apis.TaintKind) bool {
	switch x := cond.(type) {
	case *ssa.UnOp:
		return md.comparesTaintedPart(x.X, st, mask)
	case *ssa.Call:
		if !md.s.IsEqualityCall(x) {
			return false
		}
		for _, o := range md.comparedOperands(x) {
			if md.s.Taints().TaintAt(o.v, o.path).Kinds&st.Taint.Kinds&mask != 0 {
				return true
			}
		}
	}
	return false
}

// FieldName describes an object's field for messages, e.g.
// "Widget.Status.LastUpdated".
func FieldName(root ssa.Value, path []string) string {
	name := "object"
	if _, n, ok := apis.NamedOf(root.Type()); ok {
		name = n
	}
	if p := strings.TrimSuffix(summary.PathString(path), "[]"); p != "" {
		return name + "." + p
	}
	return name
}

// hasElem reports whether a path goes through a map entry or slice
// element; a store there does not overwrite another entry.
func hasElem(path []string) bool {
	for _, p := range path {
		if p == "[]" {
			return true
		}
	}
	return false
}
