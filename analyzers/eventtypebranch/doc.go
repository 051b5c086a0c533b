// Package eventtypebranch defines the RL3001 check: side effects chosen by
// which watch event fired (watch.Added, watch.Modified, watch.Deleted).
//
// Events are coalesced, lost across relists and replayed as Added after a
// restart, so code whose writes depend on the event type misses cleanup
// when a Deleted event is lost and repeats creation when events replay. A
// controller must base its behaviour on observed state: enqueue the key,
// reconcile what it finds, and use a finalizer for cleanup.
//
// The check reports an if or switch statement comparing a watch.EventType
// with Added, Modified or Deleted when the code run for one of the compared
// types writes, performs external I/O or mutates a status, and the event
// types do not all run the same side effects. It is limited to packages
// that import controller-runtime or client-go's tools/cache, and to code in
// the reconcile scope or in event handlers.
//
// It also reports a primary watch whose predicates (from the wiring
// analysis) drop every Create event but pass updates.
//
// This package imports the summary, wiring, handlers, apis and diag packages; it
// never imports a driver.
package eventtypebranch
