// Package mutate: values that differ on every call (a clock, a random
// number) produced by a helper of another package and merged into the
// object inside a CreateOrUpdate mutate function make every comparison
// find a change: the Deployment is updated, and its pods rolled, on every
// pass. The same merge of stable annotations is silent.
package mutate

import (
	"context"
	"maps"
	"math/rand"
	"strconv"

	"nondet/api"
	"nondet/mutate/common"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		if d.Spec.Template.Annotations == nil {
			d.Spec.Template.Annotations = map[string]string{}
		}
		maps.Copy(d.Spec.Template.Annotations, common.Annotations(w.Name)) // want `nondetwrite: .*Deployment.Spec.Template.Annotations.*CreateOrUpdate`
		return nil
	})
	return ctrl.Result{}, err
}

type RandomReconciler struct{ client.Client }

func (r *RandomReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Annotations = map[string]string{"example.com/nonce": strconv.Itoa(rand.Int())} // want `nondetwrite: .*Deployment.Spec.Template.Annotations.*CreateOrUpdate`
		return nil
	})
	return ctrl.Result{}, err
}

type StableReconciler struct{ client.Client }

func (r *StableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		if d.Spec.Template.Annotations == nil {
			d.Spec.Template.Annotations = map[string]string{}
		}
		maps.Copy(d.Spec.Template.Annotations, common.StableAnnotations(w.Name))
		return nil
	})
	return ctrl.Result{}, err
}

type AssignReconciler struct{ client.Client }

func (r *AssignReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Annotations = common.Annotations(w.Name) // want `nondetwrite: .*Deployment.Spec.Template.Annotations.*CreateOrUpdate`
		return nil
	})
	return ctrl.Result{}, err
}
