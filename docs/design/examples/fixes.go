//go:build ignore

package ex

import (
	"context"
	"fmt"
	"maps"
	"slices"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// RL1001 P1 after fix
func (r *WidgetReconciler) F1001a(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	orig := w.DeepCopy()
	w.Status.ObservedGeneration = w.Generation
	if !equality.Semantic.DeepEqual(orig.Status, w.Status) {
		w.Status.LastUpdated = metav1.Now()
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// RL1002 after fix
func (r *WidgetReconciler) F1002(ctx context.Context, w *Widget) error {
	w.Status.Keys = w.Status.Keys[:0]
	for k := range w.Spec.Params {
		w.Status.Keys = append(w.Status.Keys, k)
	}
	slices.Sort(w.Status.Keys)
	w.Status.Message = fmt.Sprint(slices.Sorted(maps.Keys(w.Spec.Params)), sets.List(sets.KeySet(w.Spec.Params)))
	return r.Status().Update(ctx, w)
}

// RL2002 P2 after fix
func (r *WidgetReconciler) F2002b(ctx context.Context, w *Widget) error {
	w.Status.Phase = "Provisioning"
	if controllerutil.AddFinalizer(w, fin) {
		saved := w.DeepCopy()
		if err := r.Update(ctx, w); err != nil {
			return err
		}
		w.Status = saved.Status
	}
	return r.Status().Update(ctx, w)
}

// RL2003 P2 after fix
func (r *WidgetReconciler) F2003b(ctx context.Context, w *Widget) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-cfg", Namespace: w.Namespace}}
	if err := client.IgnoreAlreadyExists(r.Create(ctx, cm)); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// RL2004 P1 after fix
func (r *WidgetReconciler) F2004a(ctx context.Context, w *Widget) error {
	if w.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(w, fin) {
			if err := r.Update(ctx, w); err != nil {
				return err
			}
		}
	}
	return nil
}

// RL5001 after fix
func (r *WidgetReconciler) F5001(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(fmt.Errorf("get widget: %w", err))
	}
	return ctrl.Result{}, nil
}

// RL5004 after fix
func (r *WidgetReconciler) F5004(ctx context.Context, err error) (ctrl.Result, error) {
	return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("invalid memory: %w", err))
}

// RL6001 after fix
func F6001(ctx context.Context, cs kubernetes.Interface, l corelisters.PodLister, ns, name string) error {
	pod, err := l.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod = pod.DeepCopy()
	pod.Labels["example.com/seen"] = "true"
	_, err = cs.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}
