package handlers

import (
	"context"
	"net/http"

	"handlers/lib"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type WidgetReconciler struct{ client.Client }

func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// Positives.

func P3002a(cs kubernetes.Interface, f informers.SharedInformerFactory) {
	_, _ = f.Core().V1().ConfigMaps().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			cm := obj.(*corev1.ConfigMap)
			_, _ = cs.CoreV1().Secrets(cm.Namespace).Create(context.TODO(), // want `handlerwrite: Create in the AddFunc of a cache.ResourceEventHandlerFuncs runs once per event, with no retry`
				&corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name}}, metav1.CreateOptions{})
		},
	})
}

func (r *WidgetReconciler) P3002b(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Watches(&corev1.Secret{}, handler.Funcs{
			DeleteFunc: func(ctx context.Context, e event.DeleteEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				_ = r.DeleteAllOf(ctx, &corev1.Pod{}, client.InNamespace(e.Object.GetNamespace())) // want `handlerwrite: DeleteAllOf in the DeleteFunc of a handler.Funcs`
			},
		}).
		WithEventFilter(predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
			_ = r.Status().Update(context.Background(), e.ObjectNew) // want `handlerwrite: Status\(\).Update in the UpdateFunc of a predicate.Funcs`
			return true
		}}).
		Complete(r)
}

// A helper of this package, called from the handler: reported at the call.
func (r *WidgetReconciler) label(ctx context.Context, o client.Object) {
	o.SetLabels(map[string]string{"seen": "true"})
	_ = r.Update(ctx, o)
}

func (r *WidgetReconciler) PHelper(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}, builder.WithPredicates(predicate.NewPredicateFuncs(func(o client.Object) bool {
			r.label(context.Background(), o) // want `handlerwrite: Update \(in \(\*WidgetReconciler\).label\) in the filter func of predicate.NewPredicateFuncs`
			return true
		}))).
		Complete(r)
}

// Helpers of another package: writes through their Writes fact, external
// I/O through their HandlerEffects fact.
func (r *WidgetReconciler) PCrossPackage(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Watches(&corev1.Namespace{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			_ = lib.EnsureDefaults(ctx, r.Client, o.GetName())      // want `handlerwrite: EnsureDefaults \(Create\) in the map func of handler.EnqueueRequestsFromMapFunc`
			_ = lib.Notify("http://hooks.example.com", o.GetName()) // want `handlerwrite: external I/O in helper Notify in the map func`
			return nil
		})).
		Complete(r)
}

// A method value as the callback, and direct external I/O.
type cmController struct {
	cs    kubernetes.Interface
	queue workqueue.TypedRateLimitingInterface[string]
}

func (c *cmController) onUpdate(oldObj, newObj interface{}) {
	cm := newObj.(*corev1.ConfigMap)
	_, _ = http.Get("http://audit.example.com/" + cm.Name) // want `handlerwrite: external I/O \(http.Get\) in the UpdateFunc of a cache.ResourceEventHandlerFuncs`
}

func (c *cmController) PMethodValue(inf cache.SharedIndexInformer) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{UpdateFunc: c.onUpdate})
}

// A user type passed to AddEventHandler.
type nsHandler struct{ cs kubernetes.Interface }

func (h *nsHandler) OnAdd(obj interface{}, _ bool) {
	cm := obj.(*corev1.ConfigMap)
	_ = h.cs.CoreV1().ConfigMaps(cm.Namespace).Delete(context.TODO(), cm.Name, metav1.DeleteOptions{}) // want `handlerwrite: Delete in the informer handler method \(\*nsHandler\).OnAdd`
}
func (h *nsHandler) OnUpdate(oldObj, newObj interface{}) {}
func (h *nsHandler) OnDelete(obj interface{})            {}

func PUserType(inf cache.SharedIndexInformer, cs kubernetes.Interface) {
	_, _ = inf.AddEventHandler(&nsHandler{cs: cs})
}

// A user predicate type passed to WithEventFilter.
type writingPredicate struct {
	predicate.Funcs
	c client.Client
}

func (p writingPredicate) Update(e event.UpdateEvent) bool {
	_ = p.c.Patch(context.Background(), e.ObjectNew, client.MergeFrom(e.ObjectOld)) // want `handlerwrite: Patch in the predicate method \(writingPredicate\).Update`
	return true
}

func (r *WidgetReconciler) PUserPredicate(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(writingPredicate{c: r.Client}).
		Complete(r)
}

// A closure nested in the handler: reported where it writes.
func PNested(inf cache.SharedIndexInformer, cs kubernetes.Interface) {
	_, _ = inf.AddEventHandler(cache.FilteringResourceEventHandler{
		FilterFunc: func(obj interface{}) bool {
			do := func(name string) {
				_ = cs.CoreV1().ConfigMaps("default").Delete(context.TODO(), name, metav1.DeleteOptions{}) // want `handlerwrite: Delete in the filter func of cache.FilteringResourceEventHandler`
			}
			do("x")
			return true
		},
		Handler: cache.ResourceEventHandlerFuncs{},
	})
}

// Negatives.

// A map func that Lists and returns requests.
func (r *WidgetReconciler) N3002a(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			var cms corev1.ConfigMapList
			if err := r.List(ctx, &cms, client.InNamespace(o.GetNamespace())); err != nil {
				log.FromContext(ctx).Error(err, "list")
				return nil
			}
			reqs := make([]reconcile.Request, 0, len(cms.Items))
			for i := range cms.Items {
				reqs = append(reqs, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&cms.Items[i])})
			}
			if _, err := lib.KeyOf(ctx, r.Client, o.GetNamespace()); err != nil {
				return nil
			}
			return reqs
		}), builder.WithPredicates(predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
			return e.ObjectOld.GetResourceVersion() != e.ObjectNew.GetResourceVersion()
		}})).
		Complete(r)
}

// Handlers that only enqueue.
func (c *cmController) NEnqueue(inf cache.SharedIndexInformer) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    c.enqueue,
		UpdateFunc: func(_, obj interface{}) { c.enqueue(obj) },
		DeleteFunc: func(obj interface{}) {
			if k, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj); err == nil {
				c.queue.Add(k)
			}
		},
	})
}

func (c *cmController) enqueue(obj interface{}) {
	if k, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
		c.queue.Add(k)
	}
}

func (r *WidgetReconciler) NHandlerFuncs(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Watches(&corev1.Secret{}, handler.Funcs{
			CreateFunc: func(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				log.FromContext(ctx).Info("secret created", "name", e.Object.GetName())
				q.Add(reconcile.Request{NamespacedName: types.NamespacedName{Namespace: e.Object.GetNamespace(), Name: "owner"}})
			},
		}).
		Complete(r)
}

// The write in a function that merely builds the handler, outside it.
func (r *WidgetReconciler) NSetupWrite(ctx context.Context, mgr ctrl.Manager) error {
	if err := r.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "bootstrap"}}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

// The detailed and typed adapters.
func PTyped(cs kubernetes.Interface) (cache.ResourceEventHandlerDetailedFuncs, cache.TypedResourceEventHandlerFuncs[*corev1.ConfigMap]) {
	detailed := cache.ResourceEventHandlerDetailedFuncs{
		AddFunc: func(obj interface{}, isInInitialList bool) {
			_ = cs.CoreV1().ConfigMaps("default").Delete(context.TODO(), "stale", metav1.DeleteOptions{}) // want `handlerwrite: Delete in the AddFunc of a cache.ResourceEventHandlerDetailedFuncs`
		},
	}
	typed := cache.TypedResourceEventHandlerFuncs[*corev1.ConfigMap]{
		DeleteFunc: func(obj cache.DeletedObject[*corev1.ConfigMap]) {
			_ = cs.CoreV1().Secrets(obj.GetNamespace()).Delete(context.TODO(), obj.GetName(), metav1.DeleteOptions{}) // want `handlerwrite: Delete in the DeleteFunc of a cache.TypedResourceEventHandlerFuncs`
		},
	}
	return detailed, typed
}

// A handler that hands a closure to a helper of the package which calls
// it: the call inside the closure is reported once, where it is, not
// again at the helper's call.
func retrying(attempts int, f func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = f(); err == nil {
			return nil
		}
	}
	return err
}

func PHandedClosure(inf cache.SharedIndexInformer) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		DeleteFunc: func(obj interface{}) {
			cm, ok := obj.(*corev1.ConfigMap)
			if !ok {
				return
			}
			_ = retrying(3, func() error {
				_, err := http.Get("http://audit.example.com/gone/" + cm.Name) // want `handlerwrite: external I/O \(http.Get\) in the DeleteFunc of a cache.ResourceEventHandlerFuncs`
				return err
			})
		},
	})
}
