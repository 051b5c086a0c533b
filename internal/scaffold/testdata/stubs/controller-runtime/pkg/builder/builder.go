// Package builder stubs controller-runtime's builder for the scaffold's tests.
package builder

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Builder stubs builder.Builder.
type Builder struct{}

// ControllerManagedBy stubs builder.ControllerManagedBy.
func ControllerManagedBy(manager.Manager) *Builder { return &Builder{} }

// For stubs Builder.For.
func (b *Builder) For(client.Object) *Builder { return b }

// Owns stubs Builder.Owns.
func (b *Builder) Owns(client.Object) *Builder { return b }

// Complete stubs Builder.Complete.
func (b *Builder) Complete(any) error { return nil }
