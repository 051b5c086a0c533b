// Package eventinrequest defines the RL3003 check: the event kind, or the
// object itself, carried in a reconcile request or a workqueue item.
//
// A request or queue item identifies what to reconcile, never why. The
// queue deduplicates items: with the event kind in the item, an Added and a
// Deleted for the same object are two items processed in any order, a
// retried item replays a stale event, and the reconciler ends up acting on
// events instead of on state. A queued object goes stale and defeats
// deduplication the same way.
//
// The check reports workqueue Add, AddRateLimited and AddAfter calls (the
// queue of a client-go controller or of a controller-runtime handler)
// whose item has a field holding a watch.EventType, a field set to
// different constants by different callbacks, or a field set to a constant
// by a callback and compared with a constant by the reconciler; and items
// that are, or carry, an API object. Identity fields (the key, a cluster
// name, a shard) are never reported.
//
// This package imports the summary, handlers and diag packages; it never
// imports a driver.
package eventinrequest
