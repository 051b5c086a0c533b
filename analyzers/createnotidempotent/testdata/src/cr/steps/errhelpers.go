package steps

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// tolerateExisting decides on the error it is given: AlreadyExists is
// success.
func tolerateExisting(err error) error {
	if apierrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}

// annotate wraps the error it is given; a nil test decides nothing.
func annotate(err error, what string) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Negative: the Create's error goes through a helper of the package that
// takes AlreadyExists as success.
type TolerantHelperReconciler struct{ client.Client }

func (r *TolerantHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-tolerant", Namespace: req.Namespace}}
	return ctrl.Result{}, tolerateExisting(r.Create(ctx, cm))
}

// Positive: a helper that only wraps the error hands AlreadyExists back.
type WrappingHelperReconciler struct{ client.Client }

func (r *WrappingHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-wrapped", Namespace: req.Namespace}}
	return ctrl.Result{}, annotate(r.Create(ctx, cm), "creating the config") // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*WrappingHelperReconciler\).Reconcile`
}

// explain wraps the error it is given in a closure it keeps for its two
// returns; the closure captures the error.
func explain(err error, object string) error {
	wrap := func(reason string) error { return fmt.Errorf("%s %s: %w", reason, object, err) }
	if err == nil {
		return nil
	}
	return wrap("creating")
}

// forgive takes AlreadyExists as success in a closure over the error.
func forgive(err error) error {
	decide := func() error {
		if apierrors.IsAlreadyExists(err) {
			return nil
		}
		return err
	}
	return decide()
}

// Positive: the closure only wraps the error it captured.
type ClosureWrapReconciler struct{ client.Client }

func (r *ClosureWrapReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-explained", Namespace: req.Namespace}}
	return ctrl.Result{}, explain(r.Create(ctx, cm), "the config") // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*ClosureWrapReconciler\).Reconcile`
}

// Negative: the closure decides on AlreadyExists.
type ClosureForgiveReconciler struct{ client.Client }

func (r *ClosureForgiveReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-forgiven", Namespace: req.Namespace}}
	return ctrl.Result{}, forgive(r.Create(ctx, cm))
}
