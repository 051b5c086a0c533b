// Package selected: lists whose order is made where values arrive, not
// where they are stored. A select that takes values from two ready
// channels picks one at random, and a client-go store lists its keys in
// its map's order. The twins feed each list from one channel, wait on a
// channel that carries no value, or sort.
package selected

import (
	"context"
	"sort"
	"strings"

	"maporder/api"

	"k8s.io/client-go/tools/cache"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Positives.

type MergedReconciler struct{ client.Client }

func (r *MergedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ready, failed := make(chan string, 4), make(chan string, 4)
	ready <- "alpha"
	failed <- "bravo"
	ready <- "charlie"
	var names []string
	for len(names) < 3 {
		select { // want `maporderwrite: the order of a select among ready channels \(it picks one at random\) reaches Widget.Status.Keys`
		case n := <-ready:
			names = append(names, n)
		case n := <-failed:
			names = append(names, "!"+n)
		}
	}
	w.Status.Keys = names
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type StoreKeysReconciler struct {
	client.Client
	Seen cache.Store
}

func (r *StoreKeysReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = strings.Join(r.Seen.ListKeys(), ",") // want `maporderwrite: the order of a List served from the informer cache .* reaches Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// Negatives.

// Each list is fed by one channel, in the order of its sends; the other
// case only waits.
type SeparateReconciler struct{ client.Client }

func (r *SeparateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	ready, failed := make(chan string, 4), make(chan string, 4)
	ready <- "alpha"
	failed <- "bravo"
	ready <- "charlie"
	var names, bad []string
	for len(names)+len(bad) < 3 {
		select {
		case n := <-ready:
			names = append(names, n)
		case n := <-failed:
			bad = append(bad, n)
		case <-ctx.Done():
			return ctrl.Result{}, ctx.Err()
		}
	}
	w.Status.Keys = names
	w.Status.Message = strings.Join(bad, ",")
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type SortedKeysReconciler struct {
	client.Client
	Seen cache.Store
}

func (r *SortedKeysReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	keys := r.Seen.ListKeys()
	sort.Strings(keys)
	w.Status.Message = strings.Join(keys, ",")
	w.Status.Phase = strings.Repeat("x", len(r.Seen.ListKeys()))
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
