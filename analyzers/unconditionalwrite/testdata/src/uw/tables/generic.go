package tables

import (
	"context"

	"uw/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Pipeline runs the steps its constructor lists, through a generic
// helper: a call through a function value in a generic body may run any
// function of its type the package uses as a value.
type Pipeline struct {
	client.Client
	steps []handler
}

// NewPipeline lists the steps.
func NewPipeline(c client.Client) *Pipeline {
	return &Pipeline{Client: c, steps: []handler{archiveOnce, archive}}
}

func runSteps[T any](ctx context.Context, p *Pipeline, w *api.Widget) error {
	for _, st := range p.steps {
		if err := st(ctx, p.Client, w); err != nil {
			return err
		}
	}
	return nil
}

func (p *Pipeline) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := p.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, runSteps[struct{}](ctx, p, &w)
}

// archive writes the status on every call.
func archive(ctx context.Context, c client.Client, w *api.Widget) error {
	w.Status.Phase = "Archived"
	return c.Status().Update(ctx, w) // want `unconditionalwrite: Status\(\).Update of the Widget runs on every reconcile`
}

// archiveOnce writes it when the phase moves (not reported).
func archiveOnce(ctx context.Context, c client.Client, w *api.Widget) error {
	if w.Status.Phase == "Archived" {
		return nil
	}
	w.Status.Phase = "Archived"
	return c.Status().Update(ctx, w)
}
