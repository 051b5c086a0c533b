// Package recs holds reconcilers wired elsewhere.
package recs

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"rl42/api"
	"rl42/util"
)

// RemoteReconciler stops when paused, through a helper of another package.
type RemoteReconciler struct{ client.Client }

// Reconcile reads the paused annotation.
func (r *RemoteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if util.IsPaused(&w) {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// PlainReconciler reads no metadata.
type PlainReconciler struct{ client.Client }

// Reconcile writes the status.
func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
