package rl42

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl42/api"
)

// Predicates that drop spec changes of a reconciler that reads the spec.

// S1: creates and deletes only; the size is read in a helper.
type SizeReconciler struct{ client.Client }

func (r *SizeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	pod.Spec.Priority = r.priority(w)
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, pod))
}

func (r *SizeReconciler) priority(w *api.Widget) *int32 {
	p := int32(w.Spec.Replicas)
	return &p
}

func (r *SizeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: func(event.UpdateEvent) bool { return false }})). // want `metadatapredicate: predicate.Funcs \(its UpdateFunc\) on the primary watch drops updates that change the spec of Widget \(they bump metadata.generation\), but \(\*SizeReconciler\)\.Reconcile \(or a function it calls\) reads the spec \(specfilter.go:\d+:\d+\)`
		Complete(r)
}

// S2: a label filter as the event filter; the spec's address goes to a
// helper.
type LabelFilteredReconciler struct{ client.Client }

func (r *LabelFilteredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = phaseOf(&w.Spec)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func phaseOf(s *api.WidgetSpec) string {
	if s.Replicas > 0 {
		return "Running"
	}
	return "Idle"
}

func (r *LabelFilteredReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		WithEventFilter(predicate.LabelChangedPredicate{}). // want `metadatapredicate: LabelChangedPredicate on the primary watch drops updates that change the spec of Widget`
		Complete(r)
}

// Negative: the label filter ORed with the generation filter passes spec
// changes (and label changes).
type LabelOrGenReconciler struct{ client.Client }

func (r *LabelOrGenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = phaseOf(&w.Spec)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *LabelOrGenReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Or(predicate.LabelChangedPredicate{}, predicate.GenerationChangedPredicate{}))).
		Complete(r)
}

// Negative: creates and deletes only, and the reconciler reads nothing of
// the spec (it names a child after the object and marks it seen).
type SeenReconciler struct{ client.Client }

func (r *SeenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-seen", Namespace: w.Namespace}}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

func (r *SeenReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: func(event.UpdateEvent) bool { return false }})).
		Complete(r)
}
