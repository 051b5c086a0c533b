package rl4

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// P1: a CRD reconciler that waits for other finalizers behind
// GenerationChangedPredicate on For (warning).
type WidgetReconciler struct{ client.Client }

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		if len(w.Finalizers) > 1 { // wait until other controllers finished
			return ctrl.Result{}, nil
		}
		if controllerutil.RemoveFinalizer(&w, fin) {
			return ctrl.Result{}, r.Update(ctx, &w)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(&w, fin) {
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops finalizer-only updates of Widget .*: \(\*WidgetReconciler\)\.Reconcile waits for other finalizers \(it tests len\(Finalizers\)\) but their removal won't trigger Reconcile, so the Update that removes finalizer "example.com/cleanup" never runs`
		Complete(r)
}

// P2: a ConfigMap reconciler that adds and removes a finalizer behind
// WithEventFilter(GenerationChangedPredicate) (error).
type CMReconciler struct{ client.Client }

func (r *CMReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&cm, fin)
		return ctrl.Result{}, r.Update(ctx, &cm)
	}
	if controllerutil.AddFinalizer(&cm, fin) {
		return ctrl.Result{}, r.Update(ctx, &cm)
	}
	return ctrl.Result{}, nil
}

func (r *CMReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops the update that marks a ConfigMap for deletion \(ConfigMap never sets metadata.generation, so the deletion does not bump it\): \(\*CMReconciler\)\.Reconcile never sees the deletion, and the Update that removes finalizer "example.com/cleanup" only runs after a controller restart`
		Complete(r)
}

// P3: a CRD reconciler that manages only its own finalizer, through a
// helper, with the builder started by builder.ControllerManagedBy and the
// filter given to Build (warning).
type GadgetReconciler struct{ client.Client }

func (r *GadgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.ensureFinalizer(ctx, w)
}

func (r *GadgetReconciler) ensureFinalizer(ctx context.Context, obj client.Object) error {
	if controllerutil.AddFinalizer(obj, "example.com/gadget") {
		return r.Update(ctx, obj)
	}
	return nil
}

func (r *GadgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	_, err := builder.ControllerManagedBy(mgr).
		Named("gadget").
		For(&Widget{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops finalizer-only updates of Widget .*: finalizer-only changes \(e\.g\. removal of finalizer "example.com/gadget"\) won't trigger \(\*GadgetReconciler\)\.Reconcile`
		Build(r)
	return err
}

// P9: the generic builder, with the filter applied before For.
func (r *CMReconciler) P9(mgr ctrl.Manager) error {
	return builder.TypedControllerManagedBy[ctrl.Request](mgr).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops the update that marks a ConfigMap for deletion`
		For(&corev1.ConfigMap{}).
		Complete(r)
}
