// Package options builds the objects it creates with functional options:
// a constructor applies each option it is handed to a fresh object.
package options

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type podOption func(*corev1.Pod)

func newPod(opts ...podOption) *corev1.Pod {
	p := &corev1.Pod{}
	for _, o := range opts {
		o(p)
	}
	return p
}

func withMeta(m metav1.ObjectMeta) podOption {
	return func(p *corev1.Pod) { p.ObjectMeta = m }
}

func withGenerateName(prefix string) podOption {
	return func(p *corev1.Pod) { p.GenerateName = prefix }
}

func withName(name string) podOption {
	return func(p *corev1.Pod) { p.Name = name }
}

type GenReconciler struct{ client.Client }

func (r *GenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := newPod(withMeta(metav1.ObjectMeta{GenerateName: req.Name + "-", Namespace: req.Namespace}))
	if err := r.Create(ctx, pod); err != nil { // want `createnotidempotent: Create of an object with GenerateName and no Name`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A GenerateName option: the same as a GenerateName in the literal.
type PrefixReconciler struct{ client.Client }

func (r *PrefixReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := newPod(withGenerateName(req.Name+"-"), func(p *corev1.Pod) { p.Namespace = req.Namespace })
	if err := r.Create(ctx, pod); err != nil { // want `createnotidempotent: Create of an object with GenerateName and no Name`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: a stable name through an option, AlreadyExists ignored.
type NamedReconciler struct{ client.Client }

func (r *NamedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := newPod(withMeta(metav1.ObjectMeta{Namespace: req.Namespace}), withName(req.Name+"-worker"))
	if err := r.Create(ctx, pod); err != nil {
		return ctrl.Result{}, client.IgnoreAlreadyExists(err)
	}
	return ctrl.Result{}, nil
}

// Twin: the options of another reconciler (a GenerateName) are not this
// one's; a stable name, AlreadyExists ignored.
type StableReconciler struct{ client.Client }

func (r *StableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := newPod(withMeta(metav1.ObjectMeta{Name: req.Name + "-pod", Namespace: req.Namespace}))
	if err := r.Create(ctx, pod); err != nil {
		return ctrl.Result{}, client.IgnoreAlreadyExists(err)
	}
	return ctrl.Result{}, nil
}

// Options as values of types with a method: the name prefix is the
// value the caller converted.
type podSetting interface{ set(*corev1.Pod) }

type prefixSetting string

func (p prefixSetting) set(pod *corev1.Pod) { pod.GenerateName = string(p) }

type nameSetting string

func (n nameSetting) set(pod *corev1.Pod) { pod.Name = string(n) }

type nsSetting string

func (n nsSetting) set(pod *corev1.Pod) { pod.Namespace = string(n) }

func buildPod(settings ...podSetting) *corev1.Pod {
	pod := new(corev1.Pod)
	for _, s := range settings {
		s.set(pod)
	}
	return pod
}

type SettingsReconciler struct{ client.Client }

func (r *SettingsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := buildPod(nsSetting(req.Namespace), prefixSetting(req.Name+"-"))
	if err := r.Create(ctx, pod); err != nil { // want `createnotidempotent: Create of an object with GenerateName and no Name`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: a stable name set the same way, AlreadyExists ignored.
type NamedSettingsReconciler struct{ client.Client }

func (r *NamedSettingsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := buildPod(nsSetting(req.Namespace), nameSetting(req.Name+"-worker"))
	if err := r.Create(ctx, pod); err != nil {
		return ctrl.Result{}, client.IgnoreAlreadyExists(err)
	}
	return ctrl.Result{}, nil
}
