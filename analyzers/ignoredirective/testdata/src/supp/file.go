//reconcilelint:file-ignore RL5002 generated reconcilers, reviewed upstream

package supp

import (
	"context"
	"errors"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Generated struct{ client.Client }

func (r *Generated) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: time.Minute}, errors.New("x")
}
