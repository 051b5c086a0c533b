// Package cacheowner is the shared analysis of objects owned by an
// informer cache: which values of a package are, or point into, objects
// that the informer's store hands out without copying, and why.
//
// A value is cache-owned when it is, or points into, an object that the
// informer's store hands out without copying: the results of listers and
// of cache.Store/Indexer reads, the objects of controller-runtime events
// and client-go handler callbacks, and objects read with
// client.UnsafeDisableDeepCopy. SSA gives a DeepCopy its own value, so a
// reassignment X = X.DeepCopy() ends ownership without further work.
//
// Its Analyzer requires the summary and the handlers analysis, and
// exports a ReturnsCacheOwned fact for every package-level function that
// may return a cache-owned object, so that ownership follows helpers of
// other packages. The checks that read the Model add it to their
// Requires.
package cacheowner

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/handlers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Analyzer finds the cache-owned values of a package and exports the
// ReturnsCacheOwned facts of its functions. Its result is the package's
// *Model.
var Analyzer = summary.NewAnalysis("rlcacheowner",
	"reconcilelint: objects owned by an informer cache, shared by the cache checks",
	"the cache-owned objects", []*analysis.Analyzer{handlers.Analyzer}, []analysis.Fact{new(ReturnsCacheOwned)},
	func() *Model { return &Model{} }, build)

// ReturnsCacheOwned is the fact exported for a package-level function
// whose results may be objects owned by an informer cache.
type ReturnsCacheOwned struct {
	// Results is a bit set of the result indices that may be cache-owned.
	Results uint64
	// What describes the source, Site is its position.
	What, Site string
	// Shallow says the results are shallow copies of cached objects.
	Shallow bool
}

// AFact marks ReturnsCacheOwned as a fact.
func (*ReturnsCacheOwned) AFact() {}

// String describes the fact for tests.
func (f *ReturnsCacheOwned) String() string {
	return fmt.Sprintf("ReturnsCacheOwned(%b, %s)", f.Results, f.What)
}

// Owner says why a value belongs to the informer cache.
type Owner struct {
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
	Handler *handlers.Handler
}

// Model holds the cache ownership of one package's values. It is safe
// for concurrent use.
type Model struct {
	s    *summary.Summary
	hm   *handlers.Model
	pass *analysis.Pass // this analyzer's pass: the facts of helpers

	unsafe map[ssa.Value][]Owner // roots filled by unsafe reads

	mu      sync.Mutex                       // guards results and busy
	results map[*ssa.Function]map[int]*Owner // local functions' cache-owned results
	busy    map[*ssa.Function]bool
}

// build computes the cache ownership of a package and exports the
// ReturnsCacheOwned facts of its functions.
func build(pass *analysis.Pass, s *summary.Summary) (*Model, error) {
	m := &Model{
		s:       s,
		hm:      pass.ResultOf[handlers.Analyzer].(*handlers.Model),
		pass:    pass,
		unsafe:  make(map[ssa.Value][]Owner),
		results: make(map[*ssa.Function]map[int]*Owner),
		busy:    make(map[*ssa.Function]bool),
	}
	m.findUnsafeReads()
	s.ExportFuncFacts(pass, func(fn *ssa.Function) analysis.Fact {
		if f := m.fact(fn); f.Results != 0 {
			return &f
		}
		return nil
	})
	return m, nil
}

// OwnerOf reports whether root (with the field path below it) is an
// object of the informer cache, and why.
func (m *Model) OwnerOf(root ssa.Value, path []string) (Owner, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.ownerOf(root, path)
}

// ownerOf is OwnerOf for callers that hold m.mu (or run).
func (m *Model) ownerOf(root ssa.Value, path []string) (Owner, bool) {
	switch x := root.(type) {
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			if own := m.callOwner(c, x.Index); own != nil {
				return *own, true
			}
		}
	case *ssa.Call:
		if own := m.callOwner(x, 0); own != nil {
			return *own, true
		}
	case *ssa.Parameter:
		return m.handlerParamOwner(x, path)
	case *ssa.Alloc:
		if owns := m.unsafe[x]; len(owns) > 0 {
			return owns[0], true
		}
		if own, ok := m.shallowCopyOwner(x); ok {
			return own, true
		}
		if p := ssax.SpilledParam(x); p != nil {
			return m.handlerParamOwner(p, path)
		}
	}
	// The unstructured converter hands out an Unstructured's own maps.
	if arg := m.s.SharedConversion(root); arg != nil {
		r, p := m.s.RootOf(arg)
		if own, ok := m.ownerOf(r, p); ok {
			own.What += ", converted by ToUnstructured, which returns the maps of an Unstructured object without copying them"
			return own, true
		}
	}
	return Owner{}, false
}

// callOwner returns the owner of result i of a call, or nil.
func (m *Model) callOwner(c *ssa.Call, i int) *Owner {
	fc := m.s.Forward(c.Common())
	callee := ssax.CalleeFunc(fc)
	local := m.s.LocalCallee(&c.Call)
	held := summary.CalleeObject(m.pass.Pkg, fc) // a function, or a variable of another package that holds one
	if callee == nil && held == nil && local == nil {
		return nil // a dynamic call; a closure of the package goes on
	}
	f := apis.FuncOf(callee) // the zero Func when there is no static callee
	if apis.IsCacheRead(f) {
		if i != 0 {
			return nil
		}
		return &Owner{Pos: c.Pos(), What: "the result of " + funcDesc(f)}
	}
	if local != nil {
		inner := m.resultOwners(local)[i]
		if inner == nil {
			return nil
		}
		own := *inner
		own.What = inner.What + ", returned by " + ssax.FuncName(local)
		own.Handler, own.Read, own.Unsafe = nil, nil, nil
		return &own
	}
	var fact ReturnsCacheOwned
	if summary.ImportFuncFact(m.pass, held, &fact) && i < 64 && fact.Results&(1<<uint(i)) != 0 {
		return &Owner{Pos: c.Pos(), What: "the result of " + held.Name() + ", which returns " + fact.What,
			Site: fact.Site, Shallow: fact.Shallow}
	}
	return nil
}

// resultOwners returns, for each result of a package function that may
// return a cache-owned object, the owner.
func (m *Model) resultOwners(fn *ssa.Function) map[int]*Owner {
	if r, ok := m.results[fn]; ok {
		return r
	}
	if m.busy[fn] {
		return nil
	}
	m.busy[fn] = true
	defer delete(m.busy, fn)
	var out map[int]*Owner
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for i, v := range ret.Results {
			if out[i] != nil || ssax.IsNil(v) {
				continue
			}
			root, path := m.s.RootOf(v)
			if len(path) > 0 {
				continue // a field of an object, not an object
			}
			own, ok := m.ownerOf(root, nil)
			if !ok || own.Read != nil && !ssax.Reaches(own.Read, ret) {
				continue
			}
			if out == nil {
				out = make(map[int]*Owner)
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
func (m *Model) handlerParamOwner(p *ssa.Parameter, path []string) (Owner, bool) {
	fn := p.Parent()
	h := m.hm.HandlerOf(fn)
	if h == nil || h.Fn != fn || apis.IsGenericCallback(h.Callback) {
		return Owner{}, false
	}
	t := p.Type()
	switch {
	case apis.IsEventStruct(ssax.Deref(t)):
		if len(path) == 0 || !apis.IsEventObjectField(path[0]) {
			return Owner{}, false
		}
	case types.IsInterface(t):
		if iface, ok := t.Underlying().(*types.Interface); !ok || !iface.Empty() && !apis.IsObject(t) {
			return Owner{}, false
		}
	case apis.IsObject(t):
	default:
		return Owner{}, false
	}
	return Owner{Pos: h.Site, What: "the object passed to " + h.Describe(), Handler: h}, true
}

// shallowCopyOwner reports whether a local variable holds a shallow copy
// of a cached object: its only store is *cached (cp := *pod).
func (m *Model) shallowCopyOwner(a *ssa.Alloc) (Owner, bool) {
	load, ok := ssax.SingleStored(a).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return Owner{}, false
	}
	root, path := m.s.RootOf(load.X)
	if root == a {
		return Owner{}, false
	}
	own, ok := m.ownerOf(root, path)
	if !ok || own.Shallow {
		return Owner{}, false
	}
	own.Shallow = true
	own.What = "a shallow copy of " + own.What
	return own, true
}

// findUnsafeReads records the objects filled by controller-runtime reads
// with client.UnsafeDisableDeepCopy: the object argument of Get, the list
// of List.
func (m *Model) findUnsafeReads() {
	for _, fn := range m.s.Funcs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				com := m.s.Forward(c.Common())
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
				root, path := m.s.RootOf(obj)
				if len(path) > 0 {
					continue
				}
				m.unsafe[root] = append(m.unsafe[root], Owner{
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

// fact summarises the cache-owned results of fn for its fact (in run).
func (m *Model) fact(fn *ssa.Function) ReturnsCacheOwned {
	var f ReturnsCacheOwned
	owners := m.resultOwners(fn)
	for i := 0; i < fn.Signature.Results().Len() && i < 64; i++ {
		own := owners[i]
		if own == nil {
			continue
		}
		f.Results |= 1 << uint(i)
		if f.What == "" {
			f.What, f.Shallow, f.Site = own.What, own.Shallow, own.Site
			if f.Site == "" {
				f.Site = m.s.Position(own.Pos)
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
