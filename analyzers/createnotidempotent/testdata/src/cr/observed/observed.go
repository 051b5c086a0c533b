// Package observed: existence checks that are not a test of a Get's
// error. The object may have been read by the caller and passed in (the
// "observed" state, tested for nil or for a creation timestamp), or the
// children may have been listed by label, with a loop that returns when a
// matching one exists. A Create reached only when the check says the
// object is missing is not reported, as after a Get. The same Create with
// a check of the object being created (a fresh object has no creation
// timestamp) or with no check is.
package observed

import (
	"context"

	"cr/api"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var svc *corev1.Service
	var existing corev1.Service
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, &existing); err == nil {
		svc = &existing
	}
	if err := r.ensureService(ctx, &w, svc); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureServiceByTimestamp(ctx, &w, &existing); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensurePod(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.ensureStampedDesired(ctx, desiredService(&w)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.ensurePodNoCheck(ctx, &w)
}

func desiredService(w *api.Widget) *corev1.Service {
	return &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
}

// The observed Service, read by the caller, is nil when it does not exist.
func (r *Reconciler) ensureService(ctx context.Context, w *api.Widget, observed *corev1.Service) error {
	if observed == nil {
		return r.Create(ctx, desiredService(w))
	}
	return nil
}

// The observed Service has no creation timestamp when the caller's Get
// found nothing.
func (r *Reconciler) ensureServiceByTimestamp(ctx context.Context, w *api.Widget, observed *corev1.Service) error {
	if observed.CreationTimestamp.IsZero() {
		return r.Create(ctx, desiredService(w))
	}
	return nil
}

// The children are listed by label; a matching one ends the function.
func (r *Reconciler) ensurePod(ctx context.Context, w *api.Widget) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(w.Namespace), client.MatchingLabels{"app": w.Name}); err != nil {
		return err
	}
	for _, p := range pods.Items {
		if p.Labels["role"] == "main" {
			return nil
		}
	}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-main", Namespace: w.Namespace, Labels: map[string]string{"app": w.Name, "role": "main"}}}
	return r.Create(ctx, pod)
}

// The "check" tests the object being created, which a caller built fresh:
// it never has a creation timestamp, so nothing was looked up.
func (r *Reconciler) ensureStampedDesired(ctx context.Context, desired *corev1.Service) error {
	if desired.CreationTimestamp.IsZero() {
		return r.Create(ctx, desired) // want `createnotidempotent: .*AlreadyExists`
	}
	return nil
}

// No check at all.
func (r *Reconciler) ensurePodNoCheck(ctx context.Context, w *api.Widget) error {
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-sidecar", Namespace: w.Namespace}}
	return r.Create(ctx, pod) // want `createnotidempotent: .*AlreadyExists`
}
