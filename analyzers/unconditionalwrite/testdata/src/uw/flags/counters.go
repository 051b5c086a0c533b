package flags

import (
	"context"
	"slices"

	"uw/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// pass collects what one reconcile changed; the status is written once,
// at the end, when something did.
type pass struct {
	dirty   bool
	retries int
}

// A restart counts itself in the status, then marks the pass dirty: the
// step changes the status whatever it held, so the flag says something
// changed.
func restart(w *api.Widget, p *pass) {
	w.Status.Restarts++
	p.dirty = true
}

// A per-slot attempt counter, copied, stepped and set back: the same.
func retrySlot(w *api.Widget, slot int, p *pass) {
	attempts := slices.Clone(w.Status.Attempts)
	if slot >= len(attempts) {
		return
	}
	attempts[slot] += 1
	setAttempts(w, attempts)
	p.dirty = true
}

func setAttempts(w *api.Widget, a []int32) { w.Status.Attempts = a }

func markPhase(w *api.Widget, phase string, p *pass) {
	if w.Status.Phase == phase {
		return
	}
	w.Status.Phase = phase
	p.dirty = true
}

type CounterReconciler struct{ client.Client }

func (r *CounterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var p pass
	switch w.Status.Phase {
	case "Failed":
		restart(&w, &p)
	case "SlotFailed":
		retrySlot(&w, 0, &p)
	default:
		markPhase(&w, "Running", &p)
	}
	if p.dirty {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// Twin: the step counts the pass's own retries, not the object's: the
// flag it sets says nothing of a change, and the write runs every pass.
type LocalCounterReconciler struct{ client.Client }

type tally struct {
	dirty bool
	tries int
}

func retryLocal(t *tally) {
	t.tries++
	t.dirty = true
}

func (r *LocalCounterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var t tally
	retryLocal(&t)
	if t.dirty {
		return ctrl.Result{}, r.Status().Update(ctx, &w) // want `unconditionalwrite: Status\(\)\.Update of the Widget runs on every reconcile`
	}
	return ctrl.Result{}, nil
}

// Twin: the object's counter steps on one branch only; the flag is set on
// every path.
type SometimesCounterReconciler struct{ client.Client }

type sweep struct{ dirty bool }

func maybeRestart(w *api.Widget, s *sweep) {
	if w.Status.Phase == "Failed" {
		w.Status.Restarts++
	}
	s.dirty = true
}

func (r *SometimesCounterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var s sweep
	maybeRestart(&w, &s)
	if s.dirty {
		return ctrl.Result{}, r.Status().Update(ctx, &w) // want `unconditionalwrite: Status\(\)\.Update of the Widget runs on every reconcile`
	}
	return ctrl.Result{}, nil
}

// A local flag set after the object's counter steps: a change.
type LocalFlagCounterReconciler struct{ client.Client }

func (r *LocalFlagCounterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := false
	if w.Status.Phase == "Failed" {
		w.Status.Restarts++
		w.Status.Phase = "Restarting"
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}
