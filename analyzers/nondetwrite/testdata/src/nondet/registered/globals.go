package registered

import (
	"context"

	"nondet/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Two registries of the same type, filled in init(): the stamping edit
// is registered on the first only.
var (
	auditEdits  = &pipeline{}
	plainEdits  pipeline
	zeroedClock clock
)

func init() {
	auditEdits.use("observe", observe)
	auditEdits.use("stamp", stampNow)
	plainEdits.use("observe", observe)
	zeroedClock.set(zeroTime)
}

type AuditReconciler struct{ client.Client }

func (r *AuditReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	auditEdits.run(&w) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The registry without the stamp, and a clock set to the zero time:
// silent.
type PlainReconciler struct{ client.Client }

func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	plainEdits.run(&w)
	zeroedClock.stamp(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// A stamping edit registered, but the pipeline runs only until the
// generation is observed, and observing it is one of its edits: the
// stamp comes with a change. Silent.
type OnceReconciler struct {
	client.Client
	edits pipeline
}

func NewOnceReconciler(c client.Client) *OnceReconciler {
	r := &OnceReconciler{Client: c}
	r.edits.use("observe", observe)
	r.edits.use("stamp", stampNow)
	return r
}

func (r *OnceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.ObservedGeneration == w.Generation {
		return ctrl.Result{}, nil
	}
	r.edits.run(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
