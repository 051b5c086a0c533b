// Package noimport reconciles without importing the client package by its
// own name: the fix must add the import, aliased because "client" is taken.
package noimport

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	crclient "sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct{ C crclient.Client }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.C.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror`
	}
	return ctrl.Result{}, nil
}
