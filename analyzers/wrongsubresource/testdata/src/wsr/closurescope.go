package wsr

import (
	"context"

	"wsr/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A scope built by a closure of its constructor, whose method stores
// through the held pointer from a closure of its own: the stores are the
// object's all the same.
type phaseScope struct {
	obj *api.Widget
}

func openPhaseScope(w *api.Widget) *phaseScope {
	build := func() *phaseScope { return &phaseScope{obj: w} }
	return build()
}

func (s *phaseScope) set(phase string) {
	apply := func() { s.obj.Status.Phase = phase }
	apply()
}

type ClosureScoped struct{ client.Client }

func (r *ClosureScoped) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := openPhaseScope(&w)
	s.set("Provisioning")
	if controllerutil.AddFinalizer(&w, fin) {
		if err := r.Update(ctx, &w); err != nil { // want `wrongsubresource: the Update of the Widget replaces the in-memory Status.Phase with the server's copy`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// ClosureScopedFirst writes the finalizer before the scope sets the phase
// (not reported).
type ClosureScopedFirst struct{ client.Client }

func (r *ClosureScopedFirst) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(&w, fin) {
		if err := r.Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	openPhaseScope(&w).set("Provisioning")
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
