// Package typedshop is a typed client of the project's own API, in the
// shape client-gen generates, kept at a path of the project's choosing.
package typedshop

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	shopv1 "cmgen/apis/shop/v1"
)

// OrdersGetter has a method to return an OrderInterface.
type OrdersGetter interface {
	Orders(namespace string) OrderInterface
}

// OrderInterface has methods to work with Order resources.
type OrderInterface interface {
	Create(ctx context.Context, order *shopv1.Order, opts metav1.CreateOptions) (*shopv1.Order, error)
	Update(ctx context.Context, order *shopv1.Order, opts metav1.UpdateOptions) (*shopv1.Order, error)
	UpdateStatus(ctx context.Context, order *shopv1.Order, opts metav1.UpdateOptions) (*shopv1.Order, error)
	Delete(ctx context.Context, name string, opts metav1.DeleteOptions) error
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*shopv1.Order, error)
}
