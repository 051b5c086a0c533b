package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

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
}

// Union returns the taint of a value computed from values with taints t
// and u: the kinds and parameters of both, and the source of t, or of u
// when t has no kind.
func (t Taint) Union(u Taint) Taint {
	if t.Kinds == 0 && u.Kinds != 0 {
		t.Source, t.Origin = u.Source, u.Origin
	}
	t.Kinds |= u.Kinds
	t.Params |= u.Params
	return t
}

// Without returns t without the kinds k.
func (t Taint) Without(k apis.TaintKind) Taint {
	t.Kinds &^= k
	return t
}

// TaintOf returns the taint of v. Unknown callees propagate nothing:
// silence beats a guess.
func (s *Summary) TaintOf(v ssa.Value) Taint {
	if v == nil {
		return Taint{}
	}
	if t, ok := s.taintMemo.get(v); ok {
		return t
	}
	// One depth-first walk per query: a value reached twice contributes
	// once, so cycles (loop Phis, stores into the variable being read)
	// cut cleanly. Only the queried value's result is complete, so only it
	// is memoized.
	t := s.taint(v, make(map[ssa.Value]bool))
	s.taintMemo.put(v, t)
	return t
}

func (s *Summary) taint(v ssa.Value, vis map[ssa.Value]bool) Taint {
	if v == nil || vis[v] {
		return Taint{}
	}
	if t, ok := s.taintMemo.get(v); ok {
		return t
	}
	vis[v] = true
	return s.taint1(v, vis)
}

func (s *Summary) taint1(v ssa.Value, vis map[ssa.Value]bool) Taint {
	switch x := v.(type) {
	case *ssa.Parameter:
		if i := ssax.ParamIndex(x.Parent(), x); i >= 0 && i < 64 {
			return Taint{Params: 1 << uint(i)}
		}
	case *ssa.FreeVar:
		if b := s.Binding(x); b != nil {
			return s.taint(b, vis)
		}
	case *ssa.Phi:
		var t Taint
		for _, e := range x.Edges {
			t = t.Union(s.taint(e, vis))
		}
		return t
	case *ssa.UnOp:
		if x.Op == token.MUL {
			t := s.loadTaint(x, vis)
			if ia, ok := x.X.(*ssa.IndexAddr); ok {
				t = s.sortedElems(t, ia.X, x)
			}
			return t
		}
		if x.Op == token.ARROW {
			return Taint{}
		}
		return s.taint(x.X, vis)
	case *ssa.BinOp:
		t := s.taint(x.X, vis).Union(s.taint(x.Y, vis))
		if x.Op == token.ADD && ssax.IsString(x.Type()) {
			src := s.elemOrder(x.X, x)
			if src == "" {
				src = s.elemOrder(x.Y, x)
			}
			if src != "" {
				t = t.Union(Taint{Kinds: apis.MapOrder, Source: src, Origin: x.Pos()})
			}
		}
		return t
	case *ssa.Convert:
		return s.taint(x.X, vis)
	case *ssa.ChangeType:
		return s.taint(x.X, vis)
	case *ssa.MakeInterface:
		return s.taint(x.X, vis)
	case *ssa.ChangeInterface:
		return s.taint(x.X, vis)
	case *ssa.TypeAssert:
		return s.taint(x.X, vis)
	case *ssa.Extract:
		return s.taint(x.Tuple, vis)
	case *ssa.Field:
		return s.taint(x.X, vis)
	case *ssa.Index:
		return s.sortedElems(s.taint(x.X, vis), x.X, x)
	case *ssa.Lookup:
		return s.taint(x.X, vis)
	case *ssa.Slice:
		return s.taint(x.X, vis)
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
		// A composite value (an EnvVar, a Condition, a slice literal) carries
		// what is stored into it. An API object does not: passing it along
		// (to SetControllerReference, say) does not pass every stamped field;
		// loads of its fields are followed path by path instead.
		if s.IsObjectRoot(v) {
			return Taint{}
		}
		return s.storedTaint(v, nil, vis)
	case *ssa.Call:
		return s.callTaint(x, vis)
	}
	return Taint{}
}

// sortedElems is the taint t of an element of the slice or array v read
// at instruction at, without map order when an in-place sort of v
// (sort.Strings(keys), sort.Slice(keys, …)) dominates the read: ranging
// over keys collected from a map and then sorted yields them in sorted
// order.
func (s *Summary) sortedElems(t Taint, v ssa.Value, at ssa.Instruction) Taint {
	if t.Kinds&apis.MapOrder != 0 && s.SortedBefore(v, at) {
		return t.Without(apis.MapOrder)
	}
	return t
}

// loadTaint is the taint of a load: the values stored into the same root
// and path (a local variable, a composite literal's field) by stores that
// can run before the load (stores in closures count: their order is
// unknown).
func (s *Summary) loadTaint(load *ssa.UnOp, vis map[ssa.Value]bool) Taint {
	root, path := s.RootOf(load.X)
	var t Taint
	switch root.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
	case *ssa.Global:
		return Taint{}
	case *ssa.Call:
		// An object a constructor returned (deploy := newDeployment(cr)):
		// its own taint, and what this function stored into it since,
		// following the path into stored composites (Containers =
		// []Container{{Env: env}}) so that sibling fields stay clean.
		t = s.taint(root, vis)
		for _, st := range s.storesInto(root) {
			if !CompatiblePaths(st.path, path) || st.instr.Parent() == load.Parent() && !Reaches(st.instr, load) {
				continue
			}
			if len(st.path) < len(path) {
				t = t.Union(s.subTaint(st.val, path[len(st.path):], vis, 4))
			} else {
				t = t.Union(s.storeTaint(st, vis))
			}
		}
		return t
	default:
		return s.taint(root, vis)
	}
	for _, st := range s.storesInto(root) {
		if !CompatiblePaths(st.path, path) {
			continue
		}
		if st.instr.Parent() == load.Parent() && !Reaches(st.instr, load) {
			continue
		}
		t = t.Union(s.storeTaint(st, vis))
	}
	return t
}

// storeTaint is the taint of the value a store stores, as it is when the
// store runs: an in-place sort of the value (slices.SortFunc(env, …))
// that dominates the store has removed its map order, though SSA gives
// the sorted slice no new name.
func (s *Summary) storeTaint(st localStore, vis map[ssa.Value]bool) Taint {
	t := s.taint(st.val, vis)
	if t.Kinds&apis.MapOrder != 0 && s.SortedBefore(st.val, st.instr) {
		t = t.Without(apis.MapOrder)
	}
	return t
}

// subTaint is the taint of the part rest of a stored composite value v:
// the stores into v's local root under that path.
func (s *Summary) subTaint(v ssa.Value, rest []string, vis map[ssa.Value]bool, depth int) Taint {
	root, p := s.RootOf(v)
	switch root.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
	default:
		return s.taint(v, vis)
	}
	if depth == 0 {
		return s.storedTaint(root, nil, vis)
	}
	full := append(append([]string(nil), p...), rest...)
	var t Taint
	for _, st := range s.storesInto(root) {
		if !CompatiblePaths(st.path, full) {
			continue
		}
		if len(st.path) < len(full) {
			t = t.Union(s.subTaint(st.val, full[len(st.path):], vis, depth-1))
		} else {
			t = t.Union(s.storeTaint(st, vis))
		}
	}
	return t
}

// storedTaint unions the taint of the values stored into root under a path
// compatible with path (nil: any path), in the function that owns root
// and its closures.
func (s *Summary) storedTaint(root ssa.Value, path []string, vis map[ssa.Value]bool) Taint {
	var t Taint
	for _, st := range s.storesInto(root) {
		if path != nil && !CompatiblePaths(st.path, path) {
			continue
		}
		t = t.Union(s.storeTaint(st, vis))
	}
	return t
}

// CompatiblePaths reports whether two field paths may name the same data:
// one is a prefix of the other, element positions ("[]") matching any
// field.
func CompatiblePaths(a, b []string) bool {
	n := len(a)
	if len(b) < n {
		n = len(b)
	}
	for i := 0; i < n; i++ {
		if a[i] != b[i] && a[i] != "[]" && b[i] != "[]" {
			return false
		}
	}
	return true
}

// StoredValues returns the values stored into root, a local of a
// function, and into its fields, in that function and the closures nested
// in it.
func (s *Summary) StoredValues(root ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, st := range s.storesInto(root) {
		out = append(out, st.val)
	}
	return out
}

type localStore struct {
	path  []string
	val   ssa.Value
	instr ssa.Instruction
}

// storesInto returns the stores whose address has root as its object root,
// in root's function and the closures nested in it.
func (s *Summary) storesInto(root ssa.Value) []localStore {
	instr, ok := root.(ssa.Instruction)
	if !ok {
		return nil
	}
	fn := instr.Parent()
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	idx := s.storeIndex(fn)
	return idx[root]
}

func (s *Summary) storeIndex(fn *ssa.Function) map[ssa.Value][]localStore {
	if idx, ok := s.storeIdx.get(fn); ok {
		return idx
	}
	idx := make(map[ssa.Value][]localStore)
	s.storeIdx.put(fn, idx)
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Store:
					root, path := s.RootOf(x.Addr)
					idx[root] = append(idx[root], localStore{path: path, val: x.Val, instr: in})
				case *ssa.MapUpdate:
					root, path := s.RootOf(x.Map)
					idx[root] = append(idx[root], localStore{path: append(path, "[]"), val: x.Value, instr: in})
				}
			}
		}
		for _, a := range f.AnonFuncs {
			visit(a)
		}
	}
	visit(fn)
	return idx
}

// callTaint is the taint of a call's result.
func (s *Summary) callTaint(c *ssa.Call, vis map[ssa.Value]bool) Taint {
	common := &c.Call
	// Builtins: append carries its arguments' taint; appending an element
	// of a map range inside the range body introduces map order.
	if b, ok := common.Value.(*ssa.Builtin); ok {
		var t Taint
		for _, a := range common.Args {
			t = t.Union(s.taint(a, vis))
		}
		if b.Name() == "append" && len(common.Args) > 1 {
			for _, a := range common.Args[1:] {
				if src := s.elemOrder(a, c); src != "" {
					t = t.Union(Taint{Kinds: apis.MapOrder, Source: src, Origin: c.Pos()})
					break
				}
			}
		}
		if b.Name() == "len" || b.Name() == "cap" {
			t = t.Without(apis.MapOrder)
		}
		return t
	}
	// A package-level function variable such as controller.ReconcileIDFromContext.
	if ld, ok := common.Value.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if g, ok := ld.X.(*ssa.Global); ok && g.Pkg != nil {
			if k := apis.TaintGlobalSources[[2]string{g.Pkg.Pkg.Path(), g.Name()}]; k != 0 {
				return Taint{Kinds: k, Source: g.Pkg.Pkg.Name() + "." + g.Name(), Origin: c.Pos()}
			}
		}
	}
	callee := ssax.CalleeFunc(common)
	if callee == nil && s.LocalFunc(s.Callee(common)) == nil {
		return Taint{} // a dynamic call; a closure of the package goes on
	}
	f := apis.FuncOf(callee)
	if k := apis.TaintSource(f); k != 0 {
		return Taint{Kinds: k, Source: sourceName(callee), Origin: c.Pos()}
	}
	args := common.Args
	if common.IsInvoke() {
		args = append([]ssa.Value{common.Value}, common.Args...)
	}
	unionArgs := func() Taint {
		var t Taint
		for _, a := range args {
			t = t.Union(s.taint(a, vis))
		}
		return t
	}
	switch {
	case apis.IsCollect(f) && len(args) > 0 && s.isMapIter(args[len(args)-1]):
		return unionArgs().Union(Taint{Kinds: apis.MapOrder, Source: f.Pkg + "." + f.Name + " of a map iterator", Origin: c.Pos()})
	case apis.SortArg(f) >= 0:
		// slices.Sorted, sets.List, sort.*: the result (if any) is ordered.
		return unionArgs().Without(apis.MapOrder)
	case apis.IsTaintPropagator(f):
		return unionArgs()
	}
	// Helpers: in this package, from their returns; elsewhere, from facts.
	if fn := s.Callee(common); fn != nil && !common.IsInvoke() {
		if local := s.LocalFunc(fn); local != nil {
			rt := s.returnTaint(local)
			return s.bindParamsVis(rt, common.Args, vis)
		}
		if fs := s.FactOf(callee); fs != nil && fs.ResultTaint.Kinds != 0 || fs != nil && fs.ResultTaint.FromParams != 0 {
			rt := Taint{Kinds: fs.ResultTaint.Kinds, Source: fs.ResultTaint.Source, Origin: c.Pos(), Params: fs.ResultTaint.FromParams}
			return s.bindParamsVis(rt, common.Args, vis)
		}
	}
	// Methods of values derived from a map iterator keep its order.
	return Taint{}
}

// bindParams replaces the parameter bits of a callee's taint with the
// taint of the call's arguments.
func (s *Summary) bindParams(t Taint, args []ssa.Value) Taint {
	return s.bindParamsVis(t, args, nil)
}

func (s *Summary) bindParamsVis(t Taint, args []ssa.Value, vis map[ssa.Value]bool) Taint {
	out := Taint{Kinds: t.Kinds, Source: t.Source, Origin: t.Origin}
	for i, a := range args {
		if i < 64 && t.Params&(1<<uint(i)) != 0 {
			if vis == nil {
				out = out.Union(s.TaintOf(a))
			} else {
				out = out.Union(s.taint(a, vis))
			}
		}
	}
	return out
}

// returnTaint is the union of the taint of fn's returned values, with
// MapOrder removed where a sort of the returned value dominates the
// return.
func (s *Summary) returnTaint(fn *ssa.Function) Taint {
	if t, ok := s.retTaint.get(fn); ok {
		return t
	}
	s.retTaint.put(fn, Taint{})
	var t Taint
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, r := range ret.Results {
			rt := s.TaintOf(r)
			if rt.Kinds&apis.MapOrder != 0 && s.SortedBefore(r, ret) {
				rt = rt.Without(apis.MapOrder)
			}
			t = t.Union(rt)
		}
	}
	s.retTaint.put(fn, t)
	return t
}

// SortedBefore reports whether a sort of v (sort.Strings(v),
// slices.Sort(v), …) or of the same field path runs before the sink and
// dominates it.
func (s *Summary) SortedBefore(v ssa.Value, sink ssa.Instruction) bool {
	vroot, vpath := s.RootOf(v)
	for _, sc := range s.sortCalls(sink.Parent()) {
		aroot, apath := s.RootOf(sc.arg)
		if (sc.arg == v || (aroot == vroot && pathEqual(apath, vpath))) && ssax.Dominates(sc.call, sink) {
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
// every path (sortedParams).
func (s *Summary) sortCalls(fn *ssa.Function) []sortCall {
	return s.sortCallsIn(fn, 0)
}

func (s *Summary) sortCallsIn(fn *ssa.Function, depth int) []sortCall {
	var out []sortCall
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok {
				continue
			}
			var idx []int
			if callee := ssax.CalleeFunc(&c.Call); callee != nil {
				if i := apis.SortInPlaceArg(apis.FuncOf(callee)); i >= 0 {
					idx = append(idx, i)
				} else if fs := s.FactOf(callee); fs != nil && !c.Call.IsInvoke() {
					idx = append(idx, fs.SortedParams...)
				}
			}
			if h := s.LocalFunc(s.Callee(&c.Call)); h != nil && h != fn && depth < 3 && !c.Call.IsInvoke() {
				idx = append(idx, s.sortedParams(h, depth+1)...)
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

// sortedParams returns the indices (in Params) of the parameters of fn
// that fn sorts in place before every return.
func (s *Summary) sortedParams(fn *ssa.Function, depth int) []int {
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
	for _, sc := range s.sortCallsIn(fn, depth) {
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

func pathEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
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
	switch p.Path() {
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
func (s *Summary) isMapIter(v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	callee := ssax.CalleeFunc(&c.Call)
	return callee != nil && apis.IsMapIterSource(apis.FuncOf(callee))
}

// inMapRange reports whether instr runs in the body of a range over a map:
// a block dominated by a map `next` whose ok edge leads to it, or a yield
// closure of a range over maps.Keys/Values/All.
func (s *Summary) inMapRange(instr ssa.Instruction) bool {
	fn := instr.Parent()
	if s.isMapYield(fn) {
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
// maps.Keys/Values/All.
func (s *Summary) isMapYield(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil {
		return false
	}
	for _, b := range parent.Blocks {
		for _, in := range b.Instrs {
			c, ok := in.(*ssa.Call)
			if !ok || !s.isMapIter(c.Call.Value) {
				continue
			}
			for _, a := range c.Call.Args {
				if mc, ok := a.(*ssa.MakeClosure); ok && mc.Fn == fn {
					return true
				}
			}
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
func (s *Summary) elemOrder(v ssa.Value, at ssa.Instruction) string {
	return s.elemOrd(v, at, make(map[ssa.Value]bool))
}

func (s *Summary) elemOrd(v ssa.Value, at ssa.Instruction, seen map[ssa.Value]bool) string {
	if v == nil || seen[v] {
		return ""
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Extract:
		if nx, ok := x.Tuple.(*ssa.Next); ok && !nx.IsString {
			if x.Index > 0 && s.inMapRange(at) {
				return MapIterationSource
			}
			return ""
		}
		return s.elemOrd(x.Tuple, at, seen)
	case *ssa.Parameter:
		if s.isMapYield(x.Parent()) {
			return MapIterationSource
		}
	case *ssa.FreeVar:
		return ""
	case *ssa.UnOp:
		if x.Op == token.MUL {
			// A load from a local: what was stored at that path, or an
			// element of a list being iterated on the way to it.
			if root, path := s.RootOf(x.X); ssax.IsAlloc(root) {
				if src := s.storedOrder(root, path, at, seen); src != "" {
					return src
				}
				return s.addrOrder(x.X, at)
			}
		}
		return s.elemOrd(x.X, at, seen)
	case *ssa.Alloc:
		return s.storedOrder(x, nil, at, seen)
	case *ssa.IndexAddr, *ssa.Index:
		if s.iteratedListElem(x, at) {
			return CacheListSource
		}
		if ia, ok := x.(*ssa.IndexAddr); ok {
			return s.elemOrd(ia.X, at, seen)
		}
		return s.elemOrd(x.(*ssa.Index).X, at, seen)
	case *ssa.MakeInterface:
		return s.elemOrd(x.X, at, seen)
	case *ssa.Slice:
		return s.elemOrd(x.X, at, seen)
	case *ssa.ChangeType:
		return s.elemOrd(x.X, at, seen)
	case *ssa.Convert:
		return s.elemOrd(x.X, at, seen)
	case *ssa.Field:
		return s.elemOrd(x.X, at, seen)
	case *ssa.FieldAddr:
		return s.elemOrd(x.X, at, seen)
	case *ssa.BinOp:
		if src := s.elemOrd(x.X, at, seen); src != "" {
			return src
		}
		return s.elemOrd(x.Y, at, seen)
	case *ssa.Call:
		if callee := ssax.CalleeFunc(&x.Call); callee != nil && apis.IsTaintPropagator(apis.FuncOf(callee)) {
			for _, a := range x.Call.Args {
				if src := s.elemOrd(a, at, seen); src != "" {
					return src
				}
			}
		}
	}
	return ""
}

// storedOrder is elemOrder of the values stored into a local at a path
// compatible with path (nil: any).
func (s *Summary) storedOrder(root ssa.Value, path []string, at ssa.Instruction, seen map[ssa.Value]bool) string {
	for _, st := range s.storesInto(root) {
		if path != nil && !CompatiblePaths(st.path, path) {
			continue
		}
		if src := s.elemOrd(st.val, at, seen); src != "" {
			return src
		}
	}
	return ""
}

// addrOrder reports CacheListSource when an address is computed from an
// element of a cache-ordered list that a loop around at iterates
// (&list.Items[i].Spec).
func (s *Summary) addrOrder(addr ssa.Value, at ssa.Instruction) string {
	for i := 0; i < 16 && addr != nil; i++ {
		switch x := addr.(type) {
		case *ssa.FieldAddr:
			addr = x.X
		case *ssa.IndexAddr:
			if s.iteratedListElem(x, at) {
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
func (s *Summary) iteratedListElem(v ssa.Value, at ssa.Instruction) bool {
	h := s.listElemLoop(v)
	b := at.Block()
	return h != nil && h != b && h.Dominates(b) && ssax.InLoopOf(h, b)
}

// SortedAfter reports whether the stored value, or the stored path, is
// sorted before it is written: a sort of the value dominating the store, or
// a sort of the path between the store and the write (w nil: anywhere
// after the store).
func (s *Summary) SortedAfter(fn *ssa.Function, st, w *Effect) bool {
	if st.Value != nil && s.SortedBefore(st.Value, st.Instr) {
		return true
	}
	for _, sc := range s.sortCalls(fn) {
		root, path := s.RootOf(sc.arg)
		if root != st.Root || !pathEqual(path, st.Path) || !Reaches(st.Instr, sc.call) {
			continue
		}
		if w == nil || Reaches(sc.call, w.Instr) {
			return true
		}
	}
	return false
}
