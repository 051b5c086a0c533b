// Package watcher is a CLI tool, not a controller: it imports neither
// controller-runtime nor client-go's tools/cache.
package watcher

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
)

func Mirror(ctx context.Context, cs kubernetes.Interface, w watch.Interface) {
	for ev := range w.ResultChan() {
		cm, ok := ev.Object.(*corev1.ConfigMap)
		if !ok {
			continue
		}
		switch ev.Type {
		case watch.Added:
			_, _ = cs.CoreV1().ConfigMaps("mirror").Create(ctx, cm, metav1.CreateOptions{})
		case watch.Deleted:
			_ = cs.CoreV1().ConfigMaps("mirror").Delete(ctx, cm.Name, metav1.DeleteOptions{})
		}
	}
}
