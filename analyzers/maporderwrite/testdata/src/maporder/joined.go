package maporder

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"maporder/api"

	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// JoinedKeysReconciler passes map keys on to a function (strings.Join, a
// helper) after sorting them in place: the result is ordered. Sorting
// after the call, or only on one path, leaves it in map order.
type JoinedKeysReconciler struct{ client.Client }

func (r *JoinedKeysReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	keys := make([]string, 0, len(w.Spec.Params))
	for k := range w.Spec.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	w.Status.Message = strings.Join(keys, ",")
	w.Status.Phase = describe(keys)
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		if err := r.Status().Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// describe is a helper whose result carries its argument's order.
func describe(keys []string) string { return fmt.Sprint(keys) }

type JoinedThenSortedReconciler struct{ client.Client }

func (r *JoinedThenSortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var keys []string
	for k := range w.Spec.Params {
		keys = append(keys, k) // want `maporderwrite: .* reaches Widget.Status.Message`
	}
	w.Status.Message = strings.Join(keys, ",")
	sort.Strings(keys)
	w.Status.Phase = describe(keys)
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type JoinedSometimesSortedReconciler struct{ client.Client }

func (r *JoinedSometimesSortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var keys []string
	for k := range w.Spec.Params {
		keys = append(keys, k) // want `maporderwrite: .* reaches Widget.Status.Phase`
	}
	if w.Spec.Replicas > 2 {
		sort.Strings(keys)
	}
	w.Status.Phase = describe(keys)
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
