package eventtypebranch

import (
	"fmt"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/handlers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/wiring"
)

// Doc is the structured documentation of RL3001.
var Doc = &checkdoc.Doc{
	ID:       "RL3001",
	Name:     "eventtypebranch",
	Title:    "Side effects chosen by the watch event type (Added/Modified/Deleted)",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: `A controller is told that something changed, not what: events are coalesced,
lost when a watch is re-established (the relist only reports the objects that
exist), and replayed as Added after every restart. Code that creates on
` + "`watch.Added`" + ` and deletes on ` + "`watch.Deleted`" + ` works in a demo, then leaks the resources
of every object whose Deleted event was missed, and redoes its Added work on
every restart. Base the behaviour on the observed state instead: enqueue the
key, reconcile what the cache shows, and do cleanup behind a finalizer, which
the API server guarantees you see.`,
	Detection: `Reported: an ` + "`if`" + ` or ` + "`switch`" + ` statement that compares a ` + "`k8s.io/apimachinery/pkg/watch.EventType`" + `
(a watch event's ` + "`Type`" + `, or a field of that type in a queue item) with ` + "`Added`" + `, ` + "`Modified`" + `
or ` + "`Deleted`" + `, when
- the code run for one of the compared types (its case, or the then-branch of
  ` + "`==`" + `) has a side effect: an API write (also through helpers of any package),
  external I/O, or a status mutation (a store into ` + "`.Status`" + `, ` + "`meta.SetStatusCondition`" + `), and
- the three event types do not all run the same side effects.

Also reported, for event kinds of your own: a struct field (of a queue item, say)
that the add, update and delete callbacks of an informer or controller-runtime
handler set to different constants, directly or through a helper's parameter
(postgres-operator's ` + "`ClusterEvent.EventType`" + ` set to ` + "`EventAdd`" + `, ` + "`EventUpdate`" + `,
` + "`EventDelete`" + `), is taken as an event type, each constant standing for the event of
the callback that sets it. A branch on such a field is reported when its Deleted
arm has side effects that no other path of the function has: that cleanup runs
only if the Delete event is processed, and leaks when the event is missed. Other
differences between the arms are not reported for such fields, because those
controllers usually queue a periodic sync kind as well; the fix of running the
same cleanup on the sync path under a deletion-timestamp test makes the finding
go away.

Also reported: the primary watch of a controller (` + "`For`" + ` and ` + "`WithEventFilter`" + ` of a builder,
` + "`source.Kind`" + ` of ` + "`controller.New`" + `) whose predicates drop every Create event but pass
updates: a ` + "`predicate.Funcs`" + ` whose ` + "`CreateFunc`" + ` returns false on every path, or a
predicate type whose ` + "`Create`" + ` does (types of other packages through their
` + "`PredicateValue`" + ` fact), ANDed with the others. The informer delivers every object that
exists when the controller starts as a Create event, so the reconciler does not
see those objects until they change or the cache resyncs; the message says when
the reconciler manages finalizers of the kind, whose objects already marked for
deletion then keep the finalizer. This belongs to RL3001 rather than RL4001:
the filter chooses by event type (Create against Update), which is what RL3001
is about, and it loses objects for every reconciler, not only for one that
manages finalizers (RL4001's condition); RL4001 stays about predicates that
hide metadata-only updates, RL4002 about labels and annotations.

Also reported: a *listener* type of the package, whose methods a generic controller
elsewhere calls one per event kind: it has an add method (` + "`Add`, `OnAdd`, `Create` or `OnCreate`" + `)
and an update method (` + "`Update` or `OnUpdate`" + `) receiving the same object type (an API
object, a ` + "`runtime.Object`" + ` or an empty interface; the update method the old and the new one;
client-go's ` + "`isInInitialList`" + ` flag allowed), after an optional ` + "`context.Context`" + `. When
the side effects the two methods reach (API writes and external I/O, through helpers of
the package and of others) differ, the finding is at the add method and names what only
one of them does: every object that exists when the controller starts, one already marked
for deletion included, arrives through the add method, and every later change, a
re-created object's included, through the update method, so work that only one of them
does is skipped or done at the wrong time (the container-object-storage-interface
listeners created buckets only on Add and deleted them only on Update). An update method
that hands the object to the add method, which tests the deletion timestamp itself, makes
them reach the same effects.

Not reported:
- ` + "`watch.Error`" + ` and ` + "`watch.Bookmark`" + ` arms: that is protocol handling;
- fields compared with constants that no event callback sets (a mode set by
  periodic code), and constants set by callbacks of different event types;
- arms that only enqueue (queue operations are not side effects), or that all
  do the same thing;
- a test that only skips an event type (` + "`if ev.Type == watch.Deleted { continue }`" + `) before
  code that acts on the object: the skipped arm has no effect of its own. This
  narrows [the catalogue's rule](../catalogue.md#rl3001-eventtypebranch), which would
  also report it, because acting on the object itself is state-based;
- ` + "`event.CreateEvent.IsInInitialList`" + ` (a bool, not an event type);
- a ` + "`CreateFunc`" + ` that decides from the object, filters of secondary watches (` + "`Owns`" + `,
  ` + "`Watches`" + `), and predicates that drop updates as well (nothing is branched on);
- ` + "`DeleteFunc`" + ` and ` + "`GenericFunc`" + ` returning false: a deleted object cannot be reconciled,
  and its deletion mark arrives as an update;
- for event kinds of your own (a struct field set by the callbacks): packages that
  import neither controller-runtime nor client-go ` + "`tools/cache`" + `, unless the code is in
  the reconcile scope or an event handler. A watch event's own ` + "`Type`" + ` is read the same
  way everywhere: a raw watch loop that writes by event type (a mirror, a syncer run
  from a command) loses and repeats writes as a controller does, so it is reported in
  any package.`,
	Before: `for ev := range w.ResultChan() {
	cm, _ := ev.Object.(*corev1.ConfigMap)
	switch ev.Type {
	case watch.Added:
		_ = r.Create(ctx, secretFor(cm))
	case watch.Deleted:
		_ = r.Delete(ctx, secretFor(cm))
	}
}`,
	After: `for ev := range w.ResultChan() {
	switch ev.Type {
	case watch.Error, watch.Bookmark:
		continue
	case watch.Added, watch.Modified, watch.Deleted:
		if o, ok := ev.Object.(metav1.Object); ok {
			q.Add(types.NamespacedName{Namespace: o.GetNamespace(), Name: o.GetName()})
		}
	}
}
// The worker Gets the ConfigMap: it creates the Secret when the ConfigMap
// exists and relies on an owner reference or a finalizer for the cleanup.`,
	Fix: "None: the fix is a change of design. The message says what to do instead: enqueue the key, " +
		"reconcile the observed state, and use a finalizer (or owner references) for cleanup.",
}

// Analyzer reports RL3001.
var Analyzer = check.New(Doc, run, check.Requires(wiring.Analyzer, handlers.Analyzer))

var eventTypes = []string{apis.EventAdded, apis.EventModified, apis.EventDeleted}

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	hm := pass.ResultOf[handlers.Analyzer].(*handlers.Model)
	controllerPkg := apis.ImportsControllerLibraries(pass.Pkg)
	n := 0
	for _, br := range (&finder{s: s, hm: hm}).eventBranches() {
		// A watch event's own type is an event type wherever it is read;
		// a field of the program's own is one only in controller code.
		if br.Field != nil && !controllerPkg && !s.InScope(br.Fn) && hm.HandlerOf(br.Fn) == nil {
			continue
		}
		if br.Field != nil {
			if f, ok := deletedOnly(br); ok {
				rep.Report(f)
				n++
			}
			continue
		}
		effectful := false
		sigs := make(map[string]bool)
		for _, t := range eventTypes {
			if br.Explicit[t] && len(br.Arms[t]) > 0 {
				effectful = true
			}
			sigs[armSignature(br.Arms[t])] = true
		}
		if !effectful || len(sigs) < 2 {
			continue
		}
		var parts []string
		var related []analysis.RelatedInformation
		for _, t := range eventTypes {
			if !br.Explicit[t] || len(br.Arms[t]) == 0 {
				continue
			}
			parts = append(parts, fmt.Sprintf("%s: %s", apis.EventTypeName(t), armSignature(br.Arms[t])))
			for _, e := range br.Arms[t] {
				related = append(related, analysis.RelatedInformation{Pos: e.Pos(), Message: fmt.Sprintf("%s for %s", e.Describe(), apis.EventTypeName(t))})
			}
		}
		msg := fmt.Sprintf("the side effects of this branch depend on the watch event type (%s), "+
			"but events are coalesced, lost across relists and replayed as Added after a restart, so these writes are skipped or repeated "+
			"whenever their event is; enqueue the key and reconcile the observed state, and use a finalizer for cleanup instead of a Deleted arm",
			strings.Join(parts, "; "))
		rep.Report(diag.Finding{Pos: br.Pos, End: br.Pos, Message: msg, Related: related})
		n++
	}
	for _, l := range hm.Listeners() {
		if f, ok := listenerArms(hm, l); ok {
			rep.Report(f)
			n++
		}
	}
	m := pass.ResultOf[wiring.Analyzer].(*wiring.Model)
	for _, w := range m.Wirings() {
		if f, ok := createFilter(m, w); ok {
			rep.Report(f)
			n++
		}
	}
	return n
}

// deletedOnly reports a branch on an event-kind field of the program's own
// whose Deleted arm does something no other path of the function does:
// the cleanup is lost with the Deleted event.
func deletedOnly(br *branch) (diag.Finding, bool) {
	if len(br.DeletedOnly) == 0 {
		return diag.Finding{}, false
	}
	var what []string
	seen := make(map[string]bool)
	var related []analysis.RelatedInformation
	for _, e := range br.DeletedOnly {
		if d := e.Describe(); !seen[d] {
			seen[d] = true
			what = append(what, d)
		}
		related = append(related, analysis.RelatedInformation{Pos: e.Pos(), Message: e.Describe() + " runs only for the Deleted event"})
	}
	for _, st := range br.KindStores {
		related = append(related, analysis.RelatedInformation{Pos: st.Pos, Message: st.Message})
	}
	msg := fmt.Sprintf("the Deleted arm's side effects (%s) run only when %s is %s, the constant the delete callback queues: "+
		"a Deleted event missed while the controller is down, or lost across a relist, is never replayed, so this cleanup never happens "+
		"and what it removes leaks; put a finalizer on the object and run the cleanup when its deletion timestamp is set, on every pass",
		strings.Join(what, ", "), br.Field.Name(), br.Values[apis.EventDeleted])
	return diag.Finding{Pos: br.Pos, End: br.Pos, Message: msg, Related: related}, true
}

// listenerArms reports a listener type whose add and update methods reach
// different side effects: what is done to an object depends on which event
// delivered it, not on the object's state. Every object that exists when
// the controller starts, one marked for deletion included, arrives through
// the add method; every later change, a re-created object's included,
// through the update method.
func listenerArms(hm *handlers.Model, l *handlers.Listener) (diag.Finding, bool) {
	add, upd := l.Methods[apis.EventAdded], l.Methods[apis.EventModified]
	addEs := hm.ReachedEffects(add.Fn, handlers.SideHandler)
	updEs := hm.ReachedEffects(upd.Fn, handlers.SideHandler)
	onlyAdd, onlyUpd := effectsNotIn(addEs, updEs), effectsNotIn(updEs, addEs)
	if len(onlyAdd) == 0 && len(onlyUpd) == 0 {
		return diag.Finding{}, false
	}
	var related []analysis.RelatedInformation
	var parts []string
	for _, arm := range []struct {
		h  *handlers.Handler
		es []*handlers.SideEffect
	}{{add, onlyAdd}, {upd, onlyUpd}} {
		name := arm.h.Callback
		if len(arm.es) == 0 {
			continue
		}
		var what []string
		for _, e := range arm.es {
			d := e.Describe()
			if e.Fn != nil && e.Fn != arm.h.Fn {
				d += " in " + ssax.FuncName(e.Fn)
			}
			if !slices.Contains(what, d) {
				what = append(what, d)
			}
			related = append(related, analysis.RelatedInformation{Pos: e.Pos(), Message: fmt.Sprintf("%s, reached only from %s", d, name)})
		}
		sort.Strings(what)
		parts = append(parts, fmt.Sprintf("only %s: %s", name, strings.Join(what, ", ")))
	}
	kind := "object"
	if _, isIface := types.Unalias(l.Object).Underlying().(*types.Interface); !isIface {
		if _, name, ok := apis.NamedOf(l.Object); ok {
			kind = name
		}
	}
	article := "a"
	if strings.ContainsRune("AEIOUaeiou", rune(kind[0])) {
		article = "an"
	}
	msg := fmt.Sprintf("the %s and %s methods of %s do different things (%s), so what happens to %s %s depends on the event that delivered it, not on its state: "+
		"every %s that exists when the controller starts (one already marked for deletion included) arrives through %s, and every later change "+
		"(a re-created %s included) through %s; handle both from the object's state, for example with %s calling %s and the deletion handled in both",
		add.Callback, upd.Callback, l.Name, strings.Join(parts, "; "), article, kind, kind, add.Callback, kind, upd.Callback, upd.Callback, add.Callback)
	return diag.Finding{Pos: add.Fn.Pos(), End: add.Fn.Pos(), Message: msg, Related: related}, true
}

// effectsNotIn returns the effects of es that happen at no instruction of
// others.
func effectsNotIn(es, others []*handlers.SideEffect) []*handlers.SideEffect {
	at := make(map[ssa.Instruction]bool, len(others))
	for _, e := range others {
		at[e.Instr] = true
	}
	var out []*handlers.SideEffect
	for _, e := range es {
		if !at[e.Instr] {
			out = append(out, e)
		}
	}
	return out
}

// createFilter reports a primary watch whose predicates drop every Create
// event but pass updates: the controller then acts on the update event
// type only, and objects that exist when it starts (which the informer
// delivers as Create events) are not reconciled until they change.
func createFilter(m *wiring.Model, w *wiring.Wiring) (diag.Finding, bool) {
	if w.Primary == nil || w.Reconciler == nil || len(w.Predicates) == 0 {
		return diag.Finding{}, false
	}
	all := wiring.AndPredicates(w.Predicates).Value
	if all.Create != wiring.PredBlock || (all.FO != wiring.PredPass && all.DM != wiring.PredPass) {
		return diag.Finding{}, false
	}
	ri := m.ReconcilerOf(w)
	if ri == nil {
		return diag.Finding{}, false
	}
	pos := w.PrimaryPos
	for _, ev := range w.Predicates {
		if ev.Value.Create == wiring.PredBlock && ev.Expr != nil {
			pos = ev.Expr.Pos()
			break
		}
	}
	kind := "object"
	if _, name, ok := apis.NamedOf(w.Primary); ok {
		kind = name
	}
	msg := fmt.Sprintf("the predicates of the primary watch drop every Create event of %s but pass updates: "+
		"the informer delivers each %s that exists when the controller starts (or was created while it was down) as a Create event, "+
		"so %s does not see it until it changes or the cache resyncs", kind, kind, ri.EntryFunc)
	if ri.ManagesFinalizersOf(w.Primary) {
		name := "its finalizer"
		if len(ri.FinalizerNames) > 0 {
			name = fmt.Sprintf("finalizer %q", ri.FinalizerNames[0])
		}
		msg += fmt.Sprintf("; a %s already marked for deletion keeps %s until then", kind, name)
	}
	msg += "; let Create events through and reconcile the observed state"
	f := diag.Finding{Pos: pos, End: pos, Message: msg}
	if w.Wired.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: w.Wired, Message: "the reconciler is wired here"})
	}
	return f, true
}
