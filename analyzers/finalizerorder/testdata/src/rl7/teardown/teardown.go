// Package teardown holds the finalize steps the reconcilers of other
// packages call: no reconcile root of its own.
package teardown

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
)

const Finalizer = "example.com/teardown"

// Finalize deletes the child widget and lets the object go; the child's
// controller can hold it with a finalizer of its own, so it may still be
// there when the finalizer goes.
func Finalize(ctx context.Context, c client.Client, w *api.Widget) error {
	child := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-child", Namespace: w.Namespace}}
	if err := c.Delete(ctx, child); client.IgnoreNotFound(err) != nil {
		return err
	}
	controllerutil.RemoveFinalizer(w, Finalizer)
	return c.Update(ctx, w) // want `finalizerorder: the Update that persists the removal of finalizer "example.com/teardown" can run while the object deleted by Delete still exists: a Widget can have finalizers`
}

// Release logs the failure of its cleanup and removes the finalizer
// anyway.
func Release(ctx context.Context, c client.Client, w *api.Widget) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-data", Namespace: w.Namespace}}
	if err := c.Delete(ctx, cm); err != nil {
		log.FromContext(ctx).Error(err, "deleting the data")
	}
	controllerutil.RemoveFinalizer(w, Finalizer)
	return c.Update(ctx, w) // want `finalizerorder: .*although Delete has not succeeded: its error is only logged`
}

// ReleaseChecked returns the cleanup's error first.
func ReleaseChecked(ctx context.Context, c client.Client, w *api.Widget) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-data", Namespace: w.Namespace}}
	if err := c.Delete(ctx, cm); client.IgnoreNotFound(err) != nil {
		return err
	}
	controllerutil.RemoveFinalizer(w, Finalizer)
	return c.Update(ctx, w)
}
