package rl7

import (
	"context"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	corev1client "k8s.io/client-go/kubernetes/typed/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// A test's fixture removes a finalizer and then deletes another object:
// test code, not a finalize helper, so it is not checked.
func releaseForTest(t *testing.T, ctx context.Context, secrets corev1client.SecretInterface) {
	secret, err := secrets.Get(ctx, "a", metav1.GetOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if controllerutil.RemoveFinalizer(secret, "example.com/protection") {
		if _, err := secrets.Update(ctx, secret, metav1.UpdateOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	_ = secrets.Delete(ctx, "b", metav1.DeleteOptions{})
}

func TestRelease(t *testing.T) {
	releaseForTest(t, context.Background(), nil)
}
