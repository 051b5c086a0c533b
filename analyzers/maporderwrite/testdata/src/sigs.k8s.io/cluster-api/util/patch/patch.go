// Package patch is a stub of sigs.k8s.io/cluster-api/util/patch: the
// declarations the analysis models (NewHelper, (*Helper).Patch), with the
// signatures of cluster-api v1.x. The analysis knows the helper from its
// table, not from this body.
package patch

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Helper patches an object with its changes since NewHelper.
type Helper struct {
	client client.Client
	before client.Object
}

// HelperOptions holds the options of a patch.
type HelperOptions struct{}

// Option configures a patch.
type Option interface {
	// ApplyToHelper applies the option.
	ApplyToHelper(*HelperOptions)
}

// NewHelper snapshots obj; call it before changing obj.
func NewHelper(obj client.Object, crClient client.Client) (*Helper, error) {
	return &Helper{client: crClient, before: obj.DeepCopyObject().(client.Object)}, nil
}

// Patch writes the changes of obj (metadata, spec, status) since NewHelper.
func (h *Helper) Patch(ctx context.Context, obj client.Object, opts ...Option) error {
	return nil
}
