// Package addimport gets through a reader of its own; the fix adds the
// client import.
package addimport

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
)

type getter interface {
	Get(ctx context.Context, key types.NamespacedName, obj *corev1.ConfigMap) error
}

type Reconciler struct{ kube ctrl.Manager }

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	client := r.kube.GetClient()
	var cm corev1.ConfigMap
	if err := client.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror`
	}
	return ctrl.Result{}, nil
}
