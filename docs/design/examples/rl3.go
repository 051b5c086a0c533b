//go:build ignore

package ex

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// RL3001 P1
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
		switch ev.Type {
		case watch.Added:
			_ = r.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name, Namespace: cm.Namespace}})
		case watch.Deleted:
			_ = r.Delete(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name, Namespace: cm.Namespace}})
		}
	}
	return nil
}

// RL3001 N1
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

// RL3002 P1
func P3002a(cs kubernetes.Interface, f informers.SharedInformerFactory) {
	_, _ = f.Core().V1().Namespaces().Informer().AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			ns := obj.(*corev1.Namespace)
			_, _ = cs.CoreV1().ConfigMaps(ns.Name).Create(context.TODO(),
				&corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "defaults"}}, metav1.CreateOptions{})
		},
	})
}

// RL3002 P2
func (r *WidgetReconciler) P3002b(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Watches(&corev1.Secret{}, handler.Funcs{
			DeleteFunc: func(ctx context.Context, e event.DeleteEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				_ = r.DeleteAllOf(ctx, &corev1.Pod{}, client.InNamespace(e.Object.GetNamespace()), client.MatchingLabels{"secret": e.Object.GetName()})
			},
		}).
		WithEventFilter(predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
			_ = r.Status().Update(context.Background(), e.ObjectNew)
			return true
		}}).
		Complete(r)
}

// RL3002 N1
func (r *WidgetReconciler) N3002a(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			var ws WidgetList
			if err := r.List(ctx, &ws, client.InNamespace(o.GetNamespace())); err != nil {
				return nil
			}
			reqs := make([]reconcile.Request, 0, len(ws.Items))
			for i := range ws.Items {
				reqs = append(reqs, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&ws.Items[i])})
			}
			return reqs
		}), builder.WithPredicates(predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
			return e.ObjectOld.GetResourceVersion() != e.ObjectNew.GetResourceVersion()
		}})).
		Complete(r)
}

// RL3003 P1
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
		Watches(&Widget{}, handler.TypedFuncs[client.Object, opRequest]{
			DeleteFunc: func(ctx context.Context, e event.DeleteEvent, q workqueue.TypedRateLimitingInterface[opRequest]) {
				q.Add(opRequest{Request: reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)}, Op: "delete"})
			},
		}).
		Complete(&opReconciler{mgr.GetClient()})
}

// RL3003 P2
type item struct {
	key       string
	eventType string
}

func P3003b(inf cache.SharedIndexInformer, q workqueue.TypedRateLimitingInterface[item]) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc: func(obj interface{}) {
			k, _ := cache.MetaNamespaceKeyFunc(obj)
			q.Add(item{key: k, eventType: "ADDED"})
		},
		DeleteFunc: func(obj interface{}) {
			k, _ := cache.DeletionHandlingMetaNamespaceKeyFunc(obj)
			q.Add(item{key: k, eventType: "DELETED"})
		},
	})
}

// RL3003 N1
func N3003a(inf cache.SharedIndexInformer, q workqueue.TypedRateLimitingInterface[string]) {
	_, _ = inf.AddEventHandler(cache.ResourceEventHandlerFuncs{
		AddFunc:    func(obj interface{}) { k, _ := cache.MetaNamespaceKeyFunc(obj); q.Add(k) },
		UpdateFunc: func(_, obj interface{}) { k, _ := cache.MetaNamespaceKeyFunc(obj); q.Add(k) },
		DeleteFunc: func(obj interface{}) { k, _ := cache.DeletionHandlingMetaNamespaceKeyFunc(obj); q.Add(k) },
	})
}

// WidgetList for List calls.
type WidgetList struct {
	metav1.TypeMeta `json:",inline"`
	metav1.ListMeta `json:"metadata,omitempty"`
	Items           []Widget `json:"items"`
}
