package cachemutation

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/cacheowner"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// mutation is a store into an object owned by an informer cache.
type mutation struct {
	Fn     *ssa.Function
	Effect *summary.Effect
	Owner  cacheowner.Owner
}

// mutations returns the stores into cache-owned objects made by the
// package's functions, directly or through helpers, in source order.
func mutations(s *summary.Summary, co *cacheowner.Model) []*mutation {
	var out []*mutation
	for _, fn := range s.Funcs() {
		for _, e := range s.Effects(fn) {
			if e.Kind != summary.StoreEffect {
				continue
			}
			if own, ok := ownerAt(s, co, e); ok {
				out = append(out, &mutation{Fn: fn, Effect: e, Owner: own})
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *mutation) int { return int(a.Effect.Instr.Pos() - b.Effect.Instr.Pos()) })
	return out
}

// ownerAt returns the owner of the object a store effect changes, when
// the store reaches the cache.
func ownerAt(s *summary.Summary, co *cacheowner.Model, e *summary.Effect) (cacheowner.Owner, bool) {
	own, ok := co.OwnerOf(e.Root, e.Path)
	if !ok {
		return own, false
	}
	if own.Read != nil && (own.Read == e.Instr || !ssax.Reaches(own.Read, e.Instr)) {
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
	if own.Shallow && !sharedStore(s, e, path) {
		return own, false
	}
	return own, true
}

// sharedStore reports whether a store into a shallow copy of a cached
// object reaches the cache: it goes through a slice element or a map
// entry, or is made by a mutator that changes slices in place. For a
// list read with UnsafeDisableDeepCopy the Items slice is the caller's
// own, so its first index does not count.
func sharedStore(s *summary.Summary, e *summary.Effect, path []string) bool {
	if apis.IsObjectList(ssax.Deref(e.Root.Type())) && len(path) >= 2 && path[0] == "Items" && path[1] == "[]" {
		path = path[2:]
	}
	if slices.Contains(path, "[]") {
		return true
	}
	if e.Via != nil {
		f, _ := e.Via.(*types.Func) // a variable's function is in no table
		return f != nil && apis.MutatesInPlace(apis.FuncOf(f))
	}
	if c, ok := e.Instr.(ssa.CallInstruction); ok {
		if callee := ssax.CalleeFunc(s.Forward(c.Common())); callee != nil {
			return apis.MutatesInPlace(apis.FuncOf(callee))
		}
	}
	return false
}
