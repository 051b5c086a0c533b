// Package rweforeign calls steps of another package whose requeue is lost
// when their error is passed on.
package rweforeign

import (
	"context"
	"errors"
	"fmt"

	"rwe/api"
	"rwe/waits"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The error alone is passed on, wrapped.
type CertReconciler struct{ client.Client }

func (r *CertReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := waits.ForCertificate(ctx, &w); err != nil { // want `resultwitherror: waits.ForCertificate returns a Result with RequeueAfter: 15s together with a non-nil error \(waits.go:22:\d+\), and \(\*CertReconciler\).Reconcile returns its error with a Result of its own`
		return ctrl.Result{}, fmt.Errorf("certificate: %w", err)
	}
	return ctrl.Result{}, nil
}

// The pair of a method of another package, passed on as it is.
type PollReconciler struct {
	client.Client
	p waits.Poller
}

func (r *PollReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.p.Poll(ctx, &w) // want `resultwitherror: waits.\(Poller\).Poll returns a Result with RequeueAfter: 15s together with a non-nil error \(waits.go:22:\d+\), and \(\*PollReconciler\).Reconcile returns its results`
}

// Negatives: the requeue comes with a nil error; the caller handles the
// error and keeps the Result.
type GentleReconciler struct{ client.Client }

func (r *GentleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return waits.Gentle(ctx, &w)
}

type HandledReconciler struct{ client.Client }

func (r *HandledReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	res, err := waits.Pending(ctx, &w)
	if errors.Is(err, waits.ErrPending) {
		return res, nil
	}
	return ctrl.Result{}, nil
}
