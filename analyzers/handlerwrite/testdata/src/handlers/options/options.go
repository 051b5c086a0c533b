// Package options builds its informer handlers with functional options:
// the callbacks are what the options store into the handler's fields.
package options

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
)

type handlerOption func(*cache.ResourceEventHandlerFuncs)

func newHandler(opts ...handlerOption) cache.ResourceEventHandlerFuncs {
	var h cache.ResourceEventHandlerFuncs
	for _, o := range opts {
		o(&h)
	}
	return h
}

func onAdd(f func(obj interface{})) handlerOption {
	return func(h *cache.ResourceEventHandlerFuncs) { h.AddFunc = f }
}

func onDelete(f func(obj interface{})) handlerOption {
	return func(h *cache.ResourceEventHandlerFuncs) { h.DeleteFunc = f }
}

// A write in a callback an option installs runs once per event.
func Register(cs kubernetes.Interface, f informers.SharedInformerFactory) {
	_, _ = f.Core().V1().ConfigMaps().Informer().AddEventHandler(newHandler(onAdd(func(obj interface{}) {
		cm := obj.(*corev1.ConfigMap)
		_, _ = cs.CoreV1().Secrets(cm.Namespace).Create(context.TODO(), // want `handlerwrite: Create in the AddFunc of a cache.ResourceEventHandlerFuncs runs once per event, with no retry`
			&corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name}}, metav1.CreateOptions{})
	})))
}

// The same through a named function handed to the option.
func RegisterNamed(cs kubernetes.Interface, f informers.SharedInformerFactory) {
	c := &cleaner{cs: cs}
	_, _ = f.Core().V1().ConfigMaps().Informer().AddEventHandler(newHandler(onDelete(c.onDelete)))
}

type cleaner struct{ cs kubernetes.Interface }

func (c *cleaner) onDelete(obj interface{}) {
	cm, ok := obj.(*corev1.ConfigMap)
	if !ok {
		return
	}
	_ = c.cs.CoreV1().Secrets(cm.Namespace).Delete(context.TODO(), cm.Name, metav1.DeleteOptions{}) // want `handlerwrite: Delete in the DeleteFunc of a cache.ResourceEventHandlerFuncs runs once per event, with no retry`
}

// Twin: the callbacks the options install only enqueue the key.
func RegisterQueued(q workqueue.TypedRateLimitingInterface[string], f informers.SharedInformerFactory) {
	enqueue := func(obj interface{}) {
		if key, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
			q.Add(key)
		}
	}
	_, _ = f.Core().V1().ConfigMaps().Informer().AddEventHandler(newHandler(onAdd(enqueue), onDelete(enqueue)))
}
