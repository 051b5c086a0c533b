// Package lib holds helpers of another package.
package lib

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// EnsureConfigMap creates cm and returns the error as is.
func EnsureConfigMap(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Create(ctx, cm)
}

// EnsureConfigMapTolerant creates cm and ignores AlreadyExists.
func EnsureConfigMapTolerant(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	if err := c.Create(ctx, cm); err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	return nil
}

// LaunchJob creates a Job with a generated name.
func LaunchJob(ctx context.Context, c client.Client, ns, prefix string) error {
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{GenerateName: prefix, Namespace: ns}}
	return c.Create(ctx, job)
}
