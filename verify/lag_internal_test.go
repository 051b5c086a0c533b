package verify

import (
	"context"
	"fmt"
	"strconv"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

// helperOf spawns one helper Widget per Widget after recording the
// observed generation, and notes the resourceVersion of the primary each
// reconcile read.
type helperOf struct {
	c    client.Client
	seen *[]uint64
}

func (r *helperOf) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	err := r.c.Get(ctx, req.NamespacedName, w)
	rv, _ := strconv.ParseUint(w.ResourceVersion, 10, 64)
	*r.seen = append(*r.seen, rv)
	if err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if w.Labels["helper-of"] != "" {
		return reconcile.Result{}, nil
	}
	if w.Status.ObservedGeneration != w.Generation {
		w.Status.ObservedGeneration = w.Generation
		if err := r.c.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, fmt.Errorf("status: %w", err)
		}
	}
	var l testapi.WidgetList
	if err := r.c.List(ctx, &l, client.InNamespace(w.Namespace), client.MatchingLabels{"helper-of": w.Name}); err != nil {
		return reconcile.Result{}, fmt.Errorf("list: %w", err)
	}
	if len(l.Items) > 0 {
		return reconcile.Result{}, nil
	}
	h := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, GenerateName: w.Name + "-", Labels: map[string]string{"helper-of": w.Name}}}
	if err := controllerutil.SetControllerReference(w, h, r.c.Scheme()); err != nil {
		return reconcile.Result{}, fmt.Errorf("owner: %w", err)
	}
	return reconcile.Result{}, r.c.Create(ctx, h)
}

// TestLagKeepsEventOrder runs every StaleReads plan of a reconciler that
// writes and lists objects of its primary's kind, and checks the model's
// rules in each world: a reconcile enqueued by the event of a write of
// its primary reads the primary at least at that event's version (events
// are delivered only once the cache holds them), while reads of other
// objects of the primary's kind do come from the lagging cache.
func TestLagKeepsEventOrder(t *testing.T) {
	two := []client.Object{
		&testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "a"}},
		&testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "b"}},
	}
	var seen []uint64
	s, err := Spec{Scheme: testapi.NewScheme(), For: &testapi.Widget{}, Objects: two,
		New: func(c client.Client) reconcile.Reconciler { return &helperOf{c: c, seen: &seen} }}.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	c := &checker{t: t, spec: &s, prop: StaleReads}
	ref, _, f := c.reference()
	if f != nil || c.note != "" {
		t.Fatalf("reference run: %v %s", f, c.note)
	}
	plans := lagPlans(ref)
	if len(plans) == 0 {
		t.Fatal("no lag plan")
	}
	fired, triggeredWhileLagging := 0, 0
	for _, p := range plans {
		c.bubble(func(ctx context.Context) {
			seen = nil
			w, err := newWorld(ctx, c.spec, c.spec.Objects, p.fault)
			if err != nil {
				t.Fatal(err)
			}
			if !w.run(c.spec.Budget, c.spec.Step) {
				t.Errorf("%s: the run does not settle", p.id)
				return
			}
			if !w.fault.fired {
				return
			}
			fired++
			for i, r := range w.results {
				stale := false
				for _, cl := range r.calls {
					stale = stale || cl.Stale
				}
				for _, b := range r.by {
					for _, e := range w.calls[b-1].Events {
						if client.ObjectKeyFromObject(e.Object) != r.req.NamespacedName || e.Object.GetObjectKind().GroupVersionKind().Kind != "Widget" {
							continue
						}
						if stale {
							triggeredWhileLagging++
						}
						if seen[i] < e.RV() {
							t.Errorf("%s: R%d was enqueued by the event of %s at version %d but read its primary at version %d", p.id, r.n, w.calls[b-1], e.RV(), seen[i])
						}
					}
				}
			}
		})
	}
	if fired == 0 || triggeredWhileLagging == 0 {
		t.Errorf("vacuous: %d of %d plans fired, %d reconciles enqueued by their primary's event read a lagging cache", fired, len(plans), triggeredWhileLagging)
	}
}
