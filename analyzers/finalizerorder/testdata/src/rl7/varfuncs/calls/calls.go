// Package calls holds the API calls a reconciler makes, each in an
// exported variable: the reconciler calls them through another package's
// function values.
package calls

import (
	"context"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Deleting reports whether the object is being deleted.
var Deleting = func(t *metav1.Time) bool { return !t.IsZero() }

// Drop removes a finalizer.
var Drop = func(o client.Object, f string) bool { return controllerutil.RemoveFinalizer(o, f) }

// Remove deletes an object.
var Remove = func(c client.Client, ctx context.Context, o client.Object) error { return c.Delete(ctx, o) }

// Save writes an object.
var Save = func(c client.Client, ctx context.Context, o client.Object) error { return c.Update(ctx, o) }

// Cleanup deletes the object's data, its error wrapped: no forwarder.
var Cleanup = func(c client.Client, ctx context.Context, o client.Object) error {
	if err := c.Delete(ctx, o); err != nil {
		return fmt.Errorf("deleting %s: %w", o.GetName(), err)
	}
	return nil
}

// Release removes the package's own finalizer: no forwarder either.
var Release = func(o client.Object) {
	controllerutil.RemoveFinalizer(o, "example.com/cleanup")
}
