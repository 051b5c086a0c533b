package verify

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// ForeignFinalizer is the finalizer Deletion adds to the primary object on
// behalf of another controller before deleting it.
const ForeignFinalizer = "verify.reconcilelint.dev/foreign"

func setupFailure(err error) *Failure {
	return &Failure{Verdict: "setup: " + err.Error()}
}

func (c *checker) newWorld(ctx context.Context, objs []client.Object, f faults) (*world, []reconcile.Request, *Failure) {
	w, err := newWorld(ctx, c.spec, objs, f)
	if err != nil {
		return nil, nil, setupFailure(err)
	}
	prim := c.spec.primaryKeys(w.forGVK, c.spec.Scheme)
	if len(prim) == 0 {
		return nil, nil, setupFailure(errNoPrimary)
	}
	return w, prim, nil
}

func effective(calls []Call) []Call {
	var out []Call
	for _, cl := range calls {
		if cl.W > 0 {
			out = append(out, cl)
		}
	}
	return out
}

func writeCalls(calls []Call) []Call {
	var out []Call
	for _, cl := range calls {
		if cl.isWrite() {
			out = append(out, cl)
		}
	}
	return out
}

func lastResults(w *world) map[reconcile.Request]result {
	m := map[reconcile.Request]result{}
	for _, r := range w.results {
		m[r.req] = r
	}
	return m
}

func sameResult(a, b result, tolerance time.Duration) bool {
	//lint:ignore SA1019 Requeue is deprecated but controller-runtime still honours it.
	if (a.err == nil) != (b.err == nil) || a.res.Requeue != b.res.Requeue {
		return false
	}
	d := a.res.RequeueAfter - b.res.RequeueAfter
	return (a.res.RequeueAfter == 0) == (b.res.RequeueAfter == 0) && d <= tolerance && d >= -tolerance
}

// notQuiet describes why the queue did not drain: the latest trigger.
func notQuiet(w *world, budget int) (string, *Call, string) {
	if len(w.results) == 0 {
		return "no reconcile ran", nil, ""
	}
	last := w.results[len(w.results)-1]
	cause := last.reason
	var write *Call
	hint := ""
	switch {
	case len(last.by) > 0:
		cw := w.calls[last.by[len(last.by)-1]-1]
		write = &cw
		cause = fmt.Sprintf("each Reconcile(%s) is re-triggered by the event of its own write %s %s %s", last.req, cw.Op, cw.Kind, cw.Key)
	case strings.HasPrefix(last.reason, "Requeue"):
		cause = fmt.Sprintf("Reconcile(%s) keeps returning %s", last.req, strings.Split(last.reason, " from ")[0])
		hint = hintRequeue
	case strings.HasPrefix(last.reason, "error"):
		err := last.err
		if err == nil && len(w.results) > 1 {
			err = w.results[len(w.results)-2].err
		}
		cause = fmt.Sprintf("Reconcile(%s) keeps failing: %v", last.req, err)
		hint = hintForError(err)
	}
	return fmt.Sprintf("queue not quiet after %d reconciles: %s", budget, cause), write, hint
}

// inconclusive is the note of a property that needs a settled reference
// run and did not get one. Converges and NoHotLoop report why.
const inconclusive = "inconclusive: the reference run does not settle (see Converges/NoHotLoop)"

// inconclusiveHot is Converges' note when the run does not settle because
// of a hot loop by cause, which NoHotLoop reports.
const inconclusiveHot = "inconclusive: the run is a hot loop, which NoHotLoop reports"

// hotWriteFailure reports the self-triggered rewrite chain that ends at
// the world's hotWrite.
func hotWriteFailure(w *world, limit int, verdict string) *Failure {
	chain := w.hotChain(w.hotWrite)
	lines := make([]string, 0, 2*len(chain))
	for i, cl := range chain {
		lines = append(lines, fmt.Sprintf("W%d %s %s %s in R%d at %s", cl.W, cl.Op, cl.Kind, cl.Key, cl.Reconcile, cl.Site))
		if i+1 < len(chain) && len(cl.Events) > 0 {
			next := chain[i+1]
			lines = append(lines, fmt.Sprintf("  → event %s %s %s → enqueues Reconcile(%s) → R%d", cl.Events[0].Type, cl.Kind, cl.Key, next.Request, next.Reconcile))
		}
	}
	last := chain[len(chain)-1]
	return &Failure{Request: last.Request.String(), Write: &last, Chain: lines, Trace: w.calls,
		Verdict: fmt.Sprintf("%s: the controller wrote %s %s %d times in a row, each time in a Reconcile enqueued by the event of its own previous write (HotLoopWrites=%d)",
			verdict, last.Kind, last.Key, len(chain), limit)}
}

// hotRequeueFailure reports the run of immediate requeues.
func hotRequeueFailure(w *world, s *Spec) *Failure {
	var lines []string
	var req string
	for _, n := range w.hotRequeue {
		r := w.results[n-1]
		req = r.req.String()
		what := fmt.Sprintf("RequeueAfter %v", r.res.RequeueAfter)
		//lint:ignore SA1019 Requeue is deprecated but controller-runtime still honours it.
		if r.res.RequeueAfter == 0 && r.res.Requeue {
			what = "Requeue: true"
		}
		lines = append(lines, fmt.Sprintf("R%d Reconcile(%s) returned %s → requeued at once", n, r.req, what))
	}
	return &Failure{Request: req, Chain: lines, Trace: w.calls, Hint: hintRequeue,
		Verdict: fmt.Sprintf("hot loop: Reconcile(%s) requeued itself immediately (Requeue, or RequeueAfter < MinRequeueAfter=%v) %d times in a row (HotLoopWrites=%d)",
			req, s.MinRequeueAfter, len(w.hotRequeue), s.HotLoopWrites)}
}

// idempotent checks the fixpoint: reached with the clock stopped, so that
// no time-driven write hides a fixpoint that exists, or, when a loop needs
// the clock stopped to go on, at the fixpoint of the run with the clock
// advancing. A run without any fixpoint is inconclusive: the loop is the
// one defect Converges and NoHotLoop report, not a second one.
func (c *checker) idempotent() *Failure {
	return c.atFixpoint(c.idempotentPass)
}

// noRedundantWrites checks, at the fixpoint idempotent reaches, that the
// repeated Reconciles send no write request that changes nothing (an
// effective write is Idempotent's failure, and an error Idempotent's too).
func (c *checker) noRedundantWrites() *Failure {
	return c.atFixpoint(func(i int, req reconcile.Request, r result, _ map[reconcile.Request]result, w *world) *Failure {
		for _, cl := range r.calls {
			if !cl.isWrite() || cl.W > 0 {
				continue
			}
			what := "changed nothing"
			if cl.Err != nil {
				what = "failed with " + shortErr(cl.Err)
			}
			return &Failure{Request: req.String(), Write: &cl, Trace: w.calls, Hint: hintRedundant,
				Verdict: fmt.Sprintf("%s Reconcile(%s) at the fixpoint sent %s %s %s, which %s (want no write request in an unchanged world)", ordinal(i+1), req, cl.Op, cl.Kind, cl.Key, what)}
		}
		return nil
	})
}

// hintRedundant names the usual cause of a redundant write.
const hintRedundant = "a write sent on every pass: compare the desired state with the observed one (or check what the mutate function or AddFinalizer reports) and write only when it differs; the static check RL2001 finds most of these"

// fixpointJudge judges the i-th repeated Reconcile r of req at the
// fixpoint; last holds the previous Result of each request.
type fixpointJudge func(i int, req reconcile.Request, r result, last map[reconcile.Request]result, w *world) *Failure

// atFixpoint reaches the fixpoint with the clock stopped or, when a loop
// needs the clock stopped to go on, with it advancing, and judges the
// repeated Reconciles there. A run without any fixpoint is inconclusive.
func (c *checker) atFixpoint(judge fixpointJudge) *Failure {
	f, settled := c.idempotentAt(0, judge)
	if f == nil && !settled {
		f, settled = c.idempotentAt(c.spec.Step, judge)
	}
	if f == nil && !settled {
		c.note = inconclusive
	}
	return f
}

// idempotentPass fails on an effective write, an error or a different
// Result.
func (c *checker) idempotentPass(i int, req reconcile.Request, r result, last map[reconcile.Request]result, w *world) *Failure {
	if ws := effective(r.calls); len(ws) > 0 {
		return &Failure{Request: req.String(), Write: &ws[0], Trace: w.calls,
			Verdict: fmt.Sprintf("%s Reconcile(%s) at the fixpoint made %d effective write(s) (want 0)", ordinal(i+1), req, len(ws))}
	}
	if r.err != nil && !terminal(r.err) {
		return &Failure{Request: req.String(), Trace: w.calls,
			Verdict: fmt.Sprintf("%s Reconcile(%s) at the fixpoint returned error %v", ordinal(i+1), req, r.err)}
	}
	if prev, ok := last[req]; ok && !sameResult(prev, r, c.spec.Step) {
		return &Failure{Request: req.String(), Trace: w.calls, Hint: hintRequeue,
			Verdict: fmt.Sprintf("%s Reconcile(%s) returned %+v, at the fixpoint it returned %+v", ordinal(i+1), req, r.res, prev.res)}
	}
	return nil
}

// idempotentAt runs the fault-free world with step of virtual time before
// each reconcile; when it settles, it reconciles every primary
// IdempotentRepeats more times with the clock advancing and judges each.
func (c *checker) idempotentAt(step time.Duration, judge fixpointJudge) (f *Failure, settled bool) {
	c.bubble(func(ctx context.Context) {
		w, prim, sf := c.newWorld(ctx, c.spec.Objects, faults{})
		if sf != nil {
			f = sf
			return
		}
		if settled = w.run(c.spec.Budget, step); !settled {
			return
		}
		last := lastResults(w)
		for i := 1; i <= c.spec.IdempotentRepeats; i++ {
			for _, req := range prim {
				time.Sleep(c.spec.Step)
				r := w.reconcileOnce(req, "fixpoint check")
				if f = judge(i, req, r, last, w); f != nil {
					return
				}
				last[req] = r
			}
		}
	})
	return f, settled
}

func ordinal(n int) string {
	switch {
	case n%10 == 1 && n%100 != 11:
		return fmt.Sprintf("%dst", n)
	case n%10 == 2 && n%100 != 12:
		return fmt.Sprintf("%dnd", n)
	case n%10 == 3 && n%100 != 13:
		return fmt.Sprintf("%drd", n)
	}
	return fmt.Sprintf("%dth", n)
}

// stablePasses reconciles every primary StablePasses times with the clock
// advancing, and fails on any effective write or error.
func (c *checker) stablePasses(w *world, prim []reconcile.Request, what string) *Failure {
	for pass := 1; pass <= c.spec.StablePasses; pass++ {
		for _, req := range prim {
			time.Sleep(c.spec.Step)
			r := w.reconcileOnce(req, what)
			if ws := effective(r.calls); len(ws) > 0 {
				return &Failure{Request: req.String(), Write: &ws[0], Trace: w.calls,
					Verdict: fmt.Sprintf("left the fixpoint: pass %d, Reconcile(%s) made %d effective write(s) (want 0)", pass, req, len(ws))}
			}
			if r.err != nil && !terminal(r.err) {
				return &Failure{Request: req.String(), Trace: w.calls, Hint: hintPermanentError,
					Verdict: fmt.Sprintf("pass %d, Reconcile(%s) returned error: %v", pass, req, r.err)}
			}
		}
	}
	return nil
}

func (c *checker) converges() (f *Failure) {
	c.bubble(func(ctx context.Context) {
		w, prim, sf := c.newWorld(ctx, c.spec.Objects, faults{})
		if sf != nil {
			f = sf
			return
		}
		if !w.run(c.spec.Budget, c.spec.Step) {
			if w.hotWrite > 0 || w.hotRequeue != nil {
				// A hot loop by cause: NoHotLoop reports it with its
				// chain; the same defect is not a second failure here.
				c.note = inconclusiveHot
				return
			}
			why, cw, hint := notQuiet(w, c.spec.Budget)
			f = &Failure{Verdict: "no fixpoint within the budget: " + why, Write: cw, Hint: hint, Trace: w.calls}
			return
		}
		f = c.stablePasses(w, prim, "stability pass")
	})
	return f
}

func (c *checker) noHotLoop() (f *Failure) {
	c.bubble(func(ctx context.Context) {
		w, _, sf := c.newWorld(ctx, c.spec.Objects, faults{})
		if sf != nil {
			f = sf
			return
		}
		w.dropErr = true
		w.stopOnHot = true
		quiet := w.run(c.spec.Budget, c.spec.Step)
		switch {
		case w.hotWrite > 0:
			f = hotWriteFailure(w, c.spec.HotLoopWrites, "hot loop")
		case w.hotRequeue != nil:
			f = hotRequeueFailure(w, c.spec)
		case !quiet:
			why, cw, hint := notQuiet(w, c.spec.Budget)
			f = &Failure{Verdict: why, Write: cw, Hint: hint, Trace: w.calls}
		}
	})
	return f
}

func (c *checker) notFound() (f *Failure) {
	c.bubble(func(ctx context.Context) {
		gvk, err := gvkOf(c.spec.For, c.spec.Scheme)
		if err != nil {
			f = setupFailure(err)
			return
		}
		prim := c.spec.primaryKeys(gvk, c.spec.Scheme)
		if len(prim) == 0 {
			f = setupFailure(errNoPrimary)
			return
		}
		var objs []client.Object
		for _, o := range c.spec.Objects {
			if g, err := gvkOf(o, c.spec.Scheme); err == nil && g != gvk {
				objs = append(objs, o)
			}
		}
		w, err := newWorld(ctx, c.spec, objs, faults{})
		if err != nil {
			f = setupFailure(err)
			return
		}
		for _, req := range prim {
			r := w.reconcileOnce(req, "primary object missing")
			if r.err != nil {
				f = &Failure{Request: req.String(), Trace: w.calls, Hint: hintNotFound,
					Verdict: fmt.Sprintf("Reconcile(%s) of a missing object returned error %q (want nil)", req, r.err)}
				return
			}
			if ws := writeCalls(r.calls); len(ws) > 0 {
				f = &Failure{Request: req.String(), Write: &ws[0], Trace: w.calls, Hint: hintNotFound,
					Verdict: fmt.Sprintf("Reconcile(%s) of a missing object made %d write call(s) (want 0)", req, len(ws))}
				return
			}
			if r.res != (reconcile.Result{}) {
				f = &Failure{Request: req.String(), Trace: w.calls, Hint: hintRequeue,
					Verdict: fmt.Sprintf("Reconcile(%s) of a missing object returned %+v (want Result{})", req, r.res)}
				return
			}
		}
	})
	return f
}

func (c *checker) getPrimary(ctx context.Context, w *world, req reconcile.Request) (client.Object, error) {
	o := c.spec.For.DeepCopyObject().(client.Object)
	if err := w.srv.Get(ctx, req.NamespacedName, o); err != nil {
		return nil, err
	}
	return o, nil
}

func (c *checker) deletion() (f *Failure) {
	c.bubble(func(ctx context.Context) {
		w, prim, sf := c.newWorld(ctx, c.spec.Objects, faults{})
		if sf != nil {
			f = sf
			return
		}
		if !w.run(c.spec.Budget, c.spec.Step) {
			c.note = inconclusive
			return
		}
		start := len(w.calls)
		for _, req := range prim {
			o, err := c.getPrimary(ctx, w, req)
			if err != nil {
				f = setupFailure(err)
				return
			}
			o.SetFinalizers(append(o.GetFinalizers(), ForeignFinalizer))
			if err := w.srv.Update(ctx, o); err != nil {
				f = setupFailure(fmt.Errorf("add foreign finalizer: %w", err))
				return
			}
			if err := w.srv.Delete(ctx, o); err != nil {
				f = setupFailure(fmt.Errorf("delete primary: %w", err))
				return
			}
		}
		w.drainEvents("primary deleted by the user")
		quiet := w.run(c.spec.Budget, c.spec.Step)
		for _, cl := range w.calls[start:] {
			if cl.Err != nil && apierrors.IsInvalid(cl.Err) && strings.Contains(cl.Err.Error(), "finalizers") {
				f = &Failure{Request: cl.Request.String(), Write: &cl, Trace: w.calls, Hint: hintAddFinalizer,
					Verdict: fmt.Sprintf("Reconcile(%s) tried to add a finalizer to an object being deleted: %v", cl.Request, cl.Err)}
				return
			}
		}
		if !quiet {
			why, cw, hint := notQuiet(w, c.spec.Budget)
			f = &Failure{Verdict: "deletion did not finish: " + why, Write: cw, Hint: hint, Trace: w.calls}
			return
		}
		for _, req := range prim {
			o, err := c.getPrimary(ctx, w, req)
			if apierrors.IsNotFound(err) {
				f = &Failure{Request: req.String(), Trace: w.calls, Hint: hintForeignFinalizer, Write: lastFinalizerWrite(w.calls[start:]),
					Verdict: fmt.Sprintf("Reconcile(%s) removed finalizer %s, which it does not own (the object is gone)", req, ForeignFinalizer)}
				return
			}
			if err != nil {
				f = setupFailure(err)
				return
			}
			fin := o.GetFinalizers()
			if !slices.Contains(fin, ForeignFinalizer) {
				f = &Failure{Request: req.String(), Trace: w.calls, Hint: hintForeignFinalizer, Write: lastFinalizerWrite(w.calls[start:]),
					Verdict: fmt.Sprintf("Reconcile(%s) removed finalizer %s, which it does not own", req, ForeignFinalizer)}
				return
			}
			if len(fin) > 1 {
				f = &Failure{Request: req.String(), Trace: w.calls,
					Verdict: fmt.Sprintf("Reconcile(%s) left its finalizer(s) %v on the deleted object", req, slices.DeleteFunc(slices.Clone(fin), func(s string) bool { return s == ForeignFinalizer })),
					Hint:    "remove your finalizer once cleanup is done: controllerutil.RemoveFinalizer, then Update"}
				return
			}
			o.SetFinalizers(nil)
			if err := w.srv.Update(ctx, o); err != nil {
				f = setupFailure(fmt.Errorf("remove foreign finalizer: %w", err))
				return
			}
		}
		w.drainEvents("foreign finalizer removed")
		if !w.run(c.spec.Budget, c.spec.Step) {
			why, cw, hint := notQuiet(w, c.spec.Budget)
			f = &Failure{Verdict: "after removal: " + why, Write: cw, Hint: hint, Trace: w.calls}
			return
		}
		after := len(w.calls)
		for _, req := range prim {
			time.Sleep(c.spec.Step)
			r := w.reconcileOnce(req, "after deletion")
			if ws := writeCalls(w.calls[after:]); len(ws) > 0 || r.err != nil {
				var cw *Call
				if len(ws) > 0 {
					cw = &ws[0]
				}
				f = &Failure{Request: req.String(), Write: cw, Trace: w.calls, Hint: hintNotFound,
					Verdict: fmt.Sprintf("Reconcile(%s) after the object was gone made %d write call(s), error %v (want none)", req, len(ws), r.err)}
				return
			}
		}
		if c.spec.AfterDelete != nil {
			if err := c.spec.AfterDelete(ctx, w.srv); err != nil {
				f = &Failure{Trace: w.calls, Verdict: fmt.Sprintf("cleanup check failed: %v", err)}
			}
		}
	})
	return f
}

func lastFinalizerWrite(calls []Call) *Call {
	for i := len(calls) - 1; i >= 0; i-- {
		for _, e := range calls[i].Events {
			if e.Old != nil && len(e.Object.GetFinalizers()) < len(e.Old.GetFinalizers()) {
				cl := calls[i]
				return &cl
			}
		}
	}
	return nil
}

// reference runs the fault-free world to its fixpoint.
func (c *checker) reference() (w *world, state map[string]map[string]any, f *Failure) {
	c.bubble(func(ctx context.Context) {
		var sf *Failure
		w, _, sf = c.newWorld(ctx, c.spec.Objects, faults{})
		if sf != nil {
			f = sf
			return
		}
		if !w.run(c.spec.Budget, c.spec.Step) {
			c.note = inconclusive
			return
		}
		state = w.state(normStrict)
	})
	return w, state, f
}

// plan is one fault-injection run.
type plan struct {
	id    string
	fault faults
	hint  string
	what  string
}

// runPlans runs each plan in its own bubble and compares its end state with
// the reference. Plans whose fault never fires, or whose state when the
// fault fires was already seen with the same fault kind, are pruned.
func (c *checker) runPlans(ref *world, refState map[string]map[string]any, plans []plan) *Failure {
	seen := map[string]bool{}
	for _, p := range plans {
		if c.only != "" && p.id != c.only {
			continue
		}
		var f *Failure
		c.bubble(func(ctx context.Context) {
			pruned := false
			p.fault.onFire = func(w *world) {
				k := p.what + "|" + w.stateKey()
				if w.cur != nil {
					k += "|" + w.cur.req.String()
				}
				if c.only == "" && seen[k] {
					pruned = true
				}
				seen[k] = true
			}
			w, _, sf := c.newWorld(ctx, c.spec.Objects, p.fault)
			if sf != nil {
				f = sf
				return
			}
			quiet := w.run(c.spec.Budget, c.spec.Step)
			if !w.fault.fired || pruned {
				return
			}
			if !quiet {
				why, cw, hint := notQuiet(w, c.spec.Budget)
				f = &Failure{Plan: p.id, Verdict: fmt.Sprintf("plan %s: %s", p.id, why), Write: cw, Hint: hint, Trace: w.calls, Reference: ref.calls}
				return
			}
			got := w.state(normStrict)
			if d := diffStates(refState, got); len(d) > 0 {
				f = &Failure{Plan: p.id, Verdict: fmt.Sprintf("plan %s: end state differs from the reference run in %d place(s)", p.id, len(d)),
					Diff: render(d), DiffLabel: "reference → faulty", changes: d, Trace: w.calls, Reference: ref.calls}
				f.Hint = hintFromDiff(d, newDiffContext(refState, got, ref.calls, w.calls))
				if f.Hint == "" && objectsDiffer(d) {
					f.Hint = p.hint
				}
				if ws := effective(w.calls); len(ws) > 0 {
					f.Write = firstDivergentWrite(ref.calls, w.calls)
				}
			}
		})
		if f != nil {
			return f
		}
	}
	return nil
}

// objectsDiffer reports whether an object exists on one side only.
func objectsDiffer(d []change) bool {
	for _, c := range d {
		if c.what == "extra" || c.what == "missing" {
			return true
		}
	}
	return false
}

// firstDivergentWrite returns the first effective write of the faulty run
// whose op and object differ from the reference's write at the same index.
func firstDivergentWrite(ref, got []Call) *Call {
	rw, gw := effective(ref), effective(got)
	for i, g := range gw {
		if i >= len(rw) || rw[i].Op != g.Op || rw[i].Key != g.Key || rw[i].Kind != g.Kind {
			cl := g
			return &cl
		}
	}
	return nil
}

func (c *checker) crashSafe() *Failure {
	ref, refState, f := c.reference()
	if f != nil || c.note != "" {
		return f
	}
	var plans []plan
	for k := 1; k <= ref.writes; k++ {
		plans = append(plans, plan{id: fmt.Sprintf("crash-after:W%d", k), fault: faults{crashAfterW: k}, hint: hintCrash, what: "crash"})
	}
	return c.runPlans(ref, refState, plans)
}

type injected struct {
	name string
	make func(gr schema.GroupResource, name string) error
	ops  func(op string) bool
}

var injectedErrors = []injected{
	{"Conflict", func(gr schema.GroupResource, name string) error {
		return apierrors.NewConflict(gr, name, errors.New("the object has been modified; please apply your changes to the latest version and try again"))
	}, func(op string) bool { return strings.Contains(op, "Update") || strings.Contains(op, "Patch") }},
	{"Timeout", func(schema.GroupResource, string) error {
		return apierrors.NewTimeoutError("request did not complete within the allowed duration", 1)
	}, func(string) bool { return true }},
	{"TooManyRequests", func(schema.GroupResource, string) error {
		return apierrors.NewTooManyRequests("the server has received too many requests and has asked us to try again later", 1)
	}, func(string) bool { return true }},
}

func (c *checker) transientErrors() *Failure {
	ref, refState, f := c.reference()
	if f != nil || c.note != "" {
		return f
	}
	var plans []plan
	for _, cl := range ref.calls {
		for _, ie := range injectedErrors {
			if !ie.ops(cl.Op) {
				continue
			}
			name := cl.Key
			if i := strings.LastIndex(name, "/"); i >= 0 {
				name = name[i+1:]
			}
			plans = append(plans, plan{
				id:    fmt.Sprintf("err@C%d=%s", cl.N, ie.name),
				fault: faults{errAtC: cl.N, err: ie.make(schema.GroupResource{Resource: strings.ToLower(cl.Kind) + "s"}, name)},
				hint:  hintSwallowedError, what: ie.name + "|" + cl.Op + "|" + cl.Site,
			})
		}
	}
	return c.runPlans(ref, refState, plans)
}

// maxLag is the most reconciles after the one that wrote it that a
// lagging cache may stay behind in a StaleReads plan.
const maxLag = 3

// staleReads models informers with per-kind lag (see informerLag). For
// each effective write Wx of a watched kind K in reconcile j of the
// reference run, and each reconcile k (j ≤ k ≤ j+maxLag) that reads K
// after it, plan lag@Wx-Rk=K keeps the cache of K at the state before Wx
// until reconcile k has ended: reads of K, including other objects of the
// primary's kind, come from that state, and the events of K from Wx on are
// held back until the cache catches up, so no reconcile is triggered by
// them before. The triggering primary is therefore never older than its
// event. When the queue goes quiet first, a periodic resync of the primary
// kind is delivered through the controller's predicates, then the cache
// catches up. The end state must be the reference state.
func (c *checker) staleReads() *Failure {
	ref, refState, f := c.reference()
	if f != nil || c.note != "" {
		return f
	}
	return c.runPlans(ref, refState, lagPlans(ref))
}

// lagPlans enumerates the StaleReads plans of a reference run: the reads
// a lagging cache would have served older than the controller's own
// earlier write.
func lagPlans(ref *world) []plan {
	watched := map[string]bool{}
	for _, g := range ref.watchedKinds() {
		watched[g.Kind] = true
	}
	var plans []plan
	for _, wc := range effective(ref.calls) {
		if !watched[wc.Kind] {
			continue
		}
		for k := wc.Reconcile; k <= wc.Reconcile+maxLag && k <= len(ref.results); k++ {
			if !slices.ContainsFunc(ref.results[k-1].calls, func(cl Call) bool { return !cl.isWrite() && cl.Kind == wc.Kind && cl.N > wc.N }) {
				continue
			}
			lp := &lagPlan{kind: wc.Kind, fromW: wc.W, untilR: k}
			plans = append(plans, plan{id: fmt.Sprintf("lag@W%d-R%d=%s", wc.W, k, wc.Kind), fault: faults{lag: lp}, hint: hintStale,
				what: fmt.Sprintf("lag %s from W%d until R%d", wc.Kind, wc.W, k)})
		}
	}
	return plans
}

// deterministicWrites renders the effective writes of a run with timestamps
// relative to the world's start.
func deterministicWrites(w *world) []string {
	var out []string
	for _, cl := range effective(w.calls) {
		var objs []string
		for _, e := range cl.Events {
			objs = append(objs, string(e.Type)+" "+canonicalJSON(normalize(e.Object, normRelative(w.start))))
		}
		out = append(out, fmt.Sprintf("%s %s %s: %s", cl.Op, cl.Kind, cl.Key, strings.Join(objs, "; ")))
	}
	return out
}

func (c *checker) deterministic() (f *Failure) {
	var refWrites []string
	var refCalls []Call
	c.bubble(func(ctx context.Context) {
		w, _, sf := c.newWorld(ctx, c.spec.Objects, faults{})
		if sf != nil {
			f = sf
			return
		}
		w.run(c.spec.Budget, c.spec.Step)
		refWrites, refCalls = deterministicWrites(w), w.calls
	})
	if f != nil {
		return f
	}
	for i := 1; i <= c.spec.DeterministicRuns; i++ {
		c.bubble(func(ctx context.Context) {
			w, _, sf := c.newWorld(ctx, c.spec.Objects, faults{})
			if sf != nil {
				f = sf
				return
			}
			w.run(c.spec.Budget, c.spec.Step)
			got := deterministicWrites(w)
			for j := 0; j < max(len(got), len(refWrites)); j++ {
				if j < len(got) && j < len(refWrites) && got[j] == refWrites[j] {
					continue
				}
				f = &Failure{Trace: w.calls, Reference: refCalls, Hint: hintNondeterministic,
					Verdict: fmt.Sprintf("world %d diverges from the first at effective write W%d", i+1, j+1)}
				ws := effective(w.calls)
				if j < len(ws) {
					f.Write = &ws[j]
				}
				f.Diff = diffLines(at(refWrites, j), at(got, j))
				return
			}
		})
		if f != nil {
			return f
		}
	}
	return nil
}

// nondeterministic reports whether the fault-free run differs between
// ProbeRuns fresh worlds: in its calls, its results or the content of its
// writes. The answer is computed once per Run (or Check).
func (c *checker) nondeterministic() bool {
	pr := c.spec.probe
	if pr.done {
		return pr.varies
	}
	pr.done = true
	var first string
	for i := 0; i < c.spec.ProbeRuns && !pr.varies; i++ {
		c.bubble(func(ctx context.Context) {
			w, _, sf := c.newWorld(ctx, c.spec.Objects, faults{})
			if sf != nil {
				return
			}
			w.run(c.spec.Budget, c.spec.Step)
			var b strings.Builder
			for _, cl := range w.calls {
				fmt.Fprintf(&b, "%s %s %s %d %v\n", cl.Op, cl.Kind, cl.Key, cl.W, cl.Err != nil)
			}
			for _, r := range w.results {
				fmt.Fprintf(&b, "R%d %s %+v %v\n", r.n, r.req, r.res, r.err != nil)
			}
			b.WriteString(strings.Join(deterministicWrites(w), "\n"))
			if i == 0 {
				first = b.String()
			} else if b.String() != first {
				pr.varies = true
			}
		})
	}
	return pr.varies
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(none)"
}

// historyRun settles a world started from objs, then applies each step
// and settles again after each; it returns the end state and the trace.
func (c *checker) historyRun(objs []client.Object, steps [][]func(client.Object)) (state map[string]map[string]any, calls []Call, f *Failure) {
	c.bubble(func(ctx context.Context) {
		w, prim, sf := c.newWorld(ctx, objs, faults{})
		if sf != nil {
			f = sf
			return
		}
		if !w.run(c.spec.Budget, c.spec.Step) {
			c.note = inconclusive
			return
		}
		for i, us := range steps {
			for _, req := range prim {
				o, err := c.getPrimary(ctx, w, req)
				if err != nil {
					f = setupFailure(err)
					return
				}
				for _, u := range us {
					u(o)
				}
				if err := w.srv.Update(ctx, o); err != nil {
					f = setupFailure(fmt.Errorf("update %d: %w", i+1, err))
					return
				}
			}
			w.drainEvents(fmt.Sprintf("user update %d", i+1))
			if !w.run(c.spec.Budget, c.spec.Step) {
				why, cw, hint := notQuiet(w, c.spec.Budget)
				f = &Failure{Verdict: fmt.Sprintf("no fixpoint after user update %d of %d: %s", i+1, len(steps), why), Write: cw, Hint: hint, Trace: w.calls}
				return
			}
		}
		state, calls = w.state(normHistory), w.calls
	})
	return state, calls, f
}

// historyIndependent compares, as Acto does, a fresh start at the final
// spec with (a) the updates applied one at a time to a settled world,
// settling after each, and (b) the updates coalesced into one Update of
// the settled world.
func (c *checker) historyIndependent() *Failure {
	gvk, err := gvkOf(c.spec.For, c.spec.Scheme)
	if err != nil {
		return setupFailure(err)
	}
	final := make([]client.Object, 0, len(c.spec.Objects))
	for _, o := range c.spec.Objects {
		o = o.DeepCopyObject().(client.Object)
		if g, err := gvkOf(o, c.spec.Scheme); err == nil && g == gvk {
			for i, u := range c.spec.Updates {
				before := canonicalJSON(normalize(o, normRaw))
				u(o)
				if canonicalJSON(normalize(o, normRaw)) == before {
					return setupFailure(fmt.Errorf("Spec.Updates[%d] leaves %s %s unchanged; does it expect another type than %T?", i, g.Kind, client.ObjectKeyFromObject(o), o))
				}
			}
		}
		final = append(final, o)
	}
	refState, refCalls, f := c.historyRun(final, nil)
	if f != nil || c.note != "" {
		return f
	}
	n := len(c.spec.Updates)
	stepwise := make([][]func(client.Object), n)
	for i, u := range c.spec.Updates {
		stepwise[i] = []func(client.Object){u}
	}
	runs := []struct {
		steps [][]func(client.Object)
		what  string
	}{{stepwise, fmt.Sprintf("applying %d update(s) one at a time, settling after each,", n)}}
	if n > 1 {
		runs = append(runs, struct {
			steps [][]func(client.Object)
			what  string
		}{[][]func(client.Object){c.spec.Updates}, fmt.Sprintf("applying %d update(s) as one coalesced update to the settled object", n)})
	}
	for _, r := range runs {
		got, calls, f := c.historyRun(c.spec.Objects, r.steps)
		if f != nil || c.note != "" {
			return f
		}
		if d := diffStates(refState, got); len(d) > 0 {
			f := &Failure{Verdict: fmt.Sprintf("%s ends in a different state than a fresh start at the final spec (%d difference(s))", r.what, len(d)),
				Diff: render(d), DiffLabel: "fresh start → after the updates", changes: d, Trace: calls, Reference: refCalls}
			f.Hint = hintFromDiff(d, newDiffContext(refState, got, refCalls, calls))
			if f.Hint == "" {
				f.Hint = hintHistory
			}
			return f
		}
	}
	return nil
}
