// Package deadline stamps an annotation once per period: the guard orders
// the time since the last stamp against the period, so the pass after a
// stamp returns early. A comparison of the stamp with the clock itself
// is no such guard.
package deadline

import (
	"context"
	"strconv"
	"time"

	"nondet/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const rotatedAt = "example.com/rotated-at"

// N: rotation once per period, the deadline computed with time.Until.
type RotateReconciler struct {
	client.Client
	Period time.Duration
}

func (r *RotateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	last, err := time.Parse(time.RFC3339, w.Annotations[rotatedAt])
	if err != nil {
		last = w.CreationTimestamp.Time
	}
	if due := time.Until(last.Add(r.Period)); due > 0 {
		return ctrl.Result{RequeueAfter: due}, nil
	}
	patch := client.MergeFrom(w.DeepCopy())
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	w.Annotations[rotatedAt] = time.Now().UTC().Format(time.RFC3339)
	return ctrl.Result{}, r.Patch(ctx, &w, patch)
}

// N: the same with time.Since against an interval.
type ProbeReconciler struct {
	client.Client
	Interval time.Duration
}

func (r *ProbeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sec, _ := strconv.ParseInt(w.Annotations[rotatedAt], 10, 64)
	if time.Since(time.Unix(sec, 0)) < r.Interval {
		return ctrl.Result{RequeueAfter: r.Interval}, nil
	}
	w.Annotations[rotatedAt] = strconv.FormatInt(time.Now().Unix(), 10)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// P: the guard compares the stamped seconds with the clock's: a second
// later they differ again, so every pass writes.
type SecondsReconciler struct{ client.Client }

func (r *SecondsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	now := strconv.FormatInt(time.Now().Unix(), 10)
	if w.Annotations[rotatedAt] != now {
		w.Annotations[rotatedAt] = now // want `nondetwrite: time.Now\(\) flows into Widget.Annotations, written by Update on every reconcile: the write's comparison includes the stamped field`
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}
