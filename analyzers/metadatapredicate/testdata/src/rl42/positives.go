package rl42

import (
	"context"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl42/api"
	"rl42/util"
)

// P1: a paused annotation decides an early return; the primary watch is
// filtered by GenerationChangedPredicate (the fix adds
// AnnotationChangedPredicate).
type PausedReconciler struct{ client.Client }

func (r *PausedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
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

func (r *PausedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `metadatapredicate: GenerationChangedPredicate on the primary watch drops updates that change only the annotations of Widget \(they do not bump metadata.generation\), but \(\*PausedReconciler\)\.Reconcile decides on annotation "example.com/paused" \(a branch, positives.go:\d+:\d+\): a change of it is not reconciled until the spec changes or the controller restarts`
		Complete(r)
}

// P2: a replica count from a label, read through GetLabels in a helper
// method of the package that takes a client.Object; the filter is a
// WithEventFilter.
type ScaleReconciler struct{ client.Client }

func (r *ScaleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	n := r.replicas(w)
	dep := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	dep.Spec.Priority = &n
	return ctrl.Result{}, r.Create(ctx, dep)
}

func (r *ScaleReconciler) replicas(o client.Object) int32 {
	n, err := strconv.Atoi(o.GetLabels()["example.com/replicas"])
	if err != nil {
		return 1
	}
	return int32(n)
}

func (r *ScaleReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `metadatapredicate: GenerationChangedPredicate on the primary watch drops updates that change only the labels of Widget .*decides on label "example.com/replicas" \(a branch, positives.go:\d+:\d+\)`
		Complete(r)
}

// P3: the primary's labels are copied onto the Pod it creates (a stored
// value), and a requeue interval comes from an annotation (the result),
// behind LabelChangedPredicate AND GenerationChangedPredicate.
type CopyReconciler struct{ client.Client }

func (r *CopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	pod.Labels = w.GetLabels()
	if err := r.Create(ctx, pod); err != nil {
		return ctrl.Result{}, client.IgnoreAlreadyExists(err)
	}
	d, _ := time.ParseDuration(w.Annotations["example.com/interval"])
	return ctrl.Result{RequeueAfter: d}, nil
}

func (r *CopyReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `metadatapredicate: GenerationChangedPredicate on the primary watch drops updates that change only the labels or annotations of Widget .*decides on the labels \(a stored value, positives.go:\d+:\d+\), annotation "example.com/interval" \(a stored value, positives.go:\d+:\d+\)`
		Complete(r)
}

// P4: metav1.HasAnnotation in a closure, and a label selector built from
// the primary's labels for a List; LabelChangedPredicate passes label
// changes, so only the annotation is missed.
type SelectReconciler struct{ client.Client }

func (r *SelectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	skip := func() bool { return metav1.HasAnnotation(w.ObjectMeta, "example.com/skip") }
	if skip() {
		return ctrl.Result{}, nil
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.MatchingLabels(w.Labels)); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Phase = strconv.Itoa(len(pods.Items))
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *SelectReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.LabelChangedPredicate{})). // want `metadatapredicate: LabelChangedPredicate on the primary watch drops updates that change only the annotations of Widget .*decides on annotation "example.com/skip" \(a branch, positives.go:\d+:\d+\)`
		Complete(r)
}

// P5: a helper of another package reads the annotation (its fact), and a
// label comes back from another helper of that package.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if util.IsPaused(&w) {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = util.Tier(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *HelperReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `metadatapredicate: GenerationChangedPredicate on the primary watch drops updates that change only the labels or annotations of Widget .*decides on label "example.com/tier" \(a stored value, positives.go:\d+:\d+\), annotation "example.com/paused" \(a branch, positives.go:\d+:\d+\)`
		Complete(r)
}

// P7: the reconciler is wrapped in middleware of another package before
// Complete (crossplane's errors.WithSilentRequeueOnConflict(r)).
type WrappedPausedReconciler struct{ client.Client }

func (r *WrappedPausedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if util.IsPaused(&w) {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func (r *WrappedPausedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `metadatapredicate: GenerationChangedPredicate on the primary watch drops updates that change only the annotations of Widget .*\(\*WrappedPausedReconciler\)\.Reconcile decides on annotation "example.com/paused"`
		Complete(util.WithMetrics(r))
}
