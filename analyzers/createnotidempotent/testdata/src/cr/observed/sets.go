package observed

import (
	"context"

	"cr/api"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A helper lists the existing children into a set keyed by name; the
// Create runs only for a name the set lacks.
type SetReconciler struct{ client.Client }

func existingByName(ctx context.Context, c client.Client, ns string) (map[string]*corev1.ConfigMap, error) {
	var list corev1.ConfigMapList
	if err := c.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return nil, err
	}
	out := make(map[string]*corev1.ConfigMap, len(list.Items))
	for i := range list.Items {
		out[list.Items[i].Name] = &list.Items[i]
	}
	return out, nil
}

func wantedNames(w *api.Widget) []string { return []string{w.Name + "-a", w.Name + "-b"} }

func (r *SetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	have, err := existingByName(ctx, r.Client, w.Namespace)
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, name := range wantedNames(&w) {
		if _, ok := have[name]; ok {
			continue
		}
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: w.Namespace}}
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// The twin: the set is the desired names, which looks nothing up.
type DesiredSetReconciler struct{ client.Client }

func desiredByName(w *api.Widget) map[string]bool {
	out := map[string]bool{}
	for _, n := range wantedNames(w) {
		out[n] = true
	}
	return out
}

func (r *DesiredSetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	want := desiredByName(&w)
	for _, name := range wantedNames(&w) {
		if !want[name] {
			continue
		}
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: w.Namespace}}
		if err := r.Create(ctx, cm); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create is returned`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
