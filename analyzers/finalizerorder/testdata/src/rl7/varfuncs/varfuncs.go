// Package varfuncs: the deletion test, the cleanup, the finalizer's removal
// and its write each made through a function value that an exported
// variable of another package holds.
package varfuncs

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
	"rl7/varfuncs/calls"
)

const fin = "example.com/cleanup"

func child(w *api.Widget) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-data", Namespace: w.Namespace}}
}

// LoggedReconciler only logs the cleanup's error before the finalizer goes.
type LoggedReconciler struct{ client.Client }

func (r *LoggedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if calls.Deleting(w.DeletionTimestamp) {
		if err := calls.Remove(r.Client, ctx, child(&w)); err != nil {
			log.FromContext(ctx).Error(err, "deleting the data")
		}
		calls.Drop(&w, fin)
		return ctrl.Result{}, calls.Save(r.Client, ctx, &w) // want `finalizerorder: the Save \(Update\) that persists the removal of finalizer "example.com/cleanup" can run although Remove \(Delete\) has not succeeded: its error is only logged`
	}
	return ctrl.Result{}, nil
}

// CheckedReconciler returns the cleanup's error: silent.
type CheckedReconciler struct{ client.Client }

func (r *CheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if calls.Deleting(w.DeletionTimestamp) {
		if err := calls.Remove(r.Client, ctx, child(&w)); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		calls.Drop(&w, fin)
		return ctrl.Result{}, calls.Save(r.Client, ctx, &w)
	}
	return ctrl.Result{}, nil
}

// WrappedReconciler ignores the error of a cleanup that a variable of
// another package holds, and releases through another.
type WrappedReconciler struct{ client.Client }

func (r *WrappedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if calls.Deleting(w.DeletionTimestamp) {
		_ = calls.Cleanup(r.Client, ctx, child(&w))
		calls.Release(&w)
		return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: the Update that persists the removal of the finalizer can run although Cleanup \(Delete\) has not succeeded: its error is ignored`
	}
	return ctrl.Result{}, nil
}

// WrappedCheckedReconciler returns that error: silent.
type WrappedCheckedReconciler struct{ client.Client }

func (r *WrappedCheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if calls.Deleting(w.DeletionTimestamp) {
		if err := calls.Cleanup(r.Client, ctx, child(&w)); err != nil {
			return ctrl.Result{}, err
		}
		calls.Release(&w)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}
