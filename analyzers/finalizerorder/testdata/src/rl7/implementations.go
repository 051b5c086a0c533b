package rl7

import (
	"context"
	"fmt"
	"net/http"
	"sync"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"rl7/api"
)

// Interfaces whose implementations the package holds: the call does what
// they do.

// Leases tracks which widgets hold a lease; its only implementation is an
// in-memory table whose Release cannot fail.
type Leases interface {
	Release(ctx context.Context, name string) error
}

type leaseTable struct {
	mu   sync.Mutex
	held map[string]bool
}

func (t *leaseTable) Release(ctx context.Context, name string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.held, name)
	return nil
}

// Endpoints deregisters a widget from a remote service; its only
// implementation sends an HTTP request, which can fail.
type Endpoints interface {
	Deregister(ctx context.Context, name string) error
}

type httpEndpoints struct {
	base string
}

func (e httpEndpoints) Deregister(ctx context.Context, name string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, e.base+"/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("deregister %s: %s", name, resp.Status)
	}
	return nil
}

// Impl1: the lease table's release is logged only, but it is in-memory
// bookkeeping that never fails, not what the finalizer guards (not
// reported).
type LeaseReconciler struct {
	client.Client
	Leases Leases
}

// NewLeaseReconciler wires the in-memory table.
func NewLeaseReconciler(c client.Client) *LeaseReconciler {
	return &LeaseReconciler{Client: c, Leases: &leaseTable{held: map[string]bool{}}}
}

func (r *LeaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.GetDeletionTimestamp() == nil {
		return ctrl.Result{}, nil
	}
	if err := r.Leases.Release(ctx, w.Name); err != nil {
		log.FromContext(ctx).Error(err, "releasing the lease")
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// Impl2: the remote deregistration's error is logged only, and its
// implementation is an HTTP call that can fail (reported).
type EndpointReconciler struct {
	client.Client
	Endpoints Endpoints
}

// NewEndpointReconciler wires the HTTP implementation.
func NewEndpointReconciler(c client.Client, base string) *EndpointReconciler {
	return &EndpointReconciler{Client: c, Endpoints: httpEndpoints{base: base}}
}

func (r *EndpointReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.GetDeletionTimestamp() == nil {
		return ctrl.Result{}, nil
	}
	if err := r.Endpoints.Deregister(ctx, w.Name); err != nil {
		log.FromContext(ctx).Error(err, "deregistering")
	}
	controllerutil.RemoveFinalizer(&w, fin)
	return ctrl.Result{}, r.Update(ctx, &w) // want `finalizerorder: the Update that persists the removal of finalizer "example.com/cleanup" can run although external I/O \(http.Client.Do\) has not succeeded: its error is only logged`
}

// Delegated deletion tests: a helper of the package decides whether the
// widget is being deleted and writes the removal itself; the caller runs
// on every pass.

// Deleg1: the caller's later work (an endpoint it deregisters for a
// renamed widget, its error only logged) is the normal path, not the
// finalizer's cleanup (not reported); the helper returns its cleanup's
// error before the removal (not reported either).
type DelegatingReconciler struct {
	client.Client
	Endpoints Endpoints
}

func (r *DelegatingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	gone, err := r.finalizeIfDeleting(ctx, &w)
	if err != nil {
		return ctrl.Result{}, err
	}
	if old := w.Annotations["example.com/renamed-from"]; old != "" {
		if err := r.Endpoints.Deregister(ctx, old); err != nil {
			log.FromContext(ctx).Error(err, "deregistering the old name")
		}
	}
	if gone {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *DelegatingReconciler) finalizeIfDeleting(ctx context.Context, w *api.Widget) (bool, error) {
	if w.DeletionTimestamp.IsZero() {
		return false, nil
	}
	if err := r.Endpoints.Deregister(ctx, w.Name); err != nil {
		return false, err
	}
	controllerutil.RemoveFinalizer(w, fin)
	return true, r.Update(ctx, w)
}

// Deleg2: the same helper with the cleanup's error only logged is
// reported in the helper, where the deletion test is.
type DelegatingLeakReconciler struct {
	client.Client
	Endpoints Endpoints
}

func (r *DelegatingLeakReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if gone, err := r.finalizeIfDeleting(ctx, &w); gone || err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *DelegatingLeakReconciler) finalizeIfDeleting(ctx context.Context, w *api.Widget) (bool, error) {
	if w.DeletionTimestamp.IsZero() {
		return false, nil
	}
	if err := r.Endpoints.Deregister(ctx, w.Name); err != nil {
		log.FromContext(ctx).Error(err, "deregistering")
	}
	controllerutil.RemoveFinalizer(w, fin)
	return true, r.Update(ctx, w) // want `finalizerorder: the Update that persists the removal of finalizer "example.com/cleanup" can run although external I/O \(http.Client.Do\) has not succeeded: its error is only logged`
}
