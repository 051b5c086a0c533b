// Package options: a status built by functional options, one of which
// carries a list in map order. Stored whole behind a comparison of the
// whole status, the list's order makes every comparison find a change.
// The twin sorts the list before the option takes it.
package options

import (
	"context"
	"reflect"
	"sort"

	"maporder/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// option changes a status.
type option func(*api.WidgetStatus)

func withKeys(keys []string) option { return func(s *api.WidgetStatus) { s.Keys = keys } }

func withPhase(p string) option { return func(s *api.WidgetStatus) { s.Phase = p } }

// build applies opts to a copy of cur.
func build(cur api.WidgetStatus, opts ...option) api.WidgetStatus {
	out := cur
	for _, o := range opts {
		o(&out)
	}
	return out
}

type OptionsReconciler struct{ client.Client }

func (r *OptionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var keys []string
	for k := range w.Spec.Params {
		keys = append(keys, k) // want `maporderwrite: the order of a map iteration reaches Widget.Status, written by Status\(\).Update`
	}
	desired := build(w.Status, withKeys(keys), withPhase("Ready"))
	if reflect.DeepEqual(desired, w.Status) {
		return ctrl.Result{}, nil
	}
	w.Status = desired
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type SortedOptionsReconciler struct{ client.Client }

func (r *SortedOptionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var keys []string
	for k := range w.Spec.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	desired := build(w.Status, withKeys(keys), withPhase("Ready"))
	if reflect.DeepEqual(desired, w.Status) {
		return ctrl.Result{}, nil
	}
	w.Status = desired
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
