// Package mutate: values that differ on every call (a clock, a random
// number, a fresh UID) produced by a helper of another package and merged
// into the object inside a CreateOrUpdate or CreateOrPatch mutate function
// make every comparison find a change: the Deployment is updated, and its
// pods rolled, on every pass. The same merge of stable annotations (or of
// an identity derived from the owner's UID) is silent.
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

// The same merge inside a CreateOrPatch mutate function: the patch it
// computes is never empty.
type PatchHelperReconciler struct{ client.Client }

func (r *PatchHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, d, func() error {
		if d.Spec.Template.Annotations == nil {
			d.Spec.Template.Annotations = map[string]string{}
		}
		maps.Copy(d.Spec.Template.Annotations, common.Annotations(w.Name)) // want `nondetwrite: .*Deployment.Spec.Template.Annotations.*CreateOrPatch`
		return nil
	})
	return ctrl.Result{}, err
}

// Its twin: stable annotations patch nothing once applied.
type PatchStableReconciler struct{ client.Client }

func (r *PatchStableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, d, func() error {
		if d.Spec.Template.Annotations == nil {
			d.Spec.Template.Annotations = map[string]string{}
		}
		maps.Copy(d.Spec.Template.Annotations, common.StableAnnotations(w.Name))
		return nil
	})
	return ctrl.Result{}, err
}

// A fresh UID from a helper of another package, merged by CreateOrPatch.
type UUIDPatchReconciler struct{ client.Client }

func (r *UUIDPatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, d, func() error {
		if d.Spec.Template.Annotations == nil {
			d.Spec.Template.Annotations = map[string]string{}
		}
		maps.Copy(d.Spec.Template.Annotations, common.RunAnnotations(w.Name)) // want `nondetwrite: .*Deployment.Spec.Template.Annotations.*CreateOrPatch`
		return nil
	})
	return ctrl.Result{}, err
}

// Its twin: the identity derived from the owner's UID.
type OwnerUIDPatchReconciler struct{ client.Client }

func (r *OwnerUIDPatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, d, func() error {
		if d.Spec.Template.Annotations == nil {
			d.Spec.Template.Annotations = map[string]string{}
		}
		maps.Copy(d.Spec.Template.Annotations, common.OwnerAnnotations(w.Name, w.UID))
		return nil
	})
	return ctrl.Result{}, err
}

// A fresh UID assigned by CreateOrUpdate.
type UUIDUpdateReconciler struct{ client.Client }

func (r *UUIDUpdateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Annotations = common.RunAnnotations(w.Name) // want `nondetwrite: .*Deployment.Spec.Template.Annotations.*CreateOrUpdate`
		return nil
	})
	return ctrl.Result{}, err
}

// Its twin.
type OwnerUIDUpdateReconciler struct{ client.Client }

func (r *OwnerUIDUpdateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		d.Spec.Template.Annotations = common.OwnerAnnotations(w.Name, w.UID)
		return nil
	})
	return ctrl.Result{}, err
}
