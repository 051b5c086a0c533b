// Package varfuncs writes through helpers held in exported variables of
// another package: each is judged by the function it holds.
package varfuncs

import (
	"context"

	"uw/varfuncs/calls"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The held helper writes on every pass.
type TouchReconciler struct{ client.Client }

func (r *TouchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Data = map[string]string{"ready": "true"}
	return ctrl.Result{}, calls.Touch(ctx, r.Client, &cm) // want `unconditionalwrite: Touch writes the ConfigMap \(Update\) on every reconcile`
}

// Twin: the held helper compares before it writes.
type ComparedReconciler struct{ client.Client }

func (r *ComparedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := cm.DeepCopy()
	cm.Data = map[string]string{"ready": "true"}
	return ctrl.Result{}, calls.UpdateIfChanged(ctx, r.Client, &cm, before)
}

// Twin: CreateOrUpdate through a held helper compares what mutate sets.
type EnsureReconciler struct{ client.Client }

func (r *EnsureReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = req.Name+"-cfg", req.Namespace
	err := calls.Ensure(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"ready": "true"}
		return nil
	})
	return ctrl.Result{}, err
}
