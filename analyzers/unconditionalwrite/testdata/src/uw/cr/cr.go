// Package cr holds writes that follow a change report whose result is
// ignored (corpus case B04).
package cr

import (
	"context"

	"uw/api"
	"uw/lib"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fin = "example.com/cleanup"

// ClusterReconciler registers its finalizer through a self-guarded patch
// helper, ignoring AddFinalizer's result.
type ClusterReconciler struct{ client.Client }

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil // paused: an unrelated guard
	}
	base := w.DeepCopy()
	if !w.DeletionTimestamp.IsZero() {
		return r.reconcileDelete(ctx, w, base)
	}
	return r.reconcileNormal(ctx, w, base)
}

// P1: the B04 shape.
func (r *ClusterReconciler) reconcileNormal(ctx context.Context, w, base *api.Widget) (ctrl.Result, error) {
	controllerutil.AddFinalizer(w, fin)
	// Register the finalizer immediately to avoid orphaning resources.
	if err := lib.UpdateIfChanged(ctx, r.Client, w, base); err != nil { // want `unconditionalwrite: UpdateIfChanged \(Update\) of the Widget runs on every reconcile: controllerutil.AddFinalizer reports whether it changed the object, but its result is ignored. The helper sends nothing when nothing changed, but it computes the full diff on every pass and, here in the middle of the reconcile, persists whatever else has changed so far; write only when controllerutil.AddFinalizer returns true`
		return ctrl.Result{}, err
	}

	// P2: a condition set and written on every pass under an unrelated
	// guard.
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled"})
	return ctrl.Result{}, r.Status().Update(ctx, w) // want `unconditionalwrite: Status\(\)\.Update of the Widget runs on every reconcile: meta.SetStatusCondition reports whether it changed the object, but its result is ignored`
}

// N1: the removal is guarded by a finalizer test; the write after the
// ignored report needs no other condition.
func (r *ClusterReconciler) reconcileDelete(ctx context.Context, w, base *api.Widget) (ctrl.Result, error) {
	if !controllerutil.ContainsFinalizer(w, fin) {
		return ctrl.Result{}, nil
	}
	controllerutil.RemoveFinalizer(w, fin)
	return ctrl.Result{}, lib.UpdateIfChanged(ctx, r.Client, w, base)
}

// Negatives: the report decides the write, another object is written, a
// statement in between, a failure path.
type OtherReconciler struct{ client.Client }

func (r *OtherReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	base := w.DeepCopy()
	// N2: the fixed B04.
	if controllerutil.AddFinalizer(w, fin) {
		if err := lib.UpdateIfChanged(ctx, r.Client, w, base); err != nil {
			return ctrl.Result{}, err
		}
	}
	// N3: the finalizer goes on another object than the one written.
	other := &api.Widget{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name + "-peer"}, other); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.AddFinalizer(other, fin)
	if err := lib.UpdateIfChanged(ctx, r.Client, w, base); err != nil {
		return ctrl.Result{}, err
	}
	// N4: a change between the report and the write.
	controllerutil.AddFinalizer(w, fin)
	w.Spec.Params = map[string]string{"a": "b"}
	if err := lib.UpdateIfChanged(ctx, r.Client, w, base); err != nil {
		// N5: a write on the failure path.
		meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionFalse, Reason: "Failed"})
		_ = r.Status().Update(ctx, w)
		return ctrl.Result{}, err
	}
	if err := r.ensureChild(ctx, w, &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-child", Namespace: w.Namespace}}); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.setReady(ctx, w); err != nil {
		return ctrl.Result{}, err
	}
	// P: the Update of other runs on every pass that gets past the
	// Replicas test, which compares nothing the reconcile changes.
	return ctrl.Result{}, r.Update(ctx, other) // want `unconditionalwrite: Update of the Widget runs on every reconcile, even when nothing changed`
}

// N8: CreateOrUpdate after an ignored report: it reads the object again
// and creates it when missing, so the report does not decide it.
func (r *OtherReconciler) ensureChild(ctx context.Context, w, child *api.Widget) error {
	controllerutil.AddFinalizer(child, fin)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, child, func() error {
		controllerutil.AddFinalizer(child, fin)
		child.Spec.Replicas = w.Spec.Replicas
		return nil
	})
	return err
}

// P: the status write also persists a phase set before the report, so it
// is no write right after an ignored report; but it runs on every pass
// that gets past the Replicas tests, which compare nothing the reconcile
// changes (here and before the call), so it is unconditional.
func (r *OtherReconciler) setReady(ctx context.Context, w *api.Widget) error {
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
		return err
	}
	if w.Spec.Replicas == 0 {
		return nil
	}
	w.Status.Phase = "Ready"
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled"})
	return r.Status().Update(ctx, w) // want `unconditionalwrite: Status\(\)\.Update of the Widget runs on every reconcile, even when nothing changed`
}

// NodeReconciler removes the finalizer in the deletion branch and adds it,
// ignoring the report, on the other path: the removal does not reach the
// write, so it is still reported (the example operator's shape).
type NodeReconciler struct{ client.Client }

func (r *NodeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	if !w.DeletionTimestamp.IsZero() {
		if controllerutil.RemoveFinalizer(w, fin) {
			return ctrl.Result{}, r.Update(ctx, w)
		}
		return ctrl.Result{}, nil
	}
	if w.Spec.Params == nil {
		// N7: a store that reaches the report: the write may be for it.
		w.Spec.Params = map[string]string{"managed": "true"}
		controllerutil.AddFinalizer(w, fin)
		if err := r.Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(w, fin)
	return ctrl.Result{}, r.Update(ctx, w) // want `unconditionalwrite: Update of the Widget runs on every reconcile: controllerutil.AddFinalizer reports whether it changed the object, but its result is ignored`
}

// The report comes through a helper of the package that returns
// AddFinalizer's result: the same ignored report.
type HelperReportReconciler struct{ client.Client }

func ensureFinalizer(o client.Object) bool {
	return controllerutil.AddFinalizer(o, fin)
}

func (r *HelperReportReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil // paused: an unrelated guard
	}
	ensureFinalizer(w)
	return ctrl.Result{}, r.Update(ctx, w) // want `unconditionalwrite: Update of the Widget runs on every reconcile: ensureFinalizer \(controllerutil.AddFinalizer\) reports whether it changed the object, but its result is ignored`
}

// A diffing helper as the last word on the object: it sends the reported
// change or nothing, as the gated write would. Not reported.
type LastWordReconciler struct{ client.Client }

func (r *LastWordReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	base := w.DeepCopy()
	controllerutil.AddFinalizer(w, fin)
	if err := lib.UpdateIfChanged(ctx, r.Client, w, base); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The same diffing helper with a deferred status write after it: the
// reconcile goes on, and the helper persists the object mid-way.
type DeferredStatusReconciler struct{ client.Client }

func (r *DeferredStatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	defer func() {
		if w.Status.Phase == "Ready" {
			return
		}
		w.Status.Phase = "Ready"
		if uerr := r.Status().Update(ctx, w); uerr != nil && err == nil {
			err = uerr
		}
	}()
	base := w.DeepCopy()
	controllerutil.AddFinalizer(w, fin)
	if err := lib.UpdateIfChanged(ctx, r.Client, w, base); err != nil { // want `unconditionalwrite: UpdateIfChanged \(Update\) of the Widget runs on every reconcile: controllerutil.AddFinalizer reports whether it changed the object, but its result is ignored. The helper sends nothing when nothing changed`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
