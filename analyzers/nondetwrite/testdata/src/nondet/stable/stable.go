// Package stable holds clock stamps behind conditions that keep their
// outcome after the write (stable conditions) and behind conditions that do
// not.
package stable

import (
	"context"

	"nondet/api"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "example.com/cleanup"

// WaitReconciler waits for a Deployment that nothing here writes; once it
// is ready every pass stamps and writes: a hot loop.
type WaitReconciler struct{ client.Client }

func (r *WaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, err
	}
	if dep.Status.ReadyReplicas == 0 {
		return ctrl.Result{}, nil // wait
	}
	w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// SettledReconciler stamps on the path where the finalizer was already
// there (AddFinalizer returned false) and the spec already matched
// (DeepEqual returned true): the settled edges, taken on every later pass.
type SettledReconciler struct{ client.Client }

func (r *SettledReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(&w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	if err := r.syncSpec(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.stamp(ctx, &w)
}

func (r *SettledReconciler) syncSpec(ctx context.Context, w *api.Widget) error {
	var other api.Widget
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name + "-mirror"}, &other); err != nil {
		return err
	}
	if equality.Semantic.DeepEqual(other.Spec.Params, w.Spec.Params) {
		return nil
	}
	return r.Status().Update(ctx, &other)
}

func (r *SettledReconciler) stamp(ctx context.Context, w *api.Widget) error {
	w.Status.LastTransition = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastTransition`
	return r.Status().Update(ctx, w)
}

// DeferReconciler writes in a deferred closure, as patch helpers are used.
type DeferReconciler struct{ client.Client }

func (r *DeferReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if uerr := r.Status().Update(ctx, &w); uerr != nil && err == nil {
			err = uerr
		}
	}()
	w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update`
	return ctrl.Result{}, nil
}

// Negatives: conditions that change with the write.

// PhaseReconciler stamps when the phase changes; the write sets the phase,
// so the next pass does not stamp.
type PhaseReconciler struct{ client.Client }

func (r *PhaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase == "Ready" {
		return ctrl.Result{}, nil
	}
	w.Status.Phase = "Ready"
	w.Status.LastTransition = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// ScaleReconciler waits on a Deployment field that the package also writes
// (Spec.Replicas): the write can change the outcome, so the wait guards.
type ScaleReconciler struct{ client.Client }

func (r *ScaleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, err
	}
	if dep.Spec.Replicas == nil || *dep.Spec.Replicas != w.Spec.Replicas {
		n := w.Spec.Replicas
		dep.Spec.Replicas = &n
		return ctrl.Result{}, r.Update(ctx, &dep)
	}
	if dep.Spec.Replicas != nil && *dep.Spec.Replicas > 3 {
		return ctrl.Result{}, nil
	}
	w.Status.LastUpdated = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// ChangeEdgeReconciler stamps on the change edge of a DeepEqual: after the
// write the comparison holds and the stamp stops.
type ChangeEdgeReconciler struct{ client.Client }

func (r *ChangeEdgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := map[string]string{"app": w.Name}
	if !equality.Semantic.DeepEqual(w.Spec.Params, desired) {
		w.Spec.Params = desired
		w.Annotations = map[string]string{"synced-at": metav1.Now().String()}
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// FlagReconciler tests a flag that a condition of unknown kind sets: it
// stays a guard.
type FlagReconciler struct {
	client.Client
	Ready func() bool
}

func (r *FlagReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !r.Ready() {
		return ctrl.Result{}, nil
	}
	w.Status.LastUpdated = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// FlagFromPhaseReconciler stamps only when a flag says the phase changed;
// the flag's value is decided by a comparison of data the write changes.
type FlagFromPhaseReconciler struct{ client.Client }

func (r *FlagFromPhaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	changed := false
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		changed = true
	}
	if !changed {
		return ctrl.Result{}, nil
	}
	w.Status.LastTransition = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// ConditionAfterWaitReconciler sets a condition stamped with metav1.Now()
// past the same stable wait as WaitReconciler: SetStatusCondition keeps the
// old LastTransitionTime unless the status changes, so the write settles.
type ConditionAfterWaitReconciler struct{ client.Client }

func (r *ConditionAfterWaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, err
	}
	if dep.Status.ReadyReplicas == 0 {
		return ctrl.Result{}, nil
	}
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "DeploymentReady", LastTransitionTime: metav1.Now(),
	})
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
