package carried

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"nondet/api"
)

// heartbeat stamps the part of an object it was built around.
type heartbeat struct{ st *api.WidgetStatus }

func (h *heartbeat) beat() { h.st.LastUpdated = metav1.Now() }

// heartbeatFor builds its heartbeat in a closure of its own, around the
// status of the object it is given.
func heartbeatFor(w *api.Widget) *heartbeat {
	build := func() *heartbeat { return &heartbeat{st: &w.Status} }
	return build()
}

// heartbeatOfCopy builds it around a copy of the status: what it stamps
// is not the object's.
func heartbeatOfCopy(w *api.Widget) *heartbeat {
	build := func() *heartbeat {
		st := w.Status
		return &heartbeat{st: &st}
	}
	return build()
}

type LazyHeartbeatReconciler struct{ client.Client }

func (r *LazyHeartbeatReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	heartbeatFor(w).beat() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type CopyHeartbeatReconciler struct{ client.Client }

func (r *CopyHeartbeatReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	heartbeatOfCopy(w).beat()
	return ctrl.Result{}, r.Status().Update(ctx, w)
}
