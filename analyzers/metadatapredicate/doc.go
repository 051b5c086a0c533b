// Package metadatapredicate defines the RL4002 check: a reconciler whose
// behaviour depends on a label or an annotation of its primary object,
// behind a primary watch filtered by a predicate that drops updates that
// change only labels or annotations (GenerationChangedPredicate alone).
//
// metadata.generation changes only with the spec, so a change of a
// `paused` annotation or a replica-count label is not reconciled until the
// spec changes or the controller restarts.
//
// The builder chains and the evaluation of predicates on label-only and
// annotation-only updates come from the wiring analysis, and the metadata
// keys a reconcile scope reads and writes from the metareads analysis;
// this package decides which reads are missed, reports, and offers
// predicate.Or(…, AnnotationChangedPredicate{}) (or the label one) as the
// fix.
//
// This package imports the summary, wiring, metareads, apis and diag
// packages; it never imports a driver.
package metadatapredicate
