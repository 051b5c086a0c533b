package rl42

import (
	"context"
	"reflect"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl42/api"
)

// Update functions that assert the event's objects to a type with a
// comma-ok assertion: what they decide depends on the kind the watch
// delivers.

// specOnly passes an update of a Widget only when its spec changed; it
// passes every update of any other kind.
var specOnly = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool {
		before, ok := e.ObjectOld.(*api.Widget)
		if !ok {
			return true
		}
		after, ok := e.ObjectNew.(*api.Widget)
		if !ok {
			return true
		}
		return !reflect.DeepEqual(before.Spec, after.Spec)
	},
}

// A1: a tier label copied into the status, behind specOnly on Widgets.
type TierReconciler struct{ client.Client }

func (r *TierReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = w.Labels["example.com/tier"]
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *TierReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(specOnly)). // want `metadatapredicate: specOnly \(predicate.Funcs \(its UpdateFunc\)\) on the primary watch drops updates that change only the labels of Widget`
		Complete(r)
}

// Negative: the same kind of filter written for Pods, on a Widget watch:
// no Widget is a Pod, so every update passes.
type PodFilterReconciler struct{ client.Client }

func (r *PodFilterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = w.Labels["example.com/tier"]
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *PodFilterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	podSpecOnly := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		old, ok1 := e.ObjectOld.(*corev1.Pod)
		cur, ok2 := e.ObjectNew.(*corev1.Pod)
		return !ok1 || !ok2 || !reflect.DeepEqual(old.Spec, cur.Spec)
	}}
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(podSpecOnly)).
		Complete(r)
}

// Negative: the Widget filter also compares the labels.
type TierGoodReconciler struct{ client.Client }

func (r *TierGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = w.Labels["example.com/tier"]
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *TierGoodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
			before, ok := e.ObjectOld.(*api.Widget)
			after, ok2 := e.ObjectNew.(*api.Widget)
			if !ok || !ok2 {
				return true
			}
			return !reflect.DeepEqual(before.Spec, after.Spec) || !reflect.DeepEqual(before.Labels, after.Labels)
		}})).
		Complete(r)
}
