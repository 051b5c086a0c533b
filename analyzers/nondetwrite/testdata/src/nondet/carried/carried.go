// Package carried: a stamp reaches what a write sends by ways other than
// a store into the written variable: a diffing patch helper that writes a
// copy made for the write, a struct of the function holding a pointer
// into the object, the values of a map a helper ranges over, and a helper
// given the object that stores into it and compares it back. Each
// positive has a twin with a value that does not change between passes.
package carried

import (
	"context"
	"reflect"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"nondet/api"
	"nondet/carried/patch"
)

// Positives.

type HelperPatchReconciler struct{ client.Client }

func (r *HelperPatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	h := patch.New(w, r.Client)
	w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Patch on every reconcile`
	return ctrl.Result{}, h.Patch(ctx, w)
}

// statusBuilder fills the status it points to.
type statusBuilder struct{ st *api.WidgetStatus }

// withMessage joins the values of parts into the message.
func (b *statusBuilder) withMessage(parts map[string]string) *statusBuilder {
	for _, v := range parts {
		b.st.Message += v
	}
	return b
}

type BuilderReconciler struct{ client.Client }

func (r *BuilderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	b := &statusBuilder{st: &w.Status}
	b.withMessage(map[string]string{"at": time.Now().Format(time.RFC3339)}) // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

type CompareBackReconciler struct{ client.Client }

func (r *CompareBackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.sync(ctx, w)
}

// sync stores a fresh status into the object it is given and writes it
// when the message it reads back differs from the one it started with.
func (r *CompareBackReconciler) sync(ctx context.Context, w *api.Widget) error {
	orig := w.DeepCopy()
	st := w.Status
	st.Message = "synced at " + time.Now().Format(time.RFC3339)
	w.Status = st // want `nondetwrite: time.Now\(\) flows into Widget.Status, written by Status\(\).Update on every reconcile: the write's comparison includes the stamped field`
	if !reflect.DeepEqual(orig.Status.Message, w.Status.Message) {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// Negatives.

type HelperPatchSpecReconciler struct{ client.Client }

func (r *HelperPatchSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	h := patch.New(w, r.Client)
	w.Status.ObservedGeneration = w.Generation
	return ctrl.Result{}, h.Patch(ctx, w)
}

type BuilderSpecReconciler struct{ client.Client }

func (r *BuilderSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	b := &statusBuilder{st: &w.Status}
	b.withMessage(w.Spec.Params)
	if w.Status.Phase == "" {
		w.Status.Phase = "Ready"
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

type CompareBackSpecReconciler struct{ client.Client }

func (r *CompareBackSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.sync(ctx, w)
}

// sync stores a status derived from the spec and compares it back.
func (r *CompareBackSpecReconciler) sync(ctx context.Context, w *api.Widget) error {
	orig := w.DeepCopy()
	st := w.Status
	st.Message = "replicas wanted"
	w.Status = st
	if !reflect.DeepEqual(orig.Status.Message, w.Status.Message) {
		return r.Status().Update(ctx, w)
	}
	return nil
}
