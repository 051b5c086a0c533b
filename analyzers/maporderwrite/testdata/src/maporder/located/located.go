// Package located: the write is reached only when an element is found
// (a container by name, through a helper that returns its index, or in a
// loop), and the found element's other field is set from a map in its
// order. Finding the element compares its name, not what is set: the
// test says where to write, not whether anything changed, so the order
// reaches every write. The twins sort, or compare the field they set.
package located

import (
	"context"
	"sort"

	"maporder/api"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const agent = "agent"

// indexOf returns the index of the container named name, or -1.
func indexOf(d *appsv1.Deployment, name string) int {
	for i := range d.Spec.Template.Spec.Containers {
		if d.Spec.Template.Spec.Containers[i].Name == name {
			return i
		}
	}
	return -1
}

func flags(params map[string]string) []string {
	var out []string
	for k, v := range params {
		out = append(out, "--"+k+"="+v) // want `maporderwrite: the order of a map iteration reaches Deployment.Spec.Template.Spec.Containers\[\].Args, written by Update`
	}
	return out
}

func options(params map[string]string) []string {
	out := make([]string, 0, len(params))
	for k := range params {
		out = append(out, k) // want `maporderwrite: the order of a map iteration reaches Deployment.Spec.Template.Spec.Containers\[\].Args, written by Update`
	}
	return out
}

func sortedFlags(params map[string]string) []string {
	var out []string
	for k, v := range params {
		out = append(out, "--"+k+"="+v)
	}
	sort.Strings(out)
	return out
}

// Positives.

type IndexReconciler struct{ client.Client }

func (r *IndexReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	i := indexOf(&d, agent)
	if i < 0 {
		return ctrl.Result{}, nil
	}
	d.Spec.Template.Spec.Containers[i].Args = flags(w.Spec.Params)
	return ctrl.Result{}, r.Update(ctx, &d)
}

type LoopReconciler struct{ client.Client }

func (r *LoopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	found := false
	for i, c := range d.Spec.Template.Spec.Containers {
		if c.Name != agent {
			continue
		}
		d.Spec.Template.Spec.Containers[i].Args = options(w.Spec.Params)
		found = true
	}
	if !found {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Update(ctx, &d)
}

// The element found by a range over copies, its environment built by a
// renderer the constructor chose.
type RangeReconciler struct {
	client.Client
	render func(map[string]string) []corev1.EnvVar
}

func NewRangeReconciler(c client.Client) *RangeReconciler {
	return &RangeReconciler{Client: c, render: envOf}
}

func envOf(params map[string]string) []corev1.EnvVar {
	env := make([]corev1.EnvVar, 0, len(params))
	for k, v := range params {
		env = append(env, corev1.EnvVar{Name: k, Value: v}) // want `maporderwrite: the order of a map iteration reaches Deployment.Spec.Template.Spec.Containers\[\].Env, written by Update`
	}
	return env
}

// position returns where the container named name is, or -1.
func position(d *appsv1.Deployment, name string) int {
	for i, c := range d.Spec.Template.Spec.Containers {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func (r *RangeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	i := position(&d, agent)
	if i < 0 {
		return ctrl.Result{}, nil
	}
	d.Spec.Template.Spec.Containers[i].Env = r.render(w.Spec.Params)
	return ctrl.Result{}, r.Update(ctx, &d)
}

// Twins.

type SortedIndexReconciler struct{ client.Client }

func (r *SortedIndexReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	i := indexOf(&d, agent)
	if i < 0 {
		return ctrl.Result{}, nil
	}
	d.Spec.Template.Spec.Containers[i].Args = sortedFlags(w.Spec.Params)
	return ctrl.Result{}, r.Update(ctx, &d)
}

// The order defeats this comparison of the field set (the stamp check's
// business, RL2001's twin): each pass finds a change. Here the flags are
// sorted, so the comparison holds in an unchanged world.
type ComparedReconciler struct{ client.Client }

func (r *ComparedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	i := indexOf(&d, agent)
	if i < 0 {
		return ctrl.Result{}, nil
	}
	want := sortedFlags(w.Spec.Params)
	if equality.Semantic.DeepEqual(d.Spec.Template.Spec.Containers[i].Args, want) {
		return ctrl.Result{}, nil
	}
	d.Spec.Template.Spec.Containers[i].Args = want
	return ctrl.Result{}, r.Update(ctx, &d)
}
