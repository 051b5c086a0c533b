package cm

import (
	"context"
	"sort"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/kubernetes"
	listersv1 "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const fin = "example.com/cleanup"

// Controller is a client-go controller.
type Controller struct {
	client    kubernetes.Interface
	podLister listersv1.PodLister
	indexer   cache.Indexer
}

// Positives.

// P6001a: a lister's object labelled in place, then updated.
func (c *Controller) P6001a(ctx context.Context, ns, name string) error {
	pod, err := c.podLister.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod.Labels["example.com/seen"] = "true" // want `cachemutation: a store into Labels\[\] changes an object owned by the informer cache: the result of PodNamespaceLister.Get`
	_, err = c.client.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// P6001b: every listed object changed through a range loop.
func (c *Controller) P6001b(ns string) error {
	pods, err := c.podLister.Pods(ns).List(labels.Everything())
	if err != nil {
		return err
	}
	for _, p := range pods {
		p.Spec.NodeName = "" // want `cachemutation: a store into Spec.NodeName changes an object owned by the informer cache: an element of the result of PodNamespaceLister.List`
	}
	return nil
}

// P6001c: an indexer's object, type-asserted, given a finalizer.
func (c *Controller) P6001c(key string) error {
	obj, exists, err := c.indexer.GetByKey(key)
	if err != nil || !exists {
		return err
	}
	pod := obj.(*corev1.Pod)
	controllerutil.AddFinalizer(pod, fin) // want `cachemutation: a store into Finalizers, through AddFinalizer, changes an object owned by the informer cache: the result of Store.GetByKey`
	return nil
}

// cachedPod returns the lister's object as it is.
func (c *Controller) cachedPod(ns, name string) (*corev1.Pod, error) {
	return c.podLister.Pods(ns).Get(name)
}

// markSeen stores into its argument.
func markSeen(p *corev1.Pod) {
	p.Annotations["example.com/seen"] = "true"
}

// P6001d: the object comes from a helper and is changed by another one.
func (c *Controller) P6001d(ns, name string) error {
	pod, err := c.cachedPod(ns, name)
	if err != nil {
		return err
	}
	markSeen(pod) // want `cachemutation: a store into Annotations\[\], through markSeen, changes an object owned by the informer cache: the result of PodNamespaceLister.Get, returned by \(\*Controller\).cachedPod.*\(and 1 more calls of markSeen on it\)`
	markSeen(pod) // the same bug: reported once, as a related position
	return nil
}

// P6001e: an informer callback changes the object it is handed.
func (c *Controller) P6001e(inf cache.SharedIndexInformer) {
	inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		UpdateFunc: func(oldObj, newObj interface{}) {
			pod := newObj.(*corev1.Pod)
			pod.Status.Phase = corev1.PodRunning // want `cachemutation: a store into Status.Phase changes an object owned by the informer cache: the object passed to the UpdateFunc of a cache.ResourceEventHandlerFuncs`
		},
	})
}

// P6001f: a predicate strips managed fields from the event's object.
var P6001f = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool {
		e.ObjectNew.SetManagedFields(nil) // want `cachemutation: a store into ObjectNew.ManagedFields changes an object owned by the informer cache: the object passed to the UpdateFunc of a predicate.Funcs`
		return true
	},
}

// WidgetReconciler is a controller-runtime reconciler.
type WidgetReconciler struct{ client.Client }

// P6001g: an unsafe read, then a finalizer removed in place.
func (r *WidgetReconciler) P6001g(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm, client.UnsafeDisableDeepCopy); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.RemoveFinalizer(&cm, fin) { // want `cachemutation: a store into Finalizers, through RemoveFinalizer, changes an object owned by the informer cache: the object read by Get with client.UnsafeDisableDeepCopy`
		return ctrl.Result{}, r.Update(ctx, &cm)
	}
	return ctrl.Result{}, nil
}

// P6001h: a map func labels the object it maps.
func (r *WidgetReconciler) P6001h() handler.EventHandler {
	return handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, obj client.Object) []reconcile.Request {
		ls := obj.GetLabels()
		ls["example.com/mapped"] = "true" // want `cachemutation: a store into Labels\[\] changes an object owned by the informer cache: the object passed to the map func of handler.EnqueueRequestsFromMapFunc`
		return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(obj)}}
	})
}

// P6001i: a shallow copy shares the conditions slice.
func (c *Controller) P6001i(ns, name string) error {
	cached, err := c.podLister.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	cp := *cached
	cp.Status.Conditions[0].Status = corev1.ConditionFalse // want `cachemutation: a store into Status.Conditions\[\].Status changes an object owned by the informer cache: a shallow copy of the result of PodNamespaceLister.Get`
	_, err = c.client.CoreV1().Pods(ns).UpdateStatus(context.TODO(), &cp, metav1.UpdateOptions{})
	return err
}

// Negatives.

// N6001a: the object is copied before the change.
func (c *Controller) N6001a(ctx context.Context, ns, name string) error {
	cached, err := c.podLister.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod := cached.DeepCopy()
	metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
	_, err = c.client.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// N6001b: a reassignment from DeepCopy ends ownership.
func (c *Controller) N6001b(ns, name string) error {
	pod, err := c.podLister.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod = pod.DeepCopy()
	pod.Labels["example.com/seen"] = "true"
	return nil
}

// N6001c: a default controller-runtime Get deep-copies.
func (r *WidgetReconciler) N6001c(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.RemoveFinalizer(&cm, fin) {
		return ctrl.Result{}, r.Update(ctx, &cm)
	}
	return ctrl.Result{}, nil
}

// N6001d: sorting the slice a lister returns changes only that slice.
func (c *Controller) N6001d(ns string) ([]*corev1.Pod, error) {
	pods, err := c.podLister.Pods(ns).List(labels.Everything())
	if err != nil {
		return nil, err
	}
	sort.Slice(pods, func(i, j int) bool { return pods[i].Name < pods[j].Name })
	pods[0] = nil
	return pods, nil
}

// N6001e: an unsafe read copies the struct: a scalar field of the copy is
// the caller's own.
func (r *WidgetReconciler) N6001e(ctx context.Context, req ctrl.Request) error {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	pod.Spec.NodeName = ""
	pod.Labels = map[string]string{"a": "b"}
	return nil
}

// N6001f: a store before the unsafe read fills the caller's object.
func (r *WidgetReconciler) N6001f(ctx context.Context, req ctrl.Request) error {
	var list corev1.PodList
	list.Items = append(list.Items, corev1.Pod{})
	list.Items[0].Labels["x"] = "y"
	return r.List(ctx, &list, client.UnsafeDisableDeepCopy)
}

// N6001g: a generic event's object comes from the caller's channel.
var N6001g = predicate.Funcs{
	GenericFunc: func(e event.GenericEvent) bool {
		e.Object.SetLabels(nil)
		return true
	},
}

// N6001h: a handler that copies the object before changing it.
func (c *Controller) N6001h(inf cache.SharedIndexInformer) {
	inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			pod := obj.(*corev1.Pod).DeepCopy()
			pod.Status.Phase = corev1.PodPending
			meta.SetStatusCondition(&[]metav1.Condition{}, metav1.Condition{Type: "Seen"})
		},
	})
}

// N6001i: the event struct itself is a copy: replacing its field is local.
var N6001i = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool {
		e.ObjectNew = nil
		return e.ObjectOld != nil
	},
}

// N6001j: the mutate func of CreateOrUpdate changes the object that
// CreateOrUpdate itself read with a default (deep-copying) Get.
func (r *WidgetReconciler) N6001j(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = req.Name, req.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		controllerutil.AddFinalizer(cm, fin)
		cm.Labels["example.com/owned"] = "true"
		return nil
	})
	return err
}
