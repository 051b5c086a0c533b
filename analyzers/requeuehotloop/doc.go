// Package requeuehotloop defines the RL5003 check: a reconciler whose
// success path requeues unconditionally, with Requeue: true or a constant
// RequeueAfter below a threshold.
//
// Requeue: true is deprecated: the key is requeued rate-limited and never
// forgotten, so the object is reconciled forever with exponential backoff
// from 5 ms. A small constant RequeueAfter forgets the key and adds it back
// after the delay: 100 ms is a permanent 10 Hz poll of every object.
//
// The check reports a return of a reconcile root (or of a helper whose
// results the root returns as they are) with a nil error, on the
// steady-state path: every condition it depends on is an error test on
// its no-error edge, a deletion test on its not-deleting edge, or
// configuration, not a comparison of observed state. Returns on the
// deletion path are not reported: that polling ends when the object is
// gone. Computed delays (time.Until(next)) are never
// reported. The threshold is the analyzer flag -requeuehotloop.min-requeue
// (option min-requeue, default 1s).
//
// The suggested fix replaces Requeue: true with RequeueAfter: 30 *
// time.Second (or min-requeue when larger), adding the time import, or
// raises the too-small constant to that value.
//
// This package imports the summary and diag packages; it never imports a
// driver.
package requeuehotloop
