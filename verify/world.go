package verify

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify/apiserver"
)

// Call is one client call made by the reconciler.
type Call struct {
	// N numbers the calls of a run from 1 (the C in plan IDs).
	N int
	// Reconcile numbers the Reconcile invocation the call belongs to (R).
	Reconcile int
	// Request is the request being reconciled.
	Request reconcile.Request
	// Op is the method: Get, List, Create, Update, Patch, Apply, Delete,
	// DeleteAllOf, Status().Update, Status().Patch, Status().Apply.
	Op string
	// Kind and Key name the object.
	Kind string
	Key  string
	// Site is the reconciler's file:line that made the call.
	Site string
	// Err is what the call returned.
	Err error
	// W numbers the call among effective writes from 1 (the W in plan
	// IDs); 0 for reads and writes that changed nothing.
	W int
	// Events are the watch events the call caused.
	Events []apiserver.Event
	// Injected is true when the error was injected by a fault plan.
	Injected bool
	// Stale is true when a read was served from a lagging cache.
	Stale bool
}

func (c Call) isWrite() bool { return c.Op != "Get" && c.Op != "List" }

func (c Call) String() string {
	s := fmt.Sprintf("C%d R%d %s %s %s", c.N, c.Reconcile, c.Op, c.Kind, c.Key)
	if c.W > 0 {
		s += fmt.Sprintf(" [W%d]", c.W)
	} else if c.isWrite() && c.Err == nil {
		s += " [no change]"
	}
	if c.Err != nil {
		s += " -> " + shortErr(c.Err)
		if c.Injected {
			s += " (injected)"
		}
	}
	if c.Stale {
		s += " (lagging cache)"
	}
	if c.Site != "" {
		s += "  at " + c.Site
	}
	return s
}

func shortErr(err error) string {
	if r := apierrors.ReasonForError(err); r != metav1.StatusReasonUnknown {
		return string(r)
	}
	s := err.Error()
	if len(s) > 80 {
		s = s[:80] + "…"
	}
	return s
}

// result is what one Reconcile returned.
type result struct {
	n      int
	req    reconcile.Request
	res    reconcile.Result
	err    error
	calls  []Call
	reason string
	crash  bool
	// by lists the calls (N) whose effective writes caused the events
	// that enqueued this reconcile.
	by []int
}

// faults are the perturbations of one plan.
type faults struct {
	crashAfterW int            // crash after this effective write
	errAtC      int            // fail this call
	err         error          // with this error
	lag         *lagPlan       // one kind's informer cache lags
	fired       bool           // the fault happened
	onFire      func(w *world) // observes the state when the fault fires
}

// lagPlan is one informer lag: the cache of kind holds nothing from the
// effective write fromW on until reconcile untilR has ended (or the queue
// is otherwise quiet); meanwhile its reads come from the state before
// fromW and its events are held back.
type lagPlan struct {
	kind   string
	fromW  int
	untilR int
}

// heldEvent is a watch event the lagging cache has not delivered yet.
type heldEvent struct {
	e  apiserver.Event
	by int
}

// informerLag is the state of the plan's lagging cache in one world. The
// cache is a watermark: it holds the kind as it was just before the
// effective write fromW, and an event of that kind is delivered only once
// the cache holds the version it carries, so every event from fromW on is
// held until the cache catches up (at once, delivering them in order).
// An object is therefore never older in the cache than the event that
// enqueued its reconcile.
type informerLag struct {
	plan lagPlan
	// pre is the state before the write call under way, kept while the
	// lag waits for the write fromW.
	pre client.Reader
	// cache is the lagging cache of kind; nil when the cache is current.
	cache client.Reader
	// held are the events dispatching left for the cache to deliver.
	held []heldEvent
	// resynced is set once a periodic resync was delivered.
	resynced bool
	// done is set once the cache caught up.
	done bool
}

type crashSignal struct{}

type queueItem struct {
	req      reconcile.Request
	due      time.Time
	seq      int
	periodic bool
	reason   string
	by       []int // calls whose write events enqueued the item
}

// world is one simulated cluster with one controller process.
type world struct {
	spec    *Spec
	forGVK  schema.GroupVersionKind
	srv     *apiserver.Server
	rec     reconcile.Reconciler
	cl      *recClient
	queue   map[reconcile.Request]*queueItem
	seq     int
	events  []apiserver.Event
	calls   []Call
	results []result
	writes  int
	cur     *result
	fault   faults
	// lag is the informer lag of the plan, nil without one.
	lag *informerLag
	// staleRead is set by a read the lagging cache answered with an older
	// state than the server's.
	staleRead bool
	failures  map[reconcile.Request]int
	dropErr   bool
	start     time.Time
	ctx       context.Context
	crashes   int
	// evCall is parallel to events: the call (N) whose write caused each
	// event, 0 for events made outside the reconciler.
	evCall []int
	// evHeld is parallel to events: the event is held by the lagging cache.
	evHeld []bool
	// chainLen maps an effective write (call N) to the number of
	// self-triggered rewrites that lead to it: 1 when a reconcile enqueued
	// by the event of an earlier write of the same object rewrote it.
	chainLen map[int]int
	// chainPrev maps such a rewrite to the write whose event triggered it.
	chainPrev map[int]int
	// hotWrite is the first rewrite whose chain reached hotLimit, 0 if none.
	hotWrite int
	// shortRun counts each request's consecutive immediate requeues.
	shortRun map[reconcile.Request][]int
	// hotRequeue lists the reconciles (n) of the first run of hotLimit
	// consecutive immediate requeues.
	hotRequeue []int
	// hotLimit is Spec.HotLoopWrites; stopOnHot ends run at a hot loop.
	hotLimit  int
	stopOnHot bool
}

func newWorld(ctx context.Context, spec *Spec, objs []client.Object, f faults) (*world, error) {
	w := &world{spec: spec, queue: map[reconcile.Request]*queueItem{}, failures: map[reconcile.Request]int{}, fault: f, ctx: ctx, start: time.Now(),
		chainLen: map[int]int{}, chainPrev: map[int]int{}, shortRun: map[reconcile.Request][]int{}, hotLimit: spec.HotLoopWrites}
	opts := []apiserver.Option{
		apiserver.WithScheme(spec.Scheme), apiserver.WithKinds(spec.Kinds...), apiserver.WithSeed(spec.Seed),
	}
	srv, err := apiserver.New(opts...)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	w.srv = srv
	gvk, err := srv.GroupVersionKindFor(spec.For)
	if err != nil {
		return nil, fmt.Errorf("verify: kind of For: %w", err)
	}
	w.forGVK = gvk
	for _, o := range objs {
		if err := srv.Seed(ctx, o.DeepCopyObject().(client.Object)); err != nil {
			return nil, fmt.Errorf("verify: seed %s %s: %w", o.GetObjectKind().GroupVersionKind().Kind, client.ObjectKeyFromObject(o), err)
		}
	}
	if f.lag != nil {
		w.lag = &informerLag{plan: *f.lag}
	}
	srv.Subscribe(func(e apiserver.Event) {
		w.events = append(w.events, e)
		w.evCall = append(w.evCall, 0)
		w.evHeld = append(w.evHeld, w.lag != nil && w.lag.cache != nil && e.Object.GetObjectKind().GroupVersionKind().Kind == w.lag.plan.kind)
	})
	w.cl = &recClient{w: w}
	w.rec = spec.New(w.cl)
	w.restart("start")
	return w, nil
}

// restart models a controller start: every object of the primary kind is
// listed and enqueued, and in-memory queue state is gone.
func (w *world) restart(reason string) {
	w.queue = map[reconcile.Request]*queueItem{}
	w.events, w.evCall, w.evHeld = nil, nil, nil
	if w.lag != nil && w.lag.cache != nil {
		// A new process starts with caches synced from a fresh List.
		w.lag.cache, w.lag.held, w.lag.done = nil, nil, true
	}
	if len(w.spec.handlers) > 0 {
		// The controller's own handlers see every listed object as ADDED.
		for _, gvk := range w.kindsInUse() {
			for _, o := range w.objectsOf(gvk) {
				w.dispatch(apiserver.Event{Type: watch.Added, Object: o}, reason, 0)
			}
		}
		return
	}
	for _, o := range w.objectsOf(w.forGVK) {
		req := reconcile.Request{NamespacedName: client.ObjectKeyFromObject(o)}
		if w.passes(w.spec.ForPredicates, event.CreateEvent{Object: o}) {
			w.enqueue(req, 0, false, reason, 0)
		}
	}
	// Owned and watched objects are listed too; their handlers map them.
	for _, gvk := range w.kindsInUse() {
		if gvk == w.forGVK {
			continue
		}
		for _, o := range w.objectsOf(gvk) {
			w.dispatch(apiserver.Event{Type: watch.Added, Object: o}, reason, 0)
		}
	}
}

func (w *world) kindsInUse() []schema.GroupVersionKind {
	out := w.watchedKinds()
	for _, o := range w.spec.Objects {
		if g, err := w.srv.GroupVersionKindFor(o); err == nil && !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

// watchedKinds returns the kinds whose events reach the controller: For,
// Owns, Watches, or FromSetup's handlers.
func (w *world) watchedKinds() []schema.GroupVersionKind {
	var out []schema.GroupVersionKind
	seen := map[schema.GroupVersionKind]bool{}
	add := func(o client.Object) {
		g, err := w.srv.GroupVersionKindFor(o)
		if err == nil && !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	add(w.spec.For)
	for _, h := range w.spec.handlers {
		add(h.object)
	}
	for _, o := range w.spec.Owns {
		add(o)
	}
	for _, wt := range w.spec.Watches {
		add(wt.Object)
	}
	return out
}

// objectsOf lists the stored objects of one kind, as unstructured or typed
// objects the handlers can read.
func (w *world) objectsOf(gvk schema.GroupVersionKind) []client.Object {
	return w.objectsFrom(w.srv, gvk)
}

// objectsFrom lists the objects of one kind that r holds.
func (w *world) objectsFrom(r client.Reader, gvk schema.GroupVersionKind) []client.Object {
	l := w.newList(gvk)
	if err := r.List(w.ctx, l); err != nil {
		return nil
	}
	items, err := meta.ExtractList(l)
	if err != nil {
		return nil
	}
	out := make([]client.Object, 0, len(items))
	for _, it := range items {
		if o, ok := it.(client.Object); ok {
			if o.GetObjectKind().GroupVersionKind().Empty() {
				o.GetObjectKind().SetGroupVersionKind(gvk)
			}
			out = append(out, o)
		}
	}
	return out
}

func (w *world) newList(gvk schema.GroupVersionKind) client.ObjectList {
	lg := gvk.GroupVersion().WithKind(gvk.Kind + "List")
	if w.spec.Scheme.Recognizes(lg) {
		if o, err := w.spec.Scheme.New(lg); err == nil {
			if l, ok := o.(client.ObjectList); ok {
				return l
			}
		}
	}
	u := &unstructured.UnstructuredList{}
	u.SetGroupVersionKind(lg)
	return u
}

// enqueue adds req to the queue, or merges it into the queued item as
// controller-runtime's workqueue does. by is the call whose write caused
// the event (0 for other causes).
func (w *world) enqueue(req reconcile.Request, after time.Duration, periodic bool, reason string, by int) {
	due := time.Now().Add(after)
	if it, ok := w.queue[req]; ok {
		if it.periodic && !periodic {
			it.periodic, it.due, it.reason = false, due, reason
		} else if !periodic && due.Before(it.due) {
			it.due = due
		}
		if by > 0 && !slices.Contains(it.by, by) {
			it.by = append(it.by, by)
		}
		return
	}
	w.seq++
	it := &queueItem{req: req, due: due, seq: w.seq, periodic: periodic, reason: reason}
	if by > 0 {
		it.by = []int{by}
	}
	w.queue[req] = it
}

func (w *world) passes(ps []predicateT, e any) bool {
	for _, p := range ps {
		switch ev := e.(type) {
		case event.CreateEvent:
			if !p.Create(ev) {
				return false
			}
		case event.UpdateEvent:
			if !p.Update(ev) {
				return false
			}
		case event.DeleteEvent:
			if !p.Delete(ev) {
				return false
			}
		}
	}
	return true
}

func toEvent(e apiserver.Event) any {
	switch e.Type {
	case watch.Added:
		return event.CreateEvent{Object: e.Object.DeepCopyObject().(client.Object)}
	case watch.Deleted:
		return event.DeleteEvent{Object: e.Object.DeepCopyObject().(client.Object)}
	default:
		return event.UpdateEvent{ObjectOld: e.Old.DeepCopyObject().(client.Object), ObjectNew: e.Object.DeepCopyObject().(client.Object)}
	}
}

// dispatch runs an event through the controller's watches; by is the call
// whose write caused it (0 if none).
func (w *world) dispatch(e apiserver.Event, reason string, by int) {
	gvk := e.Object.GetObjectKind().GroupVersionKind()
	ev := toEvent(e)
	if len(w.spec.handlers) > 0 {
		sink := queueSink{add: func(r reconcile.Request) { w.enqueue(r, 0, false, reason, by) }}
		for _, h := range w.spec.handlers {
			if hg, err := w.srv.GroupVersionKindFor(h.object); err != nil || hg != gvk || !w.passes(h.predicates, ev) {
				continue
			}
			switch x := ev.(type) {
			case event.CreateEvent:
				h.handler.Create(w.ctx, x, sink)
			case event.UpdateEvent:
				h.handler.Update(w.ctx, x, sink)
			case event.DeleteEvent:
				h.handler.Delete(w.ctx, x, sink)
			}
		}
		return
	}
	if gvk == w.forGVK {
		if w.passes(w.spec.ForPredicates, ev) {
			w.enqueue(reconcile.Request{NamespacedName: client.ObjectKeyFromObject(e.Object)}, 0, false, reason, by)
		}
	}
	for _, o := range w.spec.Owns {
		og, err := w.srv.GroupVersionKindFor(o)
		if err != nil || og != gvk {
			continue
		}
		if !w.passes(w.spec.OwnsPredicates, ev) {
			continue
		}
		objs := []client.Object{e.Object}
		if e.Old != nil {
			objs = append(objs, e.Old)
		}
		for _, ob := range objs {
			for _, r := range ob.GetOwnerReferences() {
				if r.Controller == nil || !*r.Controller || r.Kind != w.forGVK.Kind {
					continue
				}
				if gv, err := schema.ParseGroupVersion(r.APIVersion); err != nil || gv.Group != w.forGVK.Group {
					continue
				}
				w.enqueue(reconcile.Request{NamespacedName: types.NamespacedName{Namespace: ob.GetNamespace(), Name: r.Name}}, 0, false, reason, by)
			}
		}
	}
	for _, wt := range w.spec.Watches {
		wg, err := w.srv.GroupVersionKindFor(wt.Object)
		if err != nil || wg != gvk || wt.Map == nil {
			continue
		}
		if !w.passes(wt.Predicates, ev) {
			continue
		}
		for _, r := range wt.Map(w.ctx, e.Object.DeepCopyObject().(client.Object)) {
			w.enqueue(r, 0, false, reason, by)
		}
	}
}

// drainEvents dispatches the events the last reconcile caused; the
// lagging cache keeps the events it has not caught up with.
func (w *world) drainEvents(reason string) {
	evs, by, held := w.events, w.evCall, w.evHeld
	w.events, w.evCall, w.evHeld = nil, nil, nil
	for i, e := range evs {
		if held[i] && w.lag != nil && w.lag.cache != nil {
			w.lag.held = append(w.lag.held, heldEvent{e: e, by: by[i]})
			continue
		}
		w.dispatch(e, reason, by[i])
	}
}

// catchUp makes the lagging cache current and delivers the events it held
// back, in order.
func (w *world) catchUp(reason string) {
	l := w.lag
	if l == nil || l.cache == nil {
		return
	}
	held := l.held
	l.cache, l.held, l.done = nil, nil, true
	for _, h := range held {
		w.dispatch(h.e, reason, h.by)
	}
	// Events of the last reconcile not dispatched yet are no longer held.
	for i := range w.evHeld {
		w.evHeld[i] = false
	}
}

// lagQuiet acts when the queue is quiet while a cache lags: first a
// periodic resync of the primary kind delivers every primary from its
// cache (an update event with the old object equal to the new one,
// through the controller's predicates) as a resync or an unrelated event
// would, then the cache catches up. It reports whether it did anything.
func (w *world) lagQuiet() bool {
	l := w.lag
	if l == nil || l.cache == nil {
		return false
	}
	if !l.resynced {
		l.resynced = true
		reason := fmt.Sprintf("resync while the %s cache lags", l.plan.kind)
		r := client.Reader(w.srv)
		if w.forGVK.Kind == l.plan.kind {
			r = l.cache
		}
		for _, o := range w.objectsFrom(r, w.forGVK) {
			w.dispatch(apiserver.Event{Type: watch.Modified, Object: o, Old: o.DeepCopyObject().(client.Object)}, reason, 0)
		}
		if !w.quiet() {
			return true
		}
	}
	w.catchUp(fmt.Sprintf("the %s cache caught up", l.plan.kind))
	return true
}

// pop returns the next queue item; while the queue is quiet and a cache
// lags, it resyncs or lets the cache catch up first.
func (w *world) pop() *queueItem {
	for {
		if it := w.next(); it != nil {
			return it
		}
		if !w.lagQuiet() {
			return nil
		}
	}
}

// next pops the earliest non-periodic item, or nil when the queue is quiet.
func (w *world) next() *queueItem {
	var best *queueItem
	for _, it := range w.queue {
		if it.periodic {
			continue
		}
		if best == nil || it.due.Before(best.due) || it.due.Equal(best.due) && it.seq < best.seq {
			best = it
		}
	}
	if best != nil {
		delete(w.queue, best.req)
	}
	return best
}

func (w *world) quiet() bool {
	for _, it := range w.queue {
		if !it.periodic {
			return false
		}
	}
	return true
}

// run processes the queue until it is quiet or the budget of reconciles is
// spent; it advances the virtual clock by step before each reconcile.
func (w *world) run(budget int, step time.Duration) bool {
	for n := 0; n < budget; n++ {
		it := w.pop()
		if it == nil {
			return true
		}
		if d := time.Until(it.due); d > 0 {
			time.Sleep(d)
		}
		if step > 0 {
			time.Sleep(step)
		}
		w.reconcileItem(it)
		if w.stopOnHot && (w.hotWrite > 0 || w.hotRequeue != nil) {
			return false
		}
	}
	return w.quiet() && (w.lag == nil || w.lag.cache == nil)
}

// reconcileItem reconciles a queue item, keeping why it was enqueued.
func (w *world) reconcileItem(it *queueItem) result {
	return w.reconcile(result{req: it.req, reason: it.reason, by: it.by})
}

// reconcileOnce reconciles req for a reason other than a queue item.
func (w *world) reconcileOnce(req reconcile.Request, reason string) result {
	return w.reconcile(result{req: req, reason: reason})
}

// reconcile calls Reconcile, recovers a simulated crash, tracks
// self-triggered rewrites and immediate requeues, and turns the result and
// the caused events into queue items.
func (w *world) reconcile(r result) result {
	n := len(w.results) + 1
	r.n = n
	req := r.req
	w.cur = &r
	func() {
		defer func() {
			if p := recover(); p != nil {
				if _, ok := p.(crashSignal); ok {
					r.crash = true
					return
				}
				panic(p)
			}
		}()
		r.res, r.err = w.rec.Reconcile(w.ctx, req)
	}()
	r.calls = w.cur.calls
	w.cur = nil
	w.results = append(w.results, r)
	w.trackChains(r)
	if r.crash {
		w.crashes++
		w.rec = w.spec.New(w.cl)
		w.restart("restart")
		return r
	}
	w.drainEvents(fmt.Sprintf("event from R%d", n))
	if w.lag != nil && w.lag.cache != nil && n >= w.lag.plan.untilR {
		w.catchUp(fmt.Sprintf("the %s cache caught up after R%d", w.lag.plan.kind, n))
	}
	short := false
	switch {
	case r.err != nil:
		if w.dropErr {
			break
		}
		if terminal(r.err) {
			// controller-runtime logs a terminal error and forgets the
			// request: it is not retried until the next event.
			delete(w.failures, req)
			break
		}
		w.failures[req]++
		backoff := 5 * time.Millisecond << min(w.failures[req]-1, 20)
		w.enqueue(req, backoff, false, fmt.Sprintf("error from R%d", n), 0)
	case r.res.RequeueAfter > 0:
		delete(w.failures, req)
		periodic := r.res.RequeueAfter >= w.spec.MinRequeueAfter
		w.enqueue(req, r.res.RequeueAfter, periodic, fmt.Sprintf("RequeueAfter %v from R%d", r.res.RequeueAfter, n), 0)
		short = !periodic
	//lint:ignore SA1019 Requeue is deprecated but controller-runtime still honours it.
	case r.res.Requeue:
		w.failures[req]++
		w.enqueue(req, 5*time.Millisecond<<min(w.failures[req]-1, 20), false, fmt.Sprintf("Requeue from R%d", n), 0)
		short = true
	default:
		delete(w.failures, req)
	}
	w.shortRequeue(req, n, short)
	return r
}

// terminal reports whether err is a reconcile.TerminalError, which
// controller-runtime logs and does not retry: a stable outcome for an
// object the reconciler rejects, not a failure to converge.
func terminal(err error) bool {
	return errors.Is(err, reconcile.TerminalError(nil))
}

// shortRequeue counts consecutive immediate requeues of req and records
// the first run of hotLimit of them.
func (w *world) shortRequeue(req reconcile.Request, n int, short bool) {
	if !short {
		delete(w.shortRun, req)
		return
	}
	run := append(w.shortRun[req], n)
	w.shortRun[req] = run
	if w.hotLimit > 0 && len(run) >= w.hotLimit && w.hotRequeue == nil {
		w.hotRequeue = slices.Clone(run)
	}
}

// trackChains links each effective write of r to the write whose event
// enqueued r, when both wrote the same object: a self-triggered rewrite.
func (w *world) trackChains(r result) {
	for _, cl := range r.calls {
		if cl.W == 0 {
			continue
		}
		for _, b := range r.by {
			prev := w.calls[b-1]
			if prev.Kind != cl.Kind || prev.Key != cl.Key {
				continue
			}
			if l := w.chainLen[b] + 1; l > w.chainLen[cl.N] {
				w.chainLen[cl.N], w.chainPrev[cl.N] = l, b
			}
		}
		if w.hotLimit > 0 && w.chainLen[cl.N] >= w.hotLimit && w.hotWrite == 0 {
			w.hotWrite = cl.N
		}
	}
}

// hotChain returns the calls of the self-triggered rewrite chain ending
// at call n, oldest first.
func (w *world) hotChain(n int) []Call {
	var out []Call
	for ; n > 0; n = w.chainPrev[n] {
		out = append(out, w.calls[n-1])
		if w.chainLen[n] == 0 {
			break
		}
	}
	slices.Reverse(out)
	return out
}

// record wraps one client call made by the reconciler.
func (w *world) record(op string, obj kruntime.Object, key client.ObjectKey, do func() error) error {
	c := Call{N: len(w.calls) + 1, Op: op, Key: key.String(), Site: callSite()}
	if obj != nil {
		if g, err := w.srv.GroupVersionKindFor(obj); err == nil {
			c.Kind = g.Kind
		}
	}
	if w.cur != nil {
		c.Reconcile = w.cur.n
		c.Request = w.cur.req
	}
	waiting := w.lag != nil && w.lag.cache == nil && !w.lag.done && c.isWrite() && w.writes+1 == w.lag.plan.fromW
	if waiting {
		w.lag.pre = w.srv.Snapshot()
	}
	if w.fault.errAtC == c.N && w.fault.err != nil {
		w.fault.fired = true
		if w.fault.onFire != nil {
			w.fault.onFire(w)
		}
		c.Err, c.Injected = w.fault.err, true
	} else {
		before := len(w.events)
		c.Err = do()
		if co, ok := obj.(client.Object); ok && op == "Create" {
			c.Key = client.ObjectKeyFromObject(co).String()
		}
		c.Events = append([]apiserver.Event(nil), w.events[before:]...)
		for i := before; i < len(w.evCall); i++ {
			w.evCall[i] = c.N
		}
		if len(c.Events) > 0 && c.isWrite() {
			w.writes++
			c.W = w.writes
		}
		if waiting && c.W == w.lag.plan.fromW && c.Kind == w.lag.plan.kind {
			// The cache stops before this write: its events and every
			// later event of the kind are held back.
			w.lag.cache = w.lag.pre
			for i := before; i < len(w.events); i++ {
				if w.events[i].Object.GetObjectKind().GroupVersionKind().Kind == w.lag.plan.kind {
					w.evHeld[i] = true
				}
			}
		}
	}
	if w.lag != nil {
		w.lag.pre = nil
	}
	if w.staleRead {
		// The fault fires at the first read the lagging cache answers
		// with something older than the server holds.
		w.staleRead, c.Stale = false, true
		if !w.fault.fired {
			w.fault.fired = true
			if w.fault.onFire != nil {
				w.fault.onFire(w)
			}
		}
	}
	w.calls = append(w.calls, c)
	if w.cur != nil {
		w.cur.calls = append(w.cur.calls, c)
	}
	if c.W > 0 && c.W == w.fault.crashAfterW {
		w.fault.fired = true
		if w.fault.onFire != nil {
			w.fault.onFire(w)
		}
		panic(crashSignal{})
	}
	return c.Err
}

// callSite returns the first caller outside this module's library code,
// controller-runtime and apimachinery: the reconciler's line.
func callSite() string {
	pcs := make([]uintptr, 32)
	n := runtime.Callers(3, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	for {
		f, more := frames.Next()
		fn := f.Function
		lib := strings.HasPrefix(fn, "github.com/reconcilelint/reconcilelint/verify.") ||
			strings.HasPrefix(fn, "github.com/reconcilelint/reconcilelint/verify/apiserver.") ||
			strings.HasPrefix(fn, "sigs.k8s.io/") || strings.HasPrefix(fn, "k8s.io/") || strings.HasPrefix(fn, "runtime.")
		if !lib && fn != "" {
			return shortPath(f.File) + ":" + fmt.Sprint(f.Line)
		}
		if !more {
			return ""
		}
	}
}

func shortPath(p string) string {
	parts := strings.Split(p, "/")
	if len(parts) > 2 {
		return strings.Join(parts[len(parts)-2:], "/")
	}
	return p
}

// primaryKeys returns the keys of the primary objects of the spec.
func (s *Spec) primaryKeys(forGVK schema.GroupVersionKind, scheme *kruntime.Scheme) []reconcile.Request {
	var out []reconcile.Request
	for _, o := range s.Objects {
		g, err := gvkOf(o, scheme)
		if err == nil && g == forGVK {
			out = append(out, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(o)})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

var errNoPrimary = errors.New("verify: Spec.Objects has no object of the For kind")
