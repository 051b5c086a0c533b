// Package notfounderror defines the RL5001 check: a reconciler that returns
// the NotFound error of the Get of the object it was asked to reconcile.
//
// When the requested object no longer exists, the right result is
// (Result{}, nil): the object is gone and there is nothing to do.
// Returning the error makes controller-runtime requeue the key with
// per-item exponential backoff (5 ms up to 1000 s), forever, for an object
// that will never come back.
//
// The check reports a return of a Reconcile method (reconcile.Request or a
// typed request) or of a reconcile.Func whose error result may be the error
// of a Get keyed by the request, directly, wrapped with %w or
// github.com/pkg/errors, or through helpers of any package, when no
// apierrors.IsNotFound test or client.IgnoreNotFound handles it. Gets of
// other objects (a Secret named in the spec, say) are not reported: retrying
// until they appear is intended. ObjectReconcilers are exempt because their
// adapter already ignores NotFound.
//
// The suggested fix wraps the returned error as client.IgnoreNotFound(err).
//
// This package imports the summary and diag packages; it never imports a
// driver.
package notfounderror
