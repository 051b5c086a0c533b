// Package defeated: a clock value assigned into the desired status before
// an equality check of the whole status defeats the check: the desired
// status always differs from the live one, so the guarded write runs on
// every pass. Stamping after the comparison, on its change edge, settles.
package defeated

import (
	"context"

	"nondet/api"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The seeds' canonical loop: a desired copy stamped before DeepEqual.
type DesiredCopyReconciler struct{ client.Client }

func (r *DesiredCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Phase = "Ready"
	desired.LastUpdated = metav1.Now()
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired // want `nondetwrite: metav1.Now\(\) flows into Widget.Status, written by Status\(\)\.Update on every reconcile: the write's comparison includes the stamped field`
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The fixed twins: the stamp on the change edge, and SetStatusCondition,
// which stamps only on a transition.
type StampOnChangeReconciler struct{ client.Client }

func (r *StampOnChangeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Phase = "Ready"
	desired.LastUpdated = w.Status.LastUpdated
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		desired.LastUpdated = metav1.Now()
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

type SetConditionReconciler struct{ client.Client }

func (r *SetConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}
