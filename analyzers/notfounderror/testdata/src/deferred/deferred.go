// Package deferred holds reconcilers whose Reconcile defers calls. go/ssa
// spills the results of such a function into cells that the deferred calls
// could assign, so every return reads them back; the check must see the
// values the return statements return all the same.
package deferred

import (
	"context"
	"fmt"
	"log"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Positives.

// A deadline for the whole pass.
type CancelReconciler struct{ client.Client }

func (r *CancelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*CancelReconciler\).Reconcile returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// A deferred log line with the pass's duration.
type LogReconciler struct{ client.Client }

func (r *LogReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	defer log.Printf("reconciled %s in %s", req.NamespacedName, time.Since(start))
	secret := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, secret); err != nil {
		return ctrl.Result{}, fmt.Errorf("fetching secret: %w", err) // want `notfounderror: .*retried forever`
	}
	return ctrl.Result{}, nil
}

// Named results that a deferred closure reads (a metric of the outcome),
// returned by a bare return.
type MetricsReconciler struct {
	client.Client
	failures int
}

func (r *MetricsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	defer func() {
		if err != nil {
			r.failures++
		}
	}()
	var pod corev1.Pod
	err = r.Get(ctx, req.NamespacedName, &pod)
	if err != nil {
		return // want `notfounderror: \(\*MetricsReconciler\).Reconcile returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// A deferred patch in the style of cluster-api's patch helper: the named
// error is assigned only when the patch itself fails, so on every pass
// whose patch succeeds the Get's error is what Reconcile returns.
type PatchReconciler struct{ client.Client }

func (r *PatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	var svc corev1.Service
	if err := r.Get(ctx, req.NamespacedName, &svc); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*PatchReconciler\).Reconcile returns the NotFound error`
	}
	base := svc.DeepCopy()
	defer func() {
		if err := r.Patch(ctx, &svc, client.MergeFrom(base)); err != nil {
			reterr = fmt.Errorf("patching service: %w", err)
		}
	}()
	svc.Labels = map[string]string{"managed": "true"}
	return ctrl.Result{}, nil
}

// A deferred recover that turns a panic into the error.
type RecoverReconciler struct{ client.Client }

func (r *RecoverReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror`
	}
	return ctrl.Result{}, nil
}

// A deferred closure that wraps every non-nil error with the request's
// name: the NotFound stays in the chain of what Reconcile returns.
type WrapInDeferReconciler struct{ client.Client }

func (r *WrapInDeferReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, err error) {
	defer func() {
		if err != nil {
			err = fmt.Errorf("reconciling %s: %w", req.NamespacedName, err)
		}
	}()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*WrapInDeferReconciler\).Reconcile returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// A deferred closure that logs the outcome, fields of the named Result
// included.
type OutcomeReconciler struct{ client.Client }

func (r *OutcomeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, err error) {
	defer func() {
		log.Printf("reconciled %s: requeue after %s, error %v", req.Name, result.RequeueAfter, err)
	}()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*OutcomeReconciler\).Reconcile returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// Negatives.

// The fixed twin of CancelReconciler.
type CancelFixedReconciler struct{ client.Client }

func (r *CancelFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, nil
}

// The fixed twin of MetricsReconciler: NotFound ends the pass.
type MetricsFixedReconciler struct {
	client.Client
	failures int
}

func (r *MetricsFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	defer func() {
		if err != nil {
			r.failures++
		}
	}()
	var pod corev1.Pod
	err = r.Get(ctx, req.NamespacedName, &pod)
	if apierrors.IsNotFound(err) {
		err = nil
		return
	}
	return
}

// A deferred closure that rewrites every error it sees: what the return
// statement returns is not what Reconcile returns, and here the closure
// drops NotFound.
type IgnoreInDeferReconciler struct{ client.Client }

func (r *IgnoreInDeferReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, err error) {
	defer func() {
		err = client.IgnoreNotFound(err)
	}()
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The fixed twin of PatchReconciler.
type PatchFixedReconciler struct{ client.Client }

func (r *PatchFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (_ ctrl.Result, reterr error) {
	var svc corev1.Service
	if err := r.Get(ctx, req.NamespacedName, &svc); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	base := svc.DeepCopy()
	defer func() {
		if err := r.Patch(ctx, &svc, client.MergeFrom(base)); err != nil {
			reterr = fmt.Errorf("patching service: %w", err)
		}
	}()
	svc.Labels = map[string]string{"managed": "true"}
	return ctrl.Result{}, nil
}
