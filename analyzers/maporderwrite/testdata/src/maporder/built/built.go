// Package built: the desired object comes from a constructor of another
// package, which fills it through a wrapper and accessors; what it stores
// into the object is what the reconciler writes.
package built

import (
	"context"

	"maporder/built/model"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ApplyReconciler applies the built Deployment.
type ApplyReconciler struct{ client.Client }

func (r *ApplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := model.Deployment(&cm) // want `maporderwrite: the order of a map iteration reaches Deployment\.Spec\.Template\.Spec\.Containers\[\]\.Args, written by Apply`
	return ctrl.Result{}, r.Patch(ctx, dep, client.Apply, client.ForceOwnership, client.FieldOwner("built"))
}

// SortedReconciler applies the twin, built from sorted keys.
type SortedReconciler struct{ client.Client }

func (r *SortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.Patch(ctx, model.SortedDeployment(&cm), client.Apply, client.ForceOwnership, client.FieldOwner("built"))
}

// VolumesReconciler updates the Deployment from a constructor that
// returns an error beside it.
type VolumesReconciler struct{ client.Client }

func (r *VolumesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	names := map[string]bool{}
	for k := range cm.Data {
		names[k] = true
	}
	dep, err := model.WithVolumes(cm.Name, names) // want `maporderwrite: the order of a map iteration reaches Deployment\.Spec\.Template\.Spec\.Volumes, written by Apply`
	if err != nil || dep == nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Patch(ctx, dep, client.Apply, client.ForceOwnership, client.FieldOwner("built"))
}

// LabelsReconciler applies a Deployment whose labels come from a map.
type LabelsReconciler struct{ client.Client }

func (r *LabelsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.Patch(ctx, model.Labeled(cm.Name, cm.Labels), client.Apply, client.ForceOwnership, client.FieldOwner("built"))
}

// CopyReconciler copies the built args into the live Deployment and
// patches it when they differ: they differ on every pass.
type CopyReconciler struct{ client.Client }

func (r *CopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var live appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &live); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := live.DeepCopy()
	desired := model.Unsorted(&cm) // want `maporderwrite: the order of a map iteration reaches Deployment\.Spec\.Template\.Spec\.Containers\[\]\.Args, written by Patch`
	live.Spec.Template.Spec.Containers[0].Args = desired.Spec.Template.Spec.Containers[0].Args
	if equality.Semantic.DeepEqual(base.Spec, live.Spec) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Patch(ctx, &live, client.MergeFrom(base))
}

// SortedCopyReconciler is its twin, copying from the sorted build.
type SortedCopyReconciler struct{ client.Client }

func (r *SortedCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var live appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &live); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := live.DeepCopy()
	desired := model.SortedDeployment(&cm)
	live.Spec.Template.Spec.Containers[0].Args = desired.Spec.Template.Spec.Containers[0].Args
	if equality.Semantic.DeepEqual(base.Spec, live.Spec) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Patch(ctx, &live, client.MergeFrom(base))
}

// PropertiesReconciler replaces the live ConfigMap's data with the
// rendered one when the file differs: it differs on every pass.
type PropertiesReconciler struct{ client.Client }

func (r *PropertiesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := model.Properties(cm.Name+"-props", cm.Data) // want `maporderwrite: the order of a map iteration reaches ConfigMap\.Data, written by Update`
	var live corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKeyFromObject(desired), &live); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if live.Data["app.properties"] == desired.Data["app.properties"] {
		return ctrl.Result{}, nil
	}
	live.Data = desired.Data
	return ctrl.Result{}, r.Update(ctx, &live)
}

// SortedPropertiesReconciler renders in key order.
type SortedPropertiesReconciler struct{ client.Client }

func (r *SortedPropertiesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := model.SortedProperties(cm.Name+"-props", cm.Data)
	var live corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKeyFromObject(desired), &live); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if live.Data["app.properties"] == desired.Data["app.properties"] {
		return ctrl.Result{}, nil
	}
	live.Data = desired.Data
	return ctrl.Result{}, r.Update(ctx, &live)
}

// CopyLabelsReconciler copies a map built in map order: no order to lose.
type CopyLabelsReconciler struct{ client.Client }

func (r *CopyLabelsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := model.CopiedLabels(cm.Name+"-copy", cm.Labels)
	var live corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKeyFromObject(desired), &live); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if equality.Semantic.DeepEqual(live.Data, desired.Data) {
		return ctrl.Result{}, nil
	}
	live.Data = desired.Data
	return ctrl.Result{}, r.Update(ctx, &live)
}
