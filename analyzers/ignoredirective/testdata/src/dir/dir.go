package dir

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A suppresses RL5002 correctly: no RL0001.
type A struct{ client.Client }

func (r *A) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	//reconcilelint:ignore RL5002 the delay documents intent; the error path is logged by the caller
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("not ready")
}

// B suppresses on the same line, by check name.
type B struct{ client.Client }

func (r *B) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("not ready") //reconcilelint:ignore resultwitherror kept for the dashboard
}

// D's directive suppresses nothing: the code was fixed.
type D struct{ client.Client }

func (r *D) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	//reconcilelint:ignore RL5002 left over from before the fix // want `ignoredirective: //reconcilelint:ignore RL5002 suppresses nothing: no finding of RL5002 on this line or the next; delete it`
	return ctrl.Result{}, errors.New("not ready")
}

// E names a check that does not exist, and F none at all.
type E struct{ client.Client }

func (r *E) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	//reconcilelint:ignore RL9999 typo // want `ignoredirective: //reconcilelint:ignore names unknown check RL9999`
	return ctrl.Result{}, nil
}

// A directive that only looks like one is not a directive.
//reconcilelint:ignored RL5002 not ours
