package wsr

import (
	"context"

	"wsr/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Status handed back from a write of a fresh copy: the helper reads the
// object, changes a copy, writes the copy's status and copies the
// server's answer into the caller's object. The caller's object then
// holds what the API holds; nothing is pending when the main write
// replaces it.
type Refresh struct{ client.Client }

func (r *Refresh) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, r.planned(ctx, &w)
	}
	if err := r.setPhase(ctx, &w, "Scaling"); err != nil {
		return ctrl.Result{}, err
	}
	if controllerutil.AddFinalizer(&w, fin) {
		if err := r.Update(ctx, &w); err != nil { // not reported: the status was written by setPhase
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// setPhase writes the phase through a fresh copy, then hands the
// server's status back.
func (r *Refresh) setPhase(ctx context.Context, w *api.Widget, phase string) error {
	var current api.Widget
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), &current); err != nil {
		return err
	}
	updated := current.DeepCopy()
	updated.Status.Phase = phase
	if err := r.Status().Patch(ctx, updated, client.MergeFrom(&current)); err != nil {
		return err
	}
	w.Status = updated.Status
	return nil
}

// planned is the twin whose copy was never written: the status it copies
// is a change of the caller's object, and the main write's answer
// replaces it before the status write.
func (r *Refresh) planned(ctx context.Context, w *api.Widget) error {
	desired := w.DeepCopy()
	desired.Status.Phase = "Planned"
	w.Status = desired.Status
	if controllerutil.AddFinalizer(w, fin) {
		if err := r.Update(ctx, w); err != nil { // want `wrongsubresource: the Update of the Widget replaces the in-memory Status with the server's copy`
			return err
		}
	}
	return r.Status().Update(ctx, w)
}
