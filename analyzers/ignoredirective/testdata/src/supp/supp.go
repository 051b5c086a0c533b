// Package supp checks the suppression rules on RL5002 findings: a directive
// with a reason on the line or the line above, by ID, name or "*", or at
// file level, suppresses; one without a reason, for another check, or two
// lines above, does not.
package supp

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Above struct{ client.Client }

func (r *Above) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	//reconcilelint:ignore RL5002 documented delay
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("x")
}

type SameLine struct{ client.Client }

func (r *SameLine) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("x") //reconcilelint:ignore resultwitherror documented delay
}

type Wildcard struct{ client.Client }

func (r *Wildcard) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	//reconcilelint:ignore * documented delay
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("x")
}

type NoReason struct{ client.Client }

func (r *NoReason) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	//reconcilelint:ignore RL5002
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("x") // want `resultwitherror: `
}

type OtherCheck struct{ client.Client }

func (r *OtherCheck) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	//reconcilelint:ignore RL2001 wrong check
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("x") // want `resultwitherror: `
}

type TwoAbove struct{ client.Client }

func (r *TwoAbove) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	//reconcilelint:ignore RL5002 too far away

	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("x") // want `resultwitherror: `
}
