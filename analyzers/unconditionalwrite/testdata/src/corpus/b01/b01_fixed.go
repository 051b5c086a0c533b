package b01

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// N: the fix commit: an early return when nothing changed.
type FixedReconciler struct {
	client.Client
	API API
}

func (r *FixedReconciler) setLicense(ctx context.Context, l string, c *Cluster) error {
	if c.Status.License == l {
		return nil
	}
	c.Status.License = l
	return r.Status().Update(ctx, c)
}

func (r *FixedReconciler) ensureOther(ctx context.Context, c *Cluster) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

func (r *FixedReconciler) ensureLicense(ctx context.Context, c *Cluster) (reconcile.Result, error) {
	existing, _ := r.API.GetLicense()
	defer func() {
		if existing != nil {
			_ = r.setLicense(ctx, existing.Type(), c)
		}
	}()
	return reconcile.Result{}, nil
}

func (r *FixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &Cluster{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := validate(c); err != nil {
		if err := r.Status().Update(ctx, c); err != nil { // failure path: stays silent
			return ctrl.Result{}, err
		}
	}
	empty := reconcile.Result{}
	result, err := r.ensureOther(ctx, c)
	if result != empty || err != nil {
		return result, err
	}
	return r.ensureLicense(ctx, c)
}
