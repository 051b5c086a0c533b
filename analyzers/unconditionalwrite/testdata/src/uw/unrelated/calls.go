package unrelated

import (
	"context"

	"uw/api"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The unrelated test is in the caller, the write in a helper it calls
// after it: the helper still writes on every pass that gets past the test.
type HelperSwitchReconciler struct{ client.Client }

func (r *HelperSwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.publish(ctx, &w)
}

func (r *HelperSwitchReconciler) publish(ctx context.Context, w *api.Widget) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"owner": w.Name}
	return r.Update(ctx, cm) // want `unconditionalwrite: Update of the ConfigMap runs on every reconcile`
}

// The twin: the caller's test reads what the helper sets, so the helper
// runs only while the Widget is not yet published.
type HelperPublishedReconciler struct{ client.Client }

func (r *HelperPublishedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase == "Published" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.markPublished(ctx, &w)
}

func (r *HelperPublishedReconciler) markPublished(ctx context.Context, w *api.Widget) error {
	w.Status.Phase = "Published"
	return r.Status().Update(ctx, w)
}
