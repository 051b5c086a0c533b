package wsr

import (
	"context"

	"wsr/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A per-reconcile scope built around a pointer to the reconciled object:
// what its methods store through that pointer is stored into the object.
type widgetScope struct {
	name   string
	widget *api.Widget
}

func newWidgetScope(w *api.Widget) *widgetScope {
	return &widgetScope{name: w.Namespace + "/" + w.Name, widget: w}
}

// markReady sets the phase through the scope.
func (s *widgetScope) markReady() { s.widget.Status.Phase = "Ready" }

type Scoped struct{ client.Client }

func (r *Scoped) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	scope := newWidgetScope(&w)
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, r.statusFirst(ctx, scope, &w)
	}
	scope.markReady()
	if controllerutil.AddFinalizer(&w, fin) {
		if err := r.Update(ctx, &w); err != nil { // want `wrongsubresource: the Update of the Widget replaces the in-memory Status.Phase with the server's copy`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// statusFirst writes the status the scope set before the main write (not
// reported).
func (r *Scoped) statusFirst(ctx context.Context, scope *widgetScope, w *api.Widget) error {
	scope.markReady()
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(w, fin) {
		return r.Update(ctx, w)
	}
	return nil
}
