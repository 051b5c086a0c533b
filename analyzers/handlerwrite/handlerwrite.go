package handlerwrite

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/handlers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL3002.
var Doc = &checkdoc.Doc{
	ID:       "RL3002",
	Name:     "handlerwrite",
	Title:    "Client writes or external side effects inside informer, handler, predicate or map callbacks",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: `Event callbacks (informer ` + "`AddFunc`/`UpdateFunc`/`DeleteFunc`" + `, controller-runtime
` + "`handler.Funcs`" + `, predicates and map funcs) run once per delivered event. Events are
coalesced, lost across relists and replayed as Added after a restart, and a
callback has no retry: a write there is lost for good when it fails or its
event is missed, and repeated when the event is replayed. A callback must only
filter events or enqueue keys. The write belongs in ` + "`Reconcile`" + ` (or the worker of a
client-go controller), which is retried with backoff until the observed state
is right; cleanup on deletion belongs behind a finalizer.`,
	Detection: `A *handler body* is a function, closure or method value stored into a field of
` + "`cache.ResourceEventHandlerFuncs`" + `, ` + "`cache.ResourceEventHandlerDetailedFuncs`" + `, their ` + "`Typed`" + `
variants, ` + "`cache.FilteringResourceEventHandler.FilterFunc`" + `, ` + "`handler.Funcs`/`TypedFuncs`" + ` or
` + "`predicate.Funcs`/`TypedFuncs`" + `; the argument of ` + "`handler.EnqueueRequestsFromMapFunc`" + ` or
` + "`predicate.NewPredicateFuncs`" + ` (and their ` + "`Typed`" + ` forms); or an ` + "`OnAdd`/`OnUpdate`/`OnDelete`" + ` or
` + "`Create`/`Update`/`Delete`/`Generic`" + ` method of a type of this package converted to
` + "`cache.ResourceEventHandler`" + `, ` + "`handler.EventHandler`" + ` or ` + "`predicate.Predicate`" + ` (as when it is passed
to ` + "`AddEventHandler`" + `, ` + "`Watches`" + `, ` + "`WithPredicates`" + ` or ` + "`WithEventFilter`" + `).
Also a handler body: the per-event methods of a *listener* type of this package, one
that has an add method (` + "`Add`, `OnAdd`, `Create` or `OnCreate`" + `) and an update method
(` + "`Update` or `OnUpdate`" + `) receiving the same object type (an API object, a
` + "`runtime.Object`" + ` or an empty interface; the update method the old and the new one), after an
optional ` + "`context.Context`" + `, when those methods return
nothing: their caller cannot retry a failed write.

Reported, in a handler body or a closure nested in it:
- an API write (` + "`Create`, `Update`, `Patch`, `Delete`, `DeleteAllOf`" + `, status and subresource writes,
  ` + "`controllerutil.CreateOrUpdate`" + `, client-go typed and dynamic clients);
- external I/O: ` + "`net/http`" + ` requests, ` + "`database/sql`" + ` statements, and calls into the packages
  listed in the shared option ` + "`-reconcilelint.external-io`" + ` (import path prefixes);
- a call of a helper that does one of these, in this package or another (the
  ` + "`HandlerEffects`" + ` fact); the finding is at the call, and Related points at the write.

Not reported: reads (` + "`Get`, `List`" + `, listers), queue operations, logging, metrics and
events (logging and metrics are not external I/O); the methods of a listener type that
return an error: the controller that calls them retries the error, so they are reconcile
entries (root R7), checked by the reconcile checks, and RL3001 compares what their add
and update methods do.`,
	Before: `Watches(&corev1.Namespace{}, handler.Funcs{
	CreateFunc: func(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
		_ = r.Create(ctx, defaultsFor(e.Object.GetName()))
	},
})`,
	After: `Watches(&corev1.Namespace{}, handler.EnqueueRequestsFromMapFunc(
	func(ctx context.Context, o client.Object) []reconcile.Request {
		return []reconcile.Request{{NamespacedName: types.NamespacedName{Name: o.GetName()}}}
	}))

// and in Reconcile: Get the namespace, then create its defaults if missing.`,
	Fix: "None: moving a write into the reconciler changes the controller's structure. " +
		"The message says what to do: enqueue the key, do the write in Reconcile from the observed state, " +
		"and use a finalizer for cleanup.",
}

// Analyzer reports RL3002.
var Analyzer = check.New(Doc, run, check.Requires(handlers.Analyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	hm := pass.ResultOf[handlers.Analyzer].(*handlers.Model)
	n := 0
	for _, h := range hm.Handlers() {
		if h.Kind == apis.ListenerHandler && apis.ReturnsError(h.Fn.Signature) {
			continue // a listener whose controller retries its error: the method is the reconcile entry
		}
		for _, e := range hm.HandlerSideEffects(h, handlers.SideHandler) {
			what := "the write"
			if e.Kind == handlers.SideExternalIO {
				what = "the call"
			}
			msg := fmt.Sprintf("%s in %s runs once per event, with no retry: %s is lost if it fails or the event is missed, "+
				"and repeated when events are replayed; only enqueue the key here, do the write in Reconcile from the observed state, "+
				"and use a finalizer for cleanup", e.Describe(), h.Describe(), what)
			f := diag.Finding{Pos: e.Pos(), End: e.Pos(), Message: msg}
			if e.Origin.IsValid() && e.Origin != e.Pos() {
				f.Related = append(f.Related, analysis.RelatedInformation{Pos: e.Origin, Message: e.What})
			}
			if h.Site.IsValid() {
				f.Related = append(f.Related, analysis.RelatedInformation{Pos: h.Site, Message: "the handler is registered here"})
			}
			rep.Report(f)
			n++
		}
	}
	return n
}
