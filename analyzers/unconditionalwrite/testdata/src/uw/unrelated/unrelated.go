// Package unrelated holds writes behind early returns on conditions that
// compare nothing the write changes (a spec switch, a pause annotation, a
// helper's bool, the readiness of another object): the write runs on every
// pass that gets past them. Their twins compare what they write with what
// was read, and stay silent.
package unrelated

import (
	"context"
	"reflect"

	"uw/api"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const pausedAnnotation = "example.com/paused"

// Positives.

// A switch in the spec decides whether the reconciler acts at all.
type SwitchReconciler struct{ client.Client }

func (r *SwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Running"
	if err := r.Status().Update(ctx, &w); err != nil { // want `unconditionalwrite: Status\(\).Update of the Widget runs on every reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A pause annotation, read through a helper of the package.
type PauseReconciler struct{ client.Client }

func paused(o client.Object) bool {
	return o.GetAnnotations()[pausedAnnotation] == "true"
}

func (r *PauseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if paused(&cm) {
		return ctrl.Result{}, nil
	}
	if cm.Labels == nil {
		cm.Labels = map[string]string{}
	}
	cm.Labels["example.com/owner"] = "team-a"
	return ctrl.Result{}, r.Update(ctx, &cm) // want `unconditionalwrite: Update of the ConfigMap runs on every reconcile`
}

// One annotation decides, another is set: the keys are different
// constants, so the test compares nothing the write changes.
type AnnotationKeyReconciler struct{ client.Client }

const limitAnnotation = "example.com/max-replicas"

func (r *AnnotationKeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	limit, ok := d.Annotations[limitAnnotation]
	if !ok || limit == "" {
		return ctrl.Result{}, nil
	}
	d.Annotations["example.com/limit-seen"] = limit
	return ctrl.Result{}, r.Update(ctx, d) // want `unconditionalwrite: Update of the Deployment runs on every reconcile`
}

// The readiness of another object decides; the status written is not
// compared.
type ReadyReconciler struct{ client.Client }

func (r *ReadyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var dep appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, &dep); err != nil {
		return ctrl.Result{}, err
	}
	if dep.Status.ReadyReplicas < w.Spec.Replicas {
		return ctrl.Result{Requeue: true}, nil
	}
	w.Status.Phase = "Ready"
	w.Status.ObservedGeneration = w.Generation
	if err := r.Status().Update(ctx, &w); err != nil { // want `unconditionalwrite: Status\(\).Update of the Widget runs on every reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Negatives: the same reconcilers, each comparing what it writes.

// The phase is tested before it is set: a compare-then-set.
type SwitchFixedReconciler struct{ client.Client }

func (r *SwitchFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 || w.Status.Phase == "Running" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Running"
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The labels are compared with a copy taken before the change.
type PauseFixedReconciler struct{ client.Client }

func (r *PauseFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if paused(&cm) {
		return ctrl.Result{}, nil
	}
	before := cm.DeepCopy()
	if cm.Labels == nil {
		cm.Labels = map[string]string{}
	}
	cm.Labels["example.com/owner"] = "team-a"
	if reflect.DeepEqual(before.Labels, cm.Labels) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// The annotation tested is the one set: the write runs only while it is
// missing.
type AnnotationKeyFixedReconciler struct{ client.Client }

func (r *AnnotationKeyFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, ok := d.Annotations[limitAnnotation]; ok {
		return ctrl.Result{}, nil
	}
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	d.Annotations[limitAnnotation] = "10"
	return ctrl.Result{}, r.Update(ctx, d)
}

// A helper compares the desired status with the observed one.
type ReadyFixedReconciler struct{ client.Client }

func needsStatus(w *api.Widget, want api.WidgetStatus) bool {
	return !equality.Semantic.DeepEqual(w.Status, want)
}

func (r *ReadyFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var dep appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, &dep); err != nil {
		return ctrl.Result{}, err
	}
	if dep.Status.ReadyReplicas < w.Spec.Replicas {
		return ctrl.Result{Requeue: true}, nil
	}
	want := w.Status
	want.Phase = "Ready"
	want.ObservedGeneration = w.Generation
	if !needsStatus(&w, want) {
		return ctrl.Result{}, nil
	}
	w.Status = want
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A generation test that the write itself records: the status write runs
// once per generation.
type GenerationReconciler struct{ client.Client }

func (r *GenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.ObservedGeneration == w.Generation {
		return ctrl.Result{}, nil
	}
	w.Status.ObservedGeneration = w.Generation
	w.Status.Phase = "Synced"
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A change report still guards the write behind an unrelated early return.
type ReportBehindSwitchReconciler struct{ client.Client }

func (r *ReportBehindSwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	if meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Running"}) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// CreateOrUpdate compares before it writes, behind an unrelated early
// return or not.
type CreateOrUpdateBehindSwitchReconciler struct{ client.Client }

func (r *CreateOrUpdateBehindSwitchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if paused(&w) {
		return ctrl.Result{}, nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"replicas": "set"}
		return nil
	})
	return ctrl.Result{}, err
}
