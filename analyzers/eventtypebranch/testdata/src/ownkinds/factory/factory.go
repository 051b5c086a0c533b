// Package factory makes the informer callbacks with a factory that takes
// the event kind: each callback queues the constant it was made with.
package factory

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// Kind is the controller's own event kind.
type Kind int

const (
	Added Kind = iota
	Changed
	Removed
)

// Item is the queue item.
type Item struct {
	Kind Kind
	Name string
	NS   string
}

// Controller runs the worker.
type Controller struct {
	kube  kubernetes.Interface
	queue chan Item
}

// handlerFor returns a callback that queues the object under kind.
func (c *Controller) handlerFor(kind Kind) func(obj interface{}) {
	return func(obj interface{}) {
		if cm, ok := obj.(*corev1.ConfigMap); ok {
			c.queue <- Item{Kind: kind, Name: cm.Name, NS: cm.Namespace}
		}
	}
}

// Handlers registers the callbacks made by the factory.
func (c *Controller) Handlers() cache.ResourceEventHandlerFuncs {
	return cache.ResourceEventHandlerFuncs{
		AddFunc:    c.handlerFor(Added),
		UpdateFunc: func(_, cur interface{}) { c.handlerFor(Changed)(cur) },
		DeleteFunc: c.handlerFor(Removed),
	}
}

// process deletes the mirror only on the Removed kind.
func (c *Controller) process(ctx context.Context, it Item) error {
	switch it.Kind { // want `eventtypebranch: the Deleted arm's side effects`
	case Added, Changed:
		_, err := c.kube.CoreV1().Secrets(it.NS).Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: it.Name}}, metav1.CreateOptions{})
		return err
	case Removed:
		return c.kube.CoreV1().Secrets(it.NS).Delete(ctx, it.Name, metav1.DeleteOptions{})
	}
	return nil
}

// processLevel decides from the observed state: the kind only says when
// to look.
func (c *Controller) processLevel(ctx context.Context, it Item) error {
	_, err := c.kube.CoreV1().ConfigMaps(it.NS).Get(ctx, it.Name, metav1.GetOptions{})
	if err != nil {
		return c.kube.CoreV1().Secrets(it.NS).Delete(ctx, it.Name, metav1.DeleteOptions{})
	}
	_, err = c.kube.CoreV1().Secrets(it.NS).Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: it.Name}}, metav1.CreateOptions{})
	return err
}
