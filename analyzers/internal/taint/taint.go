// Package taint is the non-determinism taint analysis of the model
// (checks.md §1.6): the taint of SSA values (clock, randomness, map and
// cache-list order) through locals, stores, calls and helpers, the sorts
// that remove an order, and the stores into local roots. It sits below
// the model: the summary package builds it on a Model (the parts of the
// model it needs, dependency inversion) and gives every view of the model
// a view of it.
package taint

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fieldpath"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/forward"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/memo"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Home is one place a value may live: a root and the field path from it.
type Home struct {
	Root ssa.Value
	Path []string
}

// Model is what the taint analysis needs of the model (the summary
// package's Summary).
type Model interface {
	// RootOf returns the object root behind v and the field path from it.
	RootOf(v ssa.Value) (ssa.Value, []string)
	// RootsOf returns every place v may live: RootOf's one answer, or
	// each home of a value merged from values of different homes.
	RootsOf(v ssa.Value) []Home
	// Binding returns the value captured for fv, or nil.
	Binding(fv *ssa.FreeVar) ssa.Value
	// Callee returns the function a call calls, or nil.
	Callee(c *ssa.CallCommon) *ssa.Function
	// Callees returns every function a dynamic call may call, as far as
	// the package shows.
	Callees(c *ssa.CallCommon) []*ssa.Function
	// Forward returns the call c makes through forwarders (package
	// forward), or c.
	Forward(c *ssa.CallCommon) *ssa.CallCommon
	// LocalFunc returns fn when it is a function of the package, or nil.
	LocalFunc(fn *ssa.Function) *ssa.Function
	// IsObjectRoot reports whether the root v holds API objects.
	IsObjectRoot(v ssa.Value) bool
	// ResultTaintOf returns the taint of the results of a call of obj, a
	// function of another package or a variable of another package that
	// holds one, as its facts say (no Origin; Params are the parameters
	// whose taint flows into them), or the zero Taint.
	ResultTaintOf(obj types.Object) Taint
	// CalleeObject returns what the call c calls in another package, as
	// the object its facts are on: its static callee, or the variable of
	// another package it loads its function from; nil otherwise.
	CalleeObject(c *ssa.CallCommon) types.Object
	// ResultFieldTaintOf returns the taint of the field named field of
	// the struct result of a call of obj, a function of another package,
	// as its facts say; ok is false when they summarise no struct result.
	ResultFieldTaintOf(obj types.Object, field string) (t Taint, ok bool)
	// SortedParamsOf returns the indices of the parameters that fn, a
	// function of another package, sorts in place, as its facts say.
	SortedParamsOf(fn types.Object) []int
	// RangedParamsOf returns the indices of the parameters of fn, a
	// function of another package, whose callback it runs over an
	// unordered collection, as its facts say.
	RangedParamsOf(fn types.Object) []int
	// WriterParamsOf returns, for fn, a function of another package, the
	// parameters it writes into as a writer and, for each, the
	// parameters whose data it writes there, as its facts say.
	WriterParamsOf(fn types.Object) map[int][]int
	// ArgStores returns the stores that a call of a helper (of the
	// package, or of another package through its facts) makes on every
	// call into what its arguments point to.
	ArgStores(c *ssa.CallCommon) []ArgStore
	// ResultStores returns the stores that a call of a helper makes into
	// the object it makes and returns (Arg is the result's index): a
	// constructor's stores, which go with its result.
	ResultStores(c *ssa.Call) []ArgStore
	// PackageFuncs returns the functions of the package, closures
	// included.
	PackageFuncs() []*ssa.Function
	// HeldBy returns the parameter that holds v, an object root RootOf
	// returned for the object a holder parameter holds in a field
	// (summary.HeldObject), and the field's path; nil otherwise.
	HeldBy(v ssa.Value) (*ssa.Parameter, []string)
	// StoresThrough reports whether a function that the dynamic call c
	// may run can store into what its argument i points to: false only
	// when every function the called value may hold at the call is known
	// and none of them stores through that parameter.
	StoresThrough(c *ssa.CallCommon, i int) bool
	// ComparedPairsOf returns the pairs of parameters and "{}" that fn, a
	// function of another package, compares (ComparedPairs), as its
	// facts say.
	ComparedPairsOf(fn types.Object) [][2]int
	// HandedParams returns the parameters of local (a bit each) that the
	// call c hands functions which local only calls, where the call's own
	// functions are known (functional options applied to what local
	// builds): what they store reaches local's result as the stores they
	// make, field by field (ResultStores), not as the parameter's taint.
	HandedParams(c *ssa.CallCommon, local *ssa.Function) uint64
}

// ArgStore is a store a helper makes on every call into what its argument
// Arg points to, at Path under it; Taint is the taint of the stored value
// in the helper's terms (Params: the helper's parameters).
type ArgStore struct {
	Arg   int
	Path  []string
	Taint Taint
	// Bound is taint already in the caller's terms: what a function the
	// caller handed the helper (an option) captured of the caller and
	// stores there.
	Bound Taint
}

// Analysis is the taint analysis of one package on a Model. Its lazily
// computed tables follow the model's (memo): the base's are filled while
// the model is built, then frozen; a View has its own.
type Analysis struct {
	m         Model
	taintMemo *memo.Table[ssa.Value, Taint]
	storeIdx  *memo.Table[*ssa.Function, map[ssa.Value][]localStore]
	retTaint  *memo.Table[*ssa.Function, Taint]
	retField  *memo.Table[resultField, Taint]
	listRes   *memo.Table[*ssa.Function, map[int]token.Pos] // listorder.go: results in cache order
	counters  *memo.Table[*ssa.Global, bool]                // counter.go: in-memory counters
	ranged    *memo.Table[*ssa.Function, []ssa.Value]       // goroutines.go: callbacks run over unordered collections
	writers   *memo.Table[*ssa.Function, map[int][]int]     // goroutines.go: writer parameters
}

// New returns the base taint analysis of the model m.
func New(m Model) *Analysis {
	return &Analysis{
		m:         m,
		taintMemo: &memo.Table[ssa.Value, Taint]{},
		storeIdx:  &memo.Table[*ssa.Function, map[ssa.Value][]localStore]{},
		retTaint:  &memo.Table[*ssa.Function, Taint]{},
		retField:  &memo.Table[resultField, Taint]{},
		listRes:   &memo.Table[*ssa.Function, map[int]token.Pos]{},
		counters:  &memo.Table[*ssa.Global, bool]{},
		ranged:    &memo.Table[*ssa.Function, []ssa.Value]{},
		writers:   &memo.Table[*ssa.Function, map[int][]int]{},
	}
}

// View returns the analysis for a view m of the model: its tables fall
// back to a's, which must be frozen.
func (a *Analysis) View(m Model) *Analysis {
	return &Analysis{
		m:         m,
		taintMemo: a.taintMemo.View(),
		storeIdx:  a.storeIdx.View(),
		retTaint:  a.retTaint.View(),
		retField:  a.retField.View(),
		listRes:   a.listRes.View(),
		counters:  a.counters.View(),
		ranged:    a.ranged.View(),
		writers:   a.writers.View(),
	}
}

// Freeze makes the analysis's tables read only.
func (a *Analysis) Freeze() {
	a.taintMemo.Freeze()
	a.storeIdx.Freeze()
	a.retTaint.Freeze()
	a.retField.Freeze()
	a.listRes.Freeze()
	a.counters.Freeze()
}

// Taint is the non-determinism a value carries (checks.md §1.6): its
// kinds, a name for the source, and where the non-determinism enters (the
// source call, or for map order the append or concatenation in the range
// body). Params is the set of the enclosing function's parameters whose
// taint flows into the value (for summaries: ParamToResult).
type Taint struct {
	Kinds  apis.TaintKind
	Source string
	Origin token.Pos
	Params uint64
	// ParamPaths says, for some parameters of Params, which part of what
	// the parameter points to flows (parampath.go); the others flow whole.
	ParamPaths string
	// Captured, in the taint of a value of a closure, are the parameters
	// of the enclosing function whose taint flows in through the
	// variables the closure captures. A call of the closure from that
	// function makes them its Params again; they are not the closure's
	// own parameters, which its arguments bind.
	Captured uint64
	// CapturedPaths is ParamPaths for Captured.
	CapturedPaths string
	// VersionOf names the API object type whose resourceVersion the value
	// carries when Kinds has Version (apis.VersionedType), and VersionAt
	// is where it is copied; Source and Origin are the other kinds'.
	VersionOf string
	VersionAt token.Pos
}

// Union returns the taint of a value computed from values with taints t
// and u: the kinds and parameters of both, and the source of t, or of u
// when t has no kind (Version's own source likewise).
func (t Taint) Union(u Taint) Taint {
	if t.Kinds&^apis.Versions == 0 && u.Kinds&^apis.Versions != 0 || t.Kinds&apis.NonDet == 0 && u.Kinds&apis.NonDet != 0 {
		// The source of a value that differs on every run names it
		// before that of an order.
		t.Source, t.Origin = u.Source, u.Origin
	}
	if t.Kinds&apis.Versions == 0 && u.Kinds&apis.Versions != 0 {
		t.VersionOf, t.VersionAt = u.VersionOf, u.VersionAt
	}
	t.ParamPaths = unionParamPaths(t, u)
	t.CapturedPaths = unionParamPaths(Taint{Params: t.Captured, ParamPaths: t.CapturedPaths}, Taint{Params: u.Captured, ParamPaths: u.CapturedPaths})
	t.Kinds |= u.Kinds
	t.Params |= u.Params
	t.Captured |= u.Captured
	return t
}

// Uncaptured is t, made in a closure, seen from the top-level function
// that made it: the parameters the closure captured are that function's
// own.
func Uncaptured(t Taint) Taint {
	if t.Captured == 0 {
		return t
	}
	u := Taint{Params: t.Captured, ParamPaths: t.CapturedPaths}
	t.Captured, t.CapturedPaths = 0, ""
	return t.Union(u)
}

// captured is t read in a closure through a variable it captures: its
// Params are the enclosing function's parameters, not the closure's.
func captured(t Taint) Taint {
	if t.Params != 0 {
		t = t.Union(Taint{Captured: t.Params, CapturedPaths: t.ParamPaths})
		t.Params, t.ParamPaths = 0, ""
	}
	return t
}

// Without returns t without the kinds k.
func (t Taint) Without(k apis.TaintKind) Taint {
	t.Kinds &^= k
	if t.Kinds&apis.Versions == 0 {
		t.VersionOf, t.VersionAt = "", token.NoPos
	}
	return t
}

// TaintOf returns the taint of v. Unknown callees propagate nothing:
// silence beats a guess.
func (a *Analysis) TaintOf(v ssa.Value) Taint {
	if v == nil {
		return Taint{}
	}
	if t, ok := a.taintMemo.Get(v); ok {
		return t
	}
	// One depth-first walk per query: a value reached twice contributes
	// once, so cycles (loop Phis, stores into the variable being read)
	// cut cleanly. Only the queried value's result is complete, so only it
	// is memoized.
	t := a.taint(v, make(map[ssa.Value]bool))
	a.taintMemo.Put(v, t)
	return t
}

func (a *Analysis) taint(v ssa.Value, vis map[ssa.Value]bool) Taint {
	if v == nil || vis[v] {
		return Taint{}
	}
	if t, ok := a.taintMemo.Get(v); ok {
		return t
	}
	vis[v] = true
	return a.taint1(v, vis)
}

func (a *Analysis) taint1(v ssa.Value, vis map[ssa.Value]bool) Taint {
	if hp, prefix := a.m.HeldBy(v); hp != nil {
		return atParamPath(a.taint1(hp, vis), hp, prefix) // the object a holder parameter holds
	}
	switch x := v.(type) {
	case *ssa.Parameter:
		if i := ssax.ParamIndex(x.Parent(), x); i >= 0 && i < 64 {
			return Taint{Params: 1 << uint(i)}
		}
	case *ssa.FreeVar:
		if b := a.m.Binding(x); b != nil {
			t := captured(a.taint(b, vis))
			if cell, ok := b.(*ssa.Alloc); ok {
				t = t.Union(a.capturedCounter(cell, x.Pos()))
			}
			return t
		}
	case *ssa.Phi:
		var t Taint
		fresh := keptWhenPresent(x)
		for i, e := range x.Edges {
			et := a.taint(e, vis)
			if i == fresh {
				// Drawn only while the value it replaces is empty, and
				// kept from then on: not new on every pass.
				et = et.Without(apis.NonDet | apis.MapOrder)
			}
			t = t.Union(et)
		}
		// What was stored through the merged value itself (m[k] = v after
		// `if m == nil { m = map[…]…{} }`): it is in whichever the value is.
		return t.Union(a.storedTaint(x, nil, vis))
	case *ssa.UnOp:
		if x.Op == token.MUL {
			t := a.loadTaint(x, vis).Union(versionPart(x.X, x.X.Type(), x.Pos()))
			if ia, ok := x.X.(*ssa.IndexAddr); ok {
				t = a.sortedElems(t, ia.X, x)
			}
			return t
		}
		if x.Op == token.ARROW {
			return a.received(x.X, vis)
		}
		return a.taint(x.X, vis)
	case *ssa.BinOp:
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			// A comparison's outcome (a deadline passed, two values
			// equal) takes two values and keeps one until what it
			// compares crosses over: it is not new on every pass.
			return Taint{}
		}
		t := a.taint(x.X, vis).Union(a.taint(x.Y, vis))
		if x.Op == token.ADD && ssax.IsString(x.Type()) {
			src := a.elemOrder(x.X, x)
			if src == "" {
				src = a.elemOrder(x.Y, x)
			}
			if src != "" {
				t = withOrder(t, src, x.Pos())
			}
		}
		return t
	case *ssa.FieldAddr, *ssa.IndexAddr, *forward.Derived:
		// A pointer into a struct or a slice (&e.At handed to a helper
		// that reads *p), or what a forwarder computes from the caller's
		// argument (its *p, p.At): what the argument holds there, as a
		// load would read it.
		return a.pointeeTaint(x, nil, x.Pos(), vis)
	case *ssa.Convert:
		return a.taint(x.X, vis)
	case *ssa.ChangeType:
		return a.taint(x.X, vis)
	case *ssa.MakeInterface:
		if t, ok := a.errorText(x, vis); ok {
			return t
		}
		return a.taint(x.X, vis)
	case *ssa.ChangeInterface:
		return a.taint(x.X, vis)
	case *ssa.TypeAssert:
		return a.taint(x.X, vis)
	case *ssa.Extract:
		if sel, ok := x.Tuple.(*ssa.Select); ok {
			return a.selected(sel, x.Index, vis)
		}
		return a.taint(x.Tuple, vis)
	case *ssa.Field:
		if t, ok := a.calledField(x, vis); ok {
			return t
		}
		if ld, ok := x.X.(*ssa.UnOp); ok && ld.Op == token.MUL {
			// A field of a struct loaded whole: what is stored at that
			// field, not what its siblings hold.
			if st, ok := x.X.Type().Underlying().(*types.Struct); ok {
				t := a.pointeePartTaint(ld.X, []string{st.Field(x.Field).Name()}, ld, ld.Pos(), vis)
				return t.Union(versionPart(x, types.NewPointer(x.Type()), x.Pos()))
			}
		}
		return a.taint(x.X, vis).Union(versionPart(x, types.NewPointer(x.Type()), x.Pos()))
	case *ssa.Index:
		// An element chosen by a drawn index (alphabet[n]) is drawn too.
		t := a.sortedElems(a.taint(x.X, vis), x.X, x)
		return t.Union(a.taint(x.Index, vis).Without(apis.MapOrder))
	case *ssa.Lookup:
		return a.taint(x.X, vis)
	case *ssa.Slice:
		return a.taint(x.X, vis)
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
		// A composite value (an EnvVar, a Condition, a slice literal) carries
		// what is stored into it. An API object does not: passing it along
		// (to SetControllerReference, say) does not pass every stamped field;
		// loads of its fields are followed path by path instead.
		if a.m.IsObjectRoot(v) {
			return Taint{}
		}
		t := a.storedTaint(v, nil, vis)
		if t.Kinds&apis.Version != 0 && a.versionCleared(v) {
			t = t.Without(apis.Version) // meta := w.ObjectMeta; meta.ResourceVersion = ""
		}
		return t
	case *ssa.Call:
		return a.callTaint(x, vis)
	case *ssa.MakeClosure:
		// A function value carries what it captured: called with a
		// pointer, it can store that there.
		var t Taint
		for _, b := range x.Bindings {
			t = t.Union(a.taint(b, vis))
		}
		return t
	case *ssa.MakeChan:
		// A channel carries what is sent on it, in the order the senders
		// finish (a channel a helper returns: its result's taint).
		return a.received(x, vis)
	case *ssa.Next:
		// The keys and values of a range over a map (or the runes of a
		// string) carry what the ranged value holds.
		return a.taint(x.Iter, vis)
	case *ssa.Range:
		return a.taint(x.X, vis)
	}
	return Taint{}
}

// sortedElems is the taint t of the slice or array v (or of an element
// of it) used at instruction at, without map order when an in-place sort
// of v (sort.Strings(keys), sort.Slice(keys, …)) dominates the use:
// ranging over keys collected from a map and then sorted, or passing them
// on, yields them in sorted order.
func (a *Analysis) sortedElems(t Taint, v ssa.Value, at ssa.Instruction) Taint {
	if t.Kinds&apis.MapOrder != 0 && a.SortedBefore(v, at) {
		return t.Without(apis.MapOrder)
	}
	return t
}

// resultStoreTaint is the taint that the constructor whose result root
// is (a call, or an Extract of a call's tuple) stored into it at a path
// compatible with path, bound to the call's arguments.
func (a *Analysis) resultStoreTaint(root ssa.Value, path []string, vis map[ssa.Value]bool) Taint {
	var call *ssa.Call
	idx := 0
	switch x := root.(type) {
	case *ssa.Call:
		call = x
	case *ssa.Extract:
		c, ok := x.Tuple.(*ssa.Call)
		if !ok {
			return Taint{}
		}
		call, idx = c, x.Index
	}
	var t Taint
	for _, rs := range a.m.ResultStores(call) {
		if rs.Arg == idx && fieldpath.Compatible(rs.Path, path) {
			st := rs.Taint
			if !st.Origin.IsValid() && st.Kinds != 0 {
				st.Origin = call.Pos() // made in another package: here is where it enters
			}
			t = t.Union(a.bindParamsAt(st, call.Call.Args, call, vis)).Union(rs.Bound)
		}
	}
	return t
}

// constructedPart is the taint of the part at path of root, the result
// of a call of a constructor that builds a fresh value and stores its
// fields (ResultStores), and whether the callee is one: the stores at
// paths compatible with path, bound to the call's arguments; nothing
// for a field it never sets.
func (a *Analysis) constructedPart(root ssa.Value, path []string, vis map[ssa.Value]bool) (Taint, bool) {
	call := ssax.ResultCall(root)
	if call == nil || len(a.m.ResultStores(call)) == 0 {
		return Taint{}, false
	}
	return a.resultStoreTaint(root, path, vis), true
}

// loadTaint is the taint of a load: the values stored into the same root
// and path (a local variable, a composite literal's field) by stores that
// can run before the load (stores in closures count: their order is
// unknown).
func (a *Analysis) loadTaint(load *ssa.UnOp, vis map[ssa.Value]bool) Taint {
	return a.pointeeTaint(load.X, load, load.Pos(), vis)
}

// pointeeTaint is the taint of what the pointer ptr points to, read at
// the instruction at (a load), or, when at is nil, wherever the pointer
// is used (a pointer into a struct handed to a function, &e.At; a
// forwarder's derived operand): then the stores that can run before one
// of its uses count (pointerUses), and every store when the pointer
// escapes.
func (a *Analysis) pointeeTaint(ptr ssa.Value, at ssa.Instruction, pos token.Pos, vis map[ssa.Value]bool) Taint {
	return a.pointeePartTaint(ptr, nil, at, pos, vis)
}

// pointeePartTaint is pointeeTaint of the part at path below what ptr
// points to (a field of a struct loaded whole: cur := conds[i]; cur.Status).
func (a *Analysis) pointeePartTaint(ptr ssa.Value, below []string, at ssa.Instruction, pos token.Pos, vis map[ssa.Value]bool) Taint {
	if fv, ok := ptr.(*ssa.FreeVar); ok && len(below) == 0 {
		if cell, ok := a.m.Binding(fv).(*ssa.Alloc); ok {
			if _, basic := ssax.Deref(cell.Type()).Underlying().(*types.Basic); basic {
				// A string or number of the enclosing function that the
				// closure captured: what that function stored into it.
				return captured(a.storedTaint(cell, nil, vis)).Union(a.capturedCounter(cell, pos))
			}
		}
	}
	root, path := a.m.RootOf(ptr)
	if len(below) > 0 {
		path = append(slices.Clone(path), below...)
	}
	fn := ptr.Parent()
	if at != nil {
		fn = at.Parent()
	}
	uses, escapes := []ssa.Instruction{at}, false
	if at == nil {
		uses, escapes = pointerUses(ptr)
	}
	before := func(st localStore) bool { // st can run before a read through ptr
		if escapes {
			return true
		}
		if st.instr.Parent() != fn {
			// A closure fn defers runs at its return, after the read;
			// any other may run before it.
			return ssax.DeferredBy(st.instr.Parent()) != fn
		}
		for _, u := range uses {
			if ssax.Reaches(st.instr, u) {
				return true
			}
		}
		return false
	}
	var t Taint
	switch g := root.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
	case *ssa.Global:
		if len(path) == 0 {
			return a.counterSource(g, pos)
		}
		return Taint{}
	case *ssa.Call, *ssa.Extract:
		// An object a constructor returned (deploy := newDeployment(cr)):
		// its own taint, what the constructor stored into it at the path
		// read (its result stores), and what this function stored into
		// it since, following the path into stored composites
		// (Containers = []Container{{Env: env}}) so that sibling fields
		// stay clean.
		t = versionAt(a.taint(root, vis), path)
		t = t.Union(a.resultStoreTaint(root, path, vis))
		for _, st := range a.storesInto(root) {
			if !fieldpath.Compatible(st.path, path) || !before(st) {
				continue
			}
			if len(st.path) < len(path) && st.val != nil {
				t = t.Union(versionAt(a.subTaint(st.val, path[len(st.path):], vis, 4), path[len(st.path):]))
			} else if stored := a.storeTaint(st, vis); stored.Kinds&(apis.NonDet|apis.MapOrder) != 0 && a.setOnce(root, st) {
				t = t.Union(stored.Without(apis.NonDet | apis.MapOrder)) // generated once, then kept
			} else {
				t = t.Union(stored)
			}
		}
		return t
	default:
		held, heldPath := ssa.Value(nil), path
		if hp, prefix := a.m.HeldBy(root); hp != nil {
			// The object a holder parameter holds: that parameter, at
			// the field's path.
			held = root
			root, path = hp, append(slices.Clone(prefix), path...)
		}
		var t Taint
		if p, ok := root.(*ssa.Parameter); ok {
			// A parameter read at another path than before in this
			// walk flows there too: its taint is its own (taint1), not
			// cut by the walk's visited set.
			t = versionAt(a.taint1(p, vis), path)
		} else {
			t = versionAt(a.taint(root, vis), path)
		}
		if p, ok := root.(*ssa.Parameter); ok {
			t = atParamPath(t, p, path)
			if p.Parent() != fn {
				t = captured(t) // read in a closure through a captured variable
			}
			// What the function (or the closure reading it) stored into
			// the object it was given before the read (obj.Status =
			// desired; … obj.Status.X).
			// A held object's stores are indexed under it, at paths from
			// the object (m.obj.Status = desired; … m.obj.Status.X).
			idx := a.storeIndex(topLevel(fn))
			t = t.Union(a.storesBefore(idx[p], path, fn, at, vis))
			if held != nil {
				t = t.Union(a.storesBefore(idx[held], heldPath, fn, at, vis))
			}
		}
		return t
	}
	if cell, ok := root.(*ssa.Alloc); ok && len(path) == 0 {
		t = t.Union(a.capturedCounter(cell, pos))
	}
	for _, st := range a.storesSeenFrom(root, fn) {
		if !fieldpath.Compatible(st.path, path) {
			continue
		}
		if !before(st) {
			continue
		}
		if n := len(st.path); n < len(path) && st.val != nil {
			// A field of a struct a call returned by value, held in a
			// local (t := report.Summarize(m); t.Count): that field's own
			// taint, not its siblings'.
			if ft, ok := a.callField(st.val, path[n], vis); ok {
				t = t.Union(ft)
				continue
			}
			if ld, ok := st.val.(*ssa.UnOp); ok && ld.Op == token.MUL && !vis[ld] {
				// A struct copied in whole from where it was loaded
				// (cur := conds[i]; cur.Status): that part of it.
				t = t.Union(versionAt(a.subTaint(st.val, path[n:], vis, 4), path[n:]))
				continue
			}
		}
		stored := a.storeTaint(st, vis)
		if stored.Kinds&(apis.NonDet|apis.MapOrder) != 0 && a.setOnce(root, st) {
			stored = stored.Without(apis.NonDet | apis.MapOrder) // generated once, then kept
		}
		if n := len(st.path); n < len(path) {
			// A part of a stored copy (the Data of a Secret copied whole):
			// the copy's version only at its ObjectMeta or ResourceVersion.
			stored = versionAt(stored, path[n:])
			if p, ok := st.val.(*ssa.Parameter); ok && p.Parent() == fn {
				// A part of a parameter spilled into the local (a struct
				// parameter whose fields the function addresses): that
				// part of the argument flows, not the whole.
				stored = atParamPath(stored, p, path[n:])
			}
		}
		t = t.Union(stored)
	}
	if t.Kinds&apis.Version != 0 && len(path) == 0 && a.versionCleared(root) {
		t = t.Without(apis.Version) // meta := w.ObjectMeta; meta.ResourceVersion = ""
	}
	return t
}

// storesBefore is the taint that the stores of fn among stores, made
// before the read at, leave at path: a store at path or inside it whole, a
// store of a struct above it by the part of the struct at the rest of the
// path.
func (a *Analysis) storesBefore(stores []localStore, path []string, fn *ssa.Function, at ssa.Instruction, vis map[ssa.Value]bool) Taint {
	var t Taint
	for _, st := range stores {
		if st.instr.Parent() != fn || !fieldpath.Compatible(st.path, path) || at == nil || !ssax.Reaches(st.instr, at) {
			continue
		}
		stored := a.storeTaint(st, vis)
		if n := len(st.path); n < len(path) && st.val != nil {
			if ft, ok := a.callField(st.val, path[n], vis); ok {
				stored = ft
			} else {
				stored = versionAt(a.subTaint(st.val, path[n:], vis, 4), path[n:])
			}
		}
		t = t.Union(stored)
	}
	return t
}

// pointerUses returns the instructions that read through the pointer v
// (the calls it is handed to, the loads and addresses computed from it),
// for a forwarder's derived operand those of the caller's argument; escapes
// is set when the pointer goes anywhere else (stored, converted, returned),
// where it may be read at any later time.
func pointerUses(v ssa.Value) (uses []ssa.Instruction, escapes bool) {
	if d, ok := v.(*forward.Derived); ok {
		v = d.Base
	}
	refs := v.Referrers()
	if refs == nil {
		return nil, true
	}
	for _, r := range *refs {
		switch r.(type) {
		case *ssa.Call, *ssa.UnOp, *ssa.FieldAddr, *ssa.IndexAddr, *ssa.DebugRef:
			uses = append(uses, r)
		default:
			return nil, true
		}
	}
	return uses, false
}

// storeTaint is the taint of the value a store stores, as it is when the
// store runs: an in-place sort of the value (slices.SortFunc(env, …))
// that dominates the store has removed its map order, though SSA gives
// the sorted slice no new name.
func (a *Analysis) storeTaint(st localStore, vis map[ssa.Value]bool) Taint {
	if st.helper != nil {
		return a.bindParamsAt(*st.helper, st.args, st.instr, vis)
	}
	if st.written != nil {
		// Written into a writer: the data, and, inside a loop over an
		// unordered collection, the order of the writes.
		var t Taint
		for _, w := range st.written {
			t = t.Union(a.taint(w, vis))
			if src := a.elemOrder(w, st.instr); src != "" {
				t = withOrder(t, src, st.instr.Pos())
			}
		}
		return t
	}
	t := a.taint(st.val, vis)
	if t.Kinds&apis.MapOrder != 0 && a.SortedBefore(st.val, st.instr) {
		t = t.Without(apis.MapOrder)
	}
	if t.Kinds&apis.MapOrder != 0 && (t.Source == GoroutineOrderSource || t.Source == SelectOrderSource) && slotOfArrival(st.instr) {
		// results[o.Index] = res: the slot is chosen by what arrived,
		// not by when.
		t = t.Without(apis.MapOrder)
	}
	return t
}

// slotOfArrival reports whether instr stores into an element of a list
// at an index taken from a value received from a channel.
func slotOfArrival(instr ssa.Instruction) bool {
	st, ok := instr.(*ssa.Store)
	if !ok {
		return false
	}
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	v := ia.Index
	for range 16 {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.UnOp:
			if x.Op == token.ARROW {
				return true
			}
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Select:
			return true
		case *ssa.Alloc:
			// The loop variable the received value was put in.
			var stored ssa.Value
			for _, r := range *x.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == x {
					if stored != nil {
						return false
					}
					stored = st.Val
				}
			}
			if stored == nil {
				return false
			}
			v = stored
		default:
			return false
		}
	}
	return false
}

// TaintAt is the taint of the part at path of a composite value v (a
// struct held in a local variable or built by a composite literal): the
// stores into v's local root under that path. For any other value it is
// v's taint.
func (a *Analysis) TaintAt(v ssa.Value, path []string) Taint {
	return a.subTaint(v, path, make(map[ssa.Value]bool), 4)
}

// subTaint is the taint of the part rest of a stored composite value v:
// the stores into v's local root under that path.
func (a *Analysis) subTaint(v ssa.Value, rest []string, vis map[ssa.Value]bool, depth int) Taint {
	root, p := a.m.RootOf(v)
	switch root.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
	case *ssa.Call, *ssa.Extract:
		// A value a constructor built field by field (its result stores):
		// the part read holds what the constructor stored there.
		full := append(append([]string(nil), p...), rest...)
		// What this function stored into it since at that path (a
		// builder's b.Set(v) into the builder a constructor returned).
		var stored Taint
		for _, st := range a.storesInto(root) {
			if len(st.path) > 0 && fieldpath.Compatible(st.path, full) {
				stored = stored.Union(a.storeTaint(st, vis))
			}
		}
		t, ok := a.constructedPart(root, full, vis)
		if len(full) > 0 {
			// A struct a function returns by value: its fields one by one
			// (also what calls inside it stored there: options applied
			// to the value it returns).
			if ft, fok := a.callField(root, full[0], vis); fok {
				t, ok = t.Union(ft), true
			}
		}
		if ok {
			return t.Union(stored)
		}
		// The whole value's taint, as the part read carries it (the
		// copy's resourceVersion only in its ObjectMeta).
		return versionAt(a.taint(v, vis), full).Union(stored)
	default:
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL && len(rest) > 0 && !vis[ld] {
			// A value loaded whole from an object or a parameter (an
			// element of its conditions): what is stored at the part.
			// (Marked while it is followed: in a loop the store of the
			// element can reach its own load again.)
			vis[ld] = true
			defer delete(vis, ld)
			return a.pointeePartTaint(ld.X, rest, ld, ld.Pos(), vis)
		}
		return a.taint(v, vis)
	}
	if depth == 0 {
		return a.storedTaint(root, nil, vis)
	}
	full := append(append([]string(nil), p...), rest...)
	// Marked while followed: a part copied into another local and back
	// (status := w.Status; …; w.Status = status) leads back here, and the
	// cycle adds nothing the other stores do not.
	key := partOf{root, strings.Join(full, ".")}
	if vis[key] {
		return Taint{}
	}
	vis[key] = true
	defer delete(vis, key)
	var t Taint
	for _, st := range a.storesInto(root) {
		if !fieldpath.Compatible(st.path, full) {
			continue
		}
		if len(st.path) < len(full) && st.val != nil {
			t = t.Union(a.subTaint(st.val, full[len(st.path):], vis, depth-1))
		} else {
			t = t.Union(a.storeTaint(st, vis))
		}
	}
	return t
}

// storedTaint unions the taint of the values stored into root under a path
// compatible with path (nil: any path), in the function that owns root
// and its closures.
func (a *Analysis) storedTaint(root ssa.Value, path []string, vis map[ssa.Value]bool) Taint {
	var t Taint
	for _, st := range a.storesInto(root) {
		if path != nil && !fieldpath.Compatible(st.path, path) {
			continue
		}
		t = t.Union(a.storeTaint(st, vis))
	}
	return t
}

// StoredValues returns the values stored into root, a local of a
// function, and into its fields, in that function and the closures nested
// in it.
func (a *Analysis) StoredValues(root ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, st := range a.storesInto(root) {
		if st.val != nil {
			out = append(out, st.val)
		}
	}
	return out
}

type localStore struct {
	path  []string
	val   ssa.Value
	instr ssa.Instruction
	// helper, for a store a helper makes into an argument (val nil): its
	// taint in the helper's terms, and the call's arguments to bind it to.
	helper *Taint
	args   []ssa.Value
	// written, for a write into a writer (fmt.Fprintf(&b, …),
	// b.WriteString(s)): the data written (val nil).
	written []ssa.Value
}

// storesInto returns the stores whose address has root as its object root,
// in root's function and the closures nested in it.
func (a *Analysis) storesInto(root ssa.Value) []localStore {
	instr, ok := root.(ssa.Instruction)
	if !ok {
		return nil
	}
	return a.storeIndex(topLevel(instr.Parent()))[root]
}

// storesSeenFrom is storesInto(root) and, when fn (where root is read)
// is another function than root's, the stores fn makes into root: a
// helper given the caller's object (RootOf follows its parameter to the
// caller's value) stores into it before it reads it back.
func (a *Analysis) storesSeenFrom(root ssa.Value, fn *ssa.Function) []localStore {
	out := a.storesInto(root)
	instr, ok := root.(ssa.Instruction)
	if !ok || fn == nil || topLevel(fn) == topLevel(instr.Parent()) {
		return out
	}
	return append(slices.Clip(out), a.storeIndex(topLevel(fn))[root]...)
}

// topLevel is the function that fn (a closure, perhaps nested) is in.
func topLevel(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

func (a *Analysis) storeIndex(fn *ssa.Function) map[ssa.Value][]localStore {
	if idx, ok := a.storeIdx.Get(fn); ok {
		return idx
	}
	idx := make(map[ssa.Value][]localStore)
	a.storeIdx.Put(fn, idx)
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Store:
					root, path := a.m.RootOf(x.Addr)
					if fv, ok := x.Addr.(*ssa.FreeVar); ok {
						// A closure assigns a variable of its parent (keys =
						// append(keys, k) in a callback): the parent's loads
						// of the variable see it.
						if b := a.m.Binding(fv); b != nil && b != root {
							idx[b] = append(idx[b], localStore{val: x.Val, instr: in})
						}
					}
					if len(path) == 0 && x.Val == root {
						// The variable a closure captures, holding the
						// object: no data is stored into the object.
						continue
					}
					idx[root] = append(idx[root], localStore{path: path, val: x.Val, instr: in})
				case *ssa.MapUpdate:
					// Into every map the value may be (RootsOf).
					for _, h := range a.m.RootsOf(x.Map) {
						idx[h.Root] = append(idx[h.Root], localStore{path: append(slices.Clone(h.Path), "[]"), val: x.Value, instr: in})
					}
				case *ssa.Call:
					common := a.m.Forward(&x.Call)
					if callee := ssax.CalleeFunc(common); callee != nil && !common.IsInvoke() {
						if d, k, ok := apis.FilledArg(apis.FuncOf(callee)); ok && d < len(common.Args) {
							// rand.Read(b): b now holds random bytes.
							root, path := a.m.RootOf(common.Args[d])
							t := Taint{Kinds: k, Source: sourceName(callee), Origin: in.Pos()}
							idx[root] = append(idx[root], localStore{path: append(slices.Clip(path), "[]"), instr: in, helper: &t})
							continue
						}
						if d, ok := apis.WriterDest(apis.FuncOf(callee)); ok && d < len(common.Args) {
							// A write into a strings.Builder or a buffer: what
							// it writes is in the writer's content.
							root, path := a.m.RootOf(common.Args[d])
							written := slices.Delete(slices.Clone(common.Args), d, d+1)
							idx[root] = append(idx[root], localStore{path: path, instr: in, written: written})
							continue
						}
					}
					if ssax.CalleeFunc(common) == nil && !common.IsInvoke() {
						if _, builtin := common.Value.(*ssa.Builtin); !builtin {
							// A call through a function value (an option
							// applied to &out): what the function can store
							// into what an argument points to is what it
							// captured.
							for i, arg := range common.Args {
								if _, ptr := arg.Type().Underlying().(*types.Pointer); !ptr || !a.m.StoresThrough(common, i) {
									continue
								}
								root, path := a.m.RootOf(arg)
								idx[root] = append(idx[root], localStore{path: path, instr: in, written: []ssa.Value{common.Value}})
							}
						}
					}
					// A helper (of the package, or of another package
					// through its facts) that writes its arguments into a
					// writer it is given.
					for d, ws := range a.writtenArgs(common) {
						var written []ssa.Value
						for _, j := range ws {
							written = append(written, common.Args[j])
						}
						root, path := a.m.RootOf(common.Args[d])
						idx[root] = append(idx[root], localStore{path: path, instr: in, written: written})
					}
					// A helper that stores into what an argument points to
					// (setCondition(&desired.Conditions, …)).
					for _, as := range a.m.ArgStores(common) {
						if as.Arg >= len(common.Args) {
							continue
						}
						root, path := a.m.RootOf(common.Args[as.Arg])
						t := as.Taint
						idx[root] = append(idx[root], localStore{path: append(slices.Clip(path), as.Path...), instr: in,
							helper: &t, args: common.Args})
					}
				}
			}
		}
		for _, anon := range f.AnonFuncs {
			visit(anon)
		}
	}
	visit(fn)
	return idx
}

// isSliceResult reports whether sig's first result is a slice.
func isSliceResult(sig *types.Signature) bool {
	if sig.Results().Len() == 0 {
		return false
	}
	_, ok := sig.Results().At(0).Type().Underlying().(*types.Slice)
	return ok
}

// callTaint is the taint of a call's result.
func (a *Analysis) callTaint(c *ssa.Call, vis map[ssa.Value]bool) Taint {
	common := a.m.Forward(&c.Call)
	// Builtins: append carries its arguments' taint; appending an element
	// of a map range inside the range body introduces map order.
	if b, ok := common.Value.(*ssa.Builtin); ok {
		var t Taint
		for _, arg := range common.Args {
			t = t.Union(a.argTaint(arg, c, vis))
		}
		if b.Name() == "append" && concurrentBody(c.Parent()) {
			// Appended by goroutines started in a loop: in the order they
			// finish.
			t = t.Union(goroutineOrder(c))
		}
		if b.Name() == "append" && len(common.Args) > 1 {
			for _, arg := range common.Args[1:] {
				if src := a.elemOrder(arg, c); src != "" {
					t = withOrder(t, src, c.Pos())
					break
				}
			}
		}
		if b.Name() == "len" || b.Name() == "cap" {
			t = t.Without(apis.MapOrder)
		}
		return t
	}
	// A package-level function variable such as controller.ReconcileIDFromContext,
	// or one whose package says what it holds (var Now = time.Now).
	if ld, ok := common.Value.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if g, ok := ld.X.(*ssa.Global); ok && g.Pkg != nil {
			if k := apis.TaintGlobalSources[[2]string{apis.PathOf(g.Pkg.Pkg), g.Name()}]; k != 0 {
				return Taint{Kinds: k, Source: g.Pkg.Pkg.Name() + "." + g.Name(), Origin: c.Pos()}
			}
			if obj := a.m.CalleeObject(common); obj != nil && obj == g.Object() {
				// What the variable of another package holds, by its facts.
				if rt := a.m.ResultTaintOf(obj); rt.Kinds != 0 || rt.Params != 0 {
					rt.Origin = c.Pos()
					return a.bindParamsAt(rt, common.Args, c, vis)
				}
			}
		}
	}
	if g := atomicCounter(common); g != nil {
		return a.counterSource(g, c.Pos()) // atomic.AddInt64(&n, 1), n.Load()
	}
	if atomicOp(common) == "Add" {
		// The new value of a counter that outlives the call (a field of
		// the reconciler, an entry of a shared map): one more each time.
		return Taint{Kinds: apis.Process, Source: "an in-memory atomic counter", Origin: c.Pos()}
	}
	callee := ssax.CalleeFunc(common)
	if callee == nil {
		// A function value: the function it holds (time.Now in a clock
		// field) is the callee; a closure of the package goes on below.
		fn := a.m.Callee(common)
		if fn == nil {
			// A function value that may hold one of several functions
			// (a clock picked by a flag, a step of a list): any of them.
			var t Taint
			for _, f := range a.m.Callees(common) {
				rt := a.CallResultTaint(f)
				if rt.Kinds != 0 || rt.Params != 0 {
					rt.Origin = c.Pos()
					t = t.Union(a.bindParamsAt(rt, common.Args, c, vis))
				}
			}
			return t
		}
		if obj, ok := fn.Object().(*types.Func); ok {
			callee = obj
		} else if a.m.LocalFunc(fn) == nil {
			return Taint{}
		}
	}
	f := apis.FuncOf(callee)
	if k := apis.TaintSource(f); k != 0 {
		return Taint{Kinds: k, Source: sourceName(callee), Origin: c.Pos()}
	}
	if sig := common.Signature(); sig.Recv() != nil || common.IsInvoke() {
		// obj.DeepCopy() copies the object's resourceVersion;
		// obj.GetResourceVersion() reads it.
		recv := common.Value
		if !common.IsInvoke() && len(common.Args) > 0 {
			recv = common.Args[0]
		}
		k := apis.VersionedType(recv.Type())
		if k == "" && apis.IsObjectMeta(recv.Type()) {
			k = metaOwner(recv) // promoted from the object's ObjectMeta
		}
		if k == "" && (callee.Name() == "GetResourceVersion" || callee.Name() == "GetGeneration") {
			k = argVersion(recv) // an object parameter of an interface type: its caller's
			if k == "" {
				k = capturedVersion(a.capturedParam(recv)) // one a closure captured: its parent's caller's
			}
		}
		switch {
		case k == "":
		case callee.Name() == "GetResourceVersion":
			return Taint{Kinds: apis.Version, VersionOf: k, VersionAt: c.Pos()}
		case callee.Name() == "GetGeneration":
			return Taint{Kinds: apis.Generation, VersionOf: k, VersionAt: c.Pos()}
		case callee.Name() == "DeepCopy" && sig.Results().Len() == 1 && apis.VersionedType(sig.Results().At(0).Type()) == k &&
			!a.versionCleared(c):
			return Taint{Kinds: apis.Version, VersionOf: k, VersionAt: c.Pos()}
		}
	}
	args := common.Args
	if common.IsInvoke() {
		args = append([]ssa.Value{common.Value}, common.Args...)
	}
	unionArgs := func() Taint {
		var t Taint
		for _, arg := range args {
			t = t.Union(a.argTaint(arg, c, vis))
		}
		return t
	}
	switch {
	case apis.IsUnorderedCacheList(f) && isSliceResult(common.Signature()):
		// The items (or keys) of an informer cache in its map's order.
		return unionArgs().Union(Taint{Kinds: apis.MapOrder, Source: CacheListSource, Origin: c.Pos()})
	case apis.IsCollect(f) && len(args) > 0 && a.isMapIter(args[len(args)-1]):
		return unionArgs().Union(Taint{Kinds: apis.MapOrder, Source: f.Pkg + "." + f.Name + " of a map iterator", Origin: c.Pos()})
	case apis.SortArg(f) >= 0:
		// slices.Sorted, sets.List, sort.*: the result (if any) is ordered.
		return unionArgs().Without(apis.MapOrder)
	case apis.IsTaintPropagator(f):
		if boolResults(common.Signature()) {
			return Taint{} // a test (t.After(deadline)), as a comparison
		}
		return unionArgs()
	case !common.IsInvoke() && apis.PropagatesByDefault(f) && !boolResults(common.Signature()):
		return unionArgs() // a function of the standard library; a test (a bool) carries nothing
	}
	// Helpers: in this package, from their returns; elsewhere, from facts.
	if fn := a.m.Callee(common); fn != nil && !common.IsInvoke() {
		if local := a.m.LocalFunc(fn); local != nil {
			rt := a.ReturnTaint(local)
			handed := a.m.HandedParams(common, local)
			if handed == 0 {
				return a.bindParamsAt(rt, common.Args, c, vis)
			}
			// What the handed functions store is the result's, field by
			// field (ResultStores): the whole value holds each part.
			rt.Params &^= handed
			t := a.bindParamsAt(rt, common.Args, c, vis)
			for _, rs := range a.m.ResultStores(c) {
				t = t.Union(rs.Bound)
			}
			return t
		}
		if rt := a.m.ResultTaintOf(callee); rt.Kinds != 0 || rt.Params != 0 {
			rt.Origin = c.Pos()
			return a.bindParamsAt(rt, common.Args, c, vis)
		}
	}
	if common.IsInvoke() {
		// A method of an interface: the implementations the call graph
		// finds for the value (r.renderer.Render(params), with the
		// renderer set by a constructor), each by its result taint with
		// the receiver first.
		if fs := a.m.Callees(common); len(fs) > 0 {
			var t Taint
			for _, f := range fs {
				if rt := a.CallResultTaint(f); rt.Kinds != 0 || rt.Params != 0 {
					rt.Origin = c.Pos()
					t = t.Union(a.bindParamsAt(rt, args, c, vis))
				}
			}
			return t
		}
	}
	if common.IsInvoke() && apis.CarriesReceiver(common.Method) {
		// err.Error(), s.String(), ctx.Value(k): the text or the value
		// the receiver was built from (fmt.Errorf("… %s", v),
		// context.WithValue(ctx, k, v)).
		return a.taint(common.Value, vis)
	}
	return Taint{}
}

// versionPart returns the Version taint of a value read from v: v is the
// address a load reads (of type ptr), or a Field of a struct value (ptr
// is a pointer to its type). It is set when the value is a copy of an API
// object, of its ObjectMeta, or its ResourceVersion (through the object's
// ObjectMeta field, or promoted from it: obj.ResourceVersion).
func versionPart(v ssa.Value, ptr types.Type, at token.Pos) Taint {
	version := func(k string) Taint {
		if k == "" {
			return Taint{}
		}
		return Taint{Kinds: apis.Version, VersionOf: k, VersionAt: at}
	}
	// Field (a value) or FieldAddr (an address) of base.
	field := func(x ssa.Value) (base ssa.Value, name string) {
		switch x := x.(type) {
		case *ssa.FieldAddr:
			return x.X, ssax.FieldName(x.X.Type(), x.Field)
		case *ssa.Field:
			return x.X, ssax.FieldName(x.X.Type(), x.Field)
		}
		return nil, ""
	}
	if _, isField := v.(*ssa.Field); !isField {
		if k := apis.VersionedType(ptr); k != "" {
			return version(k) // *obj
		}
	}
	base, name := field(v)
	switch name {
	case "ObjectMeta":
		return version(apis.VersionedType(base.Type()))
	case "ResourceVersion":
		if !apis.IsObjectMeta(base.Type()) {
			return Taint{}
		}
		if outer, name := field(base); name == "ObjectMeta" {
			return version(apis.VersionedType(outer.Type()))
		}
	case "Generation":
		if !apis.IsObjectMeta(base.Type()) {
			return Taint{}
		}
		if outer, name := field(base); name == "ObjectMeta" {
			if k := apis.VersionedType(outer.Type()); k != "" {
				return Taint{Kinds: apis.Generation, VersionOf: k, VersionAt: at}
			}
		}
	}
	return Taint{}
}

// CallKinds returns the taint kinds v carries as the result of a call,
// through conversions and Phis: a source function, a helper of the
// package through its returns, a function of another package through its
// facts. It reads no stores, so the model may ask it while it classifies
// a function's guards, before the effects TaintOf needs exist.
func (a *Analysis) CallKinds(v ssa.Value) apis.TaintKind {
	return a.callKinds(v, 0)
}

func (a *Analysis) callKinds(v ssa.Value, depth int) apis.TaintKind {
	if v == nil || depth > 4 {
		return 0
	}
	if apis.IsError(v.Type()) {
		return 0 // the error of a call is none of what it makes
	}
	switch x := v.(type) {
	case *ssa.Extract:
		return a.callKinds(x.Tuple, depth)
	case *ssa.Convert:
		return a.callKinds(x.X, depth)
	case *ssa.ChangeType:
		return a.callKinds(x.X, depth)
	case *ssa.Slice:
		return a.callKinds(x.X, depth)
	case *ssa.Phi:
		var k apis.TaintKind
		for _, e := range x.Edges {
			k |= a.callKinds(e, depth+1)
		}
		return k
	case *ssa.Call:
		common := a.m.Forward(&x.Call)
		callee := ssax.CalleeFunc(common)
		if callee != nil {
			if k := apis.TaintSource(apis.FuncOf(callee)); k != 0 {
				return k
			}
		}
		// A function or closure of the package, through its returns.
		if fn := a.m.Callee(common); fn != nil && !common.IsInvoke() {
			if local := a.m.LocalFunc(fn); local != nil {
				var k apis.TaintKind
				for _, b := range local.Blocks {
					if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
						for _, r := range ret.Results {
							rk := a.callKinds(r, depth+1)
							if rk&apis.Diff != 0 && a.EmptyPatchChecked(r, b) {
								rk &^= apis.Diff
							}
							k |= rk
						}
					}
				}
				return k
			}
		}
		if obj := a.m.CalleeObject(common); obj != nil {
			return a.m.ResultTaintOf(obj).Kinds // a function, or a variable, of another package
		}
		return 0
	}
	return 0
}

// versionAt is the taint t of an object (a copy of one) as a part at path
// of it carries it: the resourceVersion only in the whole object, its
// ObjectMeta or the field itself, not in its generation or spec.
func versionAt(t Taint, path []string) Taint {
	if t.Kinds&apis.Version == 0 || len(path) == 0 {
		return t
	}
	switch path[len(path)-1] {
	case apis.ObjectMetaField, apis.ResourceVersionField:
		return t
	}
	return t.Without(apis.Version)
}

// paramVersion marks a VersionOf that names a parameter of the function
// (by index), to be replaced by its argument's type at each call.
const paramVersion = "param#"

// argVersion is the VersionOf of an object value v: its type's, the
// dynamic type's of an interface made from a concrete object, or, for a
// parameter of an interface type, that parameter (paramVersion).
func argVersion(v ssa.Value) string {
	v = ssax.Unconvert(v)
	if ci, ok := v.(*ssa.ChangeInterface); ok {
		v = ssax.Unconvert(ci.X) // client.Object given as a metav1.Object
	}
	if k := apis.VersionedType(v.Type()); k != "" {
		return k
	}
	if p, ok := v.(*ssa.Parameter); ok && types.IsInterface(p.Type()) {
		if i := ssax.ParamIndex(p.Parent(), p); i >= 0 {
			return paramVersion + strconv.Itoa(i)
		}
	}
	return ""
}

// capturedParamVersion marks a VersionOf that names a parameter (by index)
// of the function that made the closure the value was computed in; the
// closure's call in that function turns it into a paramVersion.
const capturedParamVersion = "captured#"

// capturedParam returns the parameter of the top-level function that v, a
// captured variable read in a closure (or in a closure within one), holds:
// the free variable bound to the parameter, or a load through one whose
// cell holds the parameter for the closure's life (ssax.ReadOnlyCell).
// nil otherwise.
func (a *Analysis) capturedParam(v ssa.Value) ssa.Value {
	var b ssa.Value
	switch x := v.(type) {
	case *ssa.FreeVar:
		b = a.m.Binding(x)
	case *ssa.UnOp:
		if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
			b = ssax.ReadOnlyCell(fv)
		}
	}
	p, _ := b.(*ssa.Parameter)
	if p == nil || p.Parent().Parent() != nil {
		return nil
	}
	return p
}

// capturedVersion is the VersionOf of the object a closure captured, b:
// for a parameter of an interface type of the enclosing function, that
// parameter (capturedParamVersion); "" otherwise.
func capturedVersion(b ssa.Value) string {
	if p, ok := b.(*ssa.Parameter); ok && types.IsInterface(p.Type()) {
		if i := ssax.ParamIndex(p.Parent(), p); i >= 0 {
			return capturedParamVersion + strconv.Itoa(i)
		}
	}
	return ""
}

// versionParam returns the parameter index a paramVersion names.
func versionParam(k string) (int, bool) {
	rest, ok := strings.CutPrefix(k, paramVersion)
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(rest)
	return i, err == nil
}

// metaOwner returns the VersionedType of the object whose ObjectMeta v
// addresses (&obj.ObjectMeta, also as the operand a forwarder derives from
// its caller's argument), or "".
func metaOwner(v ssa.Value) string {
	switch x := v.(type) {
	case *forward.Derived:
		if x.Inner != nil {
			return metaOwner(x.Inner)
		}
		if len(x.Path) == 1 && x.Path[0] == apis.ObjectMetaField {
			return apis.VersionedType(x.Base.Type())
		}
	case *ssa.FieldAddr:
		if ssax.FieldName(x.X.Type(), x.Field) == apis.ObjectMetaField {
			return apis.VersionedType(x.X.Type())
		}
	}
	return ""
}

// versionCleared reports whether the function stores into the resource
// version of the copy c, a DeepCopy result or a local
// (snap.ResourceVersion = ""): the copy no longer carries the original's.
func (a *Analysis) versionCleared(c ssa.Value) bool {
	if t := c.Type(); apis.VersionedType(t) == "" && !apis.IsObjectMeta(t) && !apis.IsObjectMeta(types.NewPointer(t)) {
		return false // a struct of the program's whose field is named ResourceVersion
	}
	for _, st := range a.storesInto(c) {
		if n := len(st.path); n > 0 && st.path[n-1] == apis.ResourceVersionField {
			return true
		}
	}
	return false
}

// boolResults reports whether every result of sig is a boolean.
func boolResults(sig *types.Signature) bool {
	r := sig.Results()
	for i := range r.Len() {
		if b, ok := r.At(i).Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsBoolean == 0 {
			return false
		}
	}
	return r.Len() > 0
}

// CallResultTaint is the taint of the results of a call of fn, whatever
// the call's arguments (Params: fn's parameters whose taint flows into
// them): a source's kind, a function of the package's return taint, or
// what the facts of a function of another package say. A variable that
// holds fn carries it in its facts.
func (a *Analysis) CallResultTaint(fn *ssa.Function) Taint {
	if local := a.m.LocalFunc(fn); local != nil {
		return a.ReturnTaint(local)
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return Taint{}
	}
	if k := apis.TaintSource(apis.FuncOf(obj)); k != 0 {
		return Taint{Kinds: k, Source: sourceName(obj)}
	}
	return a.m.ResultTaintOf(obj)
}

// BindParams replaces the parameter bits of a callee's taint with the
// taint of the call's arguments.
// BindParamsAt is BindParams for the arguments of the call at: an
// argument sorted in place before the call passes no map order.
func (a *Analysis) BindParamsAt(t Taint, args []ssa.Value, at ssa.Instruction) Taint {
	return a.bindParamsAt(t, args, at, nil)
}

func (a *Analysis) BindParams(t Taint, args []ssa.Value) Taint {
	return a.bindParamsVis(t, args, nil)
}

func (a *Analysis) bindParamsVis(t Taint, args []ssa.Value, vis map[ssa.Value]bool) Taint {
	return a.bindParamsAt(t, args, nil, vis)
}

// bindParamsAt is bindParamsVis for the arguments of the call at (nil when
// unknown), each without the map order an in-place sort before the call
// removed. A nil argument is one not known (a method value's receiver
// bound elsewhere): its parameter's taint is dropped.
func (a *Analysis) bindParamsAt(t Taint, args []ssa.Value, at ssa.Instruction, vis map[ssa.Value]bool) Taint {
	out := t
	out.Params = 0
	if i, ok := versionParam(out.VersionOf); ok {
		// The version of the object the caller passes.
		out.VersionOf = ""
		if i < len(args) && args[i] != nil {
			out.VersionOf = argVersion(args[i])
		}
		if out.VersionOf == "" {
			out = out.Without(apis.Versions)
		}
	}
	out.ParamPaths = ""
	if out.Captured != 0 && at != nil && at.Parent().Parent() == nil {
		// A closure called from the function whose parameters it
		// captured: they are that function's parameters again.
		out.Params, out.ParamPaths = out.Captured, out.CapturedPaths
		out.Captured, out.CapturedPaths = 0, ""
	}
	if rest, ok := strings.CutPrefix(out.VersionOf, capturedParamVersion); ok && at != nil && at.Parent().Parent() == nil {
		// Likewise the object parameter whose version it names.
		out.VersionOf = paramVersion + rest
	}
	for i, arg := range args {
		if arg != nil && i < 64 && t.Params&(1<<uint(i)) != 0 {
			at0 := a.argAtPath(arg, t.ParamPath(i), vis)
			if at != nil {
				at0 = a.sortedElems(at0, arg, at)
			}
			out = out.Union(at0)
		}
	}
	return out
}

// argTaint is the taint of arg passed to the call at: without map order
// when an in-place sort of arg dominates the call (keys collected from a
// map, sort.Strings(keys), then strings.Join(keys, ",")).
func (a *Analysis) argTaint(arg ssa.Value, at ssa.Instruction, vis map[ssa.Value]bool) Taint {
	return a.sortedElems(a.taint(arg, vis), arg, at)
}

// ReturnTaint is the union of the taint of fn's returned values, with
// MapOrder removed where a sort of the returned value dominates the
// return.
func (a *Analysis) ReturnTaint(fn *ssa.Function) Taint {
	if t, ok := a.retTaint.Get(fn); ok {
		return t
	}
	a.retTaint.Put(fn, Taint{})
	var t Taint
	eachReturned(fn, func(ret *ssa.Return, r ssa.Value) {
		rt := a.TaintOf(r)
		if rt.Kinds&apis.MapOrder != 0 && a.SortedBefore(r, ret) {
			rt = rt.Without(apis.MapOrder)
		}
		if rt.Kinds&apis.Diff != 0 && a.EmptyPatchChecked(r, ret.Block()) {
			rt = rt.Without(apis.Diff)
		}
		t = t.Union(rt)
	})
	a.retTaint.Put(fn, t)
	return t
}

// eachReturned calls f with each value each return of fn returns.
func eachReturned(fn *ssa.Function, f func(ret *ssa.Return, r ssa.Value)) {
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, r := range ret.Results {
				f(ret, r)
			}
		}
	}
}

// resultField names a field of the struct results of a function.
type resultField struct {
	fn    *ssa.Function
	field string
}

// ResultStruct returns the struct type of a result of sig returned by
// value, or nil: its fields are summarised one by one (ReturnFieldTaint).
func ResultStruct(sig *types.Signature) *types.Struct {
	var out *types.Struct
	for i := 0; i < sig.Results().Len(); i++ {
		t := sig.Results().At(i).Type()
		if _, ok := t.(*types.Named); !ok {
			continue // an anonymous struct is rare; a pointer is followed by its loads
		}
		if st, ok := t.Underlying().(*types.Struct); ok && st.NumFields() > 0 && st.NumFields() <= 32 && !apis.IsObject(types.NewPointer(t)) {
			if out != nil {
				return nil // two struct results: which field is whose is not recorded
			}
			out = st
		}
	}
	return out
}

// ReturnFieldTaint is the taint of the field named field of the struct
// result of fn (ResultStruct), a function of the package: what its
// returns store into that field of the struct they build (a composite
// literal, or a local they fill), or the taint of the whole result when a
// return hands on a struct it did not build. A builder's
// `return Result{Value: b.value, Note: b.note}` gives Value the taint of
// b.value only.
func (a *Analysis) ReturnFieldTaint(fn *ssa.Function, field string) Taint {
	key := resultField{fn, field}
	if t, ok := a.retField.Get(key); ok {
		return t
	}
	a.retField.Put(key, Taint{})
	var t Taint
	eachReturned(fn, func(_ *ssa.Return, r ssa.Value) {
		if _, ok := r.Type().Underlying().(*types.Struct); !ok {
			return
		}
		if load, ok := r.(*ssa.UnOp); ok && load.Op == token.MUL {
			if alloc, ok := load.X.(*ssa.Alloc); ok {
				t = t.Union(a.storedTaint(alloc, []string{field}, make(map[ssa.Value]bool)))
				return
			}
		}
		if ft, ok := a.callField(r, field, make(map[ssa.Value]bool)); ok {
			// The result of another call returned as is (a body run as a
			// closure): that call's field.
			t = t.Union(ft)
			return
		}
		t = t.Union(a.TaintOf(r))
	})
	a.retField.Put(key, t)
	return t
}

// calledField is the taint of a field of a struct a call returns by value
// (`b.Build().Value`; callField).
func (a *Analysis) calledField(x *ssa.Field, vis map[ssa.Value]bool) (Taint, bool) {
	return a.callField(x.X, ssax.FieldName(x.X.Type(), x.Field), vis)
}

// callField is the taint of the field named name of the struct that v, a
// call (or the extraction of one of its results), returns by value, from
// the callee's summary of that field: a function of the package by its
// returns (ReturnFieldTaint), one of another package by its facts. ok is
// false when v is no such call or the callee has no such summary.
func (a *Analysis) callField(v ssa.Value, name string, vis map[ssa.Value]bool) (Taint, bool) {
	c := ssax.ResultCall(v)
	if c == nil || c.Call.IsInvoke() {
		return Taint{}, false
	}
	if _, ok := v.Type().Underlying().(*types.Struct); !ok {
		return Taint{}, false
	}
	fc := a.m.Forward(&c.Call)
	fn := a.m.Callee(fc)
	if fn == nil || ResultStruct(fn.Signature) == nil {
		return Taint{}, false
	}
	if local := a.m.LocalFunc(fn); local != nil {
		rt := a.ReturnFieldTaint(local, name)
		handed := a.m.HandedParams(fc, local)
		if handed == 0 {
			return a.bindParamsAt(rt, fc.Args, c, vis), true
		}
		// What the handed functions store there is the call's own.
		rt.Params &^= handed
		return a.bindParamsAt(rt, fc.Args, c, vis).Union(a.resultStoreTaint(v, []string{name}, vis)), true
	}
	if fn.Object() == nil {
		return Taint{}, false
	}
	rt, ok := a.m.ResultFieldTaintOf(fn.Object(), name)
	if !ok {
		return Taint{}, false
	}
	rt.Origin = c.Pos()
	return a.bindParamsAt(rt, fc.Args, c, vis), true
}

// SortedBefore reports whether a sort of v (sort.Strings(v),
// slices.Sort(v), …) or of the same field path runs before the sink and
// dominates it.
func (a *Analysis) SortedBefore(v ssa.Value, sink ssa.Instruction) bool {
	vroot, vpath := a.m.RootOf(v)
	for _, sc := range a.sortCalls(sink.Parent()) {
		aroot, apath := a.m.RootOf(sc.arg)
		if (sc.arg == v || (aroot == vroot && fieldpath.Equal(apath, vpath))) && ssax.Dominates(sc.call, sink) {
			return true
		}
	}
	return false
}

// sortCall is an in-place sort (sort.Strings(x), slices.Sort(x), …) and
// the value it sorts, with interface and type conversions removed.
type sortCall struct {
	call ssa.Instruction
	arg  ssa.Value
}

// sortCalls returns the in-place sorts of fn: calls of a sorting API, and
// calls of a helper of the package that sorts one of its parameters on
// every path (SortedParams).
func (a *Analysis) sortCalls(fn *ssa.Function) []sortCall {
	return a.sortCallsIn(fn, 0)
}

func (a *Analysis) sortCallsIn(fn *ssa.Function, depth int) []sortCall {
	var out []sortCall
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok {
				continue
			}
			var idx, fidx []int
			fc := a.m.Forward(&c.Call)
			if i := apis.SortInPlaceArg(apis.FuncOf(ssax.CalleeFunc(fc))); i >= 0 {
				fidx = append(fidx, i)
			} else if obj := a.m.CalleeObject(fc); obj != nil {
				fidx = append(fidx, a.m.SortedParamsOf(obj)...) // a function, or a variable, of another package
			}
			for _, i := range fidx {
				if i < len(fc.Args) {
					out = append(out, sortCall{call: in, arg: ssax.Unconvert(fc.Args[i])})
				}
			}
			if h := a.m.LocalFunc(a.m.Callee(&c.Call)); h != nil && h != fn && depth < 3 && !c.Call.IsInvoke() {
				idx = append(idx, a.sortedParamsIn(h, depth+1)...)
			}
			for _, i := range idx {
				if i < len(c.Call.Args) {
					out = append(out, sortCall{call: in, arg: ssax.Unconvert(c.Call.Args[i])})
				}
			}
		}
	}
	return out
}

// SortedParams returns the indices (in Params) of the parameters of fn
// that fn sorts in place before every return.
func (a *Analysis) SortedParams(fn *ssa.Function) []int {
	return a.sortedParamsIn(fn, 0)
}

func (a *Analysis) sortedParamsIn(fn *ssa.Function, depth int) []int {
	var rets []ssa.Instruction
	for _, b := range fn.Blocks {
		if n := len(b.Instrs); n > 0 {
			if r, ok := b.Instrs[n-1].(*ssa.Return); ok {
				rets = append(rets, r)
			}
		}
	}
	if len(rets) == 0 {
		return nil
	}
	var out []int
	for _, sc := range a.sortCallsIn(fn, depth) {
		i := ssax.ParamIndex(fn, sc.arg)
		if i < 0 {
			continue
		}
		all := true
		for _, r := range rets {
			if !ssax.Dominates(sc.call, r) {
				all = false
				break
			}
		}
		if all {
			out = append(out, i)
		}
	}
	return out
}

func sourceName(fn *types.Func) string {
	name := fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		if r := apis.RecvName(sig.Recv().Type()); r != "" {
			name = r + "." + name
		}
	}
	if fn.Pkg() != nil {
		return pkgAlias(fn.Pkg()) + "." + name
	}
	return name
}

// pkgAlias returns the name a package is conventionally imported as.
func pkgAlias(p *types.Package) string {
	switch apis.PathOf(p) {
	case apis.MetaV1:
		return "metav1"
	case "k8s.io/apimachinery/pkg/util/rand":
		return "utilrand"
	case "k8s.io/apimachinery/pkg/util/uuid":
		return "uuid"
	case "math/rand/v2":
		return "rand"
	}
	return p.Name()
}

// isMapIter reports whether v is an iterator over a map (maps.Keys, …).
func (a *Analysis) isMapIter(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	callee := ssax.CalleeFunc(a.m.Forward(&c.Call))
	return callee != nil && apis.IsMapIterSource(apis.FuncOf(callee))
}

// inMapRange reports whether instr runs in the body of a range over a map:
// a block dominated by a map `next` whose ok edge leads to it, or a yield
// closure of a range over maps.Keys/Values/All.
func (a *Analysis) inMapRange(instr ssa.Instruction) bool {
	fn := instr.Parent()
	if a.isMapYield(fn) {
		return true
	}
	b := instr.Block()
	for _, blk := range fn.Blocks {
		for _, in := range blk.Instrs {
			nx, ok := in.(*ssa.Next)
			if !ok || nx.IsString {
				continue
			}
			if blk.Dominates(b) && blk != b && ssax.InLoopOf(blk, b) {
				return true
			}
		}
	}
	return false
}

// isMapYield reports whether fn is the body closure of a range-over-func
// loop over a map iterator: a closure passed to a call of the value of
// maps.Keys/Values/All, or to a ranging method of an unordered collection
// ((*sync.Map).Range).
func (a *Analysis) isMapYield(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil {
		return false
	}
	for _, cb := range a.rangedCallbacks(parent) {
		if callbackFunc(cb) == fn {
			return true
		}
	}
	return false
}

// MapIterationSource is the Taint.Source of the order of a map range.
const MapIterationSource = "map iteration"

// elemOrder returns the source of the order that v carries at instruction
// at, when v derives from an element of an unordered collection that a
// loop around at iterates: the key or value of a map range (or the yield
// parameters of a range over a map iterator) when at is in a map range,
// or an element of a cache-ordered list indexed by a loop containing at
// (listorder.go). It returns "" otherwise.
func (a *Analysis) elemOrder(v ssa.Value, at ssa.Instruction) string {
	return a.elemOrd(v, at, make(map[ssa.Value]bool))
}

func (a *Analysis) elemOrd(v ssa.Value, at ssa.Instruction, seen map[ssa.Value]bool) string {
	if v == nil || seen[v] {
		return ""
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Extract:
		if nx, ok := x.Tuple.(*ssa.Next); ok && !nx.IsString {
			if x.Index > 0 && a.inMapRange(at) {
				return MapIterationSource
			}
			return ""
		}
		return a.elemOrd(x.Tuple, at, seen)
	case *ssa.Parameter:
		if a.isMapYield(x.Parent()) {
			return MapIterationSource
		}
	case *ssa.FreeVar:
		return ""
	case *ssa.UnOp:
		if x.Op == token.MUL {
			// A load from a local: what was stored at that path, or an
			// element of a list being iterated on the way to it.
			if root, path := a.m.RootOf(x.X); ssax.IsAlloc(root) {
				if src := a.storedOrder(root, path, at, seen); src != "" {
					return src
				}
				return a.addrOrder(x.X, at)
			}
		}
		return a.elemOrd(x.X, at, seen)
	case *ssa.Alloc:
		return a.storedOrder(x, nil, at, seen)
	case *ssa.IndexAddr, *ssa.Index:
		if a.iteratedListElem(x, at) {
			return CacheListSource
		}
		if ia, ok := x.(*ssa.IndexAddr); ok {
			return a.elemOrd(ia.X, at, seen)
		}
		return a.elemOrd(x.(*ssa.Index).X, at, seen)
	case *ssa.MakeInterface:
		return a.elemOrd(x.X, at, seen)
	case *ssa.Slice:
		return a.elemOrd(x.X, at, seen)
	case *ssa.TypeAssert:
		return a.elemOrd(x.X, at, seen) // k.(string) of a (*sync.Map).Range callback
	case *ssa.ChangeType:
		return a.elemOrd(x.X, at, seen)
	case *ssa.Convert:
		return a.elemOrd(x.X, at, seen)
	case *ssa.Field:
		return a.elemOrd(x.X, at, seen)
	case *ssa.FieldAddr:
		return a.elemOrd(x.X, at, seen)
	case *ssa.BinOp:
		if src := a.elemOrd(x.X, at, seen); src != "" {
			return src
		}
		return a.elemOrd(x.Y, at, seen)
	case *ssa.Call:
		fc := a.m.Forward(&x.Call)
		if ssax.CalleeFunc(fc) != nil && apis.IsTaintPropagator(apis.FuncOf(ssax.CalleeFunc(fc))) {
			for _, arg := range fc.Args {
				if src := a.elemOrd(arg, at, seen); src != "" {
					return src
				}
			}
			return ""
		}
		// A call of a function value, or of a method of an interface
		// value, that is itself an element taken in that order
		// (describe(&w) for each describer of a map): which function runs,
		// and so the result, changes with the order, unless only one
		// function can run.
		if _, builtin := fc.Value.(*ssa.Builtin); !builtin && fc.StaticCallee() == nil && len(a.m.Callees(fc)) != 1 {
			if src := a.elemOrd(fc.Value, at, seen); src != "" {
				return src
			}
		}
		// A helper (of the package, or of another package through its
		// facts) whose result derives from an argument that does
		// (f.flag(k, v) in a map range).
		if fn := a.m.Callee(fc); fn != nil && !fc.IsInvoke() {
			rt := a.CallResultTaint(fn)
			for i, arg := range fc.Args {
				if i < 64 && rt.Params&(1<<uint(i)) != 0 {
					if src := a.elemOrd(arg, at, seen); src != "" {
						return src
					}
				}
			}
		}
	}
	return ""
}

// storedOrder is elemOrder of the values stored into a local at a path
// compatible with path (nil: any).
func (a *Analysis) storedOrder(root ssa.Value, path []string, at ssa.Instruction, seen map[ssa.Value]bool) string {
	for _, st := range a.storesInto(root) {
		if path != nil && !fieldpath.Compatible(st.path, path) {
			continue
		}
		if st.val == nil {
			continue
		}
		if src := a.elemOrd(st.val, at, seen); src != "" {
			return src
		}
	}
	return ""
}

// addrOrder reports CacheListSource when an address is computed from an
// element of a cache-ordered list that a loop around at iterates
// (&list.Items[i].Spec).
func (a *Analysis) addrOrder(addr ssa.Value, at ssa.Instruction) string {
	for i := 0; i < 16 && addr != nil; i++ {
		switch x := addr.(type) {
		case *ssa.FieldAddr:
			addr = x.X
		case *ssa.IndexAddr:
			if a.iteratedListElem(x, at) {
				return CacheListSource
			}
			addr = x.X
		default:
			return ""
		}
	}
	return ""
}

// iteratedListElem reports whether v is an element of a cache-ordered list
// indexed by the counter of a loop that contains at.
func (a *Analysis) iteratedListElem(v ssa.Value, at ssa.Instruction) bool {
	h := a.listElemLoop(v)
	b := at.Block()
	return h != nil && h != b && h.Dominates(b) && ssax.InLoopOf(h, b)
}

// SortedAfter reports whether a value stored into root at path by the
// instruction store in fn is sorted before it is written: a sort of the
// stored value val (nil: unknown) dominating the store, or a sort of the
// path between the store and the instruction write (nil: anywhere after
// the store).
func (a *Analysis) SortedAfter(fn *ssa.Function, root ssa.Value, path []string, val ssa.Value, store, write ssa.Instruction) bool {
	if val != nil && a.SortedBefore(val, store) {
		return true
	}
	for _, sc := range a.sortCalls(fn) {
		r, p := a.m.RootOf(sc.arg)
		if r != root || !fieldpath.Equal(p, path) || !ssax.Reaches(store, sc.call) {
			continue
		}
		if write == nil || ssax.Reaches(sc.call, write) {
			return true
		}
	}
	return false
}

// CarriesResults reports whether a function returns values that can
// carry a non-deterministic value from its arguments: strings, numbers,
// slices or maps of them, and time values. Other results (objects,
// interfaces) are not worth a ParamToResult fact.
func CarriesResults(sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if taintable(sig.Results().At(i).Type(), 0) {
			return true
		}
	}
	return false
}

func taintable(t types.Type, depth int) bool {
	if depth > 3 {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&(types.IsString|types.IsNumeric) != 0
	case *types.Slice:
		return taintable(u.Elem(), depth+1)
	case *types.Map:
		return taintable(u.Elem(), depth+1)
	}
	if pkg, _, ok := apis.NamedOf(t); ok && (pkg == "time" || pkg == apis.MetaV1) {
		return true
	}
	return false
}

// EmptyObject stands, in a compared pair (ComparedPairs), for the
// constant "{}".
const EmptyObject = -1

// notCompared stands, in a compared pair, for a value that is neither a
// parameter nor "{}".
const notCompared = -2

// isEmptyObject reports whether x is the constant "{}" (as a string or
// converted to bytes).
func isEmptyObject(x ssa.Value) bool {
	c, ok := ssax.Unconvert(x).(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == "{}"
}

// compareSites calls f with the two operands of every comparison in b
// (==, !=, bytes.Equal) and of every comparison a helper the block
// calls makes of its arguments (ComparedPairs of a function of the
// package, the facts of another's), in the caller's terms.
func (a *Analysis) compareSites(b *ssa.BasicBlock, depth int, f func(x, y ssa.Value)) {
	for _, instr := range b.Instrs {
		switch in := instr.(type) {
		case *ssa.BinOp:
			if in.Op == token.EQL || in.Op == token.NEQ {
				f(in.X, in.Y)
			}
		case *ssa.Call:
			common := a.m.Forward(&in.Call) // a forwarder's call is the call it makes
			if callee := ssax.CalleeFunc(common); callee != nil && apis.IsSymmetricEquality(apis.FuncOf(callee)) && len(common.Args) == 2 {
				f(common.Args[0], common.Args[1])
				continue
			}
			var pairs [][2]int
			if fn := a.m.Callee(common); fn != nil && !common.IsInvoke() {
				if local := a.m.LocalFunc(fn); local != nil {
					if depth < 3 {
						pairs = a.comparedPairs(local, depth+1)
					}
				} else if obj := a.m.CalleeObject(common); obj != nil {
					pairs = a.m.ComparedPairsOf(obj)
				}
			} else if obj := a.m.CalleeObject(common); obj != nil {
				pairs = a.m.ComparedPairsOf(obj) // a variable of another package that holds a function
			}
			args := common.Args
			side := func(k int) ssa.Value {
				switch {
				case k == EmptyObject:
					return emptyObjectConst
				case k >= 0 && k < len(args):
					return args[k]
				}
				return nil
			}
			for _, pr := range pairs {
				if x, y := side(pr[0]), side(pr[1]); x != nil && y != nil {
					f(x, y)
				}
			}
		}
	}
}

// emptyObjectConst is "{}" as a compared operand.
var emptyObjectConst = ssa.NewConst(constant.MakeString("{}"), types.Typ[types.String])

// ComparedPairs returns the pairs of fn's parameters (by index) and of
// the constant "{}" (EmptyObject) that fn compares, itself or through
// helpers: `bytes.Equal(p, []byte("{}"))` gives (0, EmptyObject), a
// wrapper of bytes.Equal (0, 1). Its callers map them onto their
// arguments (a patch compared with "{}" through a helper).
func (a *Analysis) ComparedPairs(fn *ssa.Function) [][2]int { return a.comparedPairs(fn, 0) }

func (a *Analysis) comparedPairs(fn *ssa.Function, depth int) [][2]int {
	side := func(x ssa.Value) int {
		x = ssax.Unconvert(x)
		if isEmptyObject(x) {
			return EmptyObject
		}
		if p, ok := x.(*ssa.Parameter); ok && p.Parent() == fn && isBytesOrString(p.Type()) {
			return slices.Index(fn.Params, p)
		}
		return notCompared
	}
	var out [][2]int
	for _, b := range fn.Blocks {
		a.compareSites(b, depth, func(x, y ssa.Value) {
			pr := [2]int{side(x), side(y)}
			if pr[0] != notCompared && pr[1] != notCompared && pr[0] != pr[1] && !slices.Contains(out, pr) {
				out = append(out, pr)
			}
		})
	}
	return out
}

// EmptyPatchChecked reports whether v, a diff library's patch, is compared
// with "{}" (string(v) == "{}", bytes.Equal(v, []byte("{}")), a helper
// that does either) in a block that dominates b: a function that returns
// the patch only past that test hands on an empty one as nil (or not at
// all), so its callers' nil or length test of the result is a real change
// test.
func (a *Analysis) EmptyPatchChecked(v ssa.Value, b *ssa.BasicBlock) bool {
	fn := b.Parent()
	if fn == nil {
		return false
	}
	found := false
	isV := func(x ssa.Value) bool { return ssax.Unconvert(x) == ssax.Unconvert(v) }
	for _, blk := range fn.Blocks {
		if found || !blk.Dominates(b) {
			continue
		}
		a.compareSites(blk, 0, func(x, y ssa.Value) {
			if isV(x) && isEmptyObject(y) || isV(y) && isEmptyObject(x) {
				found = true
			}
		})
	}
	return found
}

// isBytesOrString reports whether t is a string or a byte slice, what a
// patch is held as.
func isBytesOrString(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// keptWhenPresent returns the edge of the two-edged phi x that gives a
// new value only when the other edge's value, read before, is empty
// (`p := s.Data[k]; if len(p) == 0 { p = generate() }`, `if id == "" {
// id = uuid.NewString() }`), or -1. Written back, the value is kept on the
// next pass: the draw happens once.
func keptWhenPresent(x *ssa.Phi) int {
	if len(x.Edges) != 2 || len(x.Block().Preds) != 2 {
		return -1
	}
	for fresh := range 2 {
		old := ssax.Unconvert(x.Edges[1-fresh])
		switch old.(type) {
		case *ssa.Lookup, *ssa.UnOp, *ssa.Field, *ssa.Extract, *ssa.Call:
		default:
			continue
		}
		// The branch that decides: the nearest dominator of the fresh
		// edge's predecessor that ends in an If.
		pred := x.Block().Preds[fresh]
		for b := pred; b != nil; b = b.Idom() {
			d := b.Idom()
			if d == nil {
				break
			}
			ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			empty := emptyBranch(ifi.Cond, old)
			if empty < 0 {
				break
			}
			// The fresh edge lies on the empty branch, the kept one not.
			if d.Succs[empty].Dominates(pred) && !d.Succs[empty].Dominates(x.Block().Preds[1-fresh]) {
				return fresh
			}
			break
		}
	}
	return -1
}

// emptyBranch returns the successor (0 true, 1 false) the condition cond
// takes when v is empty (its zero value, no element, absent from a map),
// or -1 when cond does not test that.
func emptyBranch(cond, v ssa.Value) int {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			if b := emptyBranch(c.X, v); b >= 0 {
				return 1 - b
			}
		}
	case *ssa.Extract:
		// The comma-ok of the lookup v is the value of: true when present.
		if l, ok := c.Tuple.(*ssa.Lookup); ok && c.Index == 1 {
			if e, ok := v.(*ssa.Extract); ok && e.Tuple == l && e.Index == 0 {
				return 1
			}
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return -1
		}
		if op := ssax.ZeroTestOperand(c); op == nil || ssax.Unconvert(op) != v {
			return -1
		}
		if c.Op == token.EQL {
			return 0
		}
		return 1
	}
	return -1
}

// partOf marks, in a visited set, a part of a local (its root and field
// path) whose stores are being followed.
type partOf struct {
	ssa.Value
	path string
}
