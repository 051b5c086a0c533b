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
