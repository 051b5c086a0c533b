package maporder

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"maporder/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GatheredReconciler builds lists in orders that differ between runs:
// the entries of a sync.Map, writes into a strings.Builder inside a map
// range, results appended by goroutines started in a loop, and results
// received from such goroutines. The twins sort, or give each goroutine
// its own slot.
type GatheredReconciler struct{ client.Client }

func (r *GatheredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var seen sync.Map
	for k, v := range w.Spec.Params {
		seen.Store(k, v)
	}
	var keys []string
	seen.Range(func(k, _ any) bool {
		keys = append(keys, k.(string)) // want `maporderwrite: the order of a map iteration reaches Widget.Status.Keys`
		return true
	})
	w.Status.Keys = keys

	var b strings.Builder
	for k, v := range w.Spec.Params {
		fmt.Fprintf(&b, "%s=%s;", k, v) // want `maporderwrite: the order of a map iteration reaches Widget.Status.Message`
	}
	w.Status.Message = b.String()

	var mu sync.Mutex
	var wg sync.WaitGroup
	var done []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range w.Spec.Params {
			if !yield(k) {
				return
			}
		}
	}) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			done = append(done, k) // want `maporderwrite: the order of goroutines started in a loop \(they finish in any order\) reaches Widget.Status.Phase`
			mu.Unlock()
		}()
	}
	wg.Wait()
	w.Status.Phase = strings.Join(done, ",")
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type GatheredSortedReconciler struct{ client.Client }

func (r *GatheredSortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var seen sync.Map
	for k, v := range w.Spec.Params {
		seen.Store(k, v)
	}
	var keys []string
	seen.Range(func(k, _ any) bool {
		keys = append(keys, k.(string))
		return true
	})
	slices.Sort(keys)
	w.Status.Keys = keys

	var b strings.Builder
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range w.Spec.Params {
			if !yield(k) {
				return
			}
		}
	}) {
		fmt.Fprintf(&b, "%s;", k)
	}
	w.Status.Message = b.String()

	names := slices.Sorted(func(yield func(string) bool) {
		for k := range w.Spec.Params {
			if !yield(k) {
				return
			}
		}
	})
	results := make([]string, len(names))
	var wg sync.WaitGroup
	for i, k := range names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = strings.ToUpper(k)
		}()
	}
	wg.Wait()
	w.Status.Phase = strings.Join(results, ",")
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// FirstReplyReconciler stores whichever goroutine answers first.
type FirstReplyReconciler struct{ client.Client }

func (r *FirstReplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	replies := make(chan string, len(w.Spec.Params))
	for k := range w.Spec.Params {
		go func() { replies <- k }() // want `maporderwrite: the order of goroutines started in a loop \(they finish in any order\) reaches Widget.Status.Phase`
	}
	w.Status.Phase = <-replies
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
