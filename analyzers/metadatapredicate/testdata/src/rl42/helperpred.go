package rl42

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl42/api"
)

// P7: the predicate is built by a helper of the package, whose UpdateFunc
// passes generation changes only; the reconciler decides on an
// annotation. The finding is at the helper's call and points at the
// UpdateFunc (checkRelatedUpdateFunc).
type HelperPredReconciler struct{ client.Client }

func (r *HelperPredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations["example.com/hold"] != "" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *HelperPredReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		WithEventFilter(specChangesOnly()). // want `metadatapredicate: specChangesOnly\(\) on the primary watch drops updates that change only the annotations of Widget .*decides on annotation "example.com/hold"`
		Complete(r)
}

func specChangesOnly() predicate.Predicate {
	return predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool { // the update function
			return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
		},
	}
}
