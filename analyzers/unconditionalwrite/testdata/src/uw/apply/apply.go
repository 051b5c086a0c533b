// Package apply holds server-side apply in the spellings that predate
// client.Client's Apply method: Patch with client.Apply and a field owner,
// and client-go's Patch with types.ApplyPatchType. Applying the full
// desired state on every pass is the idempotent pattern (the API server
// changes nothing when the applied fields already match), so none is an
// unconditional write. A merge patch sent the same way is one.
package apply

import (
	"context"
	"encoding/json"

	"uw/api"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const owner = "widget-controller"

// ApplyReconciler applies the desired Deployment and the Widget's status
// with Patch and client.Apply on every pass.
type ApplyReconciler struct{ client.Client }

func (r *ApplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace},
	}
	dep.Spec.Replicas = &w.Spec.Replicas
	if err := r.Patch(ctx, dep, client.Apply, client.FieldOwner(owner), client.ForceOwnership); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.ObservedGeneration = w.Generation
	w.Status.Phase = "Ready"
	if err := r.Status().Patch(ctx, &w, client.Apply, client.FieldOwner(owner)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// HeldPatchReconciler holds the apply patch in a variable chosen on two
// paths, both of which apply.
type HeldPatchReconciler struct {
	client.Client
	Force bool
}

func (r *HeldPatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.Apply
	if r.Force {
		patch = client.Apply
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Patch(ctx, &w, patch, client.FieldOwner(owner))
}

// TypedApplyReconciler applies through a client-go clientset.
type TypedApplyReconciler struct {
	client.Client
	KubeClient kubernetes.Interface
}

func (r *TypedApplyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := appsv1.Deployment{
		TypeMeta:   metav1.TypeMeta{APIVersion: "apps/v1", Kind: "Deployment"},
		ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace},
	}
	data, err := json.Marshal(dep)
	if err != nil {
		return ctrl.Result{}, err
	}
	_, err = r.KubeClient.AppsV1().Deployments(w.Namespace).Patch(ctx, w.Name, types.ApplyPatchType, data, metav1.PatchOptions{FieldManager: owner})
	return ctrl.Result{}, err
}

// MergePatchReconciler sends a merge patch of the Widget's status on every
// pass: an unconditional write (the control beside the negatives above).
type MergePatchReconciler struct{ client.Client }

func (r *MergePatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Patch(ctx, &w, client.Merge) // want `unconditionalwrite: Status\(\)\.Patch of the Widget .*runs on every reconcile`
}
