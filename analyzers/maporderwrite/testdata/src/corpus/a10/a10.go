// Reproducer for A10 (argocd-operator EnvMerge). Put envMerge in a second
// package (nondet/lib) to exercise the ResultTaint fact, as in the corpus.
// Misses: (1) the corpus row analyses ./controllers/argoutil only, where there
// is no root and no write; (2) with ./controllers/argocd added, the tainted
// value is stored into `existing` only under `!reflect.DeepEqual(desired.Env,
// existing.Env)` (G1): PersistedTaint requires st.Status == Unguarded, but the
// guard compares the tainted value itself, so it is defeated; (3) the
// ResultTaint fact has no Site, so no Related position can point at EnvMerge.
package a10

import (
	"context"
	"reflect"
	"sort"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Buggy (controllers/argoutil/env.go:11-31).
func envMerge(existing, merge []corev1.EnvVar) []corev1.EnvVar {
	ret := []corev1.EnvVar{}
	final := map[string]corev1.EnvVar{}
	for _, e := range existing {
		final[e.Name] = e
	}
	for _, m := range merge {
		if _, ok := final[m.Name]; !ok {
			final[m.Name] = m
		}
	}
	for _, v := range final {
		ret = append(ret, v) // want `maporderwrite: the order of a map iteration reaches Deployment.Spec.Template.Spec.Containers\[\].Env, written by Update`
	}
	return ret
}

// Fixed (env.go at 4d090e7): sorted keys.
func envMergeFixed(existing, merge []corev1.EnvVar) []corev1.EnvVar {
	final := map[string]corev1.EnvVar{}
	for _, e := range append(existing, merge...) {
		final[e.Name] = e
	}
	keys := make([]string, 0, len(final))
	for k := range final {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	ret := []corev1.EnvVar{}
	for _, k := range keys {
		ret = append(ret, final[k])
	}
	return ret
}

type Buggy struct{ client.Client }

func (r *Buggy) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	desired := &appsv1.Deployment{}
	env := envMerge(nil, []corev1.EnvVar{{Name: "HTTP_PROXY"}, {Name: "NO_PROXY"}})
	desired.Spec.Template.Spec.Containers = []corev1.Container{{Name: "repo", Env: env}}
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, existing); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := false
	if !reflect.DeepEqual(desired.Spec.Template.Spec.Containers[0].Env, existing.Spec.Template.Spec.Containers[0].Env) {
		existing.Spec.Template.Spec.Containers[0].Env = desired.Spec.Template.Spec.Containers[0].Env
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Update(ctx, existing)
	}
	return ctrl.Result{}, nil
}

type Fixed struct{ client.Client }

func (r *Fixed) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	desired := &appsv1.Deployment{}
	env := envMergeFixed(nil, []corev1.EnvVar{{Name: "HTTP_PROXY"}, {Name: "NO_PROXY"}})
	desired.Spec.Template.Spec.Containers = []corev1.Container{{Name: "repo", Env: env}}
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, existing); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := false
	if !reflect.DeepEqual(desired.Spec.Template.Spec.Containers[0].Env, existing.Spec.Template.Spec.Containers[0].Env) {
		existing.Spec.Template.Spec.Containers[0].Env = desired.Spec.Template.Spec.Containers[0].Env
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Update(ctx, existing)
	}
	return ctrl.Result{}, nil
}

// envOf lists a map's entries in iteration order.
func envOf(m map[string]string) []corev1.EnvVar {
	var out []corev1.EnvVar
	for k, v := range m {
		out = append(out, corev1.EnvVar{Name: k, Value: v}) // want `maporderwrite: the order of a map iteration reaches Deployment.Spec.Template.Spec.Containers\[\].Env, written by Update`
	}
	return out
}

// newDeployment is a constructor: loads of the object it returns see what
// the caller stored into it, field by field.
func newDeployment() *appsv1.Deployment { return &appsv1.Deployment{} }

// Ctor is the corpus shape: the desired object comes from a constructor,
// its one container from a composite literal; only Env is map-ordered.
type Ctor struct{ client.Client }

func (r *Ctor) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	desired := newDeployment()
	env := envOf(map[string]string{"HTTP_PROXY": "p", "NO_PROXY": "n"})
	desired.Spec.Template.Spec.Containers = []corev1.Container{{Name: "repo", Env: env, Command: []string{"serve"}}}
	existing := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, existing); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := false
	if !reflect.DeepEqual(desired.Spec.Template.Spec.Containers[0].Command, existing.Spec.Template.Spec.Containers[0].Command) {
		existing.Spec.Template.Spec.Containers[0].Command = desired.Spec.Template.Spec.Containers[0].Command // sibling of Env: clean
		changed = true
	}
	if !reflect.DeepEqual(desired.Spec.Template.Spec.Containers[0].Env, existing.Spec.Template.Spec.Containers[0].Env) {
		existing.Spec.Template.Spec.Containers[0].Env = desired.Spec.Template.Spec.Containers[0].Env
		changed = true
	}
	if changed {
		return ctrl.Result{}, r.Update(ctx, existing)
	}
	return ctrl.Result{}, nil
}
