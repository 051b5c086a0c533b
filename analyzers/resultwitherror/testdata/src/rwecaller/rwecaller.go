// Package rwecaller: helpers whose error alone the reconciler passes on.
package rwecaller

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rwe/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

var errNotReady = errors.New("backend not ready")

// The reconciler returns the helper's error with an empty Result of its
// own: the helper's RequeueAfter never reaches controller-runtime.
type DropReconciler struct{ client.Client }

func (r *DropReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.waitForBackend(ctx, &w)
	if err != nil {
		return ctrl.Result{}, err
	}
	return res, nil
}

func (r *DropReconciler) waitForBackend(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if !w.Status.Ready {
		return ctrl.Result{RequeueAfter: 20 * time.Second}, errNotReady // want `resultwitherror: \(\*DropReconciler\).waitForBackend \(whose error \(\*DropReconciler\).Reconcile returns with a Result of its own\) returns a Result with RequeueAfter: 20s together with an error that may be non-nil`
	}
	return ctrl.Result{}, nil
}

// The error is wrapped on the way, the Result discarded at the call.
type WrapReconciler struct{ client.Client }

func (r *WrapReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.ensureReplicas(ctx, &w); err != nil {
		return reconcile.Result{}, fmt.Errorf("replicas of %s: %w", w.Name, err)
	}
	return reconcile.Result{}, nil
}

func (r *WrapReconciler) ensureReplicas(ctx context.Context, w *api.Widget) (reconcile.Result, error) {
	if w.Spec.Replicas == 0 {
		return reconcile.Result{Requeue: true}, fmt.Errorf("no replicas yet") // want `resultwitherror: \(\*WrapReconciler\).ensureReplicas \(whose error .*Reconcile returns with a Result of its own\) returns a Result with Requeue: true`
	}
	return reconcile.Result{}, r.Update(ctx, w)
}

// A chain of steps held in a slice: each step's error is returned, its
// Result only when the error is nil.
type ChainReconciler struct{ client.Client }

func (r *ChainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, step := range []func(context.Context, *api.Widget) (ctrl.Result, error){r.checkQuota, r.apply} {
		res, err := step(ctx, &w)
		if err != nil {
			return ctrl.Result{}, err
		}
		if !res.IsZero() {
			return res, nil
		}
	}
	return ctrl.Result{}, nil
}

func (r *ChainReconciler) checkQuota(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if w.Spec.Replicas > 100 {
		return ctrl.Result{RequeueAfter: time.Minute}, fmt.Errorf("quota exceeded for %s", w.Name) // want `resultwitherror: \(\*ChainReconciler\).checkQuota \(whose error`
	}
	return ctrl.Result{}, nil
}

func (r *ChainReconciler) apply(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	return ctrl.Result{}, r.Update(ctx, w)
}

// Fixed twins and negatives.

// The helper logs nothing and returns the requeue with a nil error: kept.
type KeepReconciler struct{ client.Client }

func (r *KeepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.waitForBackend(ctx, &w)
	if err != nil {
		return ctrl.Result{}, err
	}
	return res, nil
}

func (r *KeepReconciler) waitForBackend(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if !w.Status.Ready {
		return ctrl.Result{RequeueAfter: 20 * time.Second}, nil
	}
	if err := r.Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The reconciler handles the helper's error itself and keeps the Result:
// the requeue reaches controller-runtime.
type HandleReconciler struct{ client.Client }

func (r *HandleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.waitForBackend(ctx, &w)
	if errors.Is(err, errNotReady) {
		return res, nil
	}
	return ctrl.Result{}, nil
}

func (r *HandleReconciler) waitForBackend(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if !w.Status.Ready {
		return ctrl.Result{RequeueAfter: 20 * time.Second}, errNotReady
	}
	return ctrl.Result{}, nil
}

// The error is turned into a condition, not returned: the helper's
// Result is dropped, but with a nil error it was never going to be lost to
// an error.
type ConditionReconciler struct{ client.Client }

func (r *ConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.probe(ctx, &w); err != nil {
		w.Status.Ready = false
		if err := r.Status().Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, nil
}

func (r *ConditionReconciler) probe(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if w.Spec.Replicas == 0 {
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, errors.New("probe failed")
}
