package rwe

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

// Positives.

type StatusReconciler struct{ client.Client }

// P5002a: the catalogue's example.
func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, err // want `resultwitherror: \(\*StatusReconciler\).Reconcile returns a Result with RequeueAfter: 10s together with a non-nil error`
	}
	return ctrl.Result{}, nil
}

type NotReadyReconciler struct{ client.Client }

func (r *NotReadyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.Status.Ready {
		return ctrl.Result{Requeue: true}, fmt.Errorf("widget %s not ready", w.Name) // want `resultwitherror: .* Requeue: true together with a non-nil error`
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{RequeueAfter: time.Minute}, errors.New("no replicas") // want `resultwitherror: .*RequeueAfter: 1m0s`
	}
	if w.Spec.Replicas > 10 {
		return ctrl.Result{RequeueAfter: time.Minute}, reconcile.TerminalError(errors.New("too many")) // want `resultwitherror`
	}
	return ctrl.Result{}, nil
}

// A helper whose pair the root returns as it is.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return r.sync(ctx, &w)
}

func (r *HelperReconciler) sync(ctx context.Context, w *api.Widget) (reconcile.Result, error) {
	if err := r.Update(ctx, w); err != nil {
		return reconcile.Result{Requeue: true, RequeueAfter: 30 * time.Second}, fmt.Errorf("update: %w", err) // want `resultwitherror: \(\*HelperReconciler\).sync \(whose results \(\*HelperReconciler\).Reconcile returns\) returns a Result with RequeueAfter: 30s`
	}
	return reconcile.Result{}, nil
}

// A Result variable set in the same block, and a Phi of two non-zero
// results: no fix (not a literal in the return).
type VarReconciler struct{ client.Client }

func (r *VarReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res := ctrl.Result{}
	res.RequeueAfter = 5 * time.Second
	if err := r.Update(ctx, &w); err != nil {
		return res, err // want `resultwitherror: .*RequeueAfter: 5s`
	}
	other := ctrl.Result{RequeueAfter: time.Second}
	if w.Spec.Replicas > 1 {
		other = ctrl.Result{RequeueAfter: 2 * time.Second}
	}
	if err := r.Status().Update(ctx, &w); err != nil {
		return other, err // want `resultwitherror: .*RequeueAfter: 2s`
	}
	return ctrl.Result{}, nil
}

// Positives: an error that may be non-nil. No fix: emptying the Result
// would drop the requeue on the success path.

type MaybeReconciler struct{ client.Client }

func (r *MaybeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	err := r.Status().Update(ctx, &w)
	if w.Status.Ready {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `resultwitherror: \(\*MaybeReconciler\)\.Reconcile returns a Result with RequeueAfter: 1m0s together with an error that may be non-nil`
	}
	return ctrl.Result{RequeueAfter: 30 * time.Second}, r.setPhase(ctx, &w, "Waiting") // want `resultwitherror: .* together with an error that may be non-nil .*Return the error on its own first`
}

func (r *MaybeReconciler) setPhase(ctx context.Context, w *api.Widget, phase string) error {
	w.Status.Phase = phase
	return r.Status().Update(ctx, w)
}

// Negatives.

type CleanReconciler struct {
	client.Client
	Interval time.Duration
}

func (r *CleanReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// An empty Result with the error.
	if err := r.Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	// The error is known to be nil on this path.
	err := r.Status().Update(ctx, &w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if w.Status.Ready {
		return ctrl.Result{RequeueAfter: time.Minute}, err
	}
	// A computed delay may be zero.
	if err := r.Update(ctx, &w); err != nil {
		return ctrl.Result{RequeueAfter: r.Interval}, err
	}
	// The Result may be zero on one path.
	res := ctrl.Result{}
	if w.Spec.Replicas > 3 {
		res = ctrl.Result{RequeueAfter: time.Minute}
	}
	if err := r.Update(ctx, &w); err != nil {
		return res, err
	}
	// The error is logged and dropped: the delay takes effect.
	if err := r.Update(ctx, &w); err != nil {
		ctrl.Log.Error(err, "update failed")
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	// err == nil on the true edge: the error is nil here.
	if err := r.Update(ctx, &w); err == nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err
	}
	return ctrl.Result{}, nil
}

// A function that is not reachable from a reconciler is not reported.
func unused(err error) (ctrl.Result, error) {
	if err != nil {
		return ctrl.Result{Requeue: true}, err
	}
	return ctrl.Result{}, nil
}

var _ = unused

// The Result held through a pointer, replaced on one arm of an if: every
// path stores a non-zero Result before the return.
type PtrResultReconciler struct{ client.Client }

func (r *PtrResultReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res := &ctrl.Result{RequeueAfter: time.Minute}
	if w.Spec.Replicas > 1 {
		*res = ctrl.Result{RequeueAfter: 2 * time.Minute}
	}
	if err := r.Update(ctx, w); err != nil {
		return *res, err // want `resultwitherror: .*RequeueAfter: 2m0s`
	}
	return *res, nil
}

// The twin: only one arm makes it non-zero, so the Result may be empty.
type PtrMaybeReconciler struct{ client.Client }

func (r *PtrMaybeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res := &ctrl.Result{}
	if w.Spec.Replicas > 1 {
		res.RequeueAfter = time.Minute
	}
	if err := r.Update(ctx, w); err != nil {
		return *res, err
	}
	return *res, nil
}
