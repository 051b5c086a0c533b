package b02

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/cache"
)

// N: the fix commit compares old and new status.
func (c *controller) ProcessItemFixed(ctx context.Context, key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	old, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod := old.DeepCopy()
	pod.Status.Phase = corev1.PodRunning
	if !equality.Semantic.DeepEqual(old.Status, pod.Status) {
		_, err = c.client.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{})
	}
	return err
}
