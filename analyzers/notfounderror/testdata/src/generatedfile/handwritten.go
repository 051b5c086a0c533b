package generatedfile

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// HandWrittenReconciler: the same defect in a file written by hand, in the
// same package, is reported.
type HandWrittenReconciler struct{ client.Client }

func (r *HandWrittenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*HandWrittenReconciler\).Reconcile returns the NotFound error`
	}
	return ctrl.Result{}, nil
}
