// Package calls holds write helpers in exported variables: callers reach
// them through another package's function values.
package calls

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Touch updates the object whether or not it changed.
var Touch = func(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Update(ctx, obj)
}

// UpdateIfChanged updates the object only when it differs from before.
var UpdateIfChanged = func(ctx context.Context, c client.Client, obj, before client.Object) error {
	if equality.Semantic.DeepEqual(before, obj) {
		return nil
	}
	return c.Update(ctx, obj)
}

// Ensure creates or updates the object with mutate, which compares.
var Ensure = func(ctx context.Context, c client.Client, obj client.Object, mutate controllerutil.MutateFn) error {
	_, err := controllerutil.CreateOrUpdate(ctx, c, obj, mutate)
	return err
}
