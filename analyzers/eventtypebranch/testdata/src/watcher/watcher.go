// Package watcher is a command, not a controller: it imports neither
// controller-runtime nor client-go's tools/cache. A mirror driven by the
// watch's event types drifts as a controller's would (an event lost across
// a reconnect is a write never made).
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
		switch ev.Type { // want `eventtypebranch: the side effects of this branch depend on the watch event type \(Added: Create; Deleted: Delete\)`
		case watch.Added:
			_, _ = cs.CoreV1().ConfigMaps("mirror").Create(ctx, cm, metav1.CreateOptions{})
		case watch.Deleted:
			_ = cs.CoreV1().ConfigMaps("mirror").Delete(ctx, cm.Name, metav1.DeleteOptions{})
		}
	}
}

// Level reads the event's object only: the same write for every type.
func Level(ctx context.Context, cs kubernetes.Interface, w watch.Interface) {
	for ev := range w.ResultChan() {
		cm, ok := ev.Object.(*corev1.ConfigMap)
		if !ok {
			continue
		}
		if ev.Type == watch.Deleted {
			continue
		}
		_, _ = cs.CoreV1().ConfigMaps("mirror").Update(ctx, cm, metav1.UpdateOptions{})
	}
}

// Wait returns when the object is gone: no side effect in any arm.
func Wait(w watch.Interface) bool {
	for ev := range w.ResultChan() {
		switch ev.Type {
		case watch.Deleted:
			return true
		case watch.Added, watch.Modified:
		}
	}
	return false
}
