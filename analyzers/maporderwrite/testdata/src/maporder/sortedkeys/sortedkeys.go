// Package sortedkeys: the most common correct way to build a list from a
// map is to collect its keys, sort them and range over the sorted keys.
// Wherever the sorting happens (a helper of this package, of another
// package, a generic helper, slices.Sorted(maps.Keys(m))), the written
// order no longer depends on the map. An unsorted helper stays a finding.
package sortedkeys

import (
	"context"
	"maps"
	"slices"
	"sort"

	"maporder/api"
	"maporder/sortedkeys/keys"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// envFromSortedKeys ranges over the sorted keys in a helper.
func envFromSortedKeys(m map[string]string) []corev1.EnvVar {
	var env []corev1.EnvVar
	for _, k := range sortedKeys(m) {
		env = append(env, corev1.EnvVar{Name: k, Value: m[k]})
	}
	return env
}

func envFromSorted(m map[string]string) []corev1.EnvVar {
	var env []corev1.EnvVar
	for _, k := range slices.Sorted(maps.Keys(m)) {
		env = append(env, corev1.EnvVar{Name: k, Value: m[k]})
	}
	return env
}

func envFromOtherPackage(m map[string]string) []corev1.EnvVar {
	var env []corev1.EnvVar
	for _, k := range keys.Sorted(m) {
		env = append(env, corev1.EnvVar{Name: k, Value: m[k]})
	}
	return env
}

func envFromGeneric(m map[string]string) []corev1.EnvVar {
	var env []corev1.EnvVar
	for _, k := range keys.SortedOf(m) {
		env = append(env, corev1.EnvVar{Name: k, Value: m[k]})
	}
	return env
}

func envFromSortSlice(m map[string]string) []corev1.EnvVar {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return ks[i] < ks[j] })
	var env []corev1.EnvVar
	for _, k := range ks {
		env = append(env, corev1.EnvVar{Name: k, Value: m[k]})
	}
	return env
}

func envFromUnsorted(m map[string]string) []corev1.EnvVar {
	var env []corev1.EnvVar
	for _, k := range keys.Unsorted(m) { // want `maporderwrite: the order of a map iteration reaches Deployment.Spec.Template.Spec.Containers`
		env = append(env, corev1.EnvVar{Name: k, Value: m[k]})
	}
	return env
}

func localUnsorted(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k) // want `maporderwrite: the order of a map iteration reaches Deployment.Spec.Template.Spec.Containers`
	}
	return out
}

func envFromLocalUnsorted(m map[string]string) []corev1.EnvVar {
	var env []corev1.EnvVar
	for _, k := range localUnsorted(m) {
		env = append(env, corev1.EnvVar{Name: k, Value: m[k]})
	}
	return env
}

// One reconciler per helper, so that each store of Containers has one
// source (a store is reported once, at the first place its order comes
// from).
type SortedKeysReconciler struct{ client.Client }

func (r *SortedKeysReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: envFromSortedKeys(w.Spec.Params)}}
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
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: envFromSorted(w.Spec.Params)}}
		return nil
	})
	return ctrl.Result{}, err
}

type OtherPackageReconciler struct{ client.Client }

func (r *OtherPackageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: envFromOtherPackage(w.Spec.Params)}}
		return nil
	})
	return ctrl.Result{}, err
}

type GenericReconciler struct{ client.Client }

func (r *GenericReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: envFromGeneric(w.Spec.Params)}}
		return nil
	})
	return ctrl.Result{}, err
}

type SortSliceReconciler struct{ client.Client }

func (r *SortSliceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: envFromSortSlice(w.Spec.Params)}}
		return nil
	})
	return ctrl.Result{}, err
}

type UnsortedReconciler struct{ client.Client }

func (r *UnsortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: envFromUnsorted(w.Spec.Params)}}
		return nil
	})
	return ctrl.Result{}, err
}

type LocalUnsortedReconciler struct{ client.Client }

func (r *LocalUnsortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app", Image: "app:v1", Env: envFromLocalUnsorted(w.Spec.Params)}}
		return nil
	})
	return ctrl.Result{}, err
}
