// Package handlerwrite defines the RL3002 check: client writes or external
// I/O inside informer callbacks, event handlers, predicates and map funcs.
//
// Event callbacks run once per event that the informer delivers, with no
// retry when they fail and no guarantee that they run at all: events are
// coalesced, lost across relists and replayed as Added after a restart. A
// write there is lost when it fails or its event is missed, and repeated
// when an event is replayed. Callbacks must only filter or enqueue keys;
// the write belongs in Reconcile (or the worker of a client-go controller),
// which retries until the observed state is right.
//
// The check reports, in every handler body the summary recognises
// (handlers.Model.Handlers), each API write, external I/O call (net/http,
// database/sql and the packages configured with -reconcilelint.external-io)
// and call of a helper that has one, in this package or, through the
// HandlerEffects fact, in another.
//
// This package imports the summary, handlers and diag packages; it never
// imports a driver.
package handlerwrite
