// Package flags: a "changed" flag guards a write only where it is set by a
// comparison of the old and the new value (or a change report). A flag set
// on a path without any comparison makes the write unconditional there.
package flags

import (
	"context"
	"errors"

	"uw/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

const fin = "example.com/cleanup"

// Set by comparisons only: a guard.
type ComparedReconciler struct{ client.Client }

func (r *ComparedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := false
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		changed = true
	}
	if w.Status.ObservedGeneration != w.Generation {
		w.Status.ObservedGeneration = w.Generation
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// Set by a change report: a guard.
type ReportReconciler struct{ client.Client }

func (r *ReportReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	hasUpdate := controllerutil.AddFinalizer(&w, fin)
	if hasUpdate {
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// Set by meta.SetStatusCondition's change report and by a comparison:
// a guard.
type ConditionFlagReconciler struct{ client.Client }

func (r *ConditionFlagReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

func validate(w *api.Widget) error {
	if w.Spec.Replicas < 0 {
		return errors.New("negative replicas")
	}
	return nil
}

// Set on the failure edge of an error test (a failure to record) and by a
// comparison: the error path neither guards nor spoils the flag.
type FailureFlagReconciler struct{ client.Client }

func (r *FailureFlagReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := false
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		changed = true
	}
	if err := validate(&w); err != nil {
		w.Status.Phase = "Failed"
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// Set unconditionally on the main path after a compared one: the write
// runs on every pass.
type AlwaysSetReconciler struct{ client.Client }

func (r *AlwaysSetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := false
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		changed = true
	}
	w.Status.ObservedGeneration = w.Generation
	changed = true
	if changed {
		return ctrl.Result{}, r.Status().Update(ctx, &w) // want `unconditionalwrite: Status\(\)\.Update of the Widget runs on every reconcile`
	}
	return ctrl.Result{}, nil
}

// Set under a test of configuration, not of the object: the flag says
// nothing about a change, so the write is unconditional whenever the
// option is on.
type ConfigSetReconciler struct {
	client.Client
	Stamp bool
}

func (r *ConfigSetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	hasUpdate := false
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		hasUpdate = true
	}
	if r.Stamp {
		w.Status.ObservedGeneration = w.Generation
		hasUpdate = true
	}
	if hasUpdate {
		return ctrl.Result{}, r.Status().Update(ctx, &w) // want `unconditionalwrite: Status\(\)\.Update of the Widget runs on every reconcile`
	}
	return ctrl.Result{}, nil
}
