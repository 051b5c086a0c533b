// Package registered: a step that copies a map's keys into the status in
// the map's order, registered on one reconciler's set of steps by its
// constructor; another reconciler's set of the same type has the step
// that sorts them.
package registered

import (
	"context"
	"sort"

	"maporder/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type step func(w *api.Widget)

// steps runs what is registered on it.
type steps struct{ list []step }

func (s *steps) add(f step) { s.list = append(s.list, f) }

func (s *steps) apply(w *api.Widget) {
	for _, f := range s.list {
		f(w)
	}
}

func listKeys(w *api.Widget) {
	w.Status.Keys = w.Status.Keys[:0]
	for k := range w.Spec.Params {
		w.Status.Keys = append(w.Status.Keys, k) // want `the order of a map iteration reaches Widget.Status.Keys`
	}
}

func sortedKeys(w *api.Widget) {
	keys := make([]string, 0, len(w.Spec.Params))
	for k := range w.Spec.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	w.Status.Keys = keys
}

type KeysReconciler struct {
	client.Client
	steps steps
}

func NewKeysReconciler(c client.Client) *KeysReconciler {
	r := &KeysReconciler{Client: c}
	r.steps.add(listKeys)
	return r
}

func (r *KeysReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.steps.apply(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The same steps type with the sorting step: silent.
type SortedKeysReconciler struct {
	client.Client
	steps steps
}

func NewSortedKeysReconciler(c client.Client) *SortedKeysReconciler {
	r := &SortedKeysReconciler{Client: c}
	r.steps.add(sortedKeys)
	return r
}

func (r *SortedKeysReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.steps.apply(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
