package rl7

import (
	"context"
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
)

// A widget claims namespaces with a finalizer of its own on each. Its
// deletion releases them: the claim's finalizer comes off the namespace,
// then the widget's config map in it is deleted. The namespace is not
// going away, and the widget keeps its own finalizer until every release
// returned nil, so a failed delete after a released claim is retried
// (not reported).
type ClaimReconciler struct {
	client.Client
}

const claimFinalizer = "example.com/claimed-by-widget"

func (r *ClaimReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	for _, ns := range strings.Split(w.Annotations["example.com/claimed-namespaces"], ",") {
		if err := r.release(ctx, &w, ns); err != nil {
			return ctrl.Result{}, err
		}
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// release has no deletion test: its caller runs it while the widget is
// being deleted. The finalizer it removes is the namespace's.
func (r *ClaimReconciler) release(ctx context.Context, w *api.Widget, namespace string) error {
	var ns corev1.Namespace
	if err := r.Get(ctx, types.NamespacedName{Name: namespace}, &ns); err != nil {
		if apierrors.IsNotFound(err) {
			return nil
		}
		return err
	}
	controllerutil.RemoveFinalizer(&ns, claimFinalizer)
	if err := r.Update(ctx, &ns); err != nil {
		return err
	}
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = w.Name+"-config", namespace
	if err := r.Delete(ctx, cm); client.IgnoreNotFound(err) != nil {
		return fmt.Errorf("deleting the config of %s: %w", namespace, err)
	}
	return nil
}

// The twin whose helper takes the widget's own finalizer off before a
// cleanup whose error it only logs: reported.
type ReleaseOwnReconciler struct {
	client.Client
	Store BucketStore
}

func (r *ReleaseOwnReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.releaseOwn(ctx, &w)
}

func (r *ReleaseOwnReconciler) releaseOwn(ctx context.Context, w *api.Widget) error {
	if err := r.Store.DeleteBucket(ctx, w.Name); err != nil {
		log.FromContext(ctx).Error(err, "deleting the bucket")
	}
	controllerutil.RemoveFinalizer(w, fin)
	return r.Update(ctx, w) // want `finalizerorder: the Update that persists the removal of finalizer "example.com/cleanup" can run although BucketStore.DeleteBucket has not succeeded: its error is only logged`
}

// The same release through a helper that reads the namespace by name and
// writes the removal itself (not reported: the namespace's finalizer).
type ClaimByNameReconciler struct {
	client.Client
}

func (r *ClaimByNameReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if err := r.releaseNamed(ctx, &w, w.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

func (r *ClaimByNameReconciler) releaseNamed(ctx context.Context, w *api.Widget, namespace string) error {
	if err := r.unclaim(ctx, namespace); err != nil {
		return err
	}
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = w.Name+"-config", namespace
	return client.IgnoreNotFound(r.Delete(ctx, cm))
}

func (r *ClaimByNameReconciler) unclaim(ctx context.Context, namespace string) error {
	var ns corev1.Namespace
	if err := r.Get(ctx, types.NamespacedName{Name: namespace}, &ns); err != nil {
		return client.IgnoreNotFound(err)
	}
	if controllerutil.RemoveFinalizer(&ns, claimFinalizer) {
		return r.Update(ctx, &ns)
	}
	return nil
}
