package rl7

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
	"rl7/providers"
)

// Cleanups through functions of another package of the operator: their
// facts say they make a provider call.

// OP1: the provider release's error is only logged (reported).
type VolumeReconciler struct {
	client.Client
	Store providers.Store
}

func (r *VolumeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := providers.Release(ctx, r.Store, w.Annotations["example.com/volume"]); err != nil {
		log.FromContext(ctx).Error(err, "releasing the volume")
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: the Update that persists the removal of finalizer "example.com/cleanup" can run although providers.Release has not succeeded: its error is only logged`
}

// OP2: a function of the same package that makes no provider call is no
// cleanup (not reported).
type VolumeNameReconciler struct {
	client.Client
}

func (r *VolumeNameReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := providers.Describe(w.Annotations["example.com/volume"]); err != nil {
		log.FromContext(ctx).Error(err, "no volume recorded")
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}
