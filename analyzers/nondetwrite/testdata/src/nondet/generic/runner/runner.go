// Package runner is a generic controller: it runs the keyed Sync or the
// ReconcileKind of whichever reconciler it is given.
package runner

import (
	"context"

	"nondet/api"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Syncer syncs the object a key names.
type Syncer interface {
	Sync(ctx context.Context, key types.NamespacedName) error
	// Name names the syncer for logs; the runner calls it with no item.
	Name() string
}

// Keyed runs s for each request.
func Keyed(s Syncer) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		_ = s.Name()
		return reconcile.Result{}, s.Sync(ctx, req.NamespacedName)
	})
}

// KindReconciler reconciles one Widget.
type KindReconciler interface {
	ReconcileKind(ctx context.Context, w *api.Widget) error
}

// ForKind reads the Widget each request names and hands it to r.
func ForKind(c client.Client, r KindReconciler) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		w := &api.Widget{}
		if err := c.Get(ctx, req.NamespacedName, w); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		return reconcile.Result{}, r.ReconcileKind(ctx, w)
	})
}

// Manager reconciles the object it was made for.
type Manager interface {
	Sync(ctx context.Context) error
}

// ManagerFactory makes the Manager of an object.
type ManagerFactory interface {
	NewManager(w *api.Widget) (Manager, error)
	// Auditor makes a manager of no object; the runner syncs it
	// between requests.
	Auditor() Auditor
}

// Auditor is synced with no object.
type Auditor interface {
	Audit(ctx context.Context) error
}

// ForManagers reads the Widget each request names, makes its manager and
// syncs it.
func ForManagers(c client.Client, f ManagerFactory) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		if err := f.Auditor().Audit(ctx); err != nil {
			return reconcile.Result{}, err
		}
		w := &api.Widget{}
		if err := c.Get(ctx, req.NamespacedName, w); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		m, err := f.NewManager(w)
		if err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, m.Sync(ctx)
	})
}

// FuncRunner runs whichever reconcile function it holds.
type FuncRunner struct {
	Fn func(ctx context.Context, req reconcile.Request) (reconcile.Result, error)
}

// Reconcile implements reconcile.Reconciler.
func (r *FuncRunner) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return r.Fn(ctx, req)
}
