// Package varfuncs calls Create helpers of another package through the
// function values that exported variables of a third package hold; it
// does not import the package that makes the Creates.
package varfuncs

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"cr/varfuncs/jobs"
)

// JobReconciler launches a Job with a generated name on every pass, and
// returns the AlreadyExists of a ConfigMap's Create.
type JobReconciler struct{ client.Client }

func (r *JobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := jobs.Ensure(ctx, r.Client, cm); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create in Ensure is returned`
		return ctrl.Result{}, err
	}
	if err := jobs.EnsureTolerant(ctx, r.Client, cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := jobs.Launch(ctx, r.Client, req.Namespace, req.Name+"-"); err != nil { // want `createnotidempotent: Create in Launch of an object with GenerateName`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
