package rl7

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"rl7/api"
)

// Deletes that return nil while the object they delete still exists.

func replica(w *api.Widget) *api.Widget {
	return &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-replica", Namespace: w.Namespace}}
}

// L1: a child custom resource (its controller may hold it with a
// finalizer of its own) is deleted, and the parent's finalizer goes at
// once.
type ChildCRReconciler struct{ client.Client }

func (r *ChildCRReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		if err := r.Delete(ctx, replica(&w)); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: the Update that persists the removal of finalizer "example.com/cleanup" can run while the object deleted by Delete still exists: a Widget can have finalizers .*Remove the finalizer only after a Get of the object returns NotFound`
	}
	return ctrl.Result{}, nil
}

// L2: a ConfigMap deleted in the foreground stays until its dependents
// are gone.
type ForegroundReconciler struct{ client.Client }

func (r *ForegroundReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		err := r.Delete(ctx, child(&w), client.PropagationPolicy(metav1.DeletePropagationForeground))
		if err != nil && !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&w, fin)
		if err := r.Update(ctx, &w); err != nil { // want `finalizerorder: .*still exists: it deletes in the foreground`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Not L3: a helper deletes the workload's pod and returns its error. The
// pod terminates gracefully after the Delete returns, but that is the
// cluster's work, done whatever happens to the widget: nothing to wait for.
type PodReconciler struct{ client.Client }

func (r *PodReconciler) stopWorker(ctx context.Context, w *api.Widget) error {
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-worker", Namespace: w.Namespace}}
	return client.IgnoreNotFound(r.Delete(ctx, pod))
}

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	if err := r.stopWorker(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// Fixed twins.

// L1 fixed: the child is read back; the finalizer goes once it is gone.
type ChildCRWaitReconciler struct{ client.Client }

func (r *ChildCRWaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		rep := replica(&w)
		if err := r.Delete(ctx, rep); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		if err := r.Get(ctx, client.ObjectKeyFromObject(rep), rep); !apierrors.IsNotFound(err) {
			return ctrl.Result{RequeueAfter: 5 * time.Second}, client.IgnoreNotFound(err)
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// L2 fixed: delete again until the delete itself says NotFound.
type DeleteUntilGoneReconciler struct{ client.Client }

func (r *DeleteUntilGoneReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		err := r.Delete(ctx, child(&w), client.PropagationPolicy(metav1.DeletePropagationForeground))
		if apierrors.IsNotFound(err) {
			controllerutil.RemoveFinalizer(&w, fin)
			return ctrl.Result{}, r.Update(ctx, &w)
		}
		if err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}

// Not L3 either: the helper also lists the pods left and reports whether any is.
type PodWaitReconciler struct{ client.Client }

func (r *PodWaitReconciler) stopWorker(ctx context.Context, w *api.Widget) (bool, error) {
	pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-worker", Namespace: w.Namespace}}
	if err := r.Delete(ctx, pod); client.IgnoreNotFound(err) != nil {
		return false, err
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(w.Namespace)); err != nil {
		return false, err
	}
	return len(pods.Items) == 0, nil
}

func (r *PodWaitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	gone, err := r.stopWorker(ctx, &w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !gone {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// A ConfigMap deleted in the background is gone when the Delete returns
// (the negatives of negatives.go); an object of unknown kind is not known
// to linger.
type UnknownKindReconciler struct{ client.Client }

func (r *UnknownKindReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp != nil {
		var obj client.Object = child(&w)
		if err := r.Delete(ctx, obj); client.IgnoreNotFound(err) != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The helper lists the replicas, deletes those not yet marked and reports
// how many it saw; the finalizer goes once none is left.
type ReplicaSweepReconciler struct{ client.Client }

func (r *ReplicaSweepReconciler) sweep(ctx context.Context, w *api.Widget) (int, error) {
	var list api.WidgetList
	if err := r.List(ctx, &list, client.InNamespace(w.Namespace)); err != nil {
		return 0, err
	}
	for i := range list.Items {
		if list.Items[i].DeletionTimestamp == nil {
			if err := r.Delete(ctx, &list.Items[i]); client.IgnoreNotFound(err) != nil {
				return 0, err
			}
		}
	}
	return len(list.Items), nil
}

func (r *ReplicaSweepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp == nil {
		return ctrl.Result{}, nil
	}
	left, err := r.sweep(ctx, &w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if left > 0 {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// L2 fixed, the NotFound test handed to a helper that applies it: the
// removal still runs only once the delete says the object is gone.
type GoneMethodReconciler struct{ client.Client }

func is(err error, test func(error) bool) bool { return test(err) }

func (r *GoneMethodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.Delete(ctx, child(&w), client.PropagationPolicy(metav1.DeletePropagationForeground))
	if is(err, apierrors.IsNotFound) {
		controllerutil.RemoveFinalizer(&w, fin)
		return ctrl.Result{}, r.Update(ctx, &w)
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: 5 * time.Second}, nil
}
