package rl7

import (
	"context"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
)

// Cleanups through an interface of the operator's own: which
// implementation runs is not known, but any can fail.

// BucketStore is the operator's storage client.
type BucketStore interface {
	DeleteBucket(ctx context.Context, name string) error
	Exists(ctx context.Context, name string) bool
}

// Notifier tells someone; it cannot fail.
type Notifier interface {
	Notify(msg string)
}

// I1: the bucket's deletion error is only logged.
type BucketReconciler struct {
	client.Client
	Store  BucketStore
	Notify Notifier
}

func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.Store.DeleteBucket(ctx, w.Name); err != nil {
		log.FromContext(ctx).Error(err, "deleting the bucket")
	}
	r.Notify.Notify("deleted " + w.Name)
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: the Update that persists the removal of finalizer "example.com/cleanup" can run although BucketStore.DeleteBucket has not succeeded: its error is only logged`
}

// I2: the error is ignored.
type BucketIgnoreReconciler struct {
	client.Client
	Store BucketStore
}

func (r *BucketIgnoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		_ = r.Store.DeleteBucket(ctx, w.Name)
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: .*although BucketStore.DeleteBucket has not succeeded: its error is ignored`
	}
	return ctrl.Result{}, nil
}

// Fixed twin: the error stops the removal; a method that cannot fail and
// a test are not cleanups.
type BucketGoodReconciler struct {
	client.Client
	Store  BucketStore
	Notify Notifier
}

func (r *BucketGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if r.Store.Exists(ctx, w.Name) {
		if err := r.Store.DeleteBucket(ctx, w.Name); err != nil {
			return ctrl.Result{}, err
		}
	}
	r.Notify.Notify("deleted " + w.Name)
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// I-self: the helper removes the finalizer (while deleting, or when the
// widget opts out) and writes the removal itself, after its cleanup has
// succeeded. The caller tests no deletion mark: the helper decides when
// the widget is being deleted, so the caller's own calls (a stale bucket
// deleted on every pass before it, the Update that adds the finalizer
// after it) are the normal path, not the finalizer's cleanup (not
// reported).
type SelfWritingReconciler struct {
	client.Client
	Store BucketStore
}

func (r *SelfWritingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_ = r.Store.DeleteBucket(ctx, "stale-"+w.Name)
	ts, err := r.finish(ctx, &w)
	if err != nil || ts != nil {
		return ctrl.Result{}, err
	}
	if controllerutil.AddFinalizer(&w, "example.com/bucket") {
		if err := r.Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

func (r *SelfWritingReconciler) finish(ctx context.Context, w *api.Widget) (*metav1.Time, error) {
	ts := w.GetDeletionTimestamp()
	if ts != nil || w.Labels["example.com/opt-out"] == "true" {
		if err := r.Store.DeleteBucket(ctx, w.Name); err != nil {
			return ts, err
		}
		if controllerutil.RemoveFinalizer(w, "example.com/bucket") {
			if err := r.Update(ctx, w); err != nil {
				return ts, err
			}
		}
	}
	return ts, nil
}
