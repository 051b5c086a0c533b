// Package cachemutation defines the RL6001 check: a store into an object
// owned by an informer cache.
//
// Listers, cache.Store and cache.Indexer reads, the objects passed to
// controller-runtime event handlers and predicates and to client-go
// informer callbacks, and controller-runtime reads made with
// client.UnsafeDisableDeepCopy all hand out the informer's own objects (or
// shallow copies sharing their maps and slices). Mutating them corrupts the
// cache for every other reader: the next list shows a change the API
// server never saw, and the controller's own comparison against "observed"
// state stops seeing the difference it is meant to fix.
//
// The check reports stores (assignments, map updates, metadata setters,
// controllerutil finalizer helpers, meta.SetStatusCondition, and helpers
// whose summary stores into a parameter) into such objects, in any
// function of the package, not only in reconcile scope. Ownership follows
// local helpers and, across packages, the ReturnsCacheOwned fact (package
// cacheowner). A reassignment from DeepCopy ends it. For shallow
// copies (unsafe reads into the caller's variable, cp := *cached) only
// stores through slices and maps, and in-place mutators, count.
//
// The suggested fix inserts X = X.DeepCopy() after the statement that
// obtained X (after its error check when one follows), or deletes the
// client.UnsafeDisableDeepCopy argument.
package cachemutation
