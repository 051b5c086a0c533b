package wsr

import (
	"context"

	"wsr/api"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fin = "example.com/cleanup"

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	switch w.Spec.Replicas {
	case 1:
		return ctrl.Result{}, r.dropped(ctx, &w)
	case 2:
		return ctrl.Result{}, r.clobbered(ctx, &w)
	case 3:
		return ctrl.Result{}, r.droppedLabels(ctx, &w)
	case 4:
		return ctrl.Result{}, r.deployment(ctx, &w)
	case 5:
		return ctrl.Result{}, r.copyBack(ctx, &w)
	case 6:
		return ctrl.Result{}, r.statusThenMain(ctx, &w)
	case 7:
		return ctrl.Result{}, r.helperThenMain(ctx, &w)
	case 8:
		return ctrl.Result{}, r.finalizerHelperThenStatus(ctx, &w)
	case 9:
		return ctrl.Result{}, r.helperStoresAfterItsWrite(ctx, &w)
	case 10:
		return ctrl.Result{}, r.bothInOneCall(ctx, &w)
	}
	return ctrl.Result{}, r.fine(ctx, &w)
}

// (a) status via Update.
func (r *R) dropped(ctx context.Context, w *api.Widget) error {
	w.Status.Phase = "Ready"
	return r.Update(ctx, w) // want `wrongsubresource: the Widget changes Status.Phase but writes it only with Update of the main resource`
}

// (b) the Update response clobbers the in-memory status.
func (r *R) clobbered(ctx context.Context, w *api.Widget) error {
	w.Status.Phase = "Provisioning"
	if controllerutil.AddFinalizer(w, fin) {
		if err := r.Update(ctx, w); err != nil { // want `wrongsubresource: the Update of the Widget replaces the in-memory Status.Phase`
			return err
		}
	}
	return r.Status().Update(ctx, w)
}

// (c) labels and a condition via Status().Update.
func (r *R) droppedLabels(ctx context.Context, w *api.Widget) error {
	metav1.SetMetaDataLabel(&w.ObjectMeta, "example.com/tier", "gold")
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "OK"})
	return r.Status().Update(ctx, w) // want `wrongsubresource: the Widget changes Labels but writes it only with Status\(\).Update`
}

// A built-in kind with a status subresource.
func (r *R) deployment(ctx context.Context, w *api.Widget) error {
	var d appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), &d); err != nil {
		return err
	}
	d.Status.ObservedGeneration = d.Generation
	return r.Update(ctx, &d) // want `wrongsubresource: the Deployment changes Status.ObservedGeneration`
}

// Negatives.
func (r *R) fine(ctx context.Context, w *api.Widget) error {
	// Finalizer written with Update, then status mutated after the main
	// write and written with Status().Patch.
	if controllerutil.AddFinalizer(w, fin) {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	base := w.DeepCopy()
	w.Status.Phase = "Ready"
	if err := r.Status().Patch(ctx, w, client.MergeFrom(base)); err != nil {
		return err
	}
	// ConfigMap has no status subresource.
	var cm corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), &cm); err != nil {
		return err
	}
	if cm.Data["k"] != "v" {
		cm.Data["k"] = "v"
		return r.Update(ctx, &cm)
	}
	// Spec changed, written with Update; status written afterwards after
	// being set again.
	w.Spec.Replicas = 3
	w.Status.Phase = "Scaling"
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "Scaling"
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	// A fresh read between the status store and the main write resets it.
	w.Status.Phase = "Stale"
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), w); err != nil {
		return err
	}
	w.Spec.Replicas = 4
	return r.Update(ctx, w)
}

// A whole-object copy through a helper says nothing about which fields
// changed: silent.
func overwrite(dst, src *api.Widget) { *dst = *src }

func (r *R) copyBack(ctx context.Context, w *api.Widget) error {
	fresh := w.DeepCopy()
	overwrite(w, fresh)
	return r.Status().Update(ctx, w)
}

// The status is persisted by its own status write before the main write,
// directly or by a helper that sets and writes it: silent.
func (r *R) statusThenMain(ctx context.Context, w *api.Widget) error {
	w.Status.Phase = "Done"
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	w.Spec.Replicas = 2
	return r.Update(ctx, w)
}

func (r *R) setAndWriteStatus(ctx context.Context, w *api.Widget, phase string) error {
	w.Status.Phase = phase
	return r.Status().Update(ctx, w)
}

func (r *R) helperThenMain(ctx context.Context, w *api.Widget) error {
	if err := r.setAndWriteStatus(ctx, w, "Bound"); err != nil {
		return err
	}
	if controllerutil.AddFinalizer(w, fin) {
		return r.Update(ctx, w)
	}
	return nil
}

// A helper that adds the finalizer and updates, then the status written
// with Status().Update: the finalizer is persisted by the helper. Silent.
func (r *R) ensureFinalizer(ctx context.Context, w *api.Widget) error {
	if controllerutil.AddFinalizer(w, fin) {
		return r.Update(ctx, w)
	}
	return nil
}

func (r *R) finalizerHelperThenStatus(ctx context.Context, w *api.Widget) error {
	if err := r.ensureFinalizer(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "Ready"
	return r.Status().Update(ctx, w)
}

// A helper that writes the status and only then changes it: its own write
// does not persist the change, so the main Update after it drops it.
func (r *R) writeThenSet(ctx context.Context, w *api.Widget) error {
	if err := r.Status().Update(ctx, w); err != nil {
		return err
	}
	w.Status.Phase = "Stale"
	return nil
}

func (r *R) helperStoresAfterItsWrite(ctx context.Context, w *api.Widget) error {
	if err := r.writeThenSet(ctx, w); err != nil {
		return err
	}
	return r.Update(ctx, w) // want `wrongsubresource: the Widget changes Status.Phase but writes it only with Update of the main resource`
}

// One call writes the object and its status (as cluster-api's
// patch.Helper.Patch does): the status change is persisted. Silent.
func (r *R) writeBoth(ctx context.Context, w *api.Widget) error {
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	return r.Status().Update(ctx, w)
}

func (r *R) bothInOneCall(ctx context.Context, w *api.Widget) error {
	w.Labels = map[string]string{"tier": "web"}
	w.Status.Phase = "Ready"
	return r.writeBoth(ctx, w)
}
