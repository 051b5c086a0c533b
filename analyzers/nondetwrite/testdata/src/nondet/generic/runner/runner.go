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
