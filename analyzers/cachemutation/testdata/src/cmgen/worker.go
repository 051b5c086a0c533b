// Package cmgen is a client-go worker over the project's own generated
// lister and typed client.
package cmgen

import (
	"context"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"

	typedshop "cmgen/generated/clientset/typed_shop"
	listers "cmgen/generated/listers_generated/shop/v1"
)

// Worker syncs orders.
type Worker struct {
	orders listers.OrderLister
	client typedshop.OrdersGetter
}

// Positives.

// accept marks the cached order accepted and writes it back.
func (w *Worker) accept(ctx context.Context, key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	order, err := w.orders.Orders(ns).Get(name)
	if err != nil {
		return err
	}
	order.Status.Phase = "Accepted" // want `cachemutation: a store into Status.Phase changes an object owned by the informer cache: the result of OrderNamespaceLister.Get`
	_, err = w.client.Orders(ns).UpdateStatus(ctx, order, metav1.UpdateOptions{})
	return err
}

// normalize lower-cases the items of every cached order.
func (w *Worker) normalize(ctx context.Context) error {
	all, err := w.orders.List(labels.Everything())
	if err != nil {
		return err
	}
	for _, o := range all {
		for i := range o.Spec.Items {
			o.Spec.Items[i] = strings.ToLower(o.Spec.Items[i]) // want `cachemutation: a store into Spec.Items\[\] changes an object owned by the informer cache: an element of the result of OrderLister.List`
		}
		if _, err := w.client.Orders(o.Namespace).Update(ctx, o, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return nil
}

// Fixed twins.

// acceptCopy changes a deep copy.
func (w *Worker) acceptCopy(ctx context.Context, ns, name string) error {
	cached, err := w.orders.Orders(ns).Get(name)
	if err != nil {
		return err
	}
	order := cached.DeepCopy()
	order.Status.Phase = "Accepted"
	_, err = w.client.Orders(ns).UpdateStatus(ctx, order, metav1.UpdateOptions{})
	return err
}

// fresh reads the order from the API server: the object is its own.
func (w *Worker) fresh(ctx context.Context, ns, name string) error {
	order, err := w.client.Orders(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	order.Status.Phase = "Accepted"
	_, err = w.client.Orders(ns).UpdateStatus(ctx, order, metav1.UpdateOptions{})
	return err
}
