package branches

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type WidgetReconciler struct{ client.Client }

func secretFor(cm *corev1.ConfigMap) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name, Namespace: cm.Namespace}}
}

// Positives.

func (r *WidgetReconciler) P3001a(ctx context.Context, cw client.WithWatch) error {
	w, err := cw.Watch(ctx, &corev1.ConfigMapList{}, client.InNamespace("apps"))
	if err != nil {
		return err
	}
	for ev := range w.ResultChan() {
		cm, ok := ev.Object.(*corev1.ConfigMap)
		if !ok {
			continue
		}
		switch ev.Type { // want `eventtypebranch: the side effects of this branch depend on the watch event type \(Added: Create; Deleted: Delete\)`
		case watch.Added:
			_ = r.Create(ctx, secretFor(cm))
		case watch.Deleted:
			_ = r.Delete(ctx, secretFor(cm))
		}
	}
	return nil
}

func (r *WidgetReconciler) PModified(ctx context.Context, ev watch.Event, obj client.Object) {
	if ev.Type == watch.Modified { // want `eventtypebranch: .*\(Modified: Status\(\).Update\)`
		_ = r.Status().Update(ctx, obj)
	}
}

// An else-if chain is one statement.
func (r *WidgetReconciler) PElseIf(ctx context.Context, ev watch.Event, cm *corev1.ConfigMap) {
	if ev.Type == watch.Added { // want `eventtypebranch: .*\(Added: Create; Deleted: Delete\)`
		_ = r.Create(ctx, secretFor(cm))
	} else if ev.Type == watch.Deleted {
		_ = r.Delete(ctx, secretFor(cm))
	}
}

// A client-go worker whose queue item carries the event type; the writes
// are in a helper.
type item struct {
	name      string
	eventType watch.EventType
}

type worker struct {
	cs    kubernetes.Interface
	queue workqueue.TypedRateLimitingInterface[item]
}

func (c *worker) ensure(ctx context.Context, name string) error {
	_, err := c.cs.CoreV1().ConfigMaps(name).Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "defaults"}}, metav1.CreateOptions{})
	return err
}

func (c *worker) sync(ctx context.Context, it item) error {
	switch it.eventType { // want `eventtypebranch: .*\(Added: Create \(in \(\*worker\).ensure\); Deleted: Delete\)`
	case watch.Added:
		return c.ensure(ctx, it.name)
	case watch.Deleted:
		return c.cs.CoreV1().ConfigMaps(it.name).Delete(ctx, "defaults", metav1.DeleteOptions{})
	}
	return nil
}

// A status mutation chosen by the event type.
func PStatus(ev watch.Event, w *corev1.Pod) {
	switch ev.Type { // want `eventtypebranch: .*\(Added: a store into .Status.Phase\)`
	case watch.Added:
		w.Status.Phase = corev1.PodPending
	case watch.Modified, watch.Deleted:
	}
}

func PCondition(ev watch.Event, conds *[]metav1.Condition) {
	if ev.Type == watch.Deleted { // want `eventtypebranch: .*\(Deleted: meta.SetStatusCondition\)`
		meta.SetStatusCondition(conds, metav1.Condition{Type: "Gone", Status: metav1.ConditionTrue})
	}
}

// Negatives.

func N3001a(ctx context.Context, w watch.Interface, q workqueue.TypedRateLimitingInterface[types.NamespacedName]) {
	for ev := range w.ResultChan() {
		switch ev.Type {
		case watch.Error, watch.Bookmark:
			continue
		case watch.Added, watch.Modified, watch.Deleted:
			if o, ok := ev.Object.(metav1.Object); ok {
				q.Add(types.NamespacedName{Namespace: o.GetNamespace(), Name: o.GetName()})
			}
		}
	}
}

// Different arms, but every arm only enqueues.
func NEnqueueOnly(w watch.Interface, q workqueue.TypedRateLimitingInterface[string]) {
	for ev := range w.ResultChan() {
		o, ok := ev.Object.(metav1.Object)
		if !ok {
			continue
		}
		switch ev.Type {
		case watch.Added:
			q.Add(o.GetName())
		case watch.Deleted:
			q.Forget(o.GetName())
			q.Add(o.GetName())
		}
	}
}

// Skipping Deleted before acting on the object is state-based.
func (r *WidgetReconciler) NSkipDeleted(ctx context.Context, w watch.Interface) {
	for ev := range w.ResultChan() {
		if ev.Type == watch.Deleted {
			continue
		}
		cm, ok := ev.Object.(*corev1.ConfigMap)
		if !ok {
			continue
		}
		_ = r.Update(ctx, cm)
	}
}

// An Error arm, then the same write for every event type.
func (r *WidgetReconciler) NErrorArm(ctx context.Context, w watch.Interface) error {
	for ev := range w.ResultChan() {
		if ev.Type == watch.Error {
			return errors.New("watch failed")
		}
		cm, ok := ev.Object.(*corev1.ConfigMap)
		if !ok {
			continue
		}
		switch ev.Type {
		case watch.Added, watch.Modified, watch.Deleted:
			_ = r.Update(ctx, cm)
		}
	}
	return nil
}

// Every event type does the same write.
func (r *WidgetReconciler) NSameWrite(ctx context.Context, ev watch.Event, cm *corev1.ConfigMap) {
	switch ev.Type {
	case watch.Added:
		_ = r.Update(ctx, cm)
	case watch.Modified:
		_ = r.Update(ctx, cm)
	case watch.Deleted:
		_ = r.Update(ctx, cm)
	}
}

// IsInInitialList used for priority, as handler.WithLowPriorityWhenUnchanged does.
func NInitialList() handler.Funcs {
	return handler.Funcs{
		CreateFunc: func(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
			if e.IsInInitialList {
				q.AddAfter(reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)}, 0)
				return
			}
			q.Add(reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)})
		},
	}
}

// Negative, the fix of worker: the queue item is the key alone, and the
// worker decides from the observed state (the object is gone, or marked
// for deletion), never from the event that queued it.
type keyWorker struct {
	cs    kubernetes.Interface
	queue workqueue.TypedRateLimitingInterface[string]
}

func (c *keyWorker) ensure(ctx context.Context, name string) error {
	_, err := c.cs.CoreV1().ConfigMaps(name).Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "defaults"}}, metav1.CreateOptions{})
	return err
}

func (c *keyWorker) sync(ctx context.Context, name string) error {
	ns, err := c.cs.CoreV1().Namespaces().Get(ctx, name, metav1.GetOptions{})
	if apierrors.IsNotFound(err) || err == nil && ns.DeletionTimestamp != nil {
		return c.cs.CoreV1().ConfigMaps(name).Delete(ctx, "defaults", metav1.DeleteOptions{})
	}
	if err != nil {
		return err
	}
	return c.ensure(ctx, name)
}

func (c *keyWorker) processNext(ctx context.Context) bool {
	key, quit := c.queue.Get()
	if quit {
		return false
	}
	defer c.queue.Done(key)
	if err := c.sync(ctx, key); err != nil {
		c.queue.AddRateLimited(key)
		return true
	}
	c.queue.Forget(key)
	return true
}
