package notfound

import (
	"context"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A child named after its owner is read with the request's key too: its
// NotFound (the child is not created yet) is not the requested object's,
// and retrying until it appears is the point (not reported). The
// requested object is the kind the root reads first by the request.
type ChildByNameReconciler struct{ client.Client }

func (r *ChildByNameReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var deploy appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &deploy); err != nil {
		return ctrl.Result{}, fmt.Errorf("waiting for the deployment: %w", err)
	}
	return ctrl.Result{}, nil
}

// The owner's own NotFound is still reported, whatever is read after it.
type OwnerFirstReconciler struct{ client.Client }

func (r *OwnerFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror`
	}
	var deploy appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &deploy); err != nil {
		return ctrl.Result{}, fmt.Errorf("waiting for the deployment: %w", err)
	}
	return ctrl.Result{}, nil
}
