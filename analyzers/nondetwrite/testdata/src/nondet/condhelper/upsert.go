package condhelper

import (
	"context"
	"reflect"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A local closure replaces the condition of the type it is given; each
// condition is built with the time of this pass, so the comparison with
// the copy taken before always finds a change.
type UpsertReconciler struct{ client.Client }

func (r *UpsertReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	upsert := func(c metav1.Condition) {
		for i := range w.Status.Conditions {
			if w.Status.Conditions[i].Type == c.Type {
				w.Status.Conditions[i] = c
				return
			}
		}
		w.Status.Conditions = append(w.Status.Conditions, c)
	}
	for _, t := range []string{"Ready", "Scaled"} {
		upsert(metav1.Condition{Type: t, Status: metav1.ConditionTrue, LastTransitionTime: metav1.Now()}) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.Conditions`
	}
	if reflect.DeepEqual(before.Status.Conditions, w.Status.Conditions) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Twin: the closure keeps the old time when the status did not flip, so
// after the first pass the comparison finds nothing new.
type UpsertKeepReconciler struct{ client.Client }

func (r *UpsertKeepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	upsert := func(c metav1.Condition) {
		for i := range w.Status.Conditions {
			if w.Status.Conditions[i].Type == c.Type {
				if w.Status.Conditions[i].Status == c.Status {
					c.LastTransitionTime = w.Status.Conditions[i].LastTransitionTime
				}
				w.Status.Conditions[i] = c
				return
			}
		}
		w.Status.Conditions = append(w.Status.Conditions, c)
	}
	for _, t := range []string{"Ready", "Scaled"} {
		upsert(metav1.Condition{Type: t, Status: metav1.ConditionTrue, LastTransitionTime: metav1.Now()})
	}
	if reflect.DeepEqual(before.Status.Conditions, w.Status.Conditions) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The object held by a pointer the closure captures, stamped in a
// condition built before a check may change it.
type UpsertPtrReconciler struct{ Client client.Client }

func (r UpsertPtrReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	obj := &api.Widget{}
	if err := r.Client.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := obj.DeepCopy()
	upsert := func(c metav1.Condition) {
		for i := range obj.Status.Conditions {
			if obj.Status.Conditions[i].Type == c.Type {
				obj.Status.Conditions[i] = c
				return
			}
		}
		obj.Status.Conditions = append(obj.Status.Conditions, c)
	}
	for _, t := range []string{"Ready", "Scaled"} {
		cond := metav1.Condition{Type: t, Status: metav1.ConditionTrue, LastTransitionTime: metav1.Now()}
		if obj.Spec.Replicas == 0 {
			cond.Status = metav1.ConditionFalse
		}
		upsert(cond) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.Conditions`
	}
	if reflect.DeepEqual(base.Status.Conditions, obj.Status.Conditions) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Client.Status().Patch(ctx, obj, client.MergeFrom(base))
}
