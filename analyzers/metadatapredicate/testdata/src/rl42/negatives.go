package rl42

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl42/api"
)

// N1: the predicate passes annotation-only updates too.
type OrReconciler struct{ client.Client }

func (r *OrReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations["example.com/paused"] == "true" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *OrReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))).
		Complete(r)
}

// N2: annotations only logged, put in an error message, or tested for nil
// before the reconciler sets its own key.
type LogReconciler struct{ client.Client }

func (r *LogReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx)
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	logger.Info("reconciling", "owner", w.Annotations["example.com/owner"])
	if v, ok := w.Labels["example.com/debug"]; ok {
		logger.Info("debug", "value", v)
	}
	if w.Spec.Replicas < 0 {
		return ctrl.Result{}, fmt.Errorf("widget %s (team %s): negative replicas", w.Name, w.Labels["example.com/team"])
	}
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	w.Annotations["example.com/seen"] = "yes"
	return ctrl.Result{}, r.Update(ctx, &w)
}

func (r *LogReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// N3: the reconciler's own bookkeeping annotation: it writes the key it
// reads.
type HashReconciler struct{ client.Client }

const hashKey = "example.com/spec-hash"

func (r *HashReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	h := fmt.Sprint(w.Spec.Replicas)
	if w.Annotations[hashKey] == h {
		return ctrl.Result{}, nil
	}
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	w.Annotations[hashKey] = h
	return ctrl.Result{}, r.Update(ctx, &w)
}

func (r *HashReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// N4: labels read from another kind (the Pods it lists).
type PodLabelReconciler struct{ client.Client }

func (r *PodLabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(w.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	ready := 0
	for i := range pods.Items {
		if pods.Items[i].Labels["example.com/ready"] == "true" {
			ready++
		}
	}
	w.Status.Phase = fmt.Sprint(ready)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *PodLabelReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// N5: a ConfigMap primary never sets metadata.generation (RL4001's case).
type CMReconciler struct{ client.Client }

func (r *CMReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Annotations["example.com/paused"] == "true" {
		return ctrl.Result{}, nil
	}
	cm.Data = map[string]string{"ok": "yes"}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

func (r *CMReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// N6: no predicate on the primary watch.
type OpenReconciler struct{ client.Client }

func (r *OpenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations["example.com/paused"] == "true" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *OpenReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		Owns(&corev1.Pod{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// N7: an UpdateFunc that passes generation and annotation changes.
type FuncsReconciler struct{ client.Client }

func (r *FuncsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations["example.com/paused"] == "true" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *FuncsReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool {
				return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration() ||
					!equality.Semantic.DeepEqual(e.ObjectOld.GetAnnotations(), e.ObjectNew.GetAnnotations())
			},
		})).
		Complete(r)
}

// N8: the annotation is read from the parent Widget named in the spec,
// not from the requested one: its changes would not enqueue this request
// whatever the predicate.
type ParentReconciler struct{ client.Client }

func (r *ParentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var parent api.Widget
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Status.Phase}, &parent); err != nil {
		return ctrl.Result{}, err
	}
	if parent.Annotations["example.com/paused"] == "true" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *ParentReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// N9: bookkeeping through metav1.SetMetaDataAnnotation in a helper that
// takes the key: the reconciler writes the key it reads.
type StampReconciler struct{ client.Client }

const appliedKey = "example.com/applied-replicas"

func stamp(w *api.Widget, key, value string) {
	metav1.SetMetaDataAnnotation(&w.ObjectMeta, key, value)
}

func (r *StampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	want := fmt.Sprint(w.Spec.Replicas)
	if w.Annotations[appliedKey] == want {
		return ctrl.Result{}, nil
	}
	stamp(&w, appliedKey, want)
	return ctrl.Result{}, r.Update(ctx, &w)
}

func (r *StampReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}
