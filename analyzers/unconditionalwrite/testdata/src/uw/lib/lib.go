// Package lib holds write helpers in another package.
package lib

import (
	"context"

	"k8s.io/apimachinery/pkg/api/equality"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Touch updates obj whether or not it changed.
func Touch(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Update(ctx, obj)
}

// UpdateIfChanged updates obj only when it differs from before.
func UpdateIfChanged(ctx context.Context, c client.Client, obj, before client.Object) error {
	if equality.Semantic.DeepEqual(before, obj) {
		return nil
	}
	return c.Update(ctx, obj)
}
