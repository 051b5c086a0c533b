// Package model exercises the reconcilelint summary model: every root
// style, scope through helpers, closures, defers and interfaces, every
// write sink, and every guard class, positive and negative.
package model

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// R1a: Reconcile(ctx, reconcile.Request), through the ctrl aliases.
type R1a struct{ client.Client }

func (r *R1a) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `root R1a`
	return ctrl.Result{}, nil
}

// R1b: an ObjectReconciler, wired with AsReconciler (R3 keeps R1b).
type R1b struct{ client.Client }

func (r *R1b) Reconcile(ctx context.Context, cm *corev1.ConfigMap) (reconcile.Result, error) { // want `root R1b`
	return reconcile.Result{}, nil
}

func setupR1b(c client.Client) reconcile.Reconciler {
	return reconcile.AsReconciler[*corev1.ConfigMap](c, &R1b{Client: c})
}

// R1c: a TypedReconciler with its own request type.
type clusterRequest struct {
	types.NamespacedName
	Cluster string
}

type R1c struct{ client.Client }

func (r *R1c) Reconcile(ctx context.Context, req clusterRequest) (reconcile.Result, error) { // want `root R1c`
	return reconcile.Result{}, nil
}

// R2: a func literal converted to reconcile.Func, and a named function.
func newFunc(c client.Client) reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want `root R2`
		return reconcile.Result{}, nil
	})
}

func namedFunc(ctx context.Context, req reconcile.Request) (reconcile.Result, error) { // want `root R2`
	return reconcile.Result{}, nil
}

var _ reconcile.Reconciler = reconcile.Func(namedFunc)

// R2 with a typed request.
var typedFunc = reconcile.TypedFunc[clusterRequest](func(ctx context.Context, req clusterRequest) (reconcile.Result, error) { // want `root R2`
	return reconcile.Result{}, nil
})

// R4: a configured root (a client-go style sync handler).
//
//reconcilelint:root
func syncHandler(ctx context.Context, key string) error { // want `root R4`
	return nil
}

// Not roots: wrong signatures.
type notRoot struct{}

func (notRoot) Reconcile(ctx context.Context, req ctrl.Request) error { return nil }

func (notRoot) Sync(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
