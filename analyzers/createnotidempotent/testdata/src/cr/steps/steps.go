// Package steps: the reconcile runs steps kept in a map or a slice of
// function values; a step that creates a child with a fixed name returns
// its AlreadyExists, which the reconcile returns on every pass after the
// first. The twins ignore AlreadyExists in the step.
package steps

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type phase func(ctx context.Context, req ctrl.Request) error

// Positive: a map of phases, run in a fixed order.
type PhaseReconciler struct{ client.Client }

func (r *PhaseReconciler) config(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-config", Namespace: req.Namespace}}
	return r.Create(ctx, cm) // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*PhaseReconciler\).Reconcile`
}

func (r *PhaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	phases := map[string]phase{
		"config": r.config,
		"noop":   func(context.Context, ctrl.Request) error { return nil },
	}
	for _, name := range []string{"config", "noop"} {
		if err := phases[name](ctx, req); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Negative: the same phases, with AlreadyExists ignored in the step.
type PhaseFixedReconciler struct{ client.Client }

func (r *PhaseFixedReconciler) config(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-config", Namespace: req.Namespace}}
	return client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

func (r *PhaseFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	phases := map[string]phase{
		"config": r.config,
		"noop":   func(context.Context, ctrl.Request) error { return nil },
	}
	for _, name := range []string{"config", "noop"} {
		if err := phases[name](ctx, req); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
