package wsr

import (
	"context"

	"wsr/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Status set through functional options applied in a loop: each option
// may run, so what it stores counts as stored.
type statusOpt func(*api.WidgetStatus)

func phase(p string) statusOpt { return func(s *api.WidgetStatus) { s.Phase = p } }

func keys(k ...string) statusOpt { return func(s *api.WidgetStatus) { s.Keys = k } }

func setStatus(w *api.Widget, opts ...statusOpt) {
	for _, o := range opts {
		o(&w.Status)
	}
}

type Optioned struct{ client.Client }

func (r *Optioned) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, r.statusFirst(ctx, &w)
	}
	setStatus(&w, phase("Scaling"), keys("a", "b"))
	if controllerutil.AddFinalizer(&w, fin) {
		if err := r.Update(ctx, &w); err != nil { // want `wrongsubresource: the Update of the Widget replaces the in-memory Status.Keys, Status.Phase with the server's copy`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// statusFirst writes the status before the main write (not reported).
func (r *Optioned) statusFirst(ctx context.Context, w *api.Widget) error {
	setStatus(w, phase("Idle"), keys())
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(w, fin) {
		return r.Update(ctx, w)
	}
	return nil
}
