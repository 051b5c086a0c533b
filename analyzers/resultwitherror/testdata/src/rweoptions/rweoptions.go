// Package rweoptions builds its Results with functional options: what a
// Result holds is what the options the caller hands the constructor store
// into it.
package rweoptions

import (
	"context"
	"errors"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type resultOption func(*ctrl.Result)

// result applies each option to a zero Result.
func result(opts ...resultOption) ctrl.Result {
	var r ctrl.Result
	for _, o := range opts {
		o(&r)
	}
	return r
}

// after stores the delay it is given.
func after(d time.Duration) resultOption {
	return func(r *ctrl.Result) { r.RequeueAfter = d }
}

// requeue asks for a requeue.
func requeue() resultOption {
	return func(r *ctrl.Result) { r.Requeue = true }
}

// retryLater is a constructor returning a pointer, with the options of
// its caller.
func retryLater(opts ...resultOption) *ctrl.Result {
	r := &ctrl.Result{}
	for _, o := range opts {
		o(r)
	}
	return r
}

type OptionsReconciler struct{ client.Client }

func (r *OptionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return result(), client.IgnoreNotFound(err) // not reported: no option, the zero Result
	}
	switch pod.Spec.NodeName {
	case "":
		return result(after(time.Minute)), errors.New("not scheduled") // want `resultwitherror: \(\*OptionsReconciler\).Reconcile returns a Result with RequeueAfter: 1m0s together with a non-nil error`
	case "draining":
		return result(requeue()), errors.New("node draining") // want `resultwitherror: .*Requeue: true together with a non-nil error`
	case "cordoned":
		return *retryLater(after(5 * time.Second)), errors.New("node cordoned") // want `resultwitherror: .*RequeueAfter: 5s together with a non-nil error`
	}
	return result(after(time.Hour)), nil // not reported: no error
}

// Twin: a closure literal that stores nothing into the Result, and an
// option whose value the caller computes: nothing is known to requeue.
type QuietReconciler struct{ client.Client }

func (r *QuietReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return result(func(*ctrl.Result) {}), err
	}
	if pod.Spec.NodeName == "" {
		return result(after(time.Duration(len(pod.Name)) - time.Duration(len(pod.Name)))), errors.New("not scheduled")
	}
	return result(), nil
}
