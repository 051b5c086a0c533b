// Package ownkinds has client-go controllers that carry the event kind in
// constants of their own (corpus case C03, postgres-operator): the informer
// callbacks queue an item whose EventType field says which callback ran,
// and the worker switches on it.
package ownkinds

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
)

// EventType is the controller's own event kind.
type EventType string

// The kinds the callbacks queue, and the one the periodic sync queues.
const (
	EventAdd    EventType = "ADD"
	EventUpdate EventType = "UPDATE"
	EventDelete EventType = "DELETE"
	EventSync   EventType = "SYNC"
)

// ClusterEvent is the queue item.
type ClusterEvent struct {
	EventType EventType
	Object    *corev1.ConfigMap
}

// Controller runs the workers.
type Controller struct {
	kube  kubernetes.Interface
	queue chan ClusterEvent
}

// Handlers registers the callbacks.
func (c *Controller) Handlers() cache.ResourceEventHandlerFuncs {
	return cache.ResourceEventHandlerFuncs{
		AddFunc:    c.onAdd,
		UpdateFunc: c.onUpdate,
		DeleteFunc: c.onDelete,
	}
}

func (c *Controller) onAdd(obj interface{}) {
	if cm, ok := obj.(*corev1.ConfigMap); ok {
		c.queueEvent(cm, EventAdd)
	}
}

func (c *Controller) onUpdate(_, cur interface{}) {
	if cm, ok := cur.(*corev1.ConfigMap); ok {
		c.queueEvent(cm, EventUpdate)
	}
}

func (c *Controller) onDelete(obj interface{}) {
	if cm, ok := obj.(*corev1.ConfigMap); ok {
		c.queueEvent(cm, EventDelete)
	}
}

// queueEvent builds the item; a fixed spec is queued as a sync.
func (c *Controller) queueEvent(cm *corev1.ConfigMap, eventType EventType) {
	if eventType == EventUpdate && cm.Annotations["fixed"] == "true" {
		eventType = EventSync
	}
	c.queue <- ClusterEvent{EventType: eventType, Object: cm.DeepCopy()}
}

// resync queues every object periodically, as a sync.
func (c *Controller) resync(all []*corev1.ConfigMap) {
	for _, cm := range all {
		c.queue <- ClusterEvent{EventType: EventSync, Object: cm}
	}
}

func (c *Controller) create(ctx context.Context, cm *corev1.ConfigMap) error {
	_, err := c.kube.CoreV1().Secrets(cm.Namespace).Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name}}, metav1.CreateOptions{})
	return err
}

func (c *Controller) cleanup(ctx context.Context, cm *corev1.ConfigMap) error {
	return c.kube.CoreV1().Secrets(cm.Namespace).Delete(ctx, cm.Name, metav1.DeleteOptions{})
}

// Positive: the secret is deleted only in the EventDelete arm.
func (c *Controller) processEvent(ctx context.Context, ev ClusterEvent) error {
	switch ev.EventType { // want `eventtypebranch: the Deleted arm's side effects \(Delete \(in \(\*Controller\).cleanup\)\) run only when EventType is "DELETE", the constant the delete callback queues`
	case EventAdd:
		return c.create(ctx, ev.Object)
	case EventDelete:
		return c.cleanup(ctx, ev.Object)
	case EventSync:
		return c.create(ctx, ev.Object)
	}
	return nil
}

// Negative: the fix of C03. The sync arm also cleans up when the object is
// marked for deletion, so a missed Delete event no longer leaks.
func (c *Controller) processEventFixed(ctx context.Context, ev ClusterEvent) error {
	switch ev.EventType {
	case EventAdd:
		return c.create(ctx, ev.Object)
	case EventDelete:
		return c.cleanup(ctx, ev.Object)
	case EventSync:
		if ev.Object.DeletionTimestamp != nil {
			return c.cleanup(ctx, ev.Object)
		}
		return c.create(ctx, ev.Object)
	}
	return nil
}

// Negative: the arms differ, but the Deleted arm cleans up nothing (the
// periodic sync makes up for lost Added and Modified events).
func (c *Controller) processNoCleanup(ctx context.Context, ev ClusterEvent) error {
	if ev.EventType == EventAdd || ev.EventType == EventUpdate || ev.EventType == EventSync {
		return c.create(ctx, ev.Object)
	}
	return nil
}

// Mode is set only by code that is not an event callback: not an event
// kind.
type Mode string

// Job is another queue item.
type Job struct {
	Mode Mode
	Name string
}

func (c *Controller) schedule(name string, full bool) Job {
	if full {
		return Job{Mode: "full", Name: name}
	}
	return Job{Mode: "quick", Name: name}
}

// Negative: a branch on a field no callback sets.
func (c *Controller) runJob(ctx context.Context, j Job, cm *corev1.ConfigMap) error {
	if j.Mode == "full" {
		return c.cleanup(ctx, cm)
	}
	return nil
}
