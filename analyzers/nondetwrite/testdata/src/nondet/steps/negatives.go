package steps

import (
	"context"

	"nondet/api"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ready sets the Ready condition; SetStatusCondition keeps the old
// transition time while the status stays the same.
func ready(st *api.WidgetStatus) {
	meta.SetStatusCondition(&st.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Up", LastTransitionTime: metav1.Now(),
	})
}

// The clock reaches the status only through SetStatusCondition, in an
// edit the helper applies and writes: silent.
type ConditionEditReconciler struct{ client.Client }

func (r *ConditionEditReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, editStatus(ctx, r.Client, &w, observed(w.Generation), ready)
}

// The stamping list runs only when the generation is not yet observed,
// and observing it ends that: the stamp comes with a change. Silent.
type GuardedListReconciler struct{ client.Client }

func (r *GuardedListReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.ObservedGeneration == w.Generation {
		return ctrl.Result{}, nil
	}
	runAll(&w, []step{observe, touch})
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
