package verify_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify"
	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

var scheme = testapi.NewScheme()

func widget() *testapi.Widget {
	labels := map[string]string{}
	for i := range 10 {
		labels[fmt.Sprintf("k%d", i)] = "v"
	}
	return &testapi.Widget{
		ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "foo"},
		Spec:       testapi.WidgetSpec{Replicas: 1, Image: "memcached:1.6", Labels: labels},
	}
}

func setReplicas(n int32) func(client.Object) {
	return verify.Update(func(w *testapi.Widget) { w.Spec.Replicas = n })
}

// spec returns the Spec of a reconciler built by mk, owning ConfigMaps.
func spec(mk func(c client.Client) reconcile.Reconciler, opts ...func(*verify.Spec)) verify.Spec {
	s := verify.Spec{
		Scheme:  scheme,
		For:     &testapi.Widget{},
		Owns:    []client.Object{&corev1.ConfigMap{}, &appsv1.Deployment{}},
		Objects: []client.Object{widget()},
		New:     mk,
		Updates: []func(client.Object){setReplicas(2), setReplicas(3)},
	}
	for _, o := range opts {
		o(&s)
	}
	return s
}

// siblings adds a second Widget, bar, next to foo.
func siblings(s *verify.Spec) {
	bar := widget()
	bar.Name = "bar"
	s.Objects = append(s.Objects, bar)
}

func generationPredicate(s *verify.Spec) {
	s.ForPredicates = []predicate.Predicate{predicate.GenerationChangedPredicate{}}
}

// buggy lists one reconciler per property with a bug that property must
// catch, and the text the verdict or hint must contain.
var buggy = []struct {
	name string
	prop verify.Property
	spec verify.Spec
	want string
}{
	{"timestamp hot loop", verify.NoHotLoop, spec(func(c client.Client) reconcile.Reconciler { return &timestamp{c} }), "RL1001"},
	{"timestamp not idempotent", verify.Idempotent, spec(func(c client.Client) reconcile.Reconciler { return &timestamp{c} }), "RL1001"},
	{"map order hot loop", verify.NoHotLoop, spec(func(c client.Client) reconcile.Reconciler { return &mapOrder{c} }), "RL1002"},
	{"counter never converges", verify.Converges, spec(func(c client.Client) reconcile.Reconciler { return &counter{c} }, generationPredicate), "left the fixpoint"},
	{"requeue hot loop", verify.NoHotLoop, spec(func(c client.Client) reconcile.Reconciler { return &requeue{c} }), "RL5003"},
	{"NotFound returned", verify.NotFoundIsSuccess, spec(func(c client.Client) reconcile.Reconciler { return &notFound{c} }), "RL5001"},
	{"foreign finalizer removed", verify.Deletion, spec(func(c client.Client) reconcile.Reconciler { return &dropsFinalizers{c} }), "does not own"},
	{"finalizer added while deleting", verify.Deletion, spec(func(c client.Client) reconcile.Reconciler { return &addsWhileDeleting{c} }), "add a finalizer"},
	{"crash between create and status", verify.CrashSafe, spec(func(c client.Client) reconcile.Reconciler { return &recordsAfterCreate{c, scheme} }), "extra object"},
	{"stale list duplicates", verify.StaleReads, spec(func(c client.Client) reconcile.Reconciler { return &listThenCreate{c, scheme} }), "extra object"},
	{"list-then-create under child-cache lag", verify.StaleReads, spec(func(c client.Client) reconcile.Reconciler { return &recordsThenLists{c, scheme} }), "lag@W2-R2=ConfigMap"},
	{"errors swallowed", verify.TransientErrors, spec(func(c client.Client) reconcile.Reconciler { return &swallowsErrors{c, scheme} }), "missing object"},
	{"create-only child", verify.HistoryIndependent, spec(func(c client.Client) reconcile.Reconciler { return &createOnly{c, scheme} }), "data.replicas"},
	{"random id", verify.Deterministic, spec(func(c client.Client) reconcile.Reconciler { return &randomID{c, scheme} }), "diverges"},
	{"self-triggered rewrite chain", verify.NoHotLoop, spec(func(c client.Client) reconcile.Reconciler { return &stepper{c} }), "W2 Status().Update Widget default/foo in R2 at verify/buggy_test.go"},
	{"reordered long conditions", verify.NoHotLoop, spec(func(c client.Client) reconcile.Reconciler { return &conditionsInMapOrder{c} }), "RL1002"},
	{"AlreadyExists loop after a crash", verify.CrashSafe, spec(func(c client.Client) reconcile.Reconciler { return &createdFlag{c, scheme} }), "RL2003"},
	{"child cache lagging two reconciles", verify.StaleReads, spec(func(c client.Client) reconcile.Reconciler { return &phased{c, scheme, threePhases, true} }), "plan lag@W2-R4=ConfigMap"},
	{"list of the primary's own kind", verify.StaleReads, spec(func(c client.Client) reconcile.Reconciler { return &spawner{c, scheme, true} }), "plan lag@W2-R2=Widget"},
	{"sibling's status in a lagging cache", verify.StaleReads, spec(func(c client.Client) reconcile.Reconciler { return &registrar{c} }, siblings), "plan lag@W2-R2=Widget"},
	{"status written every pass", verify.NoRedundantWrites, spec(func(c client.Client) reconcile.Reconciler { return &everyPass{c} }), "Status().Update Widget default/foo, which changed nothing"},
	{"delta-applying scaler, coalesced update", verify.HistoryIndependent, spec(func(c client.Client) reconcile.Reconciler { return &deltaScaler{c, scheme} }), "ConfigMap default/foo-2: missing object"},
}

// buggySpec returns the spec of the buggy reconciler named name.
func buggySpec(t *testing.T, name string) verify.Spec {
	t.Helper()
	for _, b := range buggy {
		if b.name == name {
			return b.spec
		}
	}
	t.Fatalf("no buggy reconciler %q", name)
	return verify.Spec{}
}

// notHinted lists, for some buggy reconcilers, a hint their report must not
// give: the one a property-based guess used to give.
var notHinted = map[string]string{
	"reordered long conditions":              "RL2001",
	"AlreadyExists loop after a crash":       "RL5004",
	"list-then-create under child-cache lag": "RL5004",
	"timestamp hot loop":                     "RL2001",
}

// hinted lists, for some buggy reconcilers, a hint their report must give
// besides the text of buggy.
var hinted = map[string]string{
	"stale list duplicates":                  "RL2003",
	"list-then-create under child-cache lag": "RL2003",
	"child cache lagging two reconciles":     "RL2003",
	"list of the primary's own kind":         "RL2003",
	"sibling's status in a lagging cache":    "RL2003",
}

func TestBuggyReconcilersAreCaught(t *testing.T) {
	for _, b := range buggy {
		t.Run(b.name, func(t *testing.T) {
			f := verify.Check(t, b.spec, b.prop)
			if f == nil {
				t.Fatalf("%s passed; the bug went unnoticed", b.prop)
			}
			report := f.String()
			if f.Property != b.prop || !strings.Contains(report, b.want) {
				t.Errorf("report does not mention %q:\n%s", b.want, report)
			}
			if !strings.Contains(report, "reproduce: ") {
				t.Errorf("report has no reproduce line:\n%s", report)
			}
			if want, ok := hinted[b.name]; ok && !strings.Contains(report, want) {
				t.Errorf("report does not hint %s:\n%s", want, report)
			}
			if bad, ok := notHinted[b.name]; ok && strings.Contains(report, bad) {
				t.Errorf("report hints %s:\n%s", bad, report)
			}
		})
	}
}

func TestEveryPropertyHasACaughtBug(t *testing.T) {
	covered := map[verify.Property]bool{}
	for _, b := range buggy {
		covered[b.prop] = true
	}
	for _, p := range verify.AllProperties {
		if !covered[p] {
			t.Errorf("no buggy reconciler for %s", p)
		}
	}
}

func memcachedSpec() verify.Spec {
	return spec(func(c client.Client) reconcile.Reconciler { return &memcached{c, scheme} }, func(s *verify.Spec) {
		s.Owns = []client.Object{&appsv1.Deployment{}}
		s.Updates = append(s.Updates, verify.Update(func(w *testapi.Widget) { w.Spec.Image = "memcached:1.7" }))
	})
}

func cronJobSpec() verify.Spec {
	return spec(func(c client.Client) reconcile.Reconciler { return &cronJob{c, scheme} }, func(s *verify.Spec) {
		s.Owns = []client.Object{&corev1.ConfigMap{}}
	})
}

// TestGoodReconcilersPass runs every property on well-written reconcilers.
func TestGoodReconcilersPass(t *testing.T) {
	t.Run("memcached", func(t *testing.T) { verify.Run(t, memcachedSpec()) })
	t.Run("cronjob", func(t *testing.T) { verify.Run(t, cronJobSpec()) })
	// The correct twins of the reconcilers only the per-kind informer
	// model catches: deterministic names, AlreadyExists as success.
	t.Run("phased", func(t *testing.T) {
		verify.Run(t, spec(func(c client.Client) reconcile.Reconciler { return &phased{c, scheme, threePhases, false} }))
	})
	t.Run("spawner", func(t *testing.T) {
		verify.Run(t, spec(func(c client.Client) reconcile.Reconciler { return &spawner{c, scheme, false} }))
	})
}

// TestVerdictsAreStable reruns a fixed set of checks and requires the same
// verdict every time.
func TestVerdictsAreStable(t *testing.T) {
	const reruns = 20
	cases := []struct {
		prop verify.Property
		spec verify.Spec
	}{
		{verify.NoHotLoop, buggySpec(t, "map order hot loop")},
		{verify.Deterministic, buggySpec(t, "random id")},
		{verify.CrashSafe, buggySpec(t, "crash between create and status")},
		{verify.Idempotent, memcachedSpec()},
		{verify.StaleReads, memcachedSpec()},
	}
	for _, c := range cases {
		first := verify.Check(t, c.spec, c.prop) == nil
		for i := 1; i < reruns; i++ {
			if got := verify.Check(t, c.spec, c.prop) == nil; got != first {
				t.Fatalf("%s: verdict flipped on rerun %d (pass=%v, first pass=%v)", c.prop, i, got, first)
			}
		}
	}
}

// TestUnsettledReferenceIsInconclusive: when the reference run has no
// fixpoint, the property that says why fails and the properties that need
// a fixpoint are inconclusive: no failure, no trace, one note. A hot loop
// by cause fails NoHotLoop only; Converges leaves it to NoHotLoop.
func TestUnsettledReferenceIsInconclusive(t *testing.T) {
	cases := []struct {
		name    string
		spec    verify.Spec
		failing []verify.Property
	}{
		{"error loop", spec(func(c client.Client) reconcile.Reconciler { return &waitsForever{c} }), []verify.Property{verify.Converges}},
		{"requeue loop", spec(func(c client.Client) reconcile.Reconciler { return &requeue{c} }), []verify.Property{verify.NoHotLoop}},
		{"write loop", spec(func(c client.Client) reconcile.Reconciler { return &counter{c} }), []verify.Property{verify.NoHotLoop}},
	}
	needFixpoint := []verify.Property{verify.Idempotent, verify.Deletion, verify.CrashSafe, verify.TransientErrors, verify.StaleReads, verify.HistoryIndependent}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var failing []verify.Property
			for _, p := range verify.AllProperties {
				o := verify.Evaluate(t, c.spec, p)
				if o.Failure != nil {
					failing = append(failing, p)
					if o.Inconclusive {
						t.Errorf("%s: both failing and inconclusive", p)
					}
					continue
				}
				if slices.Contains(needFixpoint, p) {
					if !o.Inconclusive || !strings.HasPrefix(o.Note, "inconclusive: the reference run does not settle") {
						t.Errorf("%s: want inconclusive, got %+v", p, o)
					}
				} else if o.Inconclusive && !(p == verify.Converges && slices.Contains(c.failing, verify.NoHotLoop)) {
					t.Errorf("%s: inconclusive, but it needs no fixpoint", p)
				}
			}
			if !slices.Equal(failing, c.failing) {
				t.Errorf("failing properties %v, want %v", failing, c.failing)
			}
		})
	}
}

// TestVerdictsDoNotFlip: a property whose single run passes or fails with
// the map order is repeated when the fault-free run is not reproducible,
// fails whenever any repetition fails, and says in how many runs it failed.
func TestVerdictsDoNotFlip(t *testing.T) {
	s := spec(func(c client.Client) reconcile.Reconciler { return &firstLabel{c, scheme} })
	repeated := 0
	for i := range 20 {
		f := verify.Check(t, s, verify.HistoryIndependent)
		if f == nil {
			t.Fatalf("run %d: HistoryIndependent passed", i+1)
		}
		if f.Runs == 0 {
			continue // the probe drew the same map order every time
		}
		repeated++
		if f.Runs != 5 || f.Failed < 1 || f.Failed > f.Runs || !strings.Contains(f.String(), fmt.Sprintf("failed in %d of 5 runs", f.Failed)) {
			t.Fatalf("run %d: want a k-of-5 report, got Runs=%d Failed=%d:\n%s", i+1, f.Runs, f.Failed, f)
		}
	}
	if repeated < 10 {
		t.Errorf("repeated in %d of 20 checks; the probe misses the map order", repeated)
	}
	// A reproducible reconciler is checked once: no repetition count.
	if f := verify.Check(t, buggySpec(t, "crash between create and status"), verify.CrashSafe); f == nil || f.Runs != 0 {
		t.Errorf("recordsAfterCreate: want one failing run without repetition, got %+v", f)
	}
}

// TestObjectsAreSeededAsGiven: the reconciler's first read of a primary
// given with a status, a generation and a finalizer sees them.
func TestObjectsAreSeededAsGiven(t *testing.T) {
	w := widget()
	w.Generation = 5
	w.Finalizers = []string{finalizer}
	w.Status = testapi.WidgetStatus{Phase: "Migrating", ObservedGeneration: 4}
	var first *testapi.Widget
	s := verify.Spec{Scheme: scheme, For: &testapi.Widget{}, Objects: []client.Object{w},
		New: func(c client.Client) reconcile.Reconciler {
			return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
				got := &testapi.Widget{}
				if err := c.Get(ctx, req.NamespacedName, got); err != nil {
					return reconcile.Result{}, client.IgnoreNotFound(err)
				}
				if first == nil {
					first = got
				}
				return reconcile.Result{}, nil
			})
		}}
	if f := verify.Check(t, s, verify.Converges); f != nil {
		t.Fatal(f)
	}
	if first == nil {
		t.Fatal("the reconciler never read the primary")
	}
	if first.Generation != 5 || first.Status.Phase != "Migrating" || first.Status.ObservedGeneration != 4 || !slices.Equal(first.Finalizers, []string{finalizer}) {
		t.Errorf("first read: generation %d, status %+v, finalizers %v; want them as given", first.Generation, first.Status, first.Finalizers)
	}
}

// TestTypedUpdates: verify.Update builds Spec.Updates without type
// assertions, and an update of the wrong type is a setup error, not a
// silently passing HistoryIndependent.
func TestTypedUpdates(t *testing.T) {
	mk := func(c client.Client) reconcile.Reconciler { return &createOnly{c, scheme} }
	typed := spec(mk, func(s *verify.Spec) {
		s.Updates = []func(client.Object){
			verify.Update(func(w *testapi.Widget) { w.Spec.Replicas = 2 }),
			verify.Update(func(w *testapi.Widget) { w.Spec.Replicas = 3 }),
		}
	})
	if f := verify.Check(t, typed, verify.HistoryIndependent); f == nil || !strings.Contains(f.String(), "data.replicas") {
		t.Errorf("typed updates: want the create-only child caught, got %v", f)
	}
	wrong := spec(mk, func(s *verify.Spec) {
		s.Updates = []func(client.Object){verify.Update(func(cm *corev1.ConfigMap) { cm.Data = map[string]string{"a": "b"} })}
	})
	if f := verify.Check(t, wrong, verify.HistoryIndependent); f == nil || !strings.Contains(f.Verdict, "setup: Spec.Updates[0] leaves Widget default/foo unchanged") {
		t.Errorf("wrong type: want a setup error, got %v", f)
	}
}

// TestHotLoopLimit: HotLoopWrites immediate requeues in a row are a hot
// loop, one fewer is not; the limit is configurable.
func TestHotLoopLimit(t *testing.T) {
	for _, c := range []struct {
		requeues, limit int
		hot             bool
	}{{2, 0, false}, {3, 0, true}, {3, 4, false}, {4, 4, true}} {
		s := spec(func(cl client.Client) reconcile.Reconciler { return &waitsBriefly{cl, c.requeues} }, func(s *verify.Spec) { s.HotLoopWrites = c.limit })
		f := verify.Check(t, s, verify.NoHotLoop)
		if (f != nil) != c.hot || f != nil && !strings.Contains(f.Verdict, "requeued itself immediately") {
			t.Errorf("%d requeues, HotLoopWrites=%d: failure %v, want hot loop %v", c.requeues, c.limit, f, c.hot)
		}
	}
}

// TestIdempotentAtTheFixpoint: Idempotent is checked at a fixpoint. A loop
// that needs the clock stopped to go on (a heartbeat during the first
// seconds) is checked at the fixpoint of the run with the clock advancing
// and passes; a loop with no fixpoint at all is inconclusive, since
// Converges and NoHotLoop report it.
func TestIdempotentAtTheFixpoint(t *testing.T) {
	o := verify.Evaluate(t, spec(func(c client.Client) reconcile.Reconciler { return &warmingUp{c} }), verify.Idempotent)
	if o.Failure != nil || o.Note != "" {
		t.Errorf("warmingUp: want Idempotent to hold, got failure %v, note %q", o.Failure, o.Note)
	}
	o = verify.Evaluate(t, spec(func(c client.Client) reconcile.Reconciler { return &counter{c} }), verify.Idempotent)
	if o.Failure != nil || !o.Inconclusive {
		t.Errorf("counter: want Idempotent inconclusive, got failure %v, note %q", o.Failure, o.Note)
	}
}

// TestNoRedundantWritesIsOptIn: NoRedundantWrites is not among the
// default properties, a reconciler that writes the same status every pass
// passes Idempotent and fails it (see buggy), and the well-written
// reconcilers pass it.
func TestNoRedundantWritesIsOptIn(t *testing.T) {
	if slices.Contains(verify.AllProperties, verify.NoRedundantWrites) {
		t.Error("NoRedundantWrites is in AllProperties; it is opt-in")
	}
	if f := verify.Check(t, buggySpec(t, "status written every pass"), verify.Idempotent); f != nil {
		t.Errorf("a status written unchanged every pass fails Idempotent:\n%s", f)
	}
	for name, s := range map[string]verify.Spec{"memcached": memcachedSpec(), "cronjob": cronJobSpec()} {
		if f := verify.Check(t, s, verify.NoRedundantWrites); f != nil {
			t.Errorf("%s: %s", name, f)
		}
	}
}

// TestRewriteChainIsOneDefect: a chain of self-triggered rewrites of one
// object that ends (a status phase machine writing one phase per pass)
// counts for NoHotLoop once it reaches HotLoopWrites rewrites in a row,
// and for no other property. Three writes in a row pass the default
// limit; four fail it and pass HotLoopWrites=4.
func TestRewriteChainIsOneDefect(t *testing.T) {
	cases := []struct {
		name   string
		mk     func(c client.Client) reconcile.Reconciler
		limit  int
		failed []verify.Property
	}{
		{"three phases", func(c client.Client) reconcile.Reconciler { return &phased{c, scheme, threePhases, false} }, 0, nil},
		{"four phases", func(c client.Client) reconcile.Reconciler { return &phased{c, scheme, fourPhases, false} }, 0, []verify.Property{verify.NoHotLoop}},
		{"four phases, HotLoopWrites=4", func(c client.Client) reconcile.Reconciler { return &phased{c, scheme, fourPhases, false} }, 4, nil},
		{"stepper", func(c client.Client) reconcile.Reconciler { return &stepper{c} }, 0, []verify.Property{verify.NoHotLoop}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := spec(c.mk, func(s *verify.Spec) { s.HotLoopWrites = c.limit })
			var failed []verify.Property
			for _, p := range verify.AllProperties {
				o := verify.Evaluate(t, s, p)
				if o.Inconclusive {
					t.Errorf("%s: inconclusive, the chain ends", p)
				}
				if o.Failure == nil {
					continue
				}
				failed = append(failed, p)
				if p == verify.NoHotLoop && !strings.Contains(o.Failure.Verdict, "times in a row, each time in a Reconcile enqueued by the event of its own previous write") {
					t.Errorf("NoHotLoop: want the rewrite chain, got\n%s", o.Failure)
				}
			}
			if !slices.Equal(failed, c.failed) {
				t.Errorf("failing properties %v, want %v", failed, c.failed)
			}
		})
	}
}

// rejects fails every reconcile; terminal says whether it returns a
// reconcile.TerminalError (a permanent error) or a plain one.
type rejects struct {
	client.Client
	terminal bool
}

func (r *rejects) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	err := fmt.Errorf("widget %s: invalid spec", w.Name)
	if r.terminal {
		return reconcile.Result{}, reconcile.TerminalError(err)
	}
	return reconcile.Result{}, err
}

// TestTerminalErrorIsNotRetried: controller-runtime logs a
// reconcile.TerminalError and forgets the request, so a reconciler that
// rejects an invalid object with one converges; the same error returned
// plainly is retried with backoff forever and does not.
func TestTerminalErrorIsNotRetried(t *testing.T) {
	for _, terminal := range []bool{true, false} {
		s := spec(func(c client.Client) reconcile.Reconciler { return &rejects{c, terminal} })
		o := verify.Evaluate(t, s, verify.Converges)
		if (o.Failure == nil) != terminal {
			t.Errorf("terminal=%v: Converges failure %v, want failure %v", terminal, o.Failure, !terminal)
		}
	}
}
