// Package prnoimport imports ctrl but not reconcile: the fix adds it.
package prnoimport

import (
	"context"
	"strconv"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

// A ConfigMap reconciler parses the requested ConfigMap's own data.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := strconv.ParseFloat(cm.Data["ratio"], 64); err != nil {
		return ctrl.Result{}, err // want `permanentretry: \(\*R\).Reconcile returns the error of strconv.ParseFloat`
	}
	return ctrl.Result{}, nil
}
