package registered

import (
	"context"

	"nondet/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// byPhase keeps edits by the phase they apply to; "" applies to all.
type byPhase struct {
	edits map[string][]edit
}

func newByPhase() *byPhase { return &byPhase{edits: map[string][]edit{}} }

func (b *byPhase) on(phase string, e edit) {
	b.edits[phase] = append(b.edits[phase], e)
}

// forPhase returns the edits for every phase, then the phase's own.
func (b *byPhase) forPhase(phase string) []edit {
	out := append([]edit(nil), b.edits[""]...)
	return append(out, b.edits[phase]...)
}

func (b *byPhase) apply(w *api.Widget) {
	for _, e := range b.forPhase(w.Status.Phase) {
		e(w)
	}
}

// Two registries by phase, filled in init(): the stamping edit is on the
// running phase of the first only.
var (
	runningEdits = newByPhase()
	steadyEdits  = newByPhase()
)

func init() {
	runningEdits.on("", observe)
	runningEdits.on("Running", stampNow)
	steadyEdits.on("", observe)
	steadyEdits.on("Running", pickShardOnce)
}

// pickShardOnce draws a shard only for a Widget that has none.
func pickShardOnce(w *api.Widget) {
	if _, ok := w.Labels["shard"]; ok {
		return
	}
	pickShard(w)
}

type RunningReconciler struct{ client.Client }

func (r *RunningReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	runningEdits.apply(&w) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The other registry: its running edit draws a shard once. Silent.
type SteadyReconciler struct{ client.Client }

func (r *SteadyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	steadyEdits.apply(&w)
	return ctrl.Result{}, r.Update(ctx, &w)
}
