package wiring

import (
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"wiring/lib"
)

func Setup(mgr ctrl.Manager) error {
	r := &lib.CMReconciler{Client: mgr.GetClient()}
	b := ctrl.NewControllerManagedBy(mgr).WithEventFilter(lib.GenerationOnly)
	if mgr != nil {
		b = b.Owns(&corev1.Secret{}, builder.WithPredicates(predicate.LabelChangedPredicate{}))
	}
	if err := b.For(&corev1.ConfigMap{}).Complete(r); err != nil { // want `wiring \*k8s.io/api/core/v1.ConfigMap PredicateValue\(FO=block, FONoGen=block, DM=pass, DMNoGen=block, Create=pass, Labels=block, Annotations=block, Spec=pass\) rec=\(\*CMReconciler\).Reconcile finalizers=example.com/f manages-primary`
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(lib.Safe(), lib.Labels())). // want `wiring \*k8s.io/api/core/v1.ConfigMap PredicateValue\(FO=block, FONoGen=block, DM=block, DMNoGen=block, Create=block, Labels=block, Annotations=block, Spec=block\) rec=\(\*CMReconciler\).Reconcile`
		Complete(r)
}
