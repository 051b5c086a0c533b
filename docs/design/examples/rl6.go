//go:build ignore

package ex

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	corelisters "k8s.io/client-go/listers/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// RL6001 P1
func P6001a(ctx context.Context, cs kubernetes.Interface, l corelisters.PodLister, ns, name string) error {
	pod, err := l.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod.Labels["example.com/seen"] = "true"
	_, err = cs.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// RL6001 P2
func (r *WidgetReconciler) P6001b(ctx context.Context, req ctrl.Request) error {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w, client.UnsafeDisableDeepCopy); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return r.Update(ctx, &w)
}

// RL6001 P3
var p6001c = predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
	e.ObjectNew.SetManagedFields(nil)
	return true
}}

// RL6001 N1
func N6001a(ctx context.Context, cs kubernetes.Interface, l corelisters.PodLister, ns, name string) error {
	cached, err := l.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	pod := cached.DeepCopy()
	metav1.SetMetaDataLabel(&pod.ObjectMeta, "example.com/seen", "true")
	_, err = cs.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// RL6001 N2: default controller-runtime Get deep-copies
func (r *WidgetReconciler) N6001b(ctx context.Context, key client.ObjectKey) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return err
	}
	if cm.Labels["x"] != "y" {
		metav1.SetMetaDataLabel(&cm.ObjectMeta, "x", "y")
		return r.Update(ctx, &cm)
	}
	return nil
}
