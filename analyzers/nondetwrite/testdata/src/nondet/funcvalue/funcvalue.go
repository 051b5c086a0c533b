// Package funcvalue: the clock or the stamping code is reached through a
// function value (a field set by the constructor, a factory's result, a
// local that holds a method value), not a direct call. A stamp written on
// every pass is reported as if the call were direct; the twins use the
// same values only where they do not reach a write, or on change.
package funcvalue

import (
	"context"
	"fmt"
	"time"

	"nondet/api"
	"nondet/funcvalue/clock"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Positives.

// An injectable clock, set to time.Now by the constructor.
type ClockReconciler struct {
	client.Client
	now func() time.Time
}

func NewClockReconciler(c client.Client) *ClockReconciler {
	return &ClockReconciler{Client: c, now: time.Now}
}

func (r *ClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastUpdated = metav1.NewTime(r.now()) // want `nondetwrite: time.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// A stamping function made by a factory method and called at once.
type FactoryReconciler struct{ client.Client }

func (r *FactoryReconciler) stamper(layout string) func(*api.Widget) {
	return func(w *api.Widget) {
		w.Status.Message = "synced at " + time.Now().Format(layout)
	}
}

func (r *FactoryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	stamp := r.stamper(time.RFC3339)
	w.Status.Phase = "Ready"
	stamp(w) // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The clock and an ID source held by variables of another package.
type PackageVarReconciler struct{ client.Client }

func (r *PackageVarReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	w.Annotations["example.com/synced"] = clock.Now().Format(clock.Layout()) // want `nondetwrite: time.Now\(\) flows into Widget.Annotations, written by Update on every reconcile`
	w.Labels["example.com/day"] = clock.Today()                              // want `nondetwrite: time.Now\(\) flows into Widget.Labels, written by Update on every reconcile`
	w.Labels["example.com/run"] = clock.NewID("run")                         // want `nondetwrite: uuid.NewString\(\) flows into Widget.Labels, written by Update on every reconcile`
	return ctrl.Result{}, r.Update(ctx, &w)
}

// The mutate function of CreateOrUpdate comes from a factory that stamps
// the object it is given.
type MutateFactoryReconciler struct{ client.Client }

func (r *MutateFactoryReconciler) mutateFor(w *api.Widget, cm *corev1.ConfigMap) controllerutil.MutateFn {
	return func() error {
		cm.Data = map[string]string{"replicas": fmt.Sprint(w.Spec.Replicas)}
		if cm.Annotations == nil {
			cm.Annotations = map[string]string{}
		}
		cm.Annotations["example.com/rendered"] = time.Now().Format(time.RFC3339) // want `nondetwrite: time.Now\(\) flows into ConfigMap.Annotations, written by CreateOrUpdate`
		return nil
	}
}

func (r *MutateFactoryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-cfg", Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, r.mutateFor(&w, cm))
	return ctrl.Result{}, err
}

// A clock picked by a flag: either function is the clock.
type PickedClockReconciler struct {
	client.Client
	utc bool
}

func nowUTC() time.Time { return time.Now().UTC() }

func (r *PickedClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	now := time.Now
	if r.utc {
		now = nowUTC
	}
	w.Status.LastUpdated = metav1.NewTime(now()) // want `nondetwrite: time.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Negatives.

// Either function a flag picks is a constant.
type PickedConstReconciler struct {
	client.Client
	short bool
}

func longName(w *api.Widget) string  { return w.Namespace + "/" + w.Name }
func shortName(w *api.Widget) string { return w.Name }

func (r *PickedConstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	name := longName
	if r.short {
		name = shortName
	}
	msg := "owned by " + name(&w)
	if w.Status.Message == msg {
		return ctrl.Result{}, nil
	}
	w.Status.Message = msg
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The factory's mutate function sets only what the owner decides.
type MutateFactoryStableReconciler struct{ client.Client }

func desired(w *api.Widget, cm *corev1.ConfigMap) controllerutil.MutateFn {
	return func() error {
		cm.Data = map[string]string{"replicas": fmt.Sprint(w.Spec.Replicas)}
		return nil
	}
}

func (r *MutateFactoryStableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-cfg", Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, desired(&w, cm))
	return ctrl.Result{}, err
}

// The layout held by a variable of another package is a constant.
type LayoutReconciler struct{ client.Client }

func (r *LayoutReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = "layout " + clock.Layout()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The clock decides only when to come back.
type ClockRequeueReconciler struct {
	client.Client
	now func() time.Time
}

func NewClockRequeueReconciler(c client.Client) *ClockRequeueReconciler {
	return &ClockRequeueReconciler{Client: c, now: time.Now}
}

func (r *ClockRequeueReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.StartTime == nil {
		return ctrl.Result{}, nil
	}
	left := 10*time.Minute - r.now().Sub(w.Status.StartTime.Time)
	if left > 0 {
		return ctrl.Result{RequeueAfter: left}, nil
	}
	w.Status.Phase = "Expired"
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The clock field holds a fixed function: what it returns is the same on
// every pass.
type FixedClockReconciler struct {
	client.Client
	now func() time.Time
}

func epoch() time.Time { return time.Unix(0, 0) }

func NewFixedClockReconciler(c client.Client) *FixedClockReconciler {
	return &FixedClockReconciler{Client: c, now: epoch}
}

func (r *FixedClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.LastUpdated = metav1.NewTime(r.now())
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The factory's stamper runs only when the phase changes.
type FactoryOnChangeReconciler struct{ client.Client }

func (r *FactoryOnChangeReconciler) stamper() func(*api.Widget) {
	return func(w *api.Widget) { w.Status.LastTransition = metav1.Now() }
}

func (r *FactoryOnChangeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase == "Ready" {
		return ctrl.Result{}, nil
	}
	stamp := r.stamper()
	w.Status.Phase = "Ready"
	stamp(w)
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The outcome of a deadline test, written when it changes: a comparison
// with the clock keeps its value until the deadline passes.
type DeadlineReconciler struct {
	client.Client
	now func() time.Time
}

func NewDeadlineReconciler(c client.Client) *DeadlineReconciler {
	return &DeadlineReconciler{Client: c, now: time.Now}
}

func (r *DeadlineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.StartTime == nil {
		return ctrl.Result{}, nil
	}
	expired := r.now().After(w.Status.StartTime.Add(time.Hour))
	overdue := time.Since(w.Status.StartTime.Time) > 2*time.Hour
	msg := fmt.Sprintf("expired=%t", expired || overdue)
	if w.Status.Message != msg {
		w.Status.Message = msg
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
