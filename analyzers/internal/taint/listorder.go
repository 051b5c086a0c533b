package taint

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Lists in the informer cache's order (checks.md §1.6, MapOrder).
//
// An informer keeps its objects in a Go map, and its indexes are sets
// (maps too): a lister's List, the listing reads of cache.Store and
// cache.Indexer, and the List of controller-runtime's cache-backed client
// return the items in that map's iteration order, which Go changes from
// one call to the next. Appending the items (or data of them) to a slice
// in a loop over the list puts that order into the slice, as a range over
// a map does. A list read from the API server (a typed or dynamic client,
// the manager's APIReader) comes back in its stable key order and is not
// a source.

// CacheListSource is the Taint.Source of an order that comes from a cached
// List.
const CacheListSource = "cached List"

// cacheListOrder reports whether the slice v holds the items of a cached
// List, and returns the position of the List.
func (a *Analysis) cacheListOrder(v ssa.Value) (token.Pos, bool) {
	return a.listOrder(v, make(map[ssa.Value]bool))
}

func (a *Analysis) listOrder(v ssa.Value, seen map[ssa.Value]bool) (token.Pos, bool) {
	if v == nil || seen[v] {
		return token.NoPos, false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return a.listOrder(c, seen)
		}
	case *ssa.Call:
		if callee := ssax.CalleeFunc(a.m.Forward(&x.Call)); callee != nil && apis.IsUnorderedCacheList(apis.FuncOf(callee)) {
			return x.Pos(), true
		}
		return a.listResult(x, 0)
	case *ssa.Slice:
		return a.listOrder(x.X, seen)
	case *ssa.ChangeType:
		return a.listOrder(x.X, seen)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return token.NoPos, false
		}
		root, path := a.m.RootOf(x.X)
		switch {
		case len(path) == 1 && path[0] == "Items" && apis.IsObjectList(root.Type()):
			return a.filledByCachedList(root)
		case len(path) == 0:
			// items := lister.List(…) kept in a variable (captured by a
			// closure, or assigned on several paths): every value stored
			// must be such a list.
			if _, ok := root.(*ssa.Alloc); !ok {
				return token.NoPos, false
			}
			var pos token.Pos
			for _, st := range a.storesInto(root) {
				if len(st.path) != 0 {
					continue
				}
				if st.val == nil {
					return token.NoPos, false // stored by a helper
				}
				p, ok := a.listOrder(st.val, seen)
				if !ok {
					return token.NoPos, false
				}
				pos = p
			}
			return pos, pos.IsValid()
		}
	}
	return token.NoPos, false
}

// filledByCachedList reports whether the list object root is filled by
// the List of a cache-backed controller-runtime client before any use: a
// local list passed to such a List in its function, or the result of a
// helper of the package that returns one.
func (a *Analysis) filledByCachedList(root ssa.Value) (token.Pos, bool) {
	switch r := root.(type) {
	case *ssa.Alloc:
		for _, ref := range *r.Referrers() {
			if c, ok := ref.(*ssa.Call); ok && a.isCachedList(&c.Call, r) {
				return c.Pos(), true
			}
		}
		// The list reaches the List through a conversion (client.ObjectList).
		for _, ref := range *r.Referrers() {
			mi, ok := ref.(*ssa.MakeInterface)
			if !ok {
				continue
			}
			for _, ref2 := range *mi.Referrers() {
				if c, ok := ref2.(*ssa.Call); ok && a.isCachedList(&c.Call, mi) {
					return c.Pos(), true
				}
			}
		}
	case *ssa.Call:
		return a.listResult(r, 0)
	case *ssa.Extract:
		if c, ok := r.Tuple.(*ssa.Call); ok {
			return a.listResult(c, r.Index)
		}
	}
	return token.NoPos, false
}

// isCachedList reports whether c is client.Reader.List on a cache-backed
// client (apis.IsCachedClient) with list as its list argument.
func (a *Analysis) isCachedList(c *ssa.CallCommon, list ssa.Value) bool {
	c = a.m.Forward(c)
	callee := ssax.CalleeFunc(c)
	if callee == nil || !apis.IsReaderList(apis.FuncOf(callee)) {
		return false
	}
	recv := ssax.CallRecv(c)
	args := ssax.CallArgs(c)
	return recv != nil && apis.IsCachedClient(recv.Type()) && len(args) > 1 && args[1] == list
}

// listResult reports whether result i of a call of a package helper is,
// on every non-nil return, a list in cache order (a lister's slice or a
// list object filled by a cached List).
func (a *Analysis) listResult(c *ssa.Call, i int) (token.Pos, bool) {
	fn := a.m.LocalFunc(a.m.Callee(&c.Call))
	if fn == nil || c.Call.IsInvoke() {
		return token.NoPos, false
	}
	if m, ok := a.listRes.Get(fn); ok {
		p, ok := m[i] // absent while in progress
		return p, ok
	}
	m := make(map[int]token.Pos)
	a.listRes.Put(fn, m)
	n := fn.Signature.Results().Len()
	for k := 0; k < n; k++ {
		var pos token.Pos
		all, _ := ssax.EveryReturn(fn, k, func(_ *ssa.Return, r ssa.Value) bool {
			p, ok := a.cacheListOrder(r)
			if !ok {
				if root, path := a.m.RootOf(r); len(path) == 0 && apis.IsObjectList(root.Type()) {
					p, ok = a.filledByCachedList(root)
				}
			}
			pos = p
			return ok
		})
		if all && pos.IsValid() {
			m[k] = pos
		}
	}
	p, ok := m[i]
	return p, ok
}

// listElemLoop returns the header of the loop that indexes an element of a
// cache-ordered list, when v is the address or value of such an element
// indexed by the loop's counter (for _, x := range list.Items; for i :=
// range items), or nil.
func (a *Analysis) listElemLoop(v ssa.Value) *ssa.BasicBlock {
	var xs, idx ssa.Value
	switch x := v.(type) {
	case *ssa.IndexAddr:
		xs, idx = x.X, x.Index
	case *ssa.Index:
		xs, idx = x.X, x.Index
	default:
		return nil
	}
	h := ssax.LoopHeaderOf(idx)
	if h == nil {
		return nil
	}
	if _, ok := a.cacheListOrder(xs); !ok {
		return nil
	}
	return h
}
