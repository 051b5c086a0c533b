package strategies

import (
	"context"
	"math/rand"
	"strconv"

	"nondet/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// A labeller computes label values for a Widget.
type labeller struct{ prefix string }

func (l labeller) replicas(w *api.Widget) string { return l.prefix + strconv.Itoa(int(w.Spec.Replicas)) }

func (l labeller) generation(w *api.Widget) string {
	return l.prefix + strconv.FormatInt(w.Generation, 10)
}

func (l labeller) shard(_ *api.Widget) string { return l.prefix + strconv.Itoa(rand.Intn(16)) }

// A labelRule names a label and what computes its value.
type labelRule struct {
	key   string
	value func(labeller, *api.Widget) string
}

var shardedRules = []labelRule{
	{key: "replicas", value: labeller.replicas},
	{key: "shard", value: labeller.shard},
}

var stableRules2 = []labelRule{
	{key: "replicas", value: labeller.replicas},
	{key: "generation", value: labeller.generation},
}

// label stores each rule's value under its key.
func label(l labeller, w *api.Widget, rules []labelRule) {
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	for _, rule := range rules {
		w.Labels[rule.key] = rule.value(l, w)
	}
}

// A table of method expressions in a package variable; one draws a
// random shard.
type ShardTableReconciler struct{ client.Client }

func (r *ShardTableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	label(labeller{prefix: "s-"}, &w, shardedRules) // want `nondetwrite: rand.Intn\(\) flows into Widget.Labels, written by Update on every reconcile`
	return ctrl.Result{}, r.Update(ctx, &w)
}

// The same helper with a table of stable rules: silent.
type StableTableReconciler struct{ client.Client }

func (r *StableTableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	label(labeller{prefix: "s-"}, &w, stableRules2)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// A literal table of plain functions built at the call: one reads the
// clock's nanoseconds. Reported.
type LiteralTableReconciler struct{ client.Client }

func (r *LiteralTableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	label(labeller{}, &w, []labelRule{ // want `nondetwrite: rand.Int\(\) flows into Widget.Labels, written by Update on every reconcile`
		{key: "generation", value: labeller.generation},
		{key: "nonce", value: func(labeller, *api.Widget) string { return strconv.Itoa(rand.Int()) }},
	})
	return ctrl.Result{}, r.Update(ctx, &w)
}
