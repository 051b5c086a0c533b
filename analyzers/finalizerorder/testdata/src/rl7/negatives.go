package rl7

import (
	"context"
	"errors"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
)

// N1: the cleanup's error is returned before the removal.
type GoodReconciler struct{ client.Client }

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx)
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		if err := r.Delete(ctx, child(&w)); err != nil {
			logger.Error(err, "deleting the data")
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	if controllerutil.AddFinalizer(&w, fin) {
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// N2: NotFound is success (client.IgnoreNotFound decides), and a status
// write of the object itself is not a cleanup.
type NotFoundReconciler struct{ client.Client }

func (r *NotFoundReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		w.Status.Phase = "Deleting"
		_ = r.Status().Update(ctx, &w)
		if err := r.Delete(ctx, child(&w)); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// N3: errors collected and returned together: not followed.
type CollectReconciler struct{ client.Client }

func (r *CollectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		var errs []error
		if err := r.Delete(ctx, child(&w)); err != nil {
			errs = append(errs, err)
		}
		if len(errs) > 0 {
			return ctrl.Result{}, errors.Join(errs...)
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// N4: an ignored Delete on the normal path, away from the deletion path.
type NormalPathReconciler struct{ client.Client }

func (r *NormalPathReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		_ = r.Delete(ctx, child(&w)) // stale data from an older version
		if controllerutil.AddFinalizer(&w, fin) {
			return ctrl.Result{}, r.Update(ctx, &w)
		}
		return ctrl.Result{}, nil
	}
	if err := r.Delete(ctx, child(&w)); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// N5: the cleanup helper returns its error, which stops the removal.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) finalize(ctx context.Context, w *api.Widget) error {
	if err := r.Delete(ctx, child(w)); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(w, fin)
	return r.Update(ctx, w)
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.finalize(ctx, &w)
	}
	return ctrl.Result{}, nil
}
