// Package iface writes its objects through an interface whose
// implementation is in the same module: the reconciler does not name the
// client, yet the stamp it puts into the annotations is persisted.
package iface

import (
	"context"
	"fmt"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ObjectWriter persists an object.
type ObjectWriter interface {
	Write(ctx context.Context, obj client.Object) error
}

type clientWriter struct{ c client.Client }

func (w *clientWriter) Write(ctx context.Context, obj client.Object) error {
	return w.c.Update(ctx, obj)
}

// NewStampReconciler wires the reconciler to the client through its writer.
func NewStampReconciler(c client.Client) *StampReconciler {
	return &StampReconciler{Client: c, w: &clientWriter{c: c}}
}

// StampReconciler stamps the sync time into an annotation.
type StampReconciler struct {
	client.Client
	w ObjectWriter
}

// P: the Unix time, formatted into an annotation, changes the object on
// every pass.
func (r *StampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Annotations == nil {
		cm.Annotations = map[string]string{}
	}
	cm.Annotations["example.com/synced-at"] = fmt.Sprintf("%d", time.Now().Unix()) // want `nondetwrite: time.Now\(\) flows into ConfigMap.Annotations`
	return ctrl.Result{}, r.w.Write(ctx, &cm)
}

// GenerationReconciler is the fixed twin: it records the generation it
// synced, which changes only when the spec does.
type GenerationReconciler struct {
	client.Client
	w ObjectWriter
}

// NewGenerationReconciler wires the fixed twin.
func NewGenerationReconciler(c client.Client) *GenerationReconciler {
	return &GenerationReconciler{Client: c, w: &clientWriter{c: c}}
}

// N: a value derived from the object.
func (r *GenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Annotations == nil {
		cm.Annotations = map[string]string{}
	}
	cm.Annotations["example.com/synced-generation"] = strconv.FormatInt(cm.Generation, 10)
	return ctrl.Result{}, r.w.Write(ctx, &cm)
}
