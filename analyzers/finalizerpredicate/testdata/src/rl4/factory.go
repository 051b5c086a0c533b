package rl4

import (
	"reflect"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// UpdateFuncs made by factories: the closure a factory returns is the
// predicate's body.

// specOnly returns an UpdateFunc that compares the spec only.
func specOnly() func(event.UpdateEvent) bool {
	return func(e event.UpdateEvent) bool {
		oldW, newW := e.ObjectOld.(*Widget), e.ObjectNew.(*Widget)
		return !reflect.DeepEqual(oldW.Spec, newW.Spec)
	}
}

// deletionAware returns an UpdateFunc that also passes the deletion mark
// and finalizer changes.
func deletionAware() func(event.UpdateEvent) bool {
	return func(e event.UpdateEvent) bool {
		oldW, newW := e.ObjectOld.(*Widget), e.ObjectNew.(*Widget)
		if newW.GetDeletionTimestamp() != nil || !reflect.DeepEqual(oldW.GetFinalizers(), newW.GetFinalizers()) {
			return true
		}
		return !reflect.DeepEqual(oldW.Spec, newW.Spec)
	}
}

// P30: the factory's closure drops the update that marks a Widget for
// deletion.
func (r *GadgetReconciler) P30(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: specOnly()})). // want `finalizerpredicate: predicate.Funcs \(its UpdateFunc\) on the primary watch drops the update that marks a Widget for deletion`
		Complete(r)
}

// N30: the factory's closure passes the deletion mark and the finalizers.
func (r *GadgetReconciler) N30(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: deletionAware()})).
		Complete(r)
}
