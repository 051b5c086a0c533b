// Package ensure holds create helpers another package calls.
package ensure

import (
	"context"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Tolerant creates obj and takes AlreadyExists as success.
func Tolerant(ctx context.Context, c client.Client, obj client.Object) error {
	err := c.Create(ctx, obj)
	if apierrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}

// Missing creates obj only when a lookup says it is not there.
func Missing(ctx context.Context, c client.Client, obj client.Object) error {
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj); !apierrors.IsNotFound(err) {
		return err
	}
	return client.IgnoreAlreadyExists(c.Create(ctx, obj))
}
