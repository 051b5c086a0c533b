package registered

import (
	"context"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A stamping edit registered on the reconciler's pipeline by its
// constructor, through the pipeline's own method.
type StampingReconciler struct {
	client.Client
	edits pipeline
}

func NewStampingReconciler(c client.Client) *StampingReconciler {
	r := &StampingReconciler{Client: c}
	r.edits.use("observe", observe)
	r.edits.use("stamp", stampNow)
	return r
}

func (r *StampingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.edits.run(&w) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The same pipeline type, with stable edits only: the stamping edit is
// registered on the other reconciler's pipeline, not on this one. Silent.
type ObservingReconciler struct {
	client.Client
	edits pipeline
}

func NewObservingReconciler(c client.Client) *ObservingReconciler {
	r := &ObservingReconciler{Client: c}
	r.edits.use("observe", observe)
	return r
}

func (r *ObservingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.edits.run(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// A method value drawing a random shard, appended directly to the list
// of the pipeline in the reconciler's field.
type ShardReconciler struct {
	client.Client
	edits  pipeline
	shards int
}

func NewShardReconciler(c client.Client) *ShardReconciler {
	r := &ShardReconciler{Client: c, shards: 8}
	r.edits.edits = append(r.edits.edits, r.shard)
	return r
}

func (r *ShardReconciler) shard(w *api.Widget) { pickShard(w) }

func (r *ShardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.edits.run(&w) // want `nondetwrite: rand.Intn\(\) flows into Widget.Labels, written by Update on every reconcile`
	return ctrl.Result{}, r.Update(ctx, &w)
}

// The clock set to metav1.Now through the clock's setter.
type ClockReconciler struct {
	client.Client
	clk clock
}

func NewClockReconciler(c client.Client) *ClockReconciler {
	r := &ClockReconciler{Client: c}
	r.clk.set(metav1.Now)
	return r
}

func (r *ClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.clk.stamp(&w) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The same clock type set to a fixed time: silent.
type FixedClockReconciler struct {
	client.Client
	clk clock
}

func NewFixedClockReconciler(c client.Client) *FixedClockReconciler {
	r := &FixedClockReconciler{Client: c}
	r.clk.set(creationTime)
	return r
}

func (r *FixedClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.clk.stamp(&w)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
