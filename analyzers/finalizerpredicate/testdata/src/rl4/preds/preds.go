// Package preds is a shared predicate library.
package preds

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// GenerationOnly drops status writes.
var GenerationOnly predicate.Predicate = predicate.GenerationChangedPredicate{}

// SkipStatus drops status writes.
func SkipStatus() predicate.Predicate {
	return predicate.GenerationChangedPredicate{}
}

// FinalizersOrDeletion passes finalizer changes and the deletion mark.
var FinalizersOrDeletion = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectNew.GetDeletionTimestamp() != nil || len(e.ObjectOld.GetFinalizers()) != len(e.ObjectNew.GetFinalizers())
	},
}

// Safe is the usual combination.
func Safe() predicate.Predicate {
	return predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, FinalizersOrDeletion)
}

// ChangedGeneration is a predicate type: it passes generation changes.
type ChangedGeneration struct {
	predicate.Funcs
}

// Update passes the update when the generation changed.
func (ChangedGeneration) Update(e event.UpdateEvent) bool {
	return changed(e.ObjectOld.GetGeneration(), e.ObjectNew.GetGeneration())
}

func changed(a, b int64) bool { return a != b }
