package rl7

import (
	"context"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
)

// isDeleting tests the deletion mark through a helper.
func isDeleting(o client.Object) bool {
	return !o.GetDeletionTimestamp().IsZero()
}

// P6: the deletion test goes through a helper; the cleanup's error is only
// logged on that path.
type HelperTestReconciler struct{ client.Client }

func (r *HelperTestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if isDeleting(&w) {
		if err := r.Delete(ctx, child(&w)); err != nil {
			log.FromContext(ctx).Error(err, "deleting the data")
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: .*although Delete has not succeeded: its error is only logged`
	}
	return ctrl.Result{}, nil
}

// N6: a stale object is deleted on every pass, its error ignored, before
// the deletion test (through a helper); the cleanup on the deletion path
// returns its error. The stale delete is not the finalizer's cleanup.
type StaleReconciler struct{ client.Client }

func (r *StaleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	stale := child(&w)
	stale.Name += "-v1"
	_ = r.Delete(ctx, stale)
	if !isDeleting(&w) {
		return ctrl.Result{}, nil
	}
	if err := r.Delete(ctx, child(&w)); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// N7: on the deletion path the status records the phase with
// SetStatusCondition and an ignored status write: a write of the object
// itself, not a cleanup.
type ConditionReconciler struct{ client.Client }

func (r *ConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if isDeleting(&w) {
		if meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Deleting"}) {
			_ = r.Status().Update(ctx, &w)
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}
