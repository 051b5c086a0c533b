package wsr

import (
	"context"

	"wsr/api"
	"wsr/kutil"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A helper of another package annotates a copy it reads again: the
// object's in-memory status is untouched and the status write after it
// sends it.
type RefetchedAnnotate struct{ client.Client }

func (r *RefetchedAnnotate) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Annotated"
	if err := kutil.Annotate(ctx, r.Client, &w, map[string]string{"example.com/seen": w.Name}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Twin: the helper patches the object itself, and the answer replaces
// the status set before it.
type InPlaceAnnotate struct{ client.Client }

func (r *InPlaceAnnotate) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Annotated"
	if err := kutil.AnnotateInPlace(ctx, r.Client, &w, map[string]string{"example.com/seen": w.Name}); err != nil { // want `wrongsubresource: the Patch of the Widget replaces the in-memory Status.Phase with the server's copy`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The helper hands the server's answer back into the object: the status
// set before the call is replaced, and the status write sends the old one.
type StampedAfterStatus struct{ client.Client }

func (r *StampedAfterStatus) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Stamped"
	if err := kutil.Stamp(ctx, r.Client, &w, w.Name); err != nil { // want `wrongsubresource: the call of Stamp reads the Widget again and replaces the in-memory Status.Phase with the server's copy before the status write`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Twin: the status is set after the call.
type StampedBeforeStatus struct{ client.Client }

func (r *StampedBeforeStatus) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := kutil.Stamp(ctx, r.Client, &w, w.Name); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Phase = "Stamped"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// A read into the object itself after the change: the same loss.
type RereadAfterStatus struct{ client.Client }

func (r *RereadAfterStatus) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Seen"
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil { // want `wrongsubresource: the call of Get reads the Widget again and replaces the in-memory Status.Phase`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Twin: the change is made again after the read (a retry that reads the
// latest version and reapplies the status).
type ReappliedAfterReread struct{ client.Client }

func (r *ReappliedAfterReread) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Seen"
	desired := w.Status
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status = desired
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
