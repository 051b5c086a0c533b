package rl7

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A protection finalizer on a Secret the controller owns: removed, then
// the Secret itself deleted by the same name. Deleting the object whose
// own finalizer is removed is not a cleanup that finalizer guards.
func releaseSecret(ctx context.Context, secrets corev1client.SecretInterface, name string) error {
	secret, err := secrets.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if controllerutil.RemoveFinalizer(secret, "example.com/protection") {
		if _, err := secrets.Update(ctx, secret, metav1.UpdateOptions{}); err != nil {
			return err
		}
	}
	return secrets.Delete(ctx, name, metav1.DeleteOptions{})
}

// The twin that deletes another Secret after removing the finalizer: that
// one is the cleanup, and it can fail after the finalizer is gone.
func releaseOther(ctx context.Context, secrets corev1client.SecretInterface, name, data string) error {
	secret, err := secrets.Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	if controllerutil.RemoveFinalizer(secret, "example.com/protection") {
		if _, err := secrets.Update(ctx, secret, metav1.UpdateOptions{}); err != nil { // want `finalizerorder: the Update that persists the removal of finalizer "example.com/protection" can run although Delete has not succeeded: it runs only after the removal is written`
			return err
		}
	}
	return secrets.Delete(ctx, data, metav1.DeleteOptions{})
}
