// Package tables: writes in functions a reconciler reaches through tables
// it was configured with (a map of handlers keyed by a mode, a list of
// steps held in structs a constructor filled). Which entry runs decides
// nothing about whether the object changed.
package tables

import (
	"context"

	"uw/api"

	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type handler func(ctx context.Context, c client.Client, w *api.Widget) error

func publish(ctx context.Context, c client.Client, w *api.Widget) error {
	w.Status.Phase = "Published"
	return c.Status().Update(ctx, w) // want `unconditionalwrite: Status\(\).Update of the Widget runs on every reconcile`
}

func retire(ctx context.Context, c client.Client, w *api.Widget) error {
	before := w.DeepCopy()
	w.Status.Phase = "Retired"
	if equality.Semantic.DeepEqual(before.Status, w.Status) {
		return nil
	}
	return c.Status().Update(ctx, w)
}

// ModeReconciler runs the handler its table has for the Widget's mode.
type ModeReconciler struct {
	client.Client
	byMode map[string]handler
}

// NewModeReconciler fills the table.
func NewModeReconciler(c client.Client) *ModeReconciler {
	return &ModeReconciler{Client: c, byMode: map[string]handler{"publish": publish, "retire": retire}}
}

func (r *ModeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	h, ok := r.byMode[w.Spec.Params["mode"]]
	if !ok {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, h(ctx, r.Client, &w)
}

// stage is a named step a constructor puts in a list.
type stage struct {
	name string
	do   func(ctx context.Context, w *api.Widget) error
}

// StagesReconciler runs its stages in order.
type StagesReconciler struct {
	client.Client
	stages []stage
}

func (r *StagesReconciler) label(ctx context.Context, w *api.Widget) error {
	if w.Labels["stage"] == "labelled" {
		return nil
	}
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	w.Labels["stage"] = "labelled"
	return r.Update(ctx, w)
}

func (r *StagesReconciler) report(ctx context.Context, w *api.Widget) error {
	w.Status.ObservedGeneration = w.Generation
	return r.Status().Update(ctx, w) // want `unconditionalwrite: Status\(\).Update of the Widget runs on every reconcile`
}

// NewStagesReconciler lists the stages.
func NewStagesReconciler(c client.Client) *StagesReconciler {
	r := &StagesReconciler{Client: c}
	r.stages = []stage{{name: "label", do: r.label}, {name: "report", do: r.report}}
	return r
}

func (r *StagesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, st := range r.stages {
		if err := st.do(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
