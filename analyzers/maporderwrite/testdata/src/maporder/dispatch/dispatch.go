// Package dispatch: a map order reached through a call of an interface
// method, the implementation chosen by the reconciler's constructor (a
// field of an interface type); the twin's constructor chooses the sorted
// implementation.
package dispatch

import (
	"context"

	"maporder/api"
	"maporder/dispatch/layout"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type LooseReconciler struct {
	client.Client
	layout layout.Layout
}

func NewLooseReconciler(c client.Client) *LooseReconciler {
	return &LooseReconciler{Client: c, layout: layout.Loose{Indent: "  "}}
}

func (r *LooseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Keys = r.layout.Lines(w.Spec.Params) // want `maporderwrite: the order of a map iteration reaches Widget.Status.Keys`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type TidyReconciler struct {
	client.Client
	layout layout.Layout
}

func NewTidyReconciler(c client.Client) *TidyReconciler {
	return &TidyReconciler{Client: c, layout: layout.Tidy{}}
}

func (r *TidyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Keys = r.layout.Lines(w.Spec.Params)
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
