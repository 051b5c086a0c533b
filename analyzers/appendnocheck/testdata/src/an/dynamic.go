package an

import (
	"context"
	"slices"

	"an/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// DynReconciler has the shape of corpus case E02 (service-binding-operator):
// the object is read with the dynamic client and converted to its typed
// form, and written back by a helper that converts it to unstructured
// content.
type DynReconciler struct {
	dyn dynamic.Interface
	gvr schema.GroupVersionResource
}

// get returns the object it read: the caller's object comes from the API.
func (r *DynReconciler) get(ctx context.Context, key types.NamespacedName) (*api.Widget, error) {
	u, err := r.dyn.Resource(r.gvr).Namespace(key.Namespace).Get(ctx, key.Name, metav1.GetOptions{})
	if err != nil {
		return nil, err
	}
	w := &api.Widget{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(u.Object, w); err != nil {
		return nil, err
	}
	return w, nil
}

// update writes the conversion of w: it persists w.
func (r *DynReconciler) update(ctx context.Context, w *api.Widget) (*api.Widget, error) {
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(w)
	if err != nil {
		return nil, err
	}
	u := &unstructured.Unstructured{Object: m}
	if _, err := r.dyn.Resource(r.gvr).Namespace(w.Namespace).Update(ctx, u, metav1.UpdateOptions{}); err != nil {
		return nil, err
	}
	return w, nil
}

// markBound returns the object it was given.
func markBound(w *api.Widget) (*api.Widget, error) {
	if w.Status.Phase != "Bound" {
		w.Status.Phase = "Bound"
	}
	return w, nil
}

func (r *DynReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, err := r.get(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.bind(ctx, w)
}

// ReconcileGuarded is a reconciler with E02's fix.
func (r *DynReconciler) ReconcileGuarded(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w, err := r.get(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.bindGuarded(ctx, w)
}

// P2004e: E02. The object, reassigned from a helper that returns it, gets
// the finalizer appended and is written by the converting helper.
func (r *DynReconciler) bind(ctx context.Context, w *api.Widget) error {
	w, err := markBound(w)
	if err != nil {
		return err
	}
	w.SetFinalizers(append(w.GetFinalizers(), fin)) // want `appendnocheck: append to Finalizers of an object read from the API has no membership test: every reconcile adds another copy, and update \(Update\) persists it`
	_, err = r.update(ctx, w)
	return err
}

// N2004e: E02's fix, a membership test first.
func (r *DynReconciler) bindGuarded(ctx context.Context, w *api.Widget) error {
	if !slices.Contains(w.GetFinalizers(), fin) {
		w.SetFinalizers(append(w.GetFinalizers(), fin))
		if _, err := r.update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// N2004f: a desired object built in code and written by the same helper:
// not read from the API.
func (r *DynReconciler) fresh(ctx context.Context) error {
	w := &api.Widget{}
	w.Name = "desired"
	w.Finalizers = append(w.Finalizers, fin)
	_, err := r.update(ctx, w)
	return err
}
