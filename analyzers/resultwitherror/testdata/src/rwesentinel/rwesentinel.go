// Package rwesentinel: a sentinel error that the reconciler translates
// into a requeue with a nil error, several helpers down (cloudnative-pg's
// ErrNextLoop).
package rwesentinel

import (
	"context"
	"errors"
	"time"

	"rwe/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ErrNextLoop asks the reconciler to come back later.
var ErrNextLoop = errors.New("next loop")

var errOther = errors.New("other")

// LoopReconciler translates ErrNextLoop: the helpers' requeues reach
// controller-runtime with a nil error.
type LoopReconciler struct{ client.Client }

func (r *LoopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.reconcile(ctx, &w)
	if errors.Is(err, ErrNextLoop) {
		return res, nil
	}
	return res, err
}

func (r *LoopReconciler) reconcile(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if res, err := r.pods(ctx, w); !res.IsZero() || err != nil {
		return res, err
	}
	return ctrl.Result{}, nil
}

func (r *LoopReconciler) pods(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if w.Spec.Replicas == 0 {
		return ctrl.Result{RequeueAfter: time.Second}, ErrNextLoop
	}
	if w.Spec.Replicas > 10 {
		return ctrl.Result{RequeueAfter: time.Second}, errOther // want `\(\*LoopReconciler\)\.pods \(whose .*\) returns a Result with RequeueAfter`
	}
	return ctrl.Result{}, nil
}

// OtherReconciler translates another sentinel: ErrNextLoop's requeue is
// lost.
type OtherReconciler struct{ client.Client }

func (r *OtherReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := r.step(ctx, &w)
	if err == errOther {
		return res, nil
	}
	return res, err
}

func (r *OtherReconciler) step(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if w.Spec.Replicas == 0 {
		return ctrl.Result{RequeueAfter: time.Second}, ErrNextLoop // want `\(\*OtherReconciler\)\.step \(whose .*\) returns a Result with RequeueAfter`
	}
	return ctrl.Result{}, nil
}
