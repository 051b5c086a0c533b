// Package conversion is a stub of
// sigs.k8s.io/controller-runtime/pkg/webhook/conversion.
package conversion

import (
	"context"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Converter converts objects between versions.
type Converter interface {
	ConvertObject(ctx context.Context, src, dst runtime.Object) error
}

// Registry holds the converters by GroupKind.
type Registry interface {
	RegisterConverter(gk schema.GroupKind, converter Converter) error
	GetConverter(gk schema.GroupKind) (Converter, bool)
}
