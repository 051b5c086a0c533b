package freshname

import (
	"context"

	"github.com/google/uuid"
	batchv1 "k8s.io/api/batch/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Objects built by constructor helpers of the package: the name the
// constructor stores is the name the Create sends.

// newJob wraps the metadata it is given.
func newJob(meta metav1.ObjectMeta) *batchv1.Job {
	j := new(batchv1.Job)
	j.ObjectMeta = meta
	return j
}

// A job named by a UUID through the constructor: the name is new on
// every call (not reported).
type UUIDJobReconciler struct{ client.Client }

func (r *UUIDJobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := newJob(metav1.ObjectMeta{Name: req.Name + "-" + uuid.NewString(), Namespace: req.Namespace})
	if err := r.Create(ctx, job); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The twin named after the request through the same constructor: the
// second reconcile gets AlreadyExists.
type NamedJobReconciler struct{ client.Client }

func (r *NamedJobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := newJob(metav1.ObjectMeta{Name: req.Name + "-migrate", Namespace: req.Namespace})
	if err := r.Create(ctx, job); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*NamedJobReconciler\).Reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A GenerateName through the constructor: a new Job on every reconcile.
type GeneratedJobReconciler struct{ client.Client }

func (r *GeneratedJobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := newJob(metav1.ObjectMeta{GenerateName: req.Name + "-", Namespace: req.Namespace})
	if err := r.Create(ctx, job); err != nil { // want `createnotidempotent: Create of an object with GenerateName and no Name makes a new object on every reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
