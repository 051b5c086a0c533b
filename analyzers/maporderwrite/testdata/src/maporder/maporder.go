package maporder

import (
	"context"
	"maps"
	"slices"
	"sort"
	"strings"

	"maporder/api"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// P1: keys appended in map order straight into the status.
type KeysReconciler struct{ client.Client }

func (r *KeysReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Keys = w.Status.Keys[:0]
	for k := range w.Spec.Params {
		w.Status.Keys = append(w.Status.Keys, k) // want `maporderwrite: the order of a map iteration reaches Widget.Status.Keys, written by Status\(\).Update`
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// P2: slices.Collect(maps.Keys) joined into a message, and UnsortedList.
type CollectReconciler struct{ client.Client }

func (r *CollectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = "params: " + strings.Join(slices.Collect(maps.Keys(w.Spec.Params)), ",") // want `maporderwrite: .* reaches Widget.Status.Message`
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Keys = sets.KeySet(w.Spec.Params).UnsortedList() // want `maporderwrite: .* reaches Widget.Status.Keys`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// P3: env built from a map inside a CreateOrUpdate mutate function.
type EnvReconciler struct{ client.Client }

func (r *EnvReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		var env []corev1.EnvVar
		for name, value := range w.Spec.Params {
			env = append(env, corev1.EnvVar{Name: name, Value: value}) // want `maporderwrite: .* reaches Deployment.Spec.Template.Spec.Containers, written by CreateOrUpdate`
		}
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: env}}
		return nil
	})
	return ctrl.Result{}, err
}

// Negatives.

// The fixed form of P3 (what its fix produces): the env slice is sorted
// in place before it is stored into the container, so the written order
// no longer depends on the map.
type SortedEnvReconciler struct{ client.Client }

func (r *SortedEnvReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		var env []corev1.EnvVar
		for name, value := range w.Spec.Params {
			env = append(env, corev1.EnvVar{Name: name, Value: value})
		}
		slices.SortFunc(env, func(a, b corev1.EnvVar) int { return strings.Compare(a.Name, b.Name) })
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: env}}
		return nil
	})
	return ctrl.Result{}, err
}

// A positive beside the negative above: the sort runs on one path only,
// the other path stores the map order.
type HalfSortedEnvReconciler struct{ client.Client }

func (r *HalfSortedEnvReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		var env []corev1.EnvVar
		for name, value := range w.Spec.Params {
			env = append(env, corev1.EnvVar{Name: name, Value: value}) // want `maporderwrite: .* reaches Deployment.Spec.Template.Spec.Containers, written by CreateOrUpdate`
		}
		if w.Spec.Replicas > 1 {
			slices.SortFunc(env, func(a, b corev1.EnvVar) int { return strings.Compare(a.Name, b.Name) })
		}
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: env}}
		return nil
	})
	return ctrl.Result{}, err
}

type SortedReconciler struct{ client.Client }

func (r *SortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var d appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKeyFromObject(&w), &d); err != nil {
		return ctrl.Result{}, err
	}
	// Sorted keys.
	w.Status.Keys = slices.Sorted(maps.Keys(w.Spec.Params))
	w.Status.Message = strings.Join(sets.List(sets.KeySet(w.Spec.Params)), ",")
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	// A map-to-map copy is unordered; the keys are sorted after the loop.
	keys := make([]string, 0, len(w.Spec.Params))
	for k, v := range w.Spec.Params {
		keys = append(keys, k)
		metav1.SetMetaDataLabel(&d.ObjectMeta, k, v)
	}
	sort.Strings(keys)
	w.Status.Keys = keys
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	// Sorted on the field after the store.
	w.Status.Keys = nil
	for k := range w.Spec.Params {
		w.Status.Keys = append(w.Status.Keys, k)
	}
	slices.Sort(w.Status.Keys)
	// A commutative sum.
	total := 0
	for _, v := range w.Spec.Params {
		total += len(v)
	}
	w.Status.ObservedGeneration = int64(total)
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Update(ctx, &d)
}
