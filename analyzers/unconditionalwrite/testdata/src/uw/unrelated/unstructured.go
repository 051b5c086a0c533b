package unrelated

import (
	"context"

	"uw/api"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The object is read unstructured and converted to its type for the
// test; the store goes into the unstructured content under the JSON keys
// of the field the test compares ("observedGeneration" is
// ObservedGeneration), so the test is a compare-then-set (not reported).
type ConvertedGuardReconciler struct{ client.Client }

func (r *ConvertedGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u := &unstructured.Unstructured{}
	if err := r.Get(ctx, req.NamespacedName, u); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var w api.Widget
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &w); err != nil {
		return ctrl.Result{}, err
	}
	stale := w.Status.ObservedGeneration != w.Generation
	if err := unstructured.SetNestedField(u.Object, w.Generation, "status", "observedGeneration"); err != nil {
		return ctrl.Result{}, err
	}
	if !stale {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, u)
}

// The twin tests the typed spec, which nothing stores into: the test
// decides whether the reconciler acts, and the write runs on every pass
// that gets past it.
type ConvertedSwitchReconciler struct{ client.Client }

func (r *ConvertedSwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u := &unstructured.Unstructured{}
	if err := r.Get(ctx, req.NamespacedName, u); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var w api.Widget
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, &w); err != nil {
		return ctrl.Result{}, err
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	if err := unstructured.SetNestedField(u.Object, w.Generation, "status", "observedGeneration"); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, u) // want `unconditionalwrite: Status\(\)\.Update of the Unstructured runs on every reconcile`
}
