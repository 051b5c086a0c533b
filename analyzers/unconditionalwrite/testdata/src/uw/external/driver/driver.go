// Package driver is a generic managed reconciler of the crossplane kind:
// it reads the object each request names, asks its external client what
// it observes, and creates or updates only when the observation says so.
package driver

import (
	"context"

	"uw/api"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Observation is what an external client reports about the object.
type Observation struct {
	Exists   bool
	UpToDate bool
}

// External manages the external side of a Widget.
type External interface {
	Observe(ctx context.Context, w *api.Widget) (Observation, error)
	Create(ctx context.Context, w *api.Widget) error
	Update(ctx context.Context, w *api.Widget) error
}

// New returns the reconciler that drives ext.
func New(c client.Client, ext External) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		w := &api.Widget{}
		if err := c.Get(ctx, req.NamespacedName, w); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		obs, err := ext.Observe(ctx, w)
		if err != nil {
			return reconcile.Result{}, err
		}
		switch {
		case !obs.Exists:
			err = ext.Create(ctx, w)
		case !obs.UpToDate:
			err = ext.Update(ctx, w)
		}
		return reconcile.Result{}, err
	})
}
