// Package fixed holds the twins of package instances: the same generic
// code, handed functions that derive what they store from the object.
package fixed

import (
	"context"
	"fmt"

	"nondet/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

func editStatus[O client.Object](ctx context.Context, c client.Client, o O, edit func(O)) error {
	edit(o)
	return c.Status().Update(ctx, o)
}

func countReplicas(w *api.Widget) { w.Status.Message = fmt.Sprint(w.Spec.Replicas) }

// CountReconciler edits the status with the spec's data (not reported).
type CountReconciler struct{ client.Client }

func (r *CountReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, editStatus(ctx, r.Client, &w, countReplicas)
}

type labeller[O any] struct{ label func(O) string }

func (l labeller[O]) message(o O) string { return "label " + l.label(o) }

// GenerationLabelReconciler labels with the object's generation (not
// reported).
type GenerationLabelReconciler struct{ client.Client }

func (r *GenerationLabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	l := labeller[*api.Widget]{label: func(w *api.Widget) string { return fmt.Sprint(w.Generation) }}
	w.Status.Message = l.message(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Typed is the generic reconciler, instantiated with a status function of
// the spec (not reported).
type Typed[O client.Object] struct {
	client.Client
	newObj func() O
	status func(O)
}

func (t *Typed[O]) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	o := t.newObj()
	if err := t.Get(ctx, req.NamespacedName, o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	t.status(o)
	return ctrl.Result{}, t.Status().Update(ctx, o)
}

// NewWidgetReconciler instantiates it for Widgets.
func NewWidgetReconciler(c client.Client) reconcile.Reconciler {
	return &Typed[*api.Widget]{
		Client: c,
		newObj: func() *api.Widget { return &api.Widget{} },
		status: func(w *api.Widget) { w.Status.Message = fmt.Sprintf("replicas %d", w.Spec.Replicas) },
	}
}
