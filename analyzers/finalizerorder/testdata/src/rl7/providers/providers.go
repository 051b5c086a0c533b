// Package providers wraps the operator's storage provider: its functions
// make the provider calls a finalizer guards.
package providers

import (
	"context"
	"fmt"
)

// Store is the provider's client.
type Store interface {
	DeleteVolume(ctx context.Context, id string) error
}

// Release deletes the volume at the provider.
func Release(ctx context.Context, s Store, id string) error {
	if id == "" {
		return nil
	}
	if err := s.DeleteVolume(ctx, id); err != nil {
		return fmt.Errorf("deleting volume %s: %w", id, err)
	}
	return nil
}

// Describe formats an id; it makes no provider call.
func Describe(id string) error {
	if id == "" {
		return fmt.Errorf("no volume")
	}
	return nil
}
