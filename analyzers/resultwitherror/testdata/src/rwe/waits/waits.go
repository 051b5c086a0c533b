// Package waits holds steps of a reconcile that other packages call.
package waits

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rwe/api"

	ctrl "sigs.k8s.io/controller-runtime"
)

// ErrPending says a dependency is not ready yet.
var ErrPending = errors.New("pending")

// ForCertificate asks for a requeue together with the error that says
// why.
func ForCertificate(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if !w.Status.Ready {
		return ctrl.Result{RequeueAfter: 15 * time.Second}, fmt.Errorf("certificate of %s not issued", w.Name)
	}
	return ctrl.Result{}, nil
}

// Poller waits through a method.
type Poller struct{}

// Poll passes on the pair of ForCertificate.
func (Poller) Poll(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	return ForCertificate(ctx, w)
}

// Gentle asks for the requeue with a nil error.
func Gentle(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if !w.Status.Ready {
		return ctrl.Result{RequeueAfter: 15 * time.Second}, nil
	}
	return ctrl.Result{}, nil
}

// Pending returns a requeue and ErrPending, for callers that handle it.
func Pending(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	if !w.Status.Ready {
		return ctrl.Result{RequeueAfter: time.Minute}, ErrPending
	}
	return ctrl.Result{}, nil
}
