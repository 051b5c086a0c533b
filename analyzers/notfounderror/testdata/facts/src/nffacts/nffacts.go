// Package nffacts holds helpers whose error result is the error of a Get
// keyed by a parameter: their NotFoundFact carries that to the reconcilers
// of other packages.
package nffacts

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Fetch returns the error of the Get of key unchanged.
func Fetch(ctx context.Context, c client.Client, key types.NamespacedName, obj client.Object) error { // want Fetch:`notfound-of-param-2`
	return c.Get(ctx, key, obj)
}

// FetchOptional ignores NotFound: no fact.
func FetchOptional(ctx context.Context, c client.Client, key types.NamespacedName, obj client.Object) error {
	return client.IgnoreNotFound(c.Get(ctx, key, obj))
}
