// Package legacy holds the namespace-defaults controller. It predates the
// operator's move to controller-runtime and is still written against plain
// client-go shared informers and a rate-limited workqueue, in the style of
// k8s.io/sample-controller.
package legacy

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	utilruntime "k8s.io/apimachinery/pkg/util/runtime"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/apimachinery/pkg/watch"
	coreinformers "k8s.io/client-go/informers/core/v1"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/klog/v2"
)

const (
	managedLabel       = "apps.example.com/managed"
	defaultsAnnotation = "apps.example.com/defaults-applied"
	// readerClusterRole lets the workloads of a namespace read cluster-scoped
	// objects (nodes, storage classes). It is granted per namespace with a
	// ClusterRoleBinding, which, being cluster-scoped, is not deleted with
	// the namespace.
	readerClusterRole = "example-operator-cluster-reader"
)

// namespaceEvent is one unit of work: which namespace, and what happened to it.
type namespaceEvent struct {
	name      string
	eventType watch.EventType
}

// NamespaceDefaultsController grants every namespace's default
// ServiceAccount the cluster-reader role and marks the namespace as managed.
type NamespaceDefaultsController struct {
	kubeclient kubernetes.Interface
	nsLister   corelisters.NamespaceLister
	nsSynced   cache.InformerSynced
	queue      workqueue.TypedRateLimitingInterface[namespaceEvent]
}

// NewNamespaceDefaultsController returns a new controller watching nsInformer.
func NewNamespaceDefaultsController(kubeclient kubernetes.Interface, nsInformer coreinformers.NamespaceInformer) (*NamespaceDefaultsController, error) {
	c := &NamespaceDefaultsController{
		kubeclient: kubeclient,
		nsLister:   nsInformer.Lister(),
		nsSynced:   nsInformer.Informer().HasSynced,
		queue: workqueue.NewTypedRateLimitingQueueWithConfig(
			workqueue.DefaultTypedControllerRateLimiter[namespaceEvent](),
			workqueue.TypedRateLimitingQueueConfig[namespaceEvent]{Name: "namespace-defaults"},
		),
	}

	_, err := nsInformer.Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj any) {
			ns, ok := obj.(*corev1.Namespace)
			if !ok {
				return
			}
			// Label the namespace at once, so that the NetworkPolicies that
			// select managed namespaces apply before the worker gets to it.
			if ns.Labels[managedLabel] != "true" {
				patch := fmt.Appendf(nil, `{"metadata":{"labels":{%q:"true"}}}`, managedLabel)
				if _, err := kubeclient.CoreV1().Namespaces().Patch(context.TODO(), ns.Name, types.MergePatchType, patch, metav1.PatchOptions{}); err != nil { // BUG(RL3002): a write inside an informer handler runs once per event with no retry; it is lost if it fails or the event is missed
					utilruntime.HandleError(err)
				}
			}
			c.queue.Add(namespaceEvent{name: ns.Name, eventType: watch.Added}) // BUG(RL3003): the queue item carries the event type, so the worker reacts to events instead of to state
		},
		DeleteFunc: func(obj any) {
			key, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj)
			if err != nil {
				utilruntime.HandleError(err)
				return
			}
			c.queue.Add(namespaceEvent{name: key, eventType: watch.Deleted}) // BUG(RL3003): an event type in the queue item defeats deduplication: Added and Deleted for the same name are two items
		},
	})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Run starts workers and blocks until ctx is done.
func (c *NamespaceDefaultsController) Run(ctx context.Context, workers int) error {
	defer utilruntime.HandleCrash()
	defer c.queue.ShutDown()
	logger := klog.FromContext(ctx)

	logger.Info("Waiting for informer caches to sync")
	if !cache.WaitForCacheSync(ctx.Done(), c.nsSynced) {
		return fmt.Errorf("failed to wait for caches to sync")
	}
	logger.Info("Starting workers", "count", workers)
	for range workers {
		go wait.UntilWithContext(ctx, c.runWorker, time.Second)
	}
	<-ctx.Done()
	return nil
}

func (c *NamespaceDefaultsController) runWorker(ctx context.Context) {
	for c.processNextWorkItem(ctx) {
	}
}

func (c *NamespaceDefaultsController) processNextWorkItem(ctx context.Context) bool {
	ev, shutdown := c.queue.Get()
	if shutdown {
		return false
	}
	defer c.queue.Done(ev)

	if err := c.sync(ctx, ev); err != nil {
		utilruntime.HandleErrorWithContext(ctx, err, "Error syncing namespace, requeuing", "namespace", ev.name)
		c.queue.AddRateLimited(ev) // BUG(RL3003): the retried item still carries the original event type, which may be stale by the time it runs
		return true
	}
	c.queue.Forget(ev)
	return true
}

func (c *NamespaceDefaultsController) sync(ctx context.Context, ev namespaceEvent) error {
	switch ev.eventType { // BUG(RL3001): branching on Added/Deleted misses the cleanup when a Delete is coalesced or lost across a relist; act on observed state (e.g. a finalizer) instead
	case watch.Added:
		ns, err := c.nsLister.Get(ev.name)
		if apierrors.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := c.ensureReaderBinding(ctx, ns.Name); err != nil {
			return err
		}
		if ns.Annotations[defaultsAnnotation] == "true" {
			return nil
		}
		metav1.SetMetaDataAnnotation(&ns.ObjectMeta, defaultsAnnotation, "true") // BUG(RL6001): ns comes from the lister and is shared with the informer cache; DeepCopy it before mutating
		_, err = c.kubeclient.CoreV1().Namespaces().Update(ctx, ns, metav1.UpdateOptions{})
		return err
	case watch.Deleted:
		err := c.kubeclient.RbacV1().ClusterRoleBindings().Delete(ctx, bindingName(ev.name), metav1.DeleteOptions{})
		if apierrors.IsNotFound(err) {
			return nil
		}
		return err
	}
	return nil
}

// ensureReaderBinding creates the namespace's ClusterRoleBinding. The name is
// derived from the namespace, so creating it twice is harmless.
func (c *NamespaceDefaultsController) ensureReaderBinding(ctx context.Context, namespace string) error {
	binding := &rbacv1.ClusterRoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: bindingName(namespace), Labels: map[string]string{managedLabel: "true"}},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: readerClusterRole},
		Subjects:   []rbacv1.Subject{{Kind: rbacv1.ServiceAccountKind, Name: "default", Namespace: namespace}},
	}
	_, err := c.kubeclient.RbacV1().ClusterRoleBindings().Create(ctx, binding, metav1.CreateOptions{})
	if apierrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}

func bindingName(namespace string) string {
	return "example-operator-reader-" + namespace
}
