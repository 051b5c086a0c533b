// Package partcopy changes a part of an object through a deep copy of
// that part, assigned back by dereference.
package partcopy

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The template's copy is stamped and assigned back on every pass: the
// stamp is the deployment's.
type RestartReconciler struct{ client.Client }

func (r *RestartReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	tpl := d.Spec.Template.DeepCopy()
	if tpl.Annotations == nil {
		tpl.Annotations = map[string]string{}
	}
	tpl.Annotations["example.com/restarted-at"] = time.Now().Format(time.RFC3339) // want `nondetwrite: time.Now\(\) flows into Deployment.Spec.Template.Annotations, written by Update on every reconcile`
	d.Spec.Template = *tpl
	return ctrl.Result{}, r.Update(ctx, &d)
}

// Twin: the copy goes back only when the replica count it also carries
// differs, and the write goes with it: the stamp is set only when
// something else changed.
type ScaleReconciler struct {
	client.Client
	Replicas int32
}

func (r *ScaleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.Spec.Replicas != nil && *d.Spec.Replicas == r.Replicas {
		return ctrl.Result{}, nil
	}
	spec := d.Spec.DeepCopy()
	n := r.Replicas
	spec.Replicas = &n
	if spec.Template.Annotations == nil {
		spec.Template.Annotations = map[string]string{}
	}
	spec.Template.Annotations["example.com/scaled-at"] = time.Now().Format(time.RFC3339)
	d.Spec = *spec
	return ctrl.Result{}, r.Update(ctx, &d)
}

// The stamped copy goes back only when it differs from the template, and
// it always differs: it carries a new stamp on every pass.
type ComparedReconciler struct{ client.Client }

func (r *ComparedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	tpl := d.Spec.Template.DeepCopy()
	if tpl.Annotations == nil {
		tpl.Annotations = map[string]string{}
	}
	tpl.Annotations["example.com/seen-at"] = time.Now().Format(time.RFC3339)
	if equality.Semantic.DeepEqual(tpl, &d.Spec.Template) {
		return ctrl.Result{}, nil
	}
	d.Spec.Template = *tpl // want `nondetwrite: time.Now\(\) flows into Deployment.Spec.Template, written by Update on every reconcile: the write's comparison includes the stamped field`
	return ctrl.Result{}, r.Update(ctx, &d)
}

// Twin: the copy is compared before it is stamped; the stamp goes back
// only with another change.
type ComparedFirstReconciler struct {
	client.Client
	Image string
}

func (r *ComparedFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	tpl := d.Spec.Template.DeepCopy()
	for i := range tpl.Spec.Containers {
		tpl.Spec.Containers[i].Image = r.Image
	}
	if equality.Semantic.DeepEqual(tpl, &d.Spec.Template) {
		return ctrl.Result{}, nil
	}
	if tpl.Annotations == nil {
		tpl.Annotations = map[string]string{}
	}
	tpl.Annotations["example.com/changed-at"] = time.Now().Format(time.RFC3339)
	d.Spec.Template = *tpl
	return ctrl.Result{}, r.Update(ctx, &d)
}
