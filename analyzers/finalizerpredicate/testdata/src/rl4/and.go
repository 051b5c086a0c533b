package rl4

import (
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// A generation predicate combined with another through predicate.And.

// P17: And blocks when one operand blocks.
func (r *GadgetReconciler) P17(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.And(predicate.GenerationChangedPredicate{}, predicate.ResourceVersionChangedPredicate{}))). // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops finalizer-only updates of Widget \(they do not bump metadata.generation\): finalizer-only changes \(e\.g\. removal of finalizer "example.com/gadget"\) won't trigger \(\*GadgetReconciler\)\.Reconcile`
		Complete(r)
}

// P17Fixed: the generation operand ORed with a finalizer-aware predicate.
func (r *GadgetReconciler) P17Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.And(predicate.ResourceVersionChangedPredicate{}, predicate.Or(predicate.GenerationChangedPredicate{}, finalizerAware{})))).
		Complete(r)
}

// P21: the And in a WithEventFilter on a ConfigMap (error).
func (r *CMReconciler) P21(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(predicate.And(predicate.ResourceVersionChangedPredicate{}, predicate.GenerationChangedPredicate{})). // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops the update that marks a ConfigMap for deletion`
		Complete(r)
}

// P21Fixed: P21 with the generation operand ORed with the shared
// finalizer-aware predicate.
func (r *CMReconciler) P21Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(predicate.And(predicate.ResourceVersionChangedPredicate{}, predicate.Or(predicate.GenerationChangedPredicate{}, finalizerAware{}))).
		Complete(r)
}
