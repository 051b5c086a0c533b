// Package mergefrom has the merge-patch families of issue #21: a MergeFrom
// snapshot taken after the mutation (every patch is empty, and the change
// is never sent, so every pass patches again), and a merge patch of a
// child that sets a field without comparing it first; each with its fix.
package mergefrom

import (
	"context"

	"uw/api"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ client.Client }

func (r *Reconciler) child(ctx context.Context, req ctrl.Request) (*api.Widget, *appsv1.Deployment, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return nil, nil, err
	}
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), d); err != nil {
		return nil, nil, err
	}
	return w, d, nil
}

// P: the snapshot is taken inside the helper after the caller changed the
// object: the patch is empty on every pass.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, d, err := r.child(ctx, req)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d.Spec.Replicas = &w.Spec.Replicas
	return ctrl.Result{}, r.patchChild(ctx, d)
}

func (r *Reconciler) patchChild(ctx context.Context, d *appsv1.Deployment) error {
	base := d.DeepCopy()
	return r.Patch(ctx, d, client.MergeFrom(base)) // want `unconditionalwrite: Patch of the Deployment runs on every reconcile`
}

// N: the fix: the snapshot before the change, and the patch only when the
// change is real.
type FixedReconciler struct{ Reconciler }

func (r *FixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, d, err := r.child(ctx, req)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := d.DeepCopy()
	d.Spec.Replicas = &w.Spec.Replicas
	if equality.Semantic.DeepEqual(base.Spec, d.Spec) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Patch(ctx, d, client.MergeFrom(base))
}

// P: a merge patch of the child that sets a field without comparing it.
type SetReconciler struct{ Reconciler }

func (r *SetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, d, err := r.child(ctx, req)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := d.DeepCopy()
	d.Spec.Replicas = &w.Spec.Replicas
	return ctrl.Result{}, r.Patch(ctx, d, client.MergeFrom(base)) // want `unconditionalwrite: Patch of the Deployment runs on every reconcile`
}

// N: its fix: the field is compared first, and the patch sent only when
// it differs.
type SetFixedReconciler struct{ Reconciler }

func (r *SetFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, d, err := r.child(ctx, req)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.Spec.Replicas != nil && *d.Spec.Replicas == w.Spec.Replicas {
		return ctrl.Result{}, nil
	}
	base := d.DeepCopy()
	d.Spec.Replicas = &w.Spec.Replicas
	return ctrl.Result{}, r.Patch(ctx, d, client.MergeFrom(base))
}
