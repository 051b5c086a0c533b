// Package rhlnotime does not import time; the fix adds it.
package rhlnotime

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{Requeue: true}, nil //nolint:staticcheck // want `requeuehotloop: \(\*R\).Reconcile returns Requeue: true`
}
