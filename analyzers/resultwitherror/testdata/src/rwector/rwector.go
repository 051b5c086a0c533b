// Package rwector builds its Results with constructor helpers: what a
// Result holds is what the helper stores into it, its parameters standing
// for the call's arguments.
package rwector

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	corev1 "k8s.io/api/core/v1"
)

// requeueIn fills the field it is given.
func requeueIn(d time.Duration) ctrl.Result {
	var r ctrl.Result
	r.RequeueAfter = d
	return r
}

// backoff returns a literal with a constant delay.
func backoff() ctrl.Result { return ctrl.Result{RequeueAfter: 30 * time.Second} }

// settle returns the zero Result.
func settle() ctrl.Result { return ctrl.Result{} }

// wait builds a Result through another constructor.
func wait(d time.Duration) ctrl.Result { return requeueIn(d) }

type CtorReconciler struct{ client.Client }

func (r *CtorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return settle(), client.IgnoreNotFound(err) // not reported: the zero Result
	}
	switch pod.Spec.NodeName {
	case "":
		return requeueIn(time.Minute), errors.New("not scheduled") // want `resultwitherror: \(\*CtorReconciler\).Reconcile returns a Result with RequeueAfter: 1m0s together with a non-nil error`
	case "draining":
		return backoff(), errors.New("node draining") // want `resultwitherror: .*RequeueAfter: 30s together with a non-nil error`
	case "cordoned":
		return wait(5 * time.Second), errors.New("node cordoned") // want `resultwitherror: .*RequeueAfter: 5s together with a non-nil error`
	}
	if err := r.Update(ctx, &pod); err != nil {
		return settle(), err // not reported: the zero Result
	}
	return requeueIn(time.Minute), nil // not reported: no error
}
