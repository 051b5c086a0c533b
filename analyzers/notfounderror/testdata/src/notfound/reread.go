package notfound

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A helper reads the requested object again after the first read of the
// pass returned on NotFound: its NotFound means the object went in
// between, and the next pass's first read ends the retries.
type RereadReconciler struct{ client.Client }

func (r *RereadReconciler) touch(ctx context.Context, key types.NamespacedName) error {
	fresh := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, fresh); err != nil {
		return fmt.Errorf("re-read: %w", err)
	}
	if fresh.Annotations["example.com/touched"] == "true" {
		return nil
	}
	orig := fresh.DeepCopy()
	if fresh.Annotations == nil {
		fresh.Annotations = map[string]string{}
	}
	fresh.Annotations["example.com/touched"] = "true"
	return r.Patch(ctx, fresh, client.MergeFrom(orig))
}

func (r *RereadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.touch(ctx, req.NamespacedName); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: the helper's read is the first one of the pass.
type FirstReadReconciler struct{ client.Client }

func (r *FirstReadReconciler) touch(ctx context.Context, key types.NamespacedName) error {
	fresh := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, fresh); err != nil {
		return fmt.Errorf("re-read: %w", err)
	}
	if fresh.Annotations["example.com/touched"] == "true" {
		return nil
	}
	orig := fresh.DeepCopy()
	if fresh.Annotations == nil {
		fresh.Annotations = map[string]string{}
	}
	fresh.Annotations["example.com/touched"] = "true"
	return r.Patch(ctx, fresh, client.MergeFrom(orig))
}

func (r *FirstReadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.touch(ctx, req.NamespacedName); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*FirstReadReconciler\).Reconcile returns the NotFound error of the Get of the requested object in touch`
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, nil
}
