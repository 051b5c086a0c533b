// Package b02 reproduces B02 (cert-manager readiness ProcessItem): a
// client-go worker sync handler, no controller-runtime Reconcile.
package b02

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
)

type controller struct {
	client kubernetes.Interface
	pods   corelisters.PodLister
}

// P: the key is split with cache.SplitMetaNamespaceKey: a sync handler.
func (c *controller) ProcessItem(ctx context.Context, key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return nil
	}
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod = pod.DeepCopy()
	pod.Status.Phase = corev1.PodRunning
	_, err = c.client.CoreV1().Pods(pod.Namespace).UpdateStatus(ctx, pod, metav1.UpdateOptions{}) // want `unconditionalwrite: UpdateStatus of the Pod runs on every reconcile`
	return err
}
