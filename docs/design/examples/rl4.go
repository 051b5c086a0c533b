//go:build ignore

package ex

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

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

// RL4001 P1
func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

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

// RL4001 P2
func (r *CMReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

// RL4001 N1
func (r *WidgetReconciler) N4001a(mgr ctrl.Manager) error {
	finalizersOrDeletion := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		return !e.ObjectNew.GetDeletionTimestamp().IsZero() ||
			!slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers())
	}}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, finalizersOrDeletion))).
		Owns(&corev1.ConfigMap{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}

// RL5001 P1
func (r *WidgetReconciler) P5001a(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, fmt.Errorf("get widget: %w", err)
	}
	return ctrl.Result{}, nil
}

// RL5001 N1: secondary object NotFound is retried on purpose
func (r *WidgetReconciler) N5001a(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	var s corev1.Secret
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.SecretName}, &s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// RL5002 P1
func (r *WidgetReconciler) P5002a(ctx context.Context, w *Widget) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{RequeueAfter: 10 * time.Second}, err
	}
	return ctrl.Result{}, nil
}

// RL5003 P1
func (r *WidgetReconciler) P5003a(ctx context.Context, w *Widget) (ctrl.Result, error) {
	if err := r.Status().Update(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{Requeue: true}, nil //nolint:staticcheck
}

// RL5004 P1
func (r *WidgetReconciler) P5004a(ctx context.Context, w *Widget) (ctrl.Result, error) {
	q, err := resource.ParseQuantity(w.Spec.Params["memory"])
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("invalid memory: %w", err)
	}
	n, err := strconv.Atoi(w.Spec.Params["shards"])
	if err != nil {
		return ctrl.Result{}, err
	}
	_, _ = q, n
	return ctrl.Result{}, nil
}

// RL5004 P2
func (r *WidgetReconciler) P5004b(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Create(ctx, cm); err != nil {
		if apierrors.IsInvalid(err) {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// RL5004 N1
func (r *WidgetReconciler) N5004a(ctx context.Context, w *Widget) (ctrl.Result, error) {
	if _, err := resource.ParseQuantity(w.Spec.Params["memory"]); err != nil {
		return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("invalid memory: %w", err))
	}
	return ctrl.Result{}, errors.New("transient: upstream busy")
}
