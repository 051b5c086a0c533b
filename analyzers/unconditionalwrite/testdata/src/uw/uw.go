package uw

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"

	"uw/api"
	"uw/lib"

	"github.com/google/go-cmp/cmp"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fin = "example.com/cleanup"

// P1: an unconditional status update after a Get (fix: copy after the Get).
type StatusReconciler struct{ client.Client }

func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.ObservedGeneration = w.Generation
	w.Status.Phase = "Ready"
	if err := r.Status().Update(ctx, &w); err != nil { // want `unconditionalwrite: Status\(\).Update of the Widget runs on every reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// P2: a helper patches with MergeFrom(base) (fix: guard on base).
type PatchReconciler struct{ client.Client }

func (r *PatchReconciler) ensureDeployment(ctx context.Context, w *api.Widget, d *appsv1.Deployment) error {
	base := d.DeepCopy()
	d.Spec.Replicas = &w.Spec.Replicas
	return r.Patch(ctx, d, client.MergeFrom(base)) // want `unconditionalwrite: Patch of the Deployment runs on every reconcile`
}

func (r *PatchReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var d appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), &d); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.ensureDeployment(ctx, w, &d)
}

// P3: a return of the write, and a helper of another package.
type ReturnReconciler struct{ client.Client }

func (r *ReturnReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := lib.Touch(ctx, r.Client, &cm); err != nil { // want `unconditionalwrite: Touch writes the ConfigMap \(Update\) on every reconcile`
		return ctrl.Result{}, err
	}
	metav1.SetMetaDataLabel(&cm.ObjectMeta, "example.com/seen", "true")
	return ctrl.Result{}, r.Update(ctx, &cm) // want `unconditionalwrite: Update of the ConfigMap`
}

// P4: a write in the deletion branch, and writes in a loop.
type LoopReconciler struct{ client.Client }

func (r *LoopReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(&w, fin)
		_ = r.Update(ctx, &w) // want `unconditionalwrite: Update of the Widget`
		return ctrl.Result{}, nil
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(w.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		pods.Items[i].Labels["example.com/owner"] = w.Name
		_ = r.Update(ctx, &pods.Items[i]) // want `unconditionalwrite: Update of the Pod`
	}
	return ctrl.Result{}, nil
}

// Negatives.

type GuardedReconciler struct{ client.Client }

func (r *GuardedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		// A failure-path write is never reported.
		_ = r.Status().Update(ctx, &w)
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	orig := w.DeepCopy()
	w.Status.ObservedGeneration = w.Generation
	if !equality.Semantic.DeepEqual(orig.Status, w.Status) {
		if err := r.Status().Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	// A changed bool assembled from change reporters.
	changed := controllerutil.AddFinalizer(&w, fin)
	changed = meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "OK"}) || changed
	if !changed {
		return ctrl.Result{}, nil
	}
	if err := r.Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	// reflect.DeepEqual and cmp.Equal.
	if !reflect.DeepEqual(w.Status.Keys, []string{"a"}) || !cmp.Equal(w.Status.Phase, "Ready") {
		_ = r.Status().Update(ctx, &w)
	}
	// observedGeneration test.
	if w.Status.ObservedGeneration != w.Generation {
		w.Status.ObservedGeneration = w.Generation
		_ = r.Status().Update(ctx, &w)
	}
	// Self-guarded writers.
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	if _, err := controllerutil.CreateOrPatch(ctx, r.Client, d, func() error {
		d.Spec.Replicas = &w.Spec.Replicas
		return controllerutil.SetControllerReference(&w, d, r.Scheme())
	}); err != nil {
		return ctrl.Result{}, err
	}
	// A helper of another package that compares first.
	_ = lib.UpdateIfChanged(ctx, r.Client, &w, orig)
	return ctrl.Result{}, nil
}

// A hash annotation guard.
type HashReconciler struct{ client.Client }

func (r *HashReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKeyFromObject(&w), &cm); err != nil {
		return ctrl.Result{}, err
	}
	raw, _ := json.Marshal(w.Spec)
	sum := sha256.Sum256(raw)
	h := hex.EncodeToString(sum[:])
	if cm.Annotations["example.com/spec-hash"] == h {
		return ctrl.Result{}, nil
	}
	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, "example.com/spec-hash", h)
	cm.Data = w.Spec.Params
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// Not reachable from a reconcile root: not reported.
func notInScope(ctx context.Context, c client.Client, w *api.Widget) error {
	return c.Update(ctx, w)
}

// update only passes its arguments on to Update: a forwarder of the
// package.
func update(ctx context.Context, c client.Client, o client.Object) error {
	return c.Update(ctx, o)
}

// P7: the write through that forwarder is reported at the call, like a
// direct Update, but without the guard fix: the call's arguments are the
// helper's (c is not the object), so a fix built on Update's positions
// would compare the wrong value.
type ForwarderReconciler struct{ client.Client }

func (r *ForwarderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	metav1.SetMetaDataLabel(&cm.ObjectMeta, "example.com/seen", "true")
	return ctrl.Result{}, update(ctx, r.Client, &cm) // want `unconditionalwrite: Update of the ConfigMap runs on every reconcile`
}
