// Package results: a struct a helper of another package returns by value
// carries each field's own data. A field filled from map order or the
// clock is non-deterministic; its sibling filled from a count or a
// constant reason is not.
package results

import (
	"context"
	"sort"
	"time"

	"nondet/api"
	"nondet/results/report"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type NamesReconciler struct{ client.Client }

func (r *NamesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = "checked " + report.Summarize(w.Spec.Params).Checked // want `nondetwrite: .*Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The count and the sorted names of the same report are the same on
// every pass.
type CountReconciler struct{ client.Client }

func (r *CountReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	t := report.Summarize(w.Spec.Params)
	w.Status.ObservedGeneration = int64(t.Count)
	w.Status.Message = t.Names
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type StampReconciler struct{ client.Client }

func (r *StampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var rec report.Recorder
	rec.Because("Synced")
	rec.Now()
	st := rec.Stamp()
	w.Status.Message = st.At // want `nondetwrite: .*Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The reason recorded next to the time is a constant.
type ReasonReconciler struct{ client.Client }

func (r *ReasonReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	rec := &report.Recorder{}
	rec.Because("Synced")
	rec.Now()
	w.Status.Message = rec.Stamp().Reason
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// A Recorder a constructor of the other package made, filled by its
// methods: the time it records goes into the stamp's At, not its Reason.
type MadeStampReconciler struct{ client.Client }

func (r *MadeStampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	rec := report.NewRecorder()
	rec.Now()
	w.Status.Phase = rec.Stamp().Reason
	w.Status.Message = rec.Stamp().At // want `nondetwrite: .*Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The whole Widget copied, its status changed on the copy, and the copy
// assigned back through the pointer: the write persists the copy's time.
type AssignedBackReconciler struct{ client.Client }

func (r *AssignedBackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cp := w.DeepCopy()
	cp.Status.Message = "synced at " + time.Now().String() // want `nondetwrite: .*Widget.Status.Message`
	*w = *cp
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// go-cmp compares the field the map-ordered keys went into: on a pass
// where the order differs, it differs, and the write persists it.
type CmpFieldReconciler struct{ client.Client }

func (r *CmpFieldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.Status.Message
	w.Status.Message = "checked " + time.Now().Format(time.RFC3339) // want `nondetwrite: .*Widget.Status.Message`
	if !cmp.Equal(before, w.Status.Message) {
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// The twin compares the sorted keys it stores: the same on every pass.
type CmpSortedReconciler struct{ client.Client }

func (r *CmpSortedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var keys []string
	for k := range w.Spec.Params {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	before := w.Status.Keys
	w.Status.Keys = keys
	if !cmp.Equal(before, w.Status.Keys) {
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// A condition set on a copy assigned back: its message holds the time.
type AssignedConditionReconciler struct{ client.Client }

func (r *AssignedConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cp := w.DeepCopy()
	msg := "at " + time.Now().String()
	meta.SetStatusCondition(&cp.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Synced", Message: msg}) // want `nondetwrite: .*Widget.Status.Conditions`
	*w = *cp
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The twin of AssignedBackReconciler: the copy holds a constant.
type AssignedConstantReconciler struct{ client.Client }

func (r *AssignedConstantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cp := w.DeepCopy()
	cp.Status.Message = "synced"
	*w = *cp
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
