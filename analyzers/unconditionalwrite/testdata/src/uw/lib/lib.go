// Package lib holds write helpers in another package.
package lib

import (
	"context"

	"uw/api"

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

// WidgetScope holds the Widget of one reconcile and the copy it was read
// as.
type WidgetScope struct {
	c      client.Client
	Widget *api.Widget
	before *api.Widget
}

// NewWidgetScope takes the copy w's changes are computed from.
func NewWidgetScope(c client.Client, w *api.Widget) *WidgetScope {
	return &WidgetScope{c: c, Widget: w, before: w.DeepCopy()}
}

// PatchObject updates the scope's Widget when it differs from the copy.
func (s *WidgetScope) PatchObject(ctx context.Context) error {
	if equality.Semantic.DeepEqual(s.before, s.Widget) {
		return nil
	}
	return s.c.Update(ctx, s.Widget)
}
