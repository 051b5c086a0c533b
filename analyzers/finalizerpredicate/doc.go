// Package finalizerpredicate defines the RL4001 check: the primary watch of
// a controller whose reconciler manages finalizers is filtered by a
// predicate that drops finalizer-only updates or the update that marks the
// object for deletion, typically GenerationChangedPredicate alone.
//
// Changes to finalizers never bump metadata.generation, so a reconciler
// behind GenerationChangedPredicate is not called when another controller
// removes its finalizer: it waits forever for a Reconcile that never comes.
// For kinds that never set metadata.generation (ConfigMap, Secret, Service,
// Namespace, …) the predicate also drops the update that sets the deletion
// timestamp, so the finalizer only runs after a controller restart. CRDs
// bump generation when an object is marked for deletion, so for them only
// finalizer-only updates are lost.
//
// The builder chains, the evaluation of predicates and the finalizer
// handling of reconcilers come from the wiring analysis; this package only
// reports, and offers predicate.Or(GenerationChangedPredicate{},
// finalizers-or-deletion) as the fix.
//
// This package imports the summary, wiring, apis and diag packages; it
// never imports a driver.
package finalizerpredicate
