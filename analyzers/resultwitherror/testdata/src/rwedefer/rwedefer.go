// Package rwedefer holds reconcilers whose Reconcile defers calls: the
// check sees the pair each return statement returns whatever the function
// defers.
package rwedefer

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Positives.

type CancelReconciler struct{ client.Client }

func (r *CancelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, &cm); err != nil {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, err // want `resultwitherror: \(\*CancelReconciler\).Reconcile returns a Result with RequeueAfter: 10s together with a non-nil error`
	}
	return ctrl.Result{}, nil
}

type LogReconciler struct{ client.Client }

func (r *LogReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	defer log.Println("reconcile done", req.Name)
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["ready"] != "true" {
		return ctrl.Result{Requeue: true}, errors.New("not ready") // want `resultwitherror: .* Requeue: true together with a non-nil error`
	}
	return ctrl.Result{}, nil
}

// Named results, a deferred closure that reads them.
type MetricsReconciler struct {
	client.Client
	errs int
}

func (r *MetricsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	defer func() {
		if err != nil {
			r.errs++
		}
	}()
	var cm corev1.ConfigMap
	if err = r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err = r.Update(ctx, &cm); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, fmt.Errorf("update: %w", err) // want `resultwitherror: .*RequeueAfter: 1m0s together with a non-nil error`
	}
	return ctrl.Result{}, nil
}

// A deferred patch that assigns the error only when it fails.
type PatchReconciler struct{ client.Client }

func (r *PatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := cm.DeepCopy()
	defer func() {
		if err := r.Patch(ctx, &cm, client.MergeFrom(base)); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	if cm.Data == nil {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, errors.New("no data yet") // want `resultwitherror: .*RequeueAfter: 5s together with a non-nil error`
	}
	return ctrl.Result{}, nil
}

// A deferred closure that wraps every non-nil error: the error stays
// non-nil, so the requeue is still lost.
type WrapInDeferPosReconciler struct{ client.Client }

func (r *WrapInDeferPosReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("reconcile %s: %w", req.Name, err)
		}
	}()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("waiting for data") // want `resultwitherror: .*RequeueAfter: 1m0s together with a non-nil error`
}

// Negatives.

// The fixed twin of CancelReconciler.
type CancelFixedReconciler struct{ client.Client }

func (r *CancelFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

// A requeue with a nil error, in a function whose deferred patch may still
// fail: the patch's failure is its own path, not this return's.
type PatchFixedReconciler struct{ client.Client }

func (r *PatchFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := cm.DeepCopy()
	defer func() {
		if err := r.Patch(ctx, &cm, client.MergeFrom(base)); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	if cm.Data == nil {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}

// Named results set in branches and returned bare: the error is nil on
// the requeue's path.
type BareReconciler struct{ client.Client }

func (r *BareReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	defer log.Println("done")
	var cm corev1.ConfigMap
	if err = r.Get(ctx, req.NamespacedName, &cm); err != nil {
		err = client.IgnoreNotFound(err)
		return
	}
	res = ctrl.Result{RequeueAfter: time.Minute}
	return
}

// A deferred closure that rewrites the error on every pass: the return
// statement's error is not what Reconcile returns.
type WrapInDeferReconciler struct{ client.Client }

func (r *WrapInDeferReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("reconcile %s: %w", req.Name, err)
		}
	}()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
