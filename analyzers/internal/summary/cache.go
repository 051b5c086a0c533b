package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Objects owned by an informer cache (checks.md RL6001).
//
// A value is cache-owned when it is, or points into, an object that the
// informer's store hands out without copying: the results of listers and
// of cache.Store/Indexer reads, the objects of controller-runtime events
// and client-go handler callbacks, and objects read with
// client.UnsafeDisableDeepCopy. SSA gives a DeepCopy its own value, so a
// reassignment X = X.DeepCopy() ends ownership without further work.

// CacheOwner says why a value belongs to the informer cache.
type CacheOwner struct {
	// Pos is where the cached object enters the function's package: the
	// lister or store read, the handler's registration, the unsafe read,
	// or the call of a helper (of another package) that returns it.
	Pos token.Pos
	// What describes the source for messages, e.g. "the result of
	// PodNamespaceLister.Get".
	What string
	// Site is the position of the read inside a helper of another
	// package, when the ownership comes from its facts.
	Site string
	// Shallow says the value is a shallow copy of the cached object (a
	// read with UnsafeDisableDeepCopy into the caller's variable, or cp :=
	// *cached): only stores through its maps, slices and pointers reach
	// the cache.
	Shallow bool
	// Read is the unsafe Get or List call for UnsafeDisableDeepCopy reads;
	// stores before it touch the caller's own object.
	Read ssa.Instruction
	// Unsafe is the option argument that turned the deep copy off.
	Unsafe ssa.Value
	// Handler is set for the objects of event callbacks.
	Handler *Handler
}

// CacheMutation is a store into an object owned by an informer cache.
type CacheMutation struct {
	Fn     *ssa.Function
	Effect *Effect
	Owner  CacheOwner
}

// cacheModel holds what cache.go computes lazily.
type cacheModel struct {
	results map[*ssa.Function]map[int]*CacheOwner // local functions' cache-owned results
	busy    map[*ssa.Function]bool
	unsafe  map[ssa.Value][]CacheOwner // roots filled by unsafe reads
}

func (s *Summary) cacheModel() *cacheModel {
	if s.cache == nil {
		s.cache = &cacheModel{
			results: make(map[*ssa.Function]map[int]*CacheOwner),
			busy:    make(map[*ssa.Function]bool),
		}
		s.findUnsafeReads(s.cache)
	}
	return s.cache
}

// CacheMutations returns the stores into cache-owned objects made by the
// package's functions, directly or through helpers, in source order.
func (s *Summary) CacheMutations() []*CacheMutation {
	var out []*CacheMutation
	for _, fn := range s.srcFunc {
		for _, e := range s.Effects(fn) {
			if e.Kind != StoreEffect {
				continue
			}
			if own, ok := s.cacheOwnerAt(e); ok {
				out = append(out, &CacheMutation{Fn: fn, Effect: e, Owner: own})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *CacheMutation) int { return int(a.Effect.Instr.Pos() - b.Effect.Instr.Pos()) })
	return out
}

// cacheOwnerAt returns the owner of the object a store effect changes,
// when the store reaches the cache.
func (s *Summary) cacheOwnerAt(e *Effect) (CacheOwner, bool) {
	own, ok := s.CacheOwnerOf(e.Root, e.Path)
	if !ok {
		return own, false
	}
	if own.Read != nil && (own.Read == e.Instr || !Reaches(own.Read, e.Instr)) {
		return own, false
	}
	path := e.Path
	if own.Handler != nil && apis.IsEventStruct(ssax.Deref(e.Root.Type())) {
		// e.ObjectNew.Labels[…]: the path below the event's field.
		if len(path) < 2 || !apis.IsEventObjectField(path[0]) {
			return own, false
		}
		path = path[1:]
	}
	if _, isSlice := ssax.Deref(e.Root.Type()).Underlying().(*types.Slice); isSlice {
		// A list result: storing into the returned slice itself (sorting
		// it, replacing an element) does not touch the cached objects.
		if len(path) < 2 || path[0] != "[]" {
			return own, false
		}
		path = path[1:]
	}
	if len(path) == 0 {
		return own, false
	}
	if own.Shallow && !s.sharedStore(e, path) {
		return own, false
	}
	return own, true
}

// sharedStore reports whether a store into a shallow copy of a cached
// object reaches the cache: it goes through a slice element or a map
// entry, or is made by a mutator that changes slices in place. For a
// list read with UnsafeDisableDeepCopy the Items slice is the caller's
// own, so its first index does not count.
func (s *Summary) sharedStore(e *Effect, path []string) bool {
	if apis.IsObjectList(ssax.Deref(e.Root.Type())) && len(path) >= 2 && path[0] == "Items" && path[1] == "[]" {
		path = path[2:]
	}
	if slices.Contains(path, "[]") {
		return true
	}
	if e.Via != nil {
		return apis.MutatesInPlace(apis.FuncOf(e.Via))
	}
	if c, ok := e.Instr.(ssa.CallInstruction); ok {
		if callee := ssax.CalleeFunc(c.Common()); callee != nil {
			return apis.MutatesInPlace(apis.FuncOf(callee))
		}
	}
	return false
}

// CacheOwnerOf reports whether root (with the field path below it) is an
// object of the informer cache, and why.
func (s *Summary) CacheOwnerOf(root ssa.Value, path []string) (CacheOwner, bool) {
	m := s.cacheModel()
	switch x := root.(type) {
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			if own := s.callOwner(c, x.Index); own != nil {
				return *own, true
			}
		}
	case *ssa.Call:
		if own := s.callOwner(x, 0); own != nil {
			return *own, true
		}
	case *ssa.Parameter:
		return s.handlerParamOwner(x, path)
	case *ssa.Alloc:
		if owns := m.unsafe[x]; len(owns) > 0 {
			return owns[0], true
		}
		if own, ok := s.shallowCopyOwner(x); ok {
			return own, true
		}
		if p := spilledParam(x); p != nil {
			return s.handlerParamOwner(p, path)
		}
	}
	// The unstructured converter hands out an Unstructured's own maps.
	if arg := s.sharedConversion(root); arg != nil {
		r, p := s.RootOf(arg)
		if own, ok := s.CacheOwnerOf(r, p); ok {
			own.What += ", converted by ToUnstructured, which returns the maps of an Unstructured object without copying them"
			return own, true
		}
	}
	return CacheOwner{}, false
}

// callOwner returns the owner of result i of a call, or nil.
func (s *Summary) callOwner(c *ssa.Call, i int) *CacheOwner {
	callee := ssax.CalleeFunc(c.Common())
	if callee == nil && s.localFunc(s.callee(c.Common())) == nil {
		return nil // a dynamic call; a closure of the package goes on
	}
	f := apis.FuncOf(callee)
	if apis.IsCacheRead(f) {
		if i != 0 {
			return nil
		}
		return &CacheOwner{Pos: c.Pos(), What: "the result of " + funcDesc(f)}
	}
	if local := s.localFunc(s.callee(&c.Call)); local != nil && !c.Call.IsInvoke() {
		inner := s.resultOwners(local)[i]
		if inner == nil {
			return nil
		}
		own := *inner
		own.What = inner.What + ", returned by " + FuncName(local)
		own.Handler, own.Read, own.Unsafe = nil, nil, nil
		return &own
	}
	if fs := s.factOf(callee); fs != nil && i < 64 && fs.CacheOwned.Results&(1<<uint(i)) != 0 {
		return &CacheOwner{Pos: c.Pos(), What: "the result of " + callee.Name() + ", which returns " + fs.CacheOwned.What,
			Site: fs.CacheOwned.Site, Shallow: fs.CacheOwned.Shallow}
	}
	return nil
}

// resultOwners returns, for each result of a package function that may
// return a cache-owned object, the owner.
func (s *Summary) resultOwners(fn *ssa.Function) map[int]*CacheOwner {
	m := s.cacheModel()
	if r, ok := m.results[fn]; ok {
		return r
	}
	if m.busy[fn] {
		return nil
	}
	m.busy[fn] = true
	defer delete(m.busy, fn)
	var out map[int]*CacheOwner
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, v := range ret.Results {
			if out[i] != nil || ssax.IsNil(v) {
				continue
			}
			root, path := s.RootOf(v)
			if len(path) > 0 {
				continue // a field of an object, not an object
			}
			own, ok := s.CacheOwnerOf(root, nil)
			if !ok || own.Read != nil && !Reaches(own.Read, ret) {
				continue
			}
			if out == nil {
				out = make(map[int]*CacheOwner)
			}
			out[i] = &own
		}
	}
	m.results[fn] = out
	return out
}

// handlerParamOwner reports whether a parameter of an event callback
// carries a cached object: the objects of client-go informer callbacks and
// of controller-runtime map funcs and NewPredicateFuncs filters, and the
// Object fields of controller-runtime event structs. Generic events come
// from user channels, not from the cache.
func (s *Summary) handlerParamOwner(p *ssa.Parameter, path []string) (CacheOwner, bool) {
	fn := p.Parent()
	h := s.HandlerOf(fn)
	if h == nil || h.Fn != fn || apis.IsGenericCallback(h.Callback) {
		return CacheOwner{}, false
	}
	t := p.Type()
	switch {
	case apis.IsEventStruct(ssax.Deref(t)):
		if len(path) == 0 || !apis.IsEventObjectField(path[0]) {
			return CacheOwner{}, false
		}
	case types.IsInterface(t):
		if iface, ok := t.Underlying().(*types.Interface); !ok || !iface.Empty() && !apis.IsObject(t) {
			return CacheOwner{}, false
		}
	case apis.IsObject(t):
	default:
		return CacheOwner{}, false
	}
	return CacheOwner{Pos: h.Site, What: "the object passed to " + h.Describe(), Handler: h}, true
}

// shallowCopyOwner reports whether a local variable holds a shallow copy
// of a cached object: its only store is *cached (cp := *pod).
func (s *Summary) shallowCopyOwner(a *ssa.Alloc) (CacheOwner, bool) {
	load, ok := SingleStored(a).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return CacheOwner{}, false
	}
	root, path := s.RootOf(load.X)
	if root == a {
		return CacheOwner{}, false
	}
	own, ok := s.CacheOwnerOf(root, path)
	if !ok || own.Shallow {
		return CacheOwner{}, false
	}
	own.Shallow = true
	own.What = "a shallow copy of " + own.What
	return own, true
}

// findUnsafeReads records the objects filled by controller-runtime reads
// with client.UnsafeDisableDeepCopy: the object argument of Get, the list
// of List.
func (s *Summary) findUnsafeReads(m *cacheModel) {
	m.unsafe = make(map[ssa.Value][]CacheOwner)
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				com := c.Common()
				f := apis.FuncOf(ssax.CalleeFunc(com))
				args := ssax.CallArgs(com)
				var obj ssa.Value
				switch {
				case apis.IsReaderGet(f) && len(args) == 4:
					obj = args[2]
				case apis.IsReaderList(f) && len(args) == 3:
					obj = args[1]
				default:
					continue
				}
				opt := unsafeOption(args[len(args)-1])
				if opt == nil {
					continue
				}
				root, path := s.RootOf(obj)
				if len(path) > 0 {
					continue
				}
				m.unsafe[root] = append(m.unsafe[root], CacheOwner{
					Pos: instr.Pos(), What: "the object read by " + f.Name + " with client.UnsafeDisableDeepCopy",
					Shallow: true, Read: instr, Unsafe: opt,
				})
			}
		}
	}
}

// unsafeOption returns the UnsafeDisableDeepCopy option among a call's
// variadic options, or nil.
func unsafeOption(v ssa.Value) ssa.Value {
	for _, o := range ssax.VariadicValues(v) {
		var val constant.Value
		if c, ok := o.(*ssa.Const); ok {
			val = c.Value
		}
		if apis.IsUnsafeDisableDeepCopyOption(o.Type(), val) {
			return o
		}
	}
	return nil
}

// cacheOwnedFact summarises the cache-owned results of fn for its fact.
func (s *Summary) cacheOwnedFact(fn *ssa.Function) CacheOwnedFact {
	var f CacheOwnedFact
	owners := s.resultOwners(fn)
	for i := 0; i < fn.Signature.Results().Len() && i < 64; i++ {
		own := owners[i]
		if own == nil {
			continue
		}
		f.Results |= 1 << uint(i)
		if f.What == "" {
			f.What, f.Shallow, f.Site = own.What, own.Shallow, own.Site
			if f.Site == "" {
				f.Site = s.Position(own.Pos)
			}
		}
	}
	return f
}

// funcDesc names an API function for messages: "PodNamespaceLister.Get".
func funcDesc(f apis.Func) string {
	if f.Recv != "" {
		return f.Recv + "." + f.Name
	}
	return f.Name
}
