package condhelper

import (
	"context"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A working copy of the status, written back in a deferred call when a
// comparison finds a change. The stamp is made with the phase change that
// the comparison sees; the helper of another package compares the
// conditions only, not the stamped field: the write runs once per change.
type PartCompareReconciler struct{ client.Client }

func (r *PartCompareReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	status := w.Status
	defer func() {
		if w.Status.Phase != status.Phase || !w.Status.ConditionsEqual(&status) {
			w.Status = status
			if uerr := r.Status().Update(ctx, w); uerr != nil && err == nil {
				err = uerr
			}
		}
	}()
	if w.Status.Phase == "Done" {
		return ctrl.Result{}, nil
	}
	if w.Spec.Replicas > 0 {
		status.Phase = "Done"
		status.LastUpdated = metav1.Now()
	}
	return ctrl.Result{}, nil
}

// Twin: the helper compares the whole statuses, the stamp included, so
// the comparison finds a change on every pass that stamps.
type WholeCompareReconciler struct{ client.Client }

func (r *WholeCompareReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	status := w.Status
	defer func() {
		if !w.Status.Same(&status) {
			w.Status = status // want `nondetwrite: metav1.Now\(\) flows into Widget.Status, written by Status\(\).Update on every reconcile`
			if uerr := r.Status().Update(ctx, w); uerr != nil && err == nil {
				err = uerr
			}
		}
	}()
	status.LastUpdated = metav1.Now()
	if w.Spec.Replicas > 0 {
		status.Phase = "Scaled"
	}
	return ctrl.Result{}, nil
}
