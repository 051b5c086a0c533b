// Reproducer for A05 (kepler-operator): metav1.Now() on every condition +
// Status().Update, reached past an `obj == nil` presence test.
// Package path in testdata: nondet/a05 (uses the stub tree of
// analyzers/internal/stubtest/testdata/src and nondet/api.Widget).
// Miss: `ki == nil` is classified G2 (DerivesFromObject(ki) is true for the
// object pointer itself), so the store and the write are "guarded".
package a05

import (
	"context"

	"nondet/api"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type KIReconciler struct{ client.Client }

// getInternal returns nil, nil on NotFound (kepler's getInternal).
func (r *KIReconciler) getInternal(ctx context.Context, req ctrl.Request) (*api.Widget, error) {
	w := api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, nil
		}
		return nil, err
	}
	return &w, nil
}

func (r *KIReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, err := r.getInternal(ctx, req)
	if err != nil {
		return ctrl.Result{}, err
	}
	if w == nil { // presence test: must not count as a change guard
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.updateStatus(ctx, req)
}

// Buggy (kepler_internal.go:152-179).
func (r *KIReconciler) updateStatus(ctx context.Context, req ctrl.Request) error {
	w, _ := r.getInternal(ctx, req)
	if w == nil || !w.GetDeletionTimestamp().IsZero() {
		return nil
	}
	w.Status.Conditions = []metav1.Condition{{Type: "Reconciled", Status: metav1.ConditionTrue}}
	now := metav1.Now()
	for i := range w.Status.Conditions {
		w.Status.Conditions[i].LastTransitionTime = now // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.Conditions\[\].LastTransitionTime, written by Status\(\).Update`
	}
	return r.Status().Update(ctx, w)
}

// Fixed variant (must stay silent): update only when a helper reports a change.
type KIFixed struct{ client.Client }

func setReconciled(w *api.Widget) bool {
	for _, c := range w.Status.Conditions {
		if c.Type == "Reconciled" && c.Status == metav1.ConditionTrue {
			return false
		}
	}
	w.Status.Conditions = []metav1.Condition{{Type: "Reconciled", Status: metav1.ConditionTrue}}
	return true
}

func (r *KIFixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w == nil || !w.GetDeletionTimestamp().IsZero() {
		return ctrl.Result{}, nil
	}
	if !setReconciled(w) {
		return ctrl.Result{}, nil
	}
	now := metav1.Now()
	for i := range w.Status.Conditions {
		w.Status.Conditions[i].LastTransitionTime = now
	}
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
