// Package apply: server-side apply sends the full desired state on every
// pass, and the server changes nothing when the fields already match. A
// clock value in the applied object breaks that: it differs on every
// pass, so every apply is a change (and, in a pod template, a rollout).
package apply

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type StampedApplyReconciler struct{ client.Client }

func (r *StampedApplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var owner appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace},
	}
	dep.Spec.Template.Annotations = map[string]string{"example.com/applied-at": time.Now().Format(time.RFC3339)} // want `nondetwrite: time.Now\(\) flows into Deployment.Spec.Template.Annotations, written by Apply on every reconcile`
	return ctrl.Result{}, r.Patch(ctx, dep, client.Apply, client.FieldOwner("op"), client.ForceOwnership)
}

// The same apply without the stamp is silent.
type PlainApplyReconciler struct{ client.Client }

func (r *PlainApplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var owner appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace},
	}
	dep.Spec.Template.Annotations = map[string]string{"example.com/owner": owner.Name}
	return ctrl.Result{}, r.Patch(ctx, dep, client.Apply, client.FieldOwner("op"), client.ForceOwnership)
}

// An apply configuration built by its With methods: what they are given
// is what Apply sends.
type StampedConfigReconciler struct{ client.Client }

func (r *StampedConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var owner appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	stamp := time.Now().Format(time.RFC3339)
	cm := corev1ac.ConfigMap(owner.Name+"-state", owner.Namespace).WithData(map[string]string{"applied-at": stamp}) // want `nondetwrite: time.Now\(\) flows into ConfigMapApplyConfiguration.Data, written by Apply on every reconcile`
	return ctrl.Result{}, r.Apply(ctx, cm, client.FieldOwner("op"), client.ForceOwnership)
}

// The same apply configuration without the stamp is silent.
type PlainConfigReconciler struct{ client.Client }

func (r *PlainConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var owner appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := corev1ac.ConfigMap(owner.Name+"-state", owner.Namespace).WithData(map[string]string{"owner": owner.Name})
	return ctrl.Result{}, r.Apply(ctx, cm, client.FieldOwner("op"), client.ForceOwnership)
}
