// Package resultwitherror defines the RL5002 check: a reconciler that
// returns a non-zero reconcile.Result together with an error that is, or
// may be, non-nil.
//
// When the error is non-nil, controller-runtime ignores Requeue and
// RequeueAfter: it logs a warning and requeues the key with rate-limited
// backoff instead (or not at all, for a reconcile.TerminalError). The
// requested delay never takes effect.
//
// The check reports a return of a reconcile root, or of a helper of the
// same package whose (Result, error) pair the root returns as it is, where
// the Result is provably non-zero (a composite literal with Requeue: true
// or a positive constant RequeueAfter, or a Phi of such values) and the
// error may be non-nil: anything but nil or a value whose nil test said
// nil on the way (return ctrl.Result{RequeueAfter: d}, r.setPhase(…) loses
// the requeue whenever the call fails).
//
// When the error is provably non-nil (errors.New, fmt.Errorf,
// reconcile.TerminalError, or a value whose err != nil test took its true
// edge on the way), the suggested fix empties the Result literal; the
// alternative, returning nil as the error and keeping the Result, is named
// in the message only. When it only may be non-nil, no fix is offered: the
// message says to return the error on its own first.
//
// This package imports the summary and diag packages; it never imports a
// driver.
package resultwitherror
