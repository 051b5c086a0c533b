// Package nondetwrite defines the RL1001 check: a non-deterministic value
// (the clock, a random number, a UUID, a process ID, the reconcile ID)
// stored into an object that a write then persists on every reconcile.
//
// Each such write sends new bytes, so it is a real change: the API server
// stores it and emits a watch event, the event starts another reconcile,
// and that reconcile writes new bytes again. The reconciler never
// converges. The check follows the value from its source through
// conversions, formatting, string and time functions, local variables,
// composite literals and helpers (in any package, through facts) to a
// store into a field path of an object, and reports the store when a
// write of that object's region follows it with no guard, or with a guard
// that compares the stamped field itself (so it never holds), including
// the mutate function of controllerutil.CreateOrUpdate and CreateOrPatch.
//
// Not reported: values stored under a change guard (meta.SetStatusCondition
// stamps LastTransitionTime only when the condition changes; a set-once
// StartTime behind a nil test), values used only in conditions, logs or
// RequeueAfter, Create writes, and coordination.k8s.io Leases.
//
// This package imports the summary and diag packages; it never imports a
// driver.
package nondetwrite
