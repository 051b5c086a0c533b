// Package made makes a manager for each object, for a reconciler of a
// package that imports this one (so no fact of that reconciler reaches
// here): the steps of the manager that take a context are reconcile
// roots, unless the package calls them itself.
package made

import (
	"context"
	"time"

	"nondet/api"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Manager syncs the object it was made for.
type Manager interface {
	Sync(ctx context.Context) error
	Name() string
}

// Factory makes managers.
type Factory struct{ C client.Client }

// NewManager makes the manager of w.
func (f Factory) NewManager(w *api.Widget) (Manager, error) {
	return &manager{c: f.C, obj: w}, nil
}

type manager struct {
	c   client.Client
	obj *api.Widget
}

// Name takes no context: no step of a reconcile.
func (m *manager) Name() string { return "manager-" + time.Now().Format(time.Kitchen) }

func (m *manager) Sync(ctx context.Context) error {
	m.obj.Status.Message = "synced at " + time.Now().String() // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message`
	return m.c.Status().Update(ctx, m.obj)
}

// Refresher is made for an object too, but the package runs it itself,
// under a condition of its own: its caller decides how it is reached.
type Refresher interface {
	Refresh(ctx context.Context) error
}

// NewRefresher makes the refresher of w.
func NewRefresher(c client.Client, w *api.Widget) Refresher { return &refresher{c: c, obj: w} }

type refresher struct {
	c   client.Client
	obj *api.Widget
}

func (r *refresher) Refresh(ctx context.Context) error {
	r.obj.Status.Message = "refreshed at " + time.Now().String()
	return r.c.Status().Update(ctx, r.obj)
}

// RefreshOnce refreshes w when it has never been refreshed.
func RefreshOnce(ctx context.Context, c client.Client, w *api.Widget) error {
	if w.Status.Message != "" {
		return nil
	}
	return NewRefresher(c, w).Refresh(ctx)
}
