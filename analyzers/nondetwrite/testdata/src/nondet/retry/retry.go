// Package retry: a value stamped into the object before a closure that a
// retry helper runs, and written inside it. The helper runs the closure
// while it is called, so the stamp reaches the write in the closure as
// surely as a write after it: every pass writes new bytes. The twins stamp
// only when the phase changed, or take the time inside a block that runs
// on change.
package retry

import (
	"context"
	"time"

	"nondet/api"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Positives.

type ConflictReconciler struct{ client.Client }

func (r *ConflictReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Status().Update(ctx, &w)
	})
	return ctrl.Result{}, err
}

type OnErrorReconciler struct{ client.Client }

func (r *OnErrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	w.Annotations["example.com/checked"] = time.Now().Format(time.RFC3339) // want `nondetwrite: time.Now\(\) flows into Widget.Annotations, written by Update on every reconcile`
	return ctrl.Result{}, retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
		return nil
	})
}

// Negatives.

// The stamp is taken only when the phase changes.
type ConflictFixedReconciler struct{ client.Client }

func (r *ConflictFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase == "Ready" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	w.Status.LastUpdated = metav1.Now()
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Status().Update(ctx, &w)
	})
	return ctrl.Result{}, err
}

// The closure only reads the object again; the stamp goes on another,
// unwritten object.
type ReadOnlyReconciler struct{ client.Client }

func (r *ReadOnlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w, seen api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	seen.Status.LastUpdated = metav1.Now()
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Get(ctx, req.NamespacedName, &w)
	})
	return ctrl.Result{}, err
}

// Positive: a helper of the package that logs and retries the closure it
// is given; the closure is made where it is passed.
type HelperRetryReconciler struct{ client.Client }

func (r *HelperRetryReconciler) withRetry(ctx context.Context, what string, fn func() error) error {
	ctrl.LoggerFrom(ctx).V(1).Info("writing", "what", what)
	return retry.RetryOnConflict(retry.DefaultRetry, fn)
}

func (r *HelperRetryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.withRetry(ctx, "status", func() error {
		return r.Status().Update(ctx, &w)
	})
}
