// Package genclient creates objects through a generated typed client of
// the project's own API.
package genclient

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"

	"cr/genclient/apis"
	typedshop "cr/genclient/typed_shop"
)

// OrderReconciler creates the order the request names on every pass.
type OrderReconciler struct{ shop typedshop.OrdersGetter }

func (r *OrderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	o := &apis.Order{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	_, err := r.shop.Orders(req.Namespace).Create(ctx, o, metav1.CreateOptions{}) // want `createnotidempotent: the AlreadyExists error`
	return ctrl.Result{}, err
}

// CheckedReconciler reads the order first: the Create runs only when the
// Get said NotFound.
type CheckedReconciler struct{ shop typedshop.OrdersGetter }

func (r *CheckedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_, err := r.shop.Orders(req.Namespace).Get(ctx, req.Name, metav1.GetOptions{})
	if err == nil {
		return ctrl.Result{}, nil
	}
	if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	o := &apis.Order{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	_, err = r.shop.Orders(req.Namespace).Create(ctx, o, metav1.CreateOptions{})
	return ctrl.Result{}, err
}
