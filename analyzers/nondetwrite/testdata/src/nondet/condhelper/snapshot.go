package condhelper

import (
	"context"
	"time"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A snapshot of the status taken at the start, compared by a helper of
// another package in a deferred write that returns early when nothing
// changed; the helper compares the stamp too, so the write runs on every
// pass.
type SnapshotReconciler struct{ c client.Client }

func (r *SnapshotReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.c.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.Status.DeepCopy()
	defer func() {
		if api.Equal(before, &w.Status) {
			return
		}
		if uerr := r.c.Status().Update(ctx, w); uerr != nil && err == nil {
			err = uerr
		}
	}()
	w.Status.StartTime = &metav1.Time{Time: time.Now()} // want `nondetwrite: time.Now\(\) flows into Widget.Status.StartTime, written by Status\(\).Update on every reconcile`
	w.Status.ObservedGeneration = w.Generation
	return ctrl.Result{}, nil
}

// Twin: the helper leaves the times out, so the write runs when the
// phase, the generation or the message changed, and the stamp rides along.
type OutcomeSnapshotReconciler struct{ c client.Client }

func (r *OutcomeSnapshotReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.c.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.Status.DeepCopy()
	defer func() {
		if api.SameOutcome(before, &w.Status) {
			return
		}
		if uerr := r.c.Status().Update(ctx, w); uerr != nil && err == nil {
			err = uerr
		}
	}()
	w.Status.StartTime = &metav1.Time{Time: time.Now()}
	w.Status.ObservedGeneration = w.Generation
	return ctrl.Result{}, nil
}

// The same with a comparison written with early returns, and a return
// of the reconcile on a branch before the stamp's end.
type EarlySnapshotReconciler struct{ c client.Client }

func (r *EarlySnapshotReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.c.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.Status.DeepCopy()
	defer func() {
		if api.SameStatus(before, &w.Status) {
			return
		}
		if uerr := r.c.Status().Update(ctx, w); uerr != nil && err == nil {
			err = uerr
		}
	}()
	w.Status.StartTime = &metav1.Time{Time: time.Now()} // want `nondetwrite: time.Now\(\) flows into Widget.Status.StartTime, written by Status\(\).Update on every reconcile`
	if w.Spec.Replicas == 0 {
		w.Status.Phase = "Idle"
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Running"
	return ctrl.Result{}, nil
}

// A next status computed by a helper that stamps only when the phase
// moves: the deferred comparison of the whole status finds a change only
// when the phase changed, stamp or not.
func nextStatus(prev api.WidgetStatus, phase string, now metav1.Time) api.WidgetStatus {
	next := prev
	if prev.Phase != phase {
		next.Phase = phase
		next.LastUpdated = now
	}
	return next
}

type SteppedSnapshotReconciler struct{ c client.Client }

func (r *SteppedSnapshotReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.c.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.Status.DeepCopy()
	defer func() {
		if api.SameStatus(before, &w.Status) && before.LastUpdated.Equal(&w.Status.LastUpdated) {
			return
		}
		if uerr := r.c.Status().Update(ctx, w); uerr != nil && err == nil {
			err = uerr
		}
	}()
	phase := "Idle"
	if w.Spec.Replicas > 0 {
		phase = "Running"
	}
	w.Status = nextStatus(w.Status, phase, metav1.Now())
	return ctrl.Result{}, nil
}
