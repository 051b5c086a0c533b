package rl42

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl42/api"
)

// P6: the key test goes through a helper of the package that takes the
// key as a parameter, called from a closure.
type WrappedReconciler struct{ client.Client }

func hasAnnotation(meta metav1.ObjectMeta, key string) bool {
	return metav1.HasAnnotation(meta, key)
}

func (r *WrappedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	skip := func() bool { return hasAnnotation(w.ObjectMeta, "example.com/skip") }
	if skip() {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *WrappedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.LabelChangedPredicate{})). // want `metadatapredicate: LabelChangedPredicate on the primary watch drops updates that change only the annotations of Widget .*decides on annotation "example.com/skip" \(a branch, wrapped.go:\d+:\d+\)`
		Complete(r)
}
