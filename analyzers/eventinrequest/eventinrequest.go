package eventinrequest

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/handlers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL3003.
var Doc = &checkdoc.Doc{
	ID:       "RL3003",
	Name:     "eventinrequest",
	Title:    "Event kind (or the whole object) carried in the reconcile request or queue item",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: `A request or queue item must say *what* to reconcile, never *why*. The workqueue
deduplicates items, and a controller relies on that: many events for one object
become one reconcile of its current state. With the event kind in the item,
Added and Deleted for the same object are two items that run in any order; an
item retried with ` + "`AddRateLimited`" + ` replays an event that may be stale by the time it
runs; and events that are coalesced or lost across a relist never produce their
item at all. A queued object goes stale the same way and makes every update a
distinct item. Enqueue the key, reconcile the observed state, and use a
finalizer for cleanup.`,
	Detection: `Reported: a call of ` + "`Add`" + `, ` + "`AddRateLimited`" + ` or ` + "`AddAfter`" + ` on a client-go workqueue (including the
` + "`workqueue.TypedRateLimitingInterface[Q]`" + ` that controller-runtime passes to handlers) whose item:
- is a struct with a field that holds a ` + "`watch.EventType`" + ` (by type, or because such a
  value is stored into it);
- is a struct with a field that event callbacks set to different constants
  (` + "`\"ADDED\"`" + ` in ` + "`AddFunc`" + `, ` + "`\"DELETED\"`" + ` in ` + "`DeleteFunc`" + `; also through a helper taking the constant as a parameter);
- is a struct with a field that a callback sets to a constant and the reconciler
  or worker compares with a constant (` + "`if req.Op == \"delete\"`" + `);
- is an API object (` + "`*corev1.Pod`" + `, ` + "`runtime.Object`" + `, ` + "`client.Object`" + `), the ` + "`interface{}`" + ` object an
  informer passed to its callback, or a struct with a field holding one.

A typed reconciler whose request has such a field, when no Add of the package
fills it (the handler lives elsewhere), is reported at its comparison.

Every Add of such an item is reported, including ` + "`AddRateLimited(item)`" + ` of an item taken
from the queue: the retried item still carries the event, which is stale by the
time it runs (rule (b) of [the catalogue](../catalogue.md#rl3003-eventinrequest) is about the argument, not
where it was built).

Not reported: string keys from ` + "`cache.MetaNamespaceKeyFunc`" + ` /
` + "`DeletionHandlingMetaNamespaceKeyFunc`" + `, ` + "`types.NamespacedName`" + `, ` + "`reconcile.Request`" + `, and requests with
identity-like extra fields such as ` + "`{reconcile.Request; ClusterName string}`" + ` (fields named
like a key, cluster, shard or tenant are never reported, and other fields only
for per-callback constants, event-type values or objects).`,
	Before: `AddFunc: func(obj interface{}) {
	k, _ := cache.MetaNamespaceKeyFunc(obj)
	q.Add(item{key: k, eventType: "ADDED"})
},
DeleteFunc: func(obj interface{}) {
	k, _ := cache.DeletionHandlingMetaNamespaceKeyFunc(obj)
	q.Add(item{key: k, eventType: "DELETED"})
},`,
	After: `AddFunc: func(obj interface{}) {
	if k, err := cache.MetaNamespaceKeyFunc(obj); err == nil {
		q.Add(k)
	}
},
DeleteFunc: func(obj interface{}) {
	if k, err := cache.DeletionHandlingMetaNamespaceKeyFunc(obj); err == nil {
		q.Add(k)
	}
},
// The worker Gets the object by key: present means sync, NotFound means the
// cleanup already ran behind a finalizer.`,
	Fix: "None: the item type and the worker change together. The message says what to do instead: " +
		"enqueue the key, reconcile the observed state, and use a finalizer for cleanup.",
}

// Analyzer reports RL3003.
var Analyzer = check.New(Doc, run, check.Requires(handlers.Analyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	for _, q := range queuedEvents(s, pass.ResultOf[handlers.Analyzer].(*handlers.Model)) {
		var msg string
		switch {
		case q.Call == nil:
			msg = fmt.Sprintf("the request type %s says why, not what, to reconcile: %s, and %s branches on it; "+
				"events are coalesced and lost, so enqueue only the key, reconcile the observed state, and use a finalizer for cleanup",
				q.Item, q.Reason, ssax.FuncName(q.Fn))
		case q.Field != "":
			msg = fmt.Sprintf("the item queued by %s (%s) carries the event kind: %s; "+
				"the queue cannot merge events for one object and a retried item replays a stale event, "+
				"so enqueue only the key, reconcile the observed state, and use a finalizer for cleanup",
				q.Method, q.Item, q.Reason)
		default:
			msg = fmt.Sprintf("the item queued by %s carries the object: %s; "+
				"a queued object is stale by the time it is processed and defeats deduplication, "+
				"so enqueue only the key (cache.MetaNamespaceKeyFunc or types.NamespacedName) and read the object in the worker",
				q.Method, q.Reason)
		}
		f := diag.Finding{Pos: q.Pos, End: q.Pos, Message: msg}
		for _, r := range q.Related {
			if r.Pos.IsValid() {
				f.Related = append(f.Related, analysis.RelatedInformation{Pos: r.Pos, Message: r.Message})
			}
		}
		rep.Report(f)
		n++
	}
	return n
}
