package wsr

import (
	"context"

	"wsr/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A nil collection made empty reads the same (no entries) and comes back
// from the server the same: the write that drops it loses nothing.

// Defaults made by a method of the API package, then a spec change
// written with Update: the empty status list is not a status change.
type DefaultedEmpty struct{ client.Client }

func (r *DefaultedEmpty) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.SetDefaults()
	w.Spec.Replicas = 3
	return ctrl.Result{}, r.Update(ctx, &w)
}

// The same default made in place, with the status write dropping the
// spec's empty map.
type DefaultedEmptyMap struct{ client.Client }

func (r *DefaultedEmptyMap) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Params != nil {
		w.Status.Phase = "Configured"
	} else {
		w.Spec.Params = map[string]string{}
	}
	w.Status.ObservedGeneration = w.Generation
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Twins: an empty list that replaces whatever the status held (no nil
// test) clears it, and a list made empty and then filled holds entries;
// both are status changes that Update drops.
type ClearedKeys struct{ client.Client }

func (r *ClearedKeys) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Keys = []string{}
	return ctrl.Result{}, r.Update(ctx, &w) // want `wrongsubresource: the Widget changes Status.Keys but writes it only with Update of the main resource`
}

type FilledKeys struct{ client.Client }

func (r *FilledKeys) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Keys == nil {
		w.Status.Keys = make([]string, 0, 1)
	}
	w.Status.Keys = append(w.Status.Keys, w.Name)
	return ctrl.Result{}, r.Update(ctx, &w) // want `wrongsubresource: the Widget changes Status.Keys but writes it only with Update of the main resource`
}

// The spec's map made fresh with no nil test replaces its entries: the
// status write drops that.
type ResetParams struct{ client.Client }

func (r *ResetParams) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Spec.Params = make(map[string]string)
	w.Status.ObservedGeneration = w.Generation
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `wrongsubresource: the Widget changes Spec.Params but writes it only with Status\(\).Update`
}
