package rl4

import (
	"context"
	"slices"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"rl4/preds"
)

// N1 (catalogue): Or with a finalizer-aware predicate on For; the
// generation predicate on Owns filters a secondary watch only.
func (r *WidgetReconciler) N1(mgr ctrl.Manager) error {
	finalizersOrDeletion := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		return !e.ObjectNew.GetDeletionTimestamp().IsZero() ||
			!slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers())
	}}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, finalizersOrDeletion))).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// N2: generation predicates on Owns and Watches only.
func (r *CMReconciler) N2(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Owns(&corev1.Secret{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Watches(&corev1.Service{}, &handler.EnqueueRequestForObject{}, builder.WithPredicates(predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{})).
		Complete(r)
}

// N3: a reconciler without finalizers behind a generation predicate.
type StatusReconciler struct{ client.Client }

func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

func (r *StatusReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// N4: the reconciler manages finalizers of another kind (the ConfigMaps it
// creates), not of the primary Widget.
type OtherKindReconciler struct{ client.Client }

func (r *OtherKindReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	controllerutil.AddFinalizer(cm, "example.com/protect")
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

func (r *OtherKindReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

// N5: predicates that pass both events, or that cannot be evaluated.
func (r *CMReconciler) N5a(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.ResourceVersionChangedPredicate{}, predicate.Funcs{})).
		WithEventFilter(predicate.Funcs{CreateFunc: func(event.CreateEvent) bool { return true }}).
		Complete(r)
}

func (r *CMReconciler) N5b(mgr ctrl.Manager) error {
	onlyLabelled := predicate.NewPredicateFuncs(func(o client.Object) bool { return o.GetLabels()["app"] != "" })
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, onlyLabelled)).
		Complete(r)
}

func (r *CMReconciler) N5c(mgr ctrl.Manager) error {
	custom := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectNew.GetLabels()["app"] != e.ObjectOld.GetLabels()["app"]
	}}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, custom)).
		Complete(r)
}

// N6: a shared finalizer-aware predicate of another package (facts).
func (r *CMReconciler) N6(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(preds.Safe())).
		WithEventFilter(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, preds.FinalizersOrDeletion)).
		Complete(r)
}

// N7: Not of a generation predicate passes finalizer-only updates; for a
// CRD the deletion mark bumps generation, so Not blocks it — but the
// reconciler here manages no finalizers.
func (r *StatusReconciler) N7(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.Not[client.Object](predicate.GenerationChangedPredicate{}))).
		Complete(r)
}

// N8: the reconciler is an interface value: unknown, silent.
func N8(mgr ctrl.Manager, r reconcile.Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

// N9: controller.New with a secondary watch (not EnqueueRequestForObject).
func N9(mgr ctrl.Manager, r *CMReconciler) error {
	c, err := controller.New("cm", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.ConfigMap{},
		handler.TypedEnqueueRequestsFromMapFunc(func(ctx context.Context, cm *corev1.ConfigMap) []reconcile.Request { return nil }),
		predicate.TypedGenerationChangedPredicate[*corev1.ConfigMap]{}))
}

// N10: a generation predicate on a Deployment-like built-in kind whose
// reconciler polls instead of managing finalizers.
func (r *StatusReconciler) N10(mgr ctrl.Manager) error {
	return builder.TypedControllerManagedBy[reconcile.Request](mgr).
		For(&corev1.Pod{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}
