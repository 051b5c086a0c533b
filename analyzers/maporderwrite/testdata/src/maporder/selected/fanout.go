package selected

import (
	"context"
	"sync"

	"maporder/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// outcome is what a check of one key found.
type outcome struct {
	index int
	key   string
}

// fanOut checks every key in its own goroutine and hands the outcomes
// back on the channel it returns, as they finish.
func fanOut(keys []string) <-chan outcome {
	out := make(chan outcome, len(keys))
	var wg sync.WaitGroup
	for i, k := range keys {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out <- outcome{index: i, key: k} // want `maporderwrite: the order of goroutines started in a loop \(they finish in any order\) reaches Widget.Status.Keys`
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

type FanOutReconciler struct{ client.Client }

func (r *FanOutReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var keys []string
	for o := range fanOut([]string{"a", "b", "c"}) {
		keys = append(keys, o.key)
	}
	w.Status.Keys = keys
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// Each outcome goes to the slot of its key: the order of arrival does not
// matter.
type FanOutSlotsReconciler struct{ client.Client }

func (r *FanOutSlotsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	keys := []string{"a", "b", "c"}
	found := make([]string, len(keys))
	for o := range fanOut(keys) {
		found[o.index] = o.key
	}
	w.Status.Keys = found
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
