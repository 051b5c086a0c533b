package rhlmin

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
)

type R struct{}

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: 5 * time.Minute}, nil // want `requeuehotloop: \(\*R\).Reconcile returns RequeueAfter: 5m0s, below the minimum of 10m0s`
}
