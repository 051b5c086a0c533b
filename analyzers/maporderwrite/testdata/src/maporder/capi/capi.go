// Package capi has corpus case A08's shape: a cluster-api patch helper
// deferred in Reconcile, a finalizer test that returns when it changed
// something, a wait on another object, and a list read through the cached
// client in a helper whose items are appended in the cache's order.
package capi

import (
	"context"
	"sort"

	"maporder/api"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"sigs.k8s.io/cluster-api/util/patch"
)

const finalizer = "example.com/pool"

// PoolReconciler is A08's buggy shape.
type PoolReconciler struct{ client.Client }

func (r *PoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, rerr error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	helper, err := patch.NewHelper(w, r.Client)
	if err != nil {
		return ctrl.Result{}, err
	}
	defer func() {
		if err := helper.Patch(ctx, w); err != nil && rerr == nil {
			rerr = err
		}
	}()
	needsPatch := controllerutil.AddFinalizer(w, finalizer)
	needsPatch = setPhase(w) || needsPatch
	if needsPatch {
		return ctrl.Result{}, nil
	}
	return r.reconcileNormal(ctx, w)
}

func setPhase(w *api.Widget) bool {
	if w.Status.Phase != "Running" {
		w.Status.Phase = "Running"
		return true
	}
	return false
}

func (r *PoolReconciler) reconcileNormal(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	var sec corev1.Secret
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, &sec); err != nil {
		return ctrl.Result{}, err
	}
	if len(sec.Data["token"]) == 0 {
		return ctrl.Result{}, nil // wait for the Secret, which nothing here writes
	}
	pods, err := podsOf(ctx, r.Client, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Keys = []string{}
	for _, p := range pods.Items {
		if p.Spec.NodeName != "" {
			w.Status.Keys = append(w.Status.Keys, p.Spec.NodeName) // want `maporderwrite: the order of a List served from the informer cache \(whose store is a map\) reaches Widget.Status.Keys, written by Status\(\).Patch`
		}
	}
	return ctrl.Result{}, nil
}

func podsOf(ctx context.Context, c client.Client, w *api.Widget) (*corev1.PodList, error) {
	list := &corev1.PodList{}
	if err := c.List(ctx, list, client.InNamespace(w.Namespace)); err != nil {
		return nil, err
	}
	return list, nil
}

// SortedPoolReconciler is A08's fix: the list is sorted before the patch.
type SortedPoolReconciler struct{ client.Client }

func (r *SortedPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, rerr error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	helper, err := patch.NewHelper(w, r.Client)
	if err != nil {
		return ctrl.Result{}, err
	}
	defer func() {
		if err := helper.Patch(ctx, w); err != nil && rerr == nil {
			rerr = err
		}
	}()
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, nil
	}
	pods, err := podsOf(ctx, r.Client, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	r.fill(w, pods)
	return ctrl.Result{}, nil
}

func (r *SortedPoolReconciler) fill(w *api.Widget, pods *corev1.PodList) {
	w.Status.Keys = []string{}
	for _, p := range pods.Items {
		w.Status.Keys = append(w.Status.Keys, p.Spec.NodeName)
	}
	sort.Strings(w.Status.Keys)
}

// KeyedPoolReconciler stamps the list order only when the ConfigMap it
// also writes says so: the condition can change with the writes.
type KeyedPoolReconciler struct{ client.Client }

func (r *KeyedPoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, rerr error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cfg corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, &cfg); err != nil {
		return ctrl.Result{}, err
	}
	if cfg.Data["synced"] == "" {
		cfg.Data["synced"] = "yes"
		return ctrl.Result{}, r.Update(ctx, &cfg)
	}
	helper, err := patch.NewHelper(w, r.Client)
	if err != nil {
		return ctrl.Result{}, err
	}
	defer func() {
		if err := helper.Patch(ctx, w); err != nil && rerr == nil {
			rerr = err
		}
	}()
	pods, err := podsOf(ctx, r.Client, w)
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, p := range pods.Items {
		w.Status.Keys = append(w.Status.Keys, p.Name)
	}
	return ctrl.Result{}, nil
}
