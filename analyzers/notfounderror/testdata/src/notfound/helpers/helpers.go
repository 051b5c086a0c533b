// Package helpers is a library package whose functions return a Get's
// error; its facts carry that across packages.
package helpers

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Fetch gets the object at key and returns its error unchanged.
func Fetch(ctx context.Context, c client.Client, key types.NamespacedName, obj client.Object) error {
	return c.Get(ctx, key, obj)
}

// FetchOptional gets the object at key; a missing object is not an error.
func FetchOptional(ctx context.Context, c client.Client, key types.NamespacedName, obj client.Object) error {
	return client.IgnoreNotFound(c.Get(ctx, key, obj))
}

// RequestKey is the key of the object a request names.
func RequestKey(namespace, name string) types.NamespacedName {
	return types.NamespacedName{Namespace: namespace, Name: name}
}

// SharedKey names the namespace's shared settings, whatever is requested.
func SharedKey(namespace string) types.NamespacedName {
	return types.NamespacedName{Namespace: namespace, Name: "shared-settings"}
}
