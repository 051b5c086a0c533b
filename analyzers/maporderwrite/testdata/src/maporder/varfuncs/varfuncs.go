// Package varfuncs: a map's keys listed, sorted or reversed by function
// values that exported variables of another package hold.
package varfuncs

import (
	"context"

	"maporder/api"
	"maporder/varfuncs/order"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ListedReconciler writes the keys in the map's order.
type ListedReconciler struct{ client.Client }

func (r *ListedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Keys = order.Keys(w.Spec.Params) // want `the order of a map iteration reaches Widget.Status.Keys`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// ReversedReconciler reverses them: still the map's order, backwards.
type ReversedReconciler struct{ client.Client }

func (r *ReversedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	keys := order.Keys(w.Spec.Params) // want `the order of a map iteration reaches Widget.Status.Keys`
	order.Reverse(keys)
	w.Status.Keys = keys
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// SortedReconciler sorts them in place first: silent.
type SortedReconciler struct{ client.Client }

func (r *SortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	keys := order.Keys(w.Spec.Params)
	_ = order.SortCount(keys)
	w.Status.Keys = keys
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
