package tables

import (
	"context"

	"uw/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// statusJob does one reconcile's status work and remembers, in a field,
// whether it changed anything: its flush writes only then.
type statusJob struct {
	c     client.Client
	w     *api.Widget
	dirty bool
}

func (j *statusJob) setPhase(p string) {
	if j.w.Status.Phase != p {
		j.w.Status.Phase = p
		j.dirty = true
	}
}

func (j *statusJob) flush(ctx context.Context) error {
	if !j.dirty {
		return nil
	}
	return j.c.Status().Update(ctx, j.w)
}

// DirtyFlagReconciler writes through statusJob (not reported).
type DirtyFlagReconciler struct{ client.Client }

func (r *DirtyFlagReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	job := &statusJob{c: r.Client, w: &w}
	job.setPhase("Ready")
	return ctrl.Result{}, job.flush(ctx)
}

// touchedJob sets its flag whenever it sets the phase, changed or not:
// the flag is true on every pass.
type touchedJob struct {
	c       client.Client
	w       *api.Widget
	touched bool
}

func (j *touchedJob) setPhase(p string) {
	j.w.Status.Phase = p
	j.touched = true
}

func (j *touchedJob) flush(ctx context.Context) error {
	if !j.touched {
		return nil
	}
	return j.c.Status().Update(ctx, j.w) // want `unconditionalwrite: Status\(\).Update of the Widget runs on every reconcile`
}

// TouchedFlagReconciler writes through touchedJob.
type TouchedFlagReconciler struct{ client.Client }

func (r *TouchedFlagReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	job := &touchedJob{c: r.Client, w: &w}
	job.setPhase("Ready")
	return ctrl.Result{}, job.flush(ctx)
}
