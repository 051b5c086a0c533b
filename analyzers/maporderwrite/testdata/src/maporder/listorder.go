package maporder

import (
	"context"
	"sort"
	"strings"

	"maporder/api"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	corelisters "k8s.io/client-go/listers/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The items of a List served by the informer cache come in the order of the
// cache's map.

// P4: a cached List's items appended to a spec field (corpus A08's shape),
// the list read by a helper.
type MembersReconciler struct{ client.Client }

func (r *MembersReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pods, err := listPods(ctx, r.Client, w.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Keys = []string{}
	for _, p := range pods.Items {
		if p.Status.PodIP != "" {
			w.Status.Keys = append(w.Status.Keys, p.Status.PodIP) // want `maporderwrite: the order of a List served from the informer cache \(whose store is a map\) reaches Widget.Status.Keys, written by Status\(\).Update`
		}
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func listPods(ctx context.Context, c client.Client, ns string) (*corev1.PodList, error) {
	list := &corev1.PodList{}
	if err := c.List(ctx, list, client.InNamespace(ns)); err != nil {
		return nil, err
	}
	return list, nil
}

// P5: a lister's result joined into a string.
type ListerReconciler struct {
	client.Client
	Pods corelisters.PodLister
}

func (r *ListerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pods, err := r.Pods.Pods(w.Namespace).List(labels.Everything())
	if err != nil {
		return ctrl.Result{}, err
	}
	msg := ""
	for i := range pods {
		msg += pods[i].Name + " " // want `maporderwrite: the order of a List served from the informer cache .* reaches Widget.Status.Message`
	}
	w.Status.Message = msg
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// P6: the reconciler's own client lists; a field of the range value is
// appended.
type DirectListReconciler struct{ client.Client }

func (r *DirectListReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(w.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Keys = nil
	for _, p := range pods.Items {
		w.Status.Keys = append(w.Status.Keys, p.Name) // want `maporderwrite: the order of a List served from the informer cache .* reaches Widget.Status.Keys`
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Negatives.

// The fix of A08: the slice is sorted after the loop.
type SortedMembersReconciler struct{ client.Client }

func (r *SortedMembersReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pods, err := listPods(ctx, r.Client, w.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Keys = []string{}
	for _, p := range pods.Items {
		w.Status.Keys = append(w.Status.Keys, p.Name)
	}
	sort.Strings(w.Status.Keys)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// A client.Reader is the manager's APIReader: the API server lists in its
// stable key order.
type APIReaderReconciler struct {
	client.Client
	APIReader client.Reader
}

func (r *APIReaderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.APIReader.List(ctx, &pods, client.InNamespace(w.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Keys = nil
	for _, p := range pods.Items {
		w.Status.Keys = append(w.Status.Keys, p.Name)
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Order-free uses of a cached list: a count, a selected element, the same
// value appended for each item, a map of the items.
type OrderFreeReconciler struct{ client.Client }

func (r *OrderFreeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(w.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.ObservedGeneration = int64(len(pods.Items))
	w.Status.Keys = nil
	w.Spec.Params = map[string]string{}
	for _, p := range pods.Items {
		if p.Name == w.Name {
			w.Status.Phase = string(p.Status.Phase)
		}
		w.Status.Keys = append(w.Status.Keys, w.Name)
		w.Spec.Params[p.Name] = p.Status.PodIP
	}
	w.Status.Message = strings.Join(w.Status.Keys, ",")
	if err := r.Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
