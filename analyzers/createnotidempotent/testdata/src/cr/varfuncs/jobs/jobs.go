// Package jobs exports the helpers of cr/lib through variables, so that
// its callers call them through function values and need not import
// cr/lib.
package jobs

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"cr/lib"
)

// Launch creates a Job with a generated name.
var Launch = func(ctx context.Context, c client.Client, ns, prefix string) error {
	return lib.LaunchJob(ctx, c, ns, prefix)
}

// Ensure creates a ConfigMap and returns AlreadyExists as is.
var Ensure = func(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return lib.EnsureConfigMap(ctx, c, cm)
}

// EnsureTolerant creates a ConfigMap and ignores AlreadyExists.
var EnsureTolerant = func(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return lib.EnsureConfigMapTolerant(ctx, c, cm)
}
