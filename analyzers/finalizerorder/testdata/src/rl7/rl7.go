package rl7

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
)

const fin = "example.com/cleanup"

func child(w *api.Widget) *corev1.ConfigMap {
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-data", Namespace: w.Namespace}}
}

// P1: the Delete's error is only logged before the finalizer goes.
type LoggedReconciler struct{ client.Client }

func (r *LoggedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx)
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		if err := r.Delete(ctx, child(&w)); err != nil {
			logger.Error(err, "deleting the data")
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: the Update that persists the removal of finalizer "example.com/cleanup" can run although Delete has not succeeded: its error is only logged; .*Write the removal only after Delete returned nil`
	}
	if controllerutil.AddFinalizer(&w, fin) {
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// P2: a cleanup helper whose error is dropped.
type IgnoredReconciler struct{ client.Client }

func (r *IgnoredReconciler) cleanup(ctx context.Context, w *api.Widget) error {
	return r.Delete(ctx, child(w))
}

func (r *IgnoredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.GetDeletionTimestamp() != nil {
		_ = r.cleanup(ctx, &w)
		if controllerutil.RemoveFinalizer(&w, fin) {
			if err := r.Update(ctx, &w); err != nil { // want `finalizerorder: the Update that persists the removal of finalizer "example.com/cleanup" can run although cleanup has not succeeded: its error is ignored`
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// P3: the cleanup runs in a goroutine.
type GoReconciler struct{ client.Client }

func (r *GoReconciler) cleanup(ctx context.Context, w *api.Widget) {
	_ = r.Delete(ctx, child(w))
}

func (r *GoReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		go r.cleanup(context.Background(), w.DeepCopy())
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: .*although the goroutine cleanup has not succeeded: it runs in a goroutine, and nothing waits for it`
	}
	return ctrl.Result{}, nil
}

// P4: the cleanup runs after the removal is written.
type LateReconciler struct{ client.Client }

func (r *LateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&w, fin)
		if err := r.Update(ctx, &w); err != nil { // want `finalizerorder: .*although Delete has not succeeded: it runs only after the removal is written`
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Delete(ctx, child(&w))
	}
	return ctrl.Result{}, nil
}

// P5: the error stops the removal only when not forced; the removal goes
// through a helper of the package.
type ForcedReconciler struct {
	client.Client
	Force bool
}

func (r *ForcedReconciler) release(ctx context.Context, w *api.Widget) error {
	controllerutil.RemoveFinalizer(w, fin)
	return r.Update(ctx, w)
}

func (r *ForcedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		err := r.Delete(ctx, child(&w))
		if err != nil && !r.Force {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.release(ctx, &w) // want `finalizerorder: the call of release \(it removes the finalizer and writes the object\) .*although Delete has not succeeded: its error is checked on some paths only`
	}
	return ctrl.Result{}, nil
}
