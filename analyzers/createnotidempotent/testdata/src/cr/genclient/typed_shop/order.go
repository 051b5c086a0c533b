// Package typedshop is a typed client in the shape client-gen generates,
// at a path of the project's choosing (no "typed" directory).
package typedshop

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"cr/genclient/apis"
)

// OrdersGetter has a method to return an OrderInterface.
type OrdersGetter interface {
	Orders(namespace string) OrderInterface
}

// OrderInterface has methods to work with Order resources.
type OrderInterface interface {
	Create(ctx context.Context, order *apis.Order, opts metav1.CreateOptions) (*apis.Order, error)
	Update(ctx context.Context, order *apis.Order, opts metav1.UpdateOptions) (*apis.Order, error)
	Get(ctx context.Context, name string, opts metav1.GetOptions) (*apis.Order, error)
}
