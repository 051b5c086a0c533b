package requests

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// RL3003 P1: a typed request with an operation set by the DeleteFunc and
// compared by Reconcile.
type opRequest struct {
	reconcile.Request
	Op string // "create" | "update" | "delete"
}

type opReconciler struct{ client.Client }

func (o *opReconciler) Reconcile(ctx context.Context, req opRequest) (reconcile.Result, error) {
	if req.Op == "delete" {
		return reconcile.Result{}, o.DeleteAllOf(ctx, &corev1.Pod{}, client.InNamespace(req.Namespace))
	}
	return reconcile.Result{}, nil
}

func P3003a(mgr ctrl.Manager) error {
	return builder.TypedControllerManagedBy[opRequest](mgr).
		Named("op").
		Watches(&corev1.ConfigMap{}, handler.TypedFuncs[client.Object, opRequest]{
			DeleteFunc: func(ctx context.Context, e event.DeleteEvent, q workqueue.TypedRateLimitingInterface[opRequest]) {
				q.Add(opRequest{Request: reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)}, Op: "delete"}) // want `eventinrequest: the item queued by Add \(opRequest\) carries the event kind: field Op is set to "delete" in the DeleteFunc of a handler.Funcs and the reconciler branches on it`
			},
		}).
		Complete(&opReconciler{mgr.GetClient()})
}

// RL3003 P2: different constants per callback.
type item struct {
	key       string
	eventType string
}

func P3003b(inf cache.SharedIndexInformer, q workqueue.TypedRateLimitingInterface[item]) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			k, _ := cache.MetaNamespaceKeyFunc(obj)
			q.Add(item{key: k, eventType: "ADDED"}) // want `eventinrequest: the item queued by Add \(item\) carries the event kind: field eventType is set to a different constant per callback`
		},
		DeleteFunc: func(obj interface{}) {
			k, _ := cache.DeletionHandlingMetaNamespaceKeyFunc(obj)
			q.Add(item{key: k, eventType: "DELETED"}) // want `eventinrequest: the item queued by Add \(item\) carries the event kind`
		},
	})
}

// A watch.EventType field; the retry of an item taken from the queue
// carries it too (catalogue rule (b)).
type nsEvent struct {
	name      string
	eventType watch.EventType
}

type nsController struct {
	queue workqueue.TypedRateLimitingInterface[nsEvent]
}

func (c *nsController) PEventType(inf cache.SharedIndexInformer) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			k, _ := cache.MetaNamespaceKeyFunc(obj)
			c.queue.Add(nsEvent{name: k, eventType: watch.Added}) // want `eventinrequest: .*field eventType holds a watch.EventType`
		},
	})
}

func (c *nsController) processNext(ctx context.Context) bool {
	ev, shutdown := c.queue.Get()
	if shutdown {
		return false
	}
	defer c.queue.Done(ev)
	if ev.eventType == watch.Deleted {
		c.queue.AddRateLimited(ev) // want `eventinrequest: the item queued by AddRateLimited \(nsEvent\) carries the event kind: field eventType holds a watch.EventType`
		return true
	}
	c.queue.Forget(ev)
	return true
}

// The constant passed through a helper.
type opItem struct {
	key  string
	kind string
}

type opController struct {
	queue workqueue.TypedRateLimitingInterface[opItem]
}

func (c *opController) enqueue(obj interface{}, kind string) {
	k, err := cache.MetaNamespaceKeyFunc(obj)
	if err != nil {
		return
	}
	c.queue.Add(opItem{key: k, kind: kind}) // want `eventinrequest: .*field kind is set to a different constant per callback`
}

func (c *opController) PHelper(inf cache.SharedIndexInformer) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj interface{}) { c.enqueue(obj, "add") },
		DeleteFunc: func(obj interface{}) { c.enqueue(obj, "delete") },
	})
}

// Object payloads.
func PObject(inf cache.SharedIndexInformer, q workqueue.RateLimitingInterface, pods workqueue.TypedInterface[*corev1.Pod]) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			q.Add(obj) // want `eventinrequest: the item queued by Add carries the object: it is the object the informer passed to the AddFunc`
		},
		UpdateFunc: func(_, newObj interface{}) {
			if p, ok := newObj.(*corev1.Pod); ok {
				pods.Add(p) // want `eventinrequest: the item queued by Add carries the object: it is the object itself \(\*Pod\)`
			}
		},
	})
}

// A typed request whose handler lives elsewhere: reported at the branch.
type eventRequest struct {
	types.NamespacedName
	Event watch.EventType
}

type eventReconciler struct{ client.Client }

func (e *eventReconciler) Reconcile(ctx context.Context, req eventRequest) (reconcile.Result, error) {
	if req.Event == watch.Deleted { // want `eventinrequest: the request type eventRequest says why, not what, to reconcile: field Event holds a watch.EventType`
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, nil
}

// Negatives.

func N3003a(inf cache.SharedIndexInformer, q workqueue.TypedRateLimitingInterface[string]) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj interface{}) { k, _ := cache.MetaNamespaceKeyFunc(obj); q.Add(k) },
		UpdateFunc: func(_, obj interface{}) { k, _ := cache.MetaNamespaceKeyFunc(obj); q.Add(k) },
		DeleteFunc: func(obj interface{}) { k, _ := cache.DeletionHandlingMetaNamespaceKeyFunc(obj); q.Add(k) },
	})
}

// A multicluster request: the extra field is identity.
type clusterRequest struct {
	reconcile.Request
	ClusterName string
}

type clusterReconciler struct{ client.Client }

func (c *clusterReconciler) Reconcile(ctx context.Context, req clusterRequest) (reconcile.Result, error) {
	if req.ClusterName == "local" {
		return reconcile.Result{}, nil
	}
	return reconcile.Result{}, nil
}

func NCluster(mgr ctrl.Manager) error {
	enqueue := func(o client.Object, q workqueue.TypedRateLimitingInterface[clusterRequest]) {
		q.Add(clusterRequest{Request: reconcile.Request{NamespacedName: client.ObjectKeyFromObject(o)}, ClusterName: "local"})
	}
	return builder.TypedControllerManagedBy[clusterRequest](mgr).
		Named("cluster").
		Watches(&corev1.ConfigMap{}, handler.TypedFuncs[client.Object, clusterRequest]{
			CreateFunc: func(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[clusterRequest]) {
				enqueue(e.Object, q)
			},
			DeleteFunc: func(ctx context.Context, e event.DeleteEvent, q workqueue.TypedRateLimitingInterface[clusterRequest]) {
				q.Add(clusterRequest{Request: reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)}, ClusterName: "local"})
			},
		}).
		Complete(&clusterReconciler{mgr.GetClient()})
}

// Keys and requests, the same constant from every callback, and a counter.
type retryItem struct {
	key     types.NamespacedName
	attempt int
}

func NKeys(inf cache.SharedIndexInformer, q workqueue.TypedRateLimitingInterface[retryItem], rq workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			if p, ok := obj.(*corev1.Pod); ok {
				q.Add(retryItem{key: types.NamespacedName{Namespace: p.Namespace, Name: p.Name}, attempt: 0})
				rq.Add(reconcile.Request{NamespacedName: client.ObjectKeyFromObject(p)})
			}
		},
		UpdateFunc: func(_, obj interface{}) {
			if p, ok := obj.(*corev1.Pod); ok {
				q.Add(retryItem{key: types.NamespacedName{Namespace: p.Namespace, Name: p.Name}, attempt: 0})
			}
		},
	})
}

func NRetry(q workqueue.TypedRateLimitingInterface[retryItem]) {
	it, _ := q.Get()
	defer q.Done(it)
	if it.attempt > 3 {
		q.Forget(it)
		return
	}
	it.attempt++
	q.AddRateLimited(it)
}
