// Package recs holds reconcilers wired elsewhere.
package recs

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"rl4/api"
)

const finalizer = "example.com/remote"

// RemoteReconciler manages a finalizer.
type RemoteReconciler struct{ client.Client }

// Reconcile adds and removes the finalizer.
func (r *RemoteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		if controllerutil.RemoveFinalizer(&w, finalizer) {
			return ctrl.Result{}, r.Update(ctx, &w)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(&w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// PlainReconciler never touches finalizers.
type PlainReconciler struct{ client.Client }

// Reconcile updates the status.
func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}
