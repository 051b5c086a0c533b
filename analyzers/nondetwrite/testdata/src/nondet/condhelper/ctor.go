package condhelper

import (
	"context"
	"fmt"
	"time"

	"nondet/api"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Conditions built by a constructor helper, then set with
// meta.SetStatusCondition, which stamps LastTransitionTime only when the
// status changes: each field of the built condition carries what the
// constructor stored into it.

// readyCondition stamps the time itself and says nothing variable.
func readyCondition(reason string) metav1.Condition {
	var c metav1.Condition
	c.Type = "Ready"
	c.Status = metav1.ConditionTrue
	c.Reason = reason
	c.LastTransitionTime = metav1.Now()
	return c
}

// progressCondition puts the elapsed time into the message.
func progressCondition(since time.Time) metav1.Condition {
	return metav1.Condition{
		Type:    "Progressing",
		Status:  metav1.ConditionTrue,
		Reason:  "Running",
		Message: fmt.Sprintf("running for %s", time.Since(since).Round(time.Second)),
	}
}

// The time is stamped only on a change (not reported).
type CtorReadyReconciler struct{ client.Client }

func (r *CtorReadyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if meta.SetStatusCondition(&w.Status.Conditions, readyCondition("Reconciled")) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The message changes on every pass, so SetStatusCondition reports a
// change every time and the write persists it.
type CtorProgressReconciler struct{ client.Client }

func (r *CtorProgressReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if meta.SetStatusCondition(&w.Status.Conditions, progressCondition(w.CreationTimestamp.Time)) { // want `nondetwrite: .* flows into Widget.Status.Conditions, written by Status\(\).Update on every reconcile`
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}
