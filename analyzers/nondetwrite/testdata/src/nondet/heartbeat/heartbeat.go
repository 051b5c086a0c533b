// Package heartbeat runs with the options heartbeat-fields=Status.LastUpdated
// and clock-granularity=1m (see TestHeartbeatOptions).
package heartbeat

import (
	"context"
	"time"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// HeartbeatReconciler stamps a field listed in heartbeat-fields: silent.
type HeartbeatReconciler struct{ client.Client }

func (r *HeartbeatReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastUpdated = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// CoarseReconciler stores a clock value truncated to five minutes: at least
// the granularity, so the finding is info and says so.
type CoarseReconciler struct{ client.Client }

func (r *CoarseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastTransition = metav1.NewTime(time.Now().Truncate(5 * time.Minute)) // want `nondetwrite: time.Now\(\) flows into Widget.Status.LastTransition, .* \(the value is truncated to 5m0s, so it changes at most once per 5m0s\)`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// FineReconciler truncates to a second, below the granularity: an error
// with no note.
type FineReconciler struct{ client.Client }

func (r *FineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = "seen " + time.Now().UTC().Truncate(time.Second).Format(time.RFC3339) // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message, written by Status\(\).Update on every reconcile: each pass writes new bytes, whose watch event starts the next reconcile; set it only when something else changed$`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
