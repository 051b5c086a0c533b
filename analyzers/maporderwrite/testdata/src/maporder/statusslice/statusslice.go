// Package statusslice: a status list built by a helper that ranges over a
// map comes out in a different order on each pass, so the desired status
// never equals the live one and the guarded status write runs on every
// pass. The helpers that sort the keys settle.
package statusslice

import (
	"context"
	"maps"
	"slices"
	"sort"

	"maporder/api"

	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// paramKeys lists the keys of a map in iteration order.
func paramKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k) // want `maporderwrite: the order of a map iteration reaches Widget.Status, written by Status\(\).Update`
	}
	return out
}

// annotationKeys lists the keys of the annotations in iteration order.
func annotationKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k) // want `maporderwrite: the order of a map iteration reaches Widget.Status.Keys, written by Status\(\).Update`
	}
	return keys
}

// sortedParamKeys sorts them.
func sortedParamKeys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// collectedKeys sorts them with slices.Sorted.
func collectedKeys(m map[string]string) []string {
	return slices.Sorted(maps.Keys(m))
}

// The desired status, compared whole with the live one.
type DesiredReconciler struct{ client.Client }

func (r *DesiredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Keys = paramKeys(w.Spec.Params)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The twin: the helper sorts the keys.
type SortedDesiredReconciler struct{ client.Client }

func (r *SortedDesiredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Keys = sortedParamKeys(w.Spec.Params)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The twin with slices.Sorted(maps.Keys(m)).
type CollectedDesiredReconciler struct{ client.Client }

func (r *CollectedDesiredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Keys = collectedKeys(w.Spec.Params)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The object itself, compared with a copy taken before.
type BeforeReconciler struct{ client.Client }

func (r *BeforeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	w.Status.Keys = annotationKeys(w.Annotations)
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// Its twin: the keys sorted with slices.Sorted.
type SortedBeforeReconciler struct{ client.Client }

func (r *SortedBeforeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	w.Status.Keys = slices.Sorted(maps.Keys(w.Annotations))
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// fillKeys fills a status with the keys of a map in iteration order.
func fillKeys(st *api.WidgetStatus, m map[string]string) {
	st.Keys = nil
	for k := range m {
		st.Keys = append(st.Keys, k) // want `maporderwrite: the order of a map iteration reaches Widget.Status, written by Status\(\).Update`
	}
}

// fillSortedKeys sorts them before it returns.
func fillSortedKeys(st *api.WidgetStatus, m map[string]string) {
	st.Keys = nil
	for k := range m {
		st.Keys = append(st.Keys, k)
	}
	sort.Strings(st.Keys)
}

// The desired status filled by a helper through a pointer.
type FilledDesiredReconciler struct{ client.Client }

func (r *FilledDesiredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	fillKeys(&desired, w.Spec.Params)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// Its twin: the helper sorts the keys.
type FilledSortedDesiredReconciler struct{ client.Client }

func (r *FilledSortedDesiredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	fillSortedKeys(&desired, w.Spec.Params)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}
