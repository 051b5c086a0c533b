// Package unconditionalwrite defines the RL2001 check: an API write
// (Update, Patch, Status().Update, Status().Patch, a subresource write, or
// a helper that does one) that a reconcile issues on every pass, even when
// the object already matches the desired state.
//
// The check reports write sites reachable from a reconcile root on the
// steady-state path: every condition that controls the write is an error
// test taken on its success edge, a deletion-timestamp test, a test of the
// reconciler's own configuration, or a loop condition. A write controlled
// by any comparison of observed data (DeepEqual, cmp.Equal, an
// observedGeneration or hash-annotation test, the result of AddFinalizer
// or SetStatusCondition, a controllerutil.OperationResult) or by a
// condition the model cannot classify is not reported. Writes on failure
// paths and self-guarded writers (controllerutil.CreateOrUpdate,
// CreateOrPatch, helpers whose summary compares before writing) are never
// reported. Server-side Apply is not reported.
//
// The suggested fix wraps the write in an equality.Semantic.DeepEqual guard
// against a pre-image: the base of a client.MergeFrom patch, or a DeepCopy
// inserted right after the Get that read the object.
//
// This package imports the summary and diag packages; it never imports a
// driver.
package unconditionalwrite
