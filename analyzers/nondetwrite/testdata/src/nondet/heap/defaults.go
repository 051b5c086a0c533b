package heap

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A map that is the object's own, or a new one when the object had none
// (`if m == nil { m = map[…]…{} }`): an entry stored into it is stored
// into the object either way.

// Through the getter and the setter of the object's labels, in a helper
// that a factory's closure calls.
func mark(obj client.Object, key, value string) {
	labels := obj.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	labels[key] = value
	obj.SetLabels(labels)
}

func markSynced(key string) func(client.Object) {
	return func(obj client.Object) {
		mark(obj, key, time.Now().Format("20060102T150405"))
	}
}

type SyncLabelReconciler struct{ client.Client }

func (r *SyncLabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: req.Name + "-cfg"}, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	stamp := markSynced("example.com/synced")
	stamp(&cm) // want `nondetwrite: time.Now\(\) flows into ConfigMap.Labels, written by Update`
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// Through the field itself, read and assigned back.
type NoteReconciler struct{ client.Client }

func (r *NoteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: req.Name + "-cfg"}, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	notes := cm.Annotations
	if notes == nil {
		notes = make(map[string]string, 1)
	}
	notes["example.com/seen"] = time.Now().String() // want `nondetwrite: time.Now\(\) flows into ConfigMap.Annotations`
	cm.Annotations = notes // want `nondetwrite: time.Now\(\) flows into ConfigMap.Annotations`
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// Negatives: the same shapes with a value that is the same every pass.

func markOwner(owner string) func(client.Object) {
	return func(obj client.Object) {
		mark(obj, "example.com/owner", owner)
	}
}

type OwnerLabelReconciler struct{ client.Client }

func (r *OwnerLabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: req.Name + "-cfg"}, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	own := markOwner(req.Name)
	own(&cm)
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// The clock read into a map that is not the object's: only its length
// reaches the object.
type StableNoteReconciler struct{ client.Client }

func (r *StableNoteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: req.Namespace, Name: req.Name + "-cfg"}, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	notes := cm.Annotations
	if notes == nil {
		notes = make(map[string]string, 1)
	}
	notes["example.com/source"] = req.Name
	cm.Annotations = notes
	return ctrl.Result{}, r.Update(ctx, &cm)
}
