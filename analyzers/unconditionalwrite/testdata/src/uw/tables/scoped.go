package tables

import (
	"context"

	"uw/api"
	"uw/lib"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const scopeFin = "example.com/scope"

// ScopeFinalizerReconciler registers its finalizer through a scope of
// another package that diffs before it writes, ignoring AddFinalizer's
// result, then goes on changing the object: the scope persists it mid-way
// on every pass.
type ScopeFinalizerReconciler struct{ client.Client }

func (r *ScopeFinalizerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.reconcileNormal(ctx, lib.NewWidgetScope(r.Client, w))
}

func (r *ScopeFinalizerReconciler) reconcileNormal(ctx context.Context, scope *lib.WidgetScope) error {
	w := scope.Widget
	controllerutil.AddFinalizer(w, scopeFin)
	if err := scope.PatchObject(ctx); err != nil { // want `unconditionalwrite: PatchObject \(Update\) of the Widget runs on every reconcile: controllerutil.AddFinalizer reports whether it changed the object, but its result is ignored. The helper sends nothing when nothing changed`
		return err
	}
	w.Status.Phase = "Ready"
	return nil
}

// ScopeLastWordReconciler's scope write is the last word on the object:
// it sends the new finalizer or nothing (not reported).
type ScopeLastWordReconciler struct{ client.Client }

func (r *ScopeLastWordReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.register(ctx, lib.NewWidgetScope(r.Client, w))
}

func (r *ScopeLastWordReconciler) register(ctx context.Context, scope *lib.WidgetScope) error {
	controllerutil.AddFinalizer(scope.Widget, scopeFin)
	return scope.PatchObject(ctx)
}
