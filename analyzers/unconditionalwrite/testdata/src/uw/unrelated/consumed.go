package unrelated

import (
	"context"

	"uw/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const rotateAnnotation = "example.com/rotate-requested"

// A request annotation the reconcile consumes: the write runs only while
// the annotation is there, and the same write deletes it, so the next
// pass returns early (not reported).
type ConsumedRequestReconciler struct{ client.Client }

func (r *ConsumedRequestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, requested := w.Annotations[rotateAnnotation]; !requested {
		return ctrl.Result{}, nil
	}
	delete(w.Annotations, rotateAnnotation)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// The twin deletes another annotation than the one it tests: the test
// still decides only whether the reconciler acts, and the write runs on
// every pass while the request stays.
type OtherKeyReconciler struct{ client.Client }

func (r *OtherKeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, requested := w.Annotations[rotateAnnotation]; !requested {
		return ctrl.Result{}, nil
	}
	delete(w.Annotations, "example.com/last-rotation")
	return ctrl.Result{}, r.Update(ctx, &w) // want `unconditionalwrite: Update of the Widget runs on every reconcile`
}
