package condhelper

import (
	"context"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// setOnFlip stamps the condition it is given only when its status flips,
// and syncs the other fields when they differ: the stamp goes into a field
// of the parameter the comparisons do not read.
func setOnFlip(w *api.Widget, desired metav1.Condition) bool {
	now := metav1.Now()
	changed, found := false, false
	for i, cur := range w.Status.Conditions {
		if cur.Type != desired.Type {
			continue
		}
		found = true
		if cur.Status != desired.Status {
			desired.LastTransitionTime = now
			w.Status.Conditions[i] = desired
			changed = true
		} else if cur.Reason != desired.Reason || cur.Message != desired.Message {
			w.Status.Conditions[i].Reason = desired.Reason
			w.Status.Conditions[i].Message = desired.Message
			changed = true
		}
	}
	if !found {
		desired.LastTransitionTime = now
		w.Status.Conditions = append(w.Status.Conditions, desired)
		changed = true
	}
	return changed
}

type FlipStampReconciler struct{ client.Client }

func (r *FlipStampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cond := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ok", Message: "ready"}
	if !setOnFlip(&w, cond) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
