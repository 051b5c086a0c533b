package rhl

import (
	"context"
	"time"

	"api"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Positives.

type RequeueReconciler struct{ client.Client }

// P5003a: Requeue: true after an unconditional status update.
func (r *RequeueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{Requeue: true}, nil //nolint:staticcheck // want `requeuehotloop: \(\*RequeueReconciler\).Reconcile returns Requeue: true on the success path`
}

type PollReconciler struct{ client.Client }

// A 100ms poll as the last statement, after a lifecycle test.
func (r *PollReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		// Polling while the object is deleted ends when it is gone.
		if controllerutil.RemoveFinalizer(&w, "example.com/f") {
			return ctrl.Result{}, r.Update(ctx, &w)
		}
		return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil
	}
	if w.DeletionTimestamp != nil {
		return ctrl.Result{Requeue: true}, nil //nolint:staticcheck
	}
	return ctrl.Result{RequeueAfter: 100 * time.Millisecond}, nil // want `requeuehotloop: .* RequeueAfter: 100ms, below the minimum of 1s, on the success path`
}

// Through a helper whose results the root returns.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.sync(ctx, &w)
	if err != nil {
		return res, err
	}
	return res, nil
}

func (r *HelperReconciler) sync(ctx context.Context, w *api.Widget) (reconcile.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{Requeue: true, RequeueAfter: 0}, nil //nolint:staticcheck // want `requeuehotloop: \(\*HelperReconciler\).sync \(whose results \(\*HelperReconciler\).Reconcile returns\) returns Requeue: true`
}

// A reconcile.Func.
func NewFunc(c client.Client) reconcile.Func {
	return func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		return reconcile.Result{RequeueAfter: time.Millisecond * 250}, nil // want `requeuehotloop: the func literal in NewFunc returns RequeueAfter: 250ms`
	}
}

// Negatives.

type WaitReconciler struct {
	client.Client
	Interval time.Duration
}

func (r *WaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Waiting on observed state.
	if !w.Status.Ready {
		return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
	}
	if w.Status.ObservedGeneration != w.Generation {
		return ctrl.Result{Requeue: true}, nil //nolint:staticcheck
	}
	// A change reporter.
	if meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) {
		return ctrl.Result{Requeue: true}, nil //nolint:staticcheck
	}
	// An equality guard.
	if controllerutil.ContainsFinalizer(&w, "example.com/f") {
		return ctrl.Result{RequeueAfter: time.Millisecond}, nil
	}
	// A failure path.
	if err := r.Update(ctx, &w); err != nil {
		if apierrors.IsConflict(err) {
			return ctrl.Result{Requeue: true}, nil //nolint:staticcheck
		}
		return ctrl.Result{}, err
	}
	// Inside a loop.
	for _, k := range w.Spec.Params {
		if k == "" {
			continue
		}
		return ctrl.Result{Requeue: true}, nil //nolint:staticcheck
	}
	// Computed delays.
	next := w.CreationTimestamp.Add(time.Hour)
	if r.Interval > 0 {
		return ctrl.Result{RequeueAfter: r.Interval}, nil
	}
	// Requeue: true with a long RequeueAfter: the delay wins.
	if w.Spec.Replicas == 2 {
		return ctrl.Result{Requeue: true, RequeueAfter: time.Minute}, nil //nolint:staticcheck
	}
	return ctrl.Result{RequeueAfter: time.Until(next)}, nil
}

type LongReconciler struct{ client.Client }

// A constant at or above the minimum.
func (r *LongReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: 5 * time.Minute}, nil
}

type ErrReconciler struct{ client.Client }

// A non-nil error: RL5002's business.
func (r *ErrReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{Requeue: true}, err //nolint:staticcheck
	}
	return ctrl.Result{}, nil
}
