// Package heap: non-determinism kept in the heap on its way to a write: a
// counter kept by a closure that a factory returns. The negatives: a
// builder of another package that keeps a timing its written report field
// does not contain, the same builder given no timing, a counter local to
// one pass, and a copy taken through a pointer before a stamp that the
// guard's block makes later.
package heap

import (
	"context"
	"strconv"
	"time"

	"nondet/api"
	"nondet/heap/tally"

	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SiblingReconciler records a timing in the builder but writes only the
// counts: a report's fields are not followed one by one, so the builder's
// content is not passed on whole to its report (a false positive the
// session's first version had).
type SiblingReconciler struct{ client.Client }

func (r *SiblingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	began := time.Now()
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	t := tally.New()
	for _, k := range w.Status.Keys {
		t.Saw(k != "")
	}
	t.Took(time.Since(began))
	w.Status.Message = t.Full().Ready + " ready"
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// CountOnlyReconciler fills the same builder with counts only.
type CountOnlyReconciler struct{ client.Client }

func (r *CountOnlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	t := tally.New()
	for _, k := range w.Status.Keys {
		t.Saw(k != "")
	}
	w.Status.Message = t.Full().Ready + " ready"
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// SerialReconciler names each pass with a closure that a factory returned:
// the closure outlives the factory's call, so each call reads one more.
type SerialReconciler struct {
	client.Client
	next func() string
}

func NewSerialReconciler(c client.Client) *SerialReconciler {
	return &SerialReconciler{Client: c, next: serials("run-")}
}

func serials(prefix string) func() string {
	n := 0
	return func() string {
		n++
		return prefix + strconv.Itoa(n)
	}
}

func (r *SerialReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = r.next() // want `nondetwrite: an in-memory counter kept by a closure flows into Widget.Status.Phase`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// LocalCountReconciler counts with a closure of the pass itself: the count
// starts afresh on every pass, so it is the number of keys.
type LocalCountReconciler struct{ client.Client }

func (r *LocalCountReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	n := 0
	bump := func() {
		n++
	}
	for range w.Status.Keys {
		bump()
	}
	w.Status.Phase = strconv.Itoa(n)
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// copyStatus copies a status through pointers.
func copyStatus(in, out *api.WidgetStatus) {
	*out = *in
	out.Keys = append([]string(nil), in.Keys...)
}

// CopyThenStampReconciler copies the status through a pointer before the
// guard; the stamp that the guard's block makes afterwards is not in the
// copy, and it is made only when the rest changed.
type CopyThenStampReconciler struct{ client.Client }

func (r *CopyThenStampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	orig := w.DeepCopy()
	var st api.WidgetStatus
	copyStatus(&w.Status, &st)
	st.Phase = "Ready"
	w.Status = st
	if !equality.Semantic.DeepEqual(orig.Status, w.Status) {
		now := metav1.Now()
		w.Status.StartTime = &now
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
