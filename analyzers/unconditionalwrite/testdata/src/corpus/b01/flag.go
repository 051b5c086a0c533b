package b01

import (
	"context"
	"reflect"

	ctrl "sigs.k8s.io/controller-runtime"
)

// FlagReconciler writes only when a flag set under a comparison says so.
type FlagReconciler struct{ Reconciler }

// N: changed := false; if !DeepEqual { …; changed = true }; if changed { write }.
func (r *FlagReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &Cluster{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, err
	}
	desired := ClusterStatus{State: "Running"}
	changed := false
	if !reflect.DeepEqual(desired, c.Status) {
		c.Status = desired
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Status().Update(ctx, c)
	}
	return ctrl.Result{}, nil
}
