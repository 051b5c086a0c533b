// Package lib holds shared predicates and a reconciler wired elsewhere.
package lib

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

var GenerationOnly predicate.Predicate = predicate.GenerationChangedPredicate{} // want `PredicateValue\(FO=block, FONoGen=block, DM=pass, DMNoGen=block, Create=pass, Labels=block, Annotations=block, Spec=pass\)`

var Finalizers = predicate.Funcs{ // want `PredicateValue\(FO=pass, FONoGen=pass, DM=pass, DMNoGen=pass, Create=pass, Labels=unknown, Annotations=unknown, Spec=unknown\)`
	UpdateFunc: func(e event.UpdateEvent) bool {
		return len(e.ObjectNew.GetFinalizers()) != len(e.ObjectOld.GetFinalizers())
	},
}

func Safe() predicate.Predicate { // want `PredicateValue\(FO=pass, FONoGen=pass, DM=pass, DMNoGen=pass, Create=pass, Labels=unknown, Annotations=unknown, Spec=pass\)`
	return predicate.Or[client.Object](GenerationOnly, Finalizers)
}

func Labels() predicate.Predicate { // want `PredicateValue\(FO=block, FONoGen=block, DM=block, DMNoGen=block, Create=block, Labels=block, Annotations=block, Spec=block\)`
	return predicate.And[client.Object](predicate.Not[client.Object](predicate.ResourceVersionChangedPredicate{}), predicate.LabelChangedPredicate{})
}

type CMReconciler struct{ client.Client } // want `ReconcilerInfo\(\(\*CMReconciler\)\.Reconcile finalizers=example.com/f\)`

func (r *CMReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(&cm, "example.com/f") {
		return ctrl.Result{}, r.Update(ctx, &cm)
	}
	return ctrl.Result{}, nil
}
