// Package patch is a diffing patch helper of another package: it takes a
// snapshot, and its Patch sends the status and the rest of the object,
// each only when it differs from the snapshot. The status goes out on a
// copy made for that write alone.
package patch

import (
	"context"
	"reflect"

	"sigs.k8s.io/controller-runtime/pkg/client"

	"nondet/api"
)

// Helper patches what changed since New.
type Helper struct {
	c    client.Client
	base *api.Widget
}

// New takes the snapshot.
func New(w *api.Widget, c client.Client) *Helper {
	return &Helper{c: c, base: w.DeepCopy()}
}

// Patch sends w's changes since the snapshot.
func (h *Helper) Patch(ctx context.Context, w *api.Widget) error {
	if !reflect.DeepEqual(h.base.Status, w.Status) {
		if err := h.c.Status().Patch(ctx, w.DeepCopyObject().(client.Object), client.MergeFrom(h.base)); err != nil {
			return err
		}
	}
	if !reflect.DeepEqual(h.base.Spec, w.Spec) {
		return h.c.Patch(ctx, w, client.MergeFrom(h.base))
	}
	return nil
}
