// Package results: a struct a helper of another package returns by value
// carries each field's own data. A field filled from map order or the
// clock is non-deterministic; its sibling filled from a count or a
// constant reason is not.
package results

import (
	"context"

	"nondet/api"
	"nondet/results/report"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type NamesReconciler struct{ client.Client }

func (r *NamesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = "checked " + report.Summarize(w.Spec.Params).Checked // want `nondetwrite: .*Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The count and the sorted names of the same report are the same on
// every pass.
type CountReconciler struct{ client.Client }

func (r *CountReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	t := report.Summarize(w.Spec.Params)
	w.Status.ObservedGeneration = int64(t.Count)
	w.Status.Message = t.Names
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type StampReconciler struct{ client.Client }

func (r *StampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var rec report.Recorder
	rec.Because("Synced")
	rec.Now()
	st := rec.Stamp()
	w.Status.Message = st.At // want `nondetwrite: .*Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The reason recorded next to the time is a constant.
type ReasonReconciler struct{ client.Client }

func (r *ReasonReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	rec := &report.Recorder{}
	rec.Because("Synced")
	rec.Now()
	w.Status.Message = rec.Stamp().Reason
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// A Recorder a constructor of the other package made, filled by its
// methods: the time it records goes into the stamp's At, not its Reason.
type MadeStampReconciler struct{ client.Client }

func (r *MadeStampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	rec := report.NewRecorder()
	rec.Now()
	w.Status.Phase = rec.Stamp().Reason
	w.Status.Message = rec.Stamp().At // want `nondetwrite: .*Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
