package an

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const restoring = "example.com/restore-in-progress"

// MarkerReconciler prepares each deployment once: the helper appends the
// restore volume and marks the deployment in the same Update, and the
// caller skips a deployment that carries the mark.
type MarkerReconciler struct{ client.Client }

func (r *MarkerReconciler) prepare(ctx context.Context, key types.NamespacedName) error {
	var d appsv1.Deployment
	if err := r.Get(ctx, key, &d); err != nil {
		return err
	}
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	d.Annotations[restoring] = "true"
	d.Spec.Template.Spec.Volumes = append(d.Spec.Template.Spec.Volumes, corev1.Volume{Name: "restore"})
	return r.Update(ctx, &d)
}

func (r *MarkerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var list appsv1.DeploymentList
	if err := r.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, d := range list.Items {
		if _, ok := d.Annotations[restoring]; ok {
			continue
		}
		key := types.NamespacedName{Namespace: d.Namespace, Name: d.Name}
		if err := retry.RetryOnConflict(retry.DefaultRetry, func() error { return r.prepare(ctx, key) }); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Twin: the mark is written, but nobody tests it before appending: every
// pass appends another copy.
type UntestedMarkerReconciler struct{ client.Client }

func (r *UntestedMarkerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	d.Annotations[restoring] = "true"
	d.Spec.Template.Spec.Volumes = append(d.Spec.Template.Spec.Volumes, corev1.Volume{Name: "restore"}) // want `appendnocheck: append to Spec.Template.Spec.Volumes`
	return ctrl.Result{}, r.Update(ctx, &d)
}

// Twin: the caller tests another key than the one the write sets: the
// mark never stops the append.
type OtherMarkerReconciler struct{ client.Client }

func (r *OtherMarkerReconciler) prepare(ctx context.Context, key types.NamespacedName) error {
	var d appsv1.Deployment
	if err := r.Get(ctx, key, &d); err != nil {
		return err
	}
	if d.Annotations == nil {
		d.Annotations = map[string]string{}
	}
	d.Annotations["example.com/prepared"] = "true"
	d.Spec.Template.Spec.Volumes = append(d.Spec.Template.Spec.Volumes, corev1.Volume{Name: "restore"}) // want `appendnocheck: append to Spec.Template.Spec.Volumes`
	return r.Update(ctx, &d)
}

func (r *OtherMarkerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var list appsv1.DeploymentList
	if err := r.List(ctx, &list, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, d := range list.Items {
		if _, ok := d.Annotations[restoring]; ok {
			continue
		}
		if err := r.prepare(ctx, types.NamespacedName{Namespace: d.Namespace, Name: d.Name}); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// The same latch tested with the API's key test (metav1.HasAnnotation) on
// the deployment a helper returns.
type HasMarkerReconciler struct{ MarkerReconciler }

func (r *HasMarkerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if metav1.HasAnnotation(d.ObjectMeta, restoring) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.prepare(ctx, req.NamespacedName)
}
