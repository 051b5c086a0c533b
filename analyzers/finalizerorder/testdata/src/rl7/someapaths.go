package rl7

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
)

// Cleanups that run on some paths to the removal only: a failure on the
// path where they run is not retried once the removal is written.

// DNSClient is the operator's DNS provider.
type DNSClient interface {
	DeleteRecord(ctx context.Context, zone, name string) error
}

// S1: the cleanup runs only while the finalizer is there, and its error is
// only logged; the removal follows on every path.
type RecordReconciler struct {
	client.Client
	DNS DNSClient
}

func (r *RecordReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.GetDeletionTimestamp() == nil {
		return ctrl.Result{}, nil
	}
	if controllerutil.ContainsFinalizer(w, fin) {
		if err := r.DNS.DeleteRecord(ctx, "example.com", w.Name); err != nil {
			log.FromContext(ctx).Info("could not delete the record", "error", err)
		}
	}
	controllerutil.RemoveFinalizer(w, fin)
	if err := r.Update(ctx, w); err != nil { // want `finalizerorder: .*although DNSClient.DeleteRecord has not succeeded: its error is only logged`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// S2: one cleanup per zone in a loop, each error ignored.
type ZonesReconciler struct {
	client.Client
	DNS   DNSClient
	Zones []string
}

func (r *ZonesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		for _, z := range r.Zones {
			_ = r.DNS.DeleteRecord(ctx, z, w.Name)
		}
		if controllerutil.RemoveFinalizer(w, fin) {
			return ctrl.Result{}, r.Update(ctx, w) // want `finalizerorder: .*although DNSClient.DeleteRecord has not succeeded: its error is ignored`
		}
	}
	return ctrl.Result{}, nil
}

// Fixed twin of S1 and S2: on the paths where a cleanup runs, its failure
// leaves before the removal; the path that skips it removes nothing it
// guarded.
type RecordGoodReconciler struct {
	client.Client
	DNS   DNSClient
	Zones []string
}

func (r *RecordGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.GetDeletionTimestamp() == nil {
		return ctrl.Result{}, nil
	}
	if controllerutil.ContainsFinalizer(w, fin) {
		for _, z := range r.Zones {
			if err := r.DNS.DeleteRecord(ctx, z, w.Name); err != nil {
				return ctrl.Result{}, err
			}
		}
	}
	controllerutil.RemoveFinalizer(w, fin)
	return ctrl.Result{}, r.Update(ctx, w)
}

// Negative: the cleanup whose error is ignored is on a branch that returns
// before the removal (the object is not this controller's to clean up); no
// path leads from it to the write.
type ForeignRecordReconciler struct {
	client.Client
	DNS DNSClient
}

func (r *ForeignRecordReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if !controllerutil.ContainsFinalizer(w, fin) {
		_ = r.DNS.DeleteRecord(ctx, "stale.example.com", w.Name) // best effort, and no finalizer to remove
		return ctrl.Result{}, nil
	}
	if err := r.DNS.DeleteRecord(ctx, "example.com", w.Name); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(w, fin)
	return ctrl.Result{}, r.Update(ctx, w)
}

// Negative: the session closed without looking at Close's error is the
// program's own handle; the drop, whose error is returned, is the cleanup.
type Session interface {
	Drop(ctx context.Context, name string) error
	Close() error
}

type SessionReconciler struct {
	client.Client
	Open func(ctx context.Context) (Session, error)
}

func (r *SessionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	s, err := r.Open(ctx)
	if err != nil {
		return ctrl.Result{}, err
	}
	dropErr := s.Drop(ctx, w.Name)
	_ = s.Close()
	if dropErr != nil {
		return ctrl.Result{}, dropErr
	}
	controllerutil.RemoveFinalizer(w, fin)
	return ctrl.Result{}, r.Update(ctx, w)
}

// S3: two steps whose errors share one variable (the second runs only when
// the first succeeded); the variable is only logged.
type TwoStepReconciler struct {
	client.Client
	DNS DNSClient
}

func (r *TwoStepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.DNS.DeleteRecord(ctx, "example.com", "www."+w.Name)
	if err == nil {
		err = r.DNS.DeleteRecord(ctx, "example.com", w.Name)
	}
	if err != nil {
		log.FromContext(ctx).Error(err, "removing the records")
	}
	controllerutil.RemoveFinalizer(w, fin)
	return ctrl.Result{}, r.Update(ctx, w) // want `finalizerorder: .*although DNSClient.DeleteRecord has not succeeded: its error is only logged`
}

// Fixed twin: the shared variable stops the removal.
type TwoStepGoodReconciler struct {
	client.Client
	DNS DNSClient
}

func (r *TwoStepGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	err := r.DNS.DeleteRecord(ctx, "example.com", "www."+w.Name)
	if err == nil {
		err = r.DNS.DeleteRecord(ctx, "example.com", w.Name)
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(w, fin)
	return ctrl.Result{}, r.Update(ctx, w)
}
