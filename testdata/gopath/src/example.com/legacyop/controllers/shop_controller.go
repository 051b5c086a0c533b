// Package controllers reconciles Shops.
package controllers

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	shopv1 "example.com/legacyop/pkg/apis/shop/v1"
)

const finalizer = "shop.example.com/cleanup"

// ShopReconciler reconciles a Shop.
type ShopReconciler struct {
	client.Client
}

// Reconcile brings a Shop to its desired state.
func (r *ShopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var shop shopv1.Shop
	if err := r.Get(ctx, req.NamespacedName, &shop); err != nil {
		return ctrl.Result{}, err // BUG(RL5001): a deleted Shop's NotFound is retried forever
	}
	if !shop.DeletionTimestamp.IsZero() {
		mirror := &shopv1.Shop{ObjectMeta: metav1.ObjectMeta{Name: shop.Name + "-mirror", Namespace: shop.Namespace}}
		if err := r.Delete(ctx, mirror); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&shop, finalizer)
		return ctrl.Result{}, r.Update(ctx, &shop) // BUG(RL7001, RL2001): the mirror Shop may still exist when the finalizer goes; RemoveFinalizer's result is not asked, so the Update runs on every pass
	}
	res, err := r.syncReplicas(ctx, &shop)
	if err != nil {
		return ctrl.Result{}, err
	}
	shop.Status.LastSynced = metav1.Now()                 // BUG(RL1001): the timestamp makes every status write new
	if err := r.Status().Update(ctx, &shop); err != nil { // BUG(RL2001): nothing compares before the write
		return ctrl.Result{}, err
	}
	return res, nil
}

func (r *ShopReconciler) syncReplicas(ctx context.Context, shop *shopv1.Shop) (ctrl.Result, error) {
	if shop.Spec.Replicas == 0 {
		return ctrl.Result{RequeueAfter: 30 * time.Second}, errNoReplicas // BUG(RL5002): Reconcile returns only the error, so the requeue is lost
	}
	return ctrl.Result{}, nil
}

// SetupWithManager registers the reconciler.
func (r *ShopReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&shopv1.Shop{}).Complete(r)
}
