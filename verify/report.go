package verify

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Failure is a property violation, with what a developer needs to act on it.
type Failure struct {
	// Property is the violated property.
	Property Property
	// Plan is the fault plan ID (crash-after:W3, err@C5=Conflict,
	// lag@W2-R4=ConfigMap), empty for properties without faults.
	Plan string
	// Request is the request being reconciled, when one is to blame.
	Request string
	// Verdict is the one-line summary.
	Verdict string
	// Write is the offending write, with its events and call site.
	Write *Call
	// Diff lists field-level differences: of the offending write, or
	// between the reference and the faulty end states.
	Diff []string
	// DiffLabel names the two sides of Diff's arrows, such as
	// "before → after" or "reference → faulty".
	DiffLabel string
	// Chain is the hot-loop chain, write → event → reconcile → write, one
	// step a line, with call sites.
	Chain []string
	// Runs is how many times the property was checked (several when its
	// outcome may depend on map order or other randomness); Failed is how
	// many of those runs failed. Both are 0 for a single run.
	Runs, Failed int
	// changes are the structured differences behind Diff, for hints.
	changes []change
	// Hint explains the likely cause and names the static check.
	Hint string
	// Trace is the API-call trace of the failing run.
	Trace []Call
	// Reference is the trace of the fault-free run, for fault plans.
	Reference []Call
	// Repro is a command that reproduces the failure.
	Repro string
}

// maxTrace bounds the calls printed from a trace.
const maxTrace = 40

// String renders the report: verdict, offending write with its diff and
// call site, hint, traces and the reproducing command.
func (f *Failure) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s\n", f.Property, f.Verdict)
	if f.Runs > 1 {
		fmt.Fprintf(&b, "  failed in %d of %d runs (the outcome depends on map order or other randomness)\n", f.Failed, f.Runs)
	}
	if len(f.Chain) > 0 {
		b.WriteString("  chain:\n")
		for _, l := range f.Chain {
			fmt.Fprintf(&b, "    %s\n", l)
		}
	}
	diff, changes, label := f.Diff, f.changes, f.DiffLabel
	if f.Write != nil {
		fmt.Fprintf(&b, "  offending write: %s %s %s", f.Write.Op, f.Write.Kind, f.Write.Key)
		if f.Write.W > 0 {
			fmt.Fprintf(&b, " (W%d)", f.Write.W)
		}
		if f.Write.Site != "" {
			fmt.Fprintf(&b, " at %s", f.Write.Site)
		}
		b.WriteString("\n")
		if len(diff) == 0 {
			changes = writeDiff(*f.Write)
			diff, label = render(changes), "before → after"
		}
	}
	if len(diff) > 0 {
		if label != "" {
			fmt.Fprintf(&b, "  diff (%s):\n", label)
		} else {
			b.WriteString("  diff:\n")
		}
		for _, d := range diff {
			fmt.Fprintf(&b, "    %s\n", d)
		}
	}
	hint := f.Hint
	if hint == "" {
		hint = hintFromDiff(changes, nil)
		if hint == "" && f.Write != nil && len(changes) > 0 {
			hint = hintUnguarded
		}
	}
	if hint != "" {
		fmt.Fprintf(&b, "  hint: %s\n", hint)
	}
	writeTrace(&b, "trace", f.Trace)
	writeTrace(&b, "reference trace", f.Reference)
	if f.Repro != "" {
		fmt.Fprintf(&b, "  reproduce: %s\n", f.Repro)
	}
	return b.String()
}

func writeTrace(b *strings.Builder, title string, calls []Call) {
	if len(calls) == 0 {
		return
	}
	fmt.Fprintf(b, "  %s (%d calls):\n", title, len(calls))
	start := 0
	if len(calls) > maxTrace {
		start = len(calls) - maxTrace
		fmt.Fprintf(b, "    … %d earlier calls\n", start)
	}
	for _, c := range calls[start:] {
		fmt.Fprintf(b, "    %s\n", c)
	}
}

// change is one difference: a field whose value differs, or an object
// present on one side only.
type change struct {
	obj      string // "Kind namespace/name" in a state diff, empty in a write diff
	what     string // "", "created", "deleted", "extra" or "missing"
	path     string
	old, new any
}

func (c change) String() string {
	p := ""
	if c.obj != "" {
		p = c.obj + ": "
	}
	switch c.what {
	case "created", "deleted":
		return fmt.Sprintf("%s%s %s", p, c.what, c.path)
	case "extra":
		return p + "extra object (not in the reference end state)"
	case "missing":
		return p + "missing object (present in the reference end state)"
	}
	return fmt.Sprintf("%s%s: %s → %s", p, c.path, short(c.old), short(c.new))
}

func render(cs []change) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// writeDiff is the field-level change made by one write.
func writeDiff(c Call) []change {
	var out []change
	for _, e := range c.Events {
		switch e.Type {
		case watch.Added:
			out = append(out, change{what: "created", path: client.ObjectKeyFromObject(e.Object).String()})
		case watch.Deleted:
			out = append(out, change{what: "deleted", path: client.ObjectKeyFromObject(e.Object).String()})
		default:
			out = append(out, diffValues("", normalize(e.Old, normRaw), normalize(e.Object, normRaw))...)
		}
	}
	return out
}

// normalization modes.
type normMode struct {
	stripTimes  bool
	relative    time.Time
	history     bool
	keepVolatie bool
}

var (
	normRaw     = normMode{keepVolatie: true}
	normStrict  = normMode{stripTimes: true}
	normHistory = normMode{stripTimes: true, history: true}
)

func normRelative(start time.Time) normMode { return normMode{relative: start} }

// normalize turns an object into a JSON map without the fields the server
// or the clock owns: uid, resourceVersion, creationTimestamp, managedFields,
// owner UIDs; timestamps become "<time>" or relative to the world start.
func normalize(o client.Object, m normMode) map[string]any {
	var obj map[string]any
	if u, ok := o.(*unstructured.Unstructured); ok {
		obj = runtime.DeepCopyJSON(u.Object)
	} else {
		var err error
		obj, err = runtime.DefaultUnstructuredConverter.ToUnstructured(o)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
	}
	md, _ := obj["metadata"].(map[string]any)
	if md != nil {
		for _, k := range []string{"resourceVersion", "managedFields"} {
			delete(md, k)
		}
		if !m.keepVolatie {
			delete(md, "uid")
			delete(md, "creationTimestamp")
			delete(md, "deletionGracePeriodSeconds")
			if refs, ok := md["ownerReferences"].([]any); ok {
				for _, r := range refs {
					if rm, ok := r.(map[string]any); ok {
						delete(rm, "uid")
					}
				}
			}
		}
		if m.history {
			delete(md, "generation")
		}
	}
	if m.history {
		if st, ok := obj["status"].(map[string]any); ok {
			delete(st, "observedGeneration")
			stripKey(st, "observedGeneration")
		}
	}
	if m.stripTimes || !m.relative.IsZero() {
		return mapTimes(obj, m).(map[string]any)
	}
	return obj
}

func stripKey(v any, key string) {
	switch x := v.(type) {
	case map[string]any:
		delete(x, key)
		for _, e := range x {
			stripKey(e, key)
		}
	case []any:
		for _, e := range x {
			stripKey(e, key)
		}
	}
}

var rfc3339 = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$`)

func mapTimes(v any, m normMode) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = mapTimes(e, m)
		}
		return x
	case []any:
		for i, e := range x {
			x[i] = mapTimes(e, m)
		}
		return x
	case string:
		if !rfc3339.MatchString(x) {
			return x
		}
		if m.stripTimes {
			return "<time>"
		}
		t, err := time.Parse(time.RFC3339, x)
		if err != nil {
			return x
		}
		return fmt.Sprintf("<start%+v>", t.Sub(m.relative.Truncate(time.Second)))
	}
	return v
}

func canonicalJSON(v any) string {
	b, err := json.Marshal(v) // map keys are sorted
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// state returns every object of the kinds the controller touches,
// normalised, keyed by "Kind namespace/name".
func (w *world) state(m normMode) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, gvk := range w.kindsInUse() {
		for _, o := range w.objectsOf(gvk) {
			out[gvk.Kind+" "+client.ObjectKeyFromObject(o).String()] = normalize(o, m)
		}
	}
	for _, cl := range w.calls {
		for _, e := range cl.Events {
			gvk := e.Object.GetObjectKind().GroupVersionKind()
			k := gvk.Kind + " " + client.ObjectKeyFromObject(e.Object).String()
			if _, ok := out[k]; ok || e.Type == watch.Deleted {
				continue
			}
			cur := e.Object.DeepCopyObject().(client.Object)
			if err := w.srv.Get(w.ctx, client.ObjectKeyFromObject(cur), cur); err == nil {
				out[k] = normalize(cur, m)
			}
		}
	}
	return out
}

// stateKey identifies the world's state for pruning equivalent plans.
func (w *world) stateKey() string {
	return canonicalJSON(w.state(normStrict))
}

// diffStates lists the objects and fields where two states differ.
func diffStates(want, got map[string]map[string]any) []change {
	keys := map[string]bool{}
	for k := range want {
		keys[k] = true
	}
	for k := range got {
		keys[k] = true
	}
	sorted := make([]string, 0, len(keys))
	for k := range keys {
		sorted = append(sorted, k)
	}
	sort.Strings(sorted)
	var out []change
	for _, k := range sorted {
		a, inA := want[k]
		b, inB := got[k]
		switch {
		case !inA:
			out = append(out, change{obj: k, what: "extra", new: b})
		case !inB:
			out = append(out, change{obj: k, what: "missing", old: a})
		default:
			for _, d := range diffValues("", a, b) {
				d.obj = k
				out = append(out, d)
			}
		}
	}
	return out
}

// diffValues lists field paths whose values differ.
func diffValues(path string, a, b any) []change {
	if reflect.DeepEqual(a, b) {
		return nil
	}
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		keys := map[string]bool{}
		for k := range am {
			keys[k] = true
		}
		for k := range bm {
			keys[k] = true
		}
		sorted := make([]string, 0, len(keys))
		for k := range keys {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		var out []change
		for _, k := range sorted {
			p := k
			if path != "" {
				p = path + "." + k
			}
			out = append(out, diffValues(p, am[k], bm[k])...)
		}
		return out
	}
	return []change{{path: path, old: a, new: b}}
}

func short(v any) string {
	if v == nil {
		return "(unset)"
	}
	s := canonicalJSON(v)
	if len(s) > 120 {
		s = s[:120] + "…"
	}
	return s
}

// diffLines shows two one-line renderings one above the other.
func diffLines(want, got string) []string {
	return []string{"first world: " + want, "this world:  " + got}
}

// repro builds the command that reruns the failing subtest.
func repro(testName, plan string) string {
	parts := strings.Split(testName, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	cmd := fmt.Sprintf("go test -count=1 -run '%s' .", strings.Join(parts, "/"))
	if plan != "" {
		cmd = fmt.Sprintf("%s='%s' %s", PlanEnv, plan, cmd)
	}
	return cmd
}

// Hints, each naming the reconcilelint check that finds the pattern
// statically.
const (
	hintClock            = "a clock value is written on every pass; write it only when something else changed, or derive it from observed state (RL1001 nondetwrite)"
	hintMapOrder         = "a list is built by ranging over a map, so its order changes between passes; sort the keys first (RL1002 maporderwrite)"
	hintUnguarded        = "the write is made on every pass without comparing with the observed object; compare first, or use controllerutil.CreateOrUpdate/CreateOrPatch (RL2001 unconditionalwrite)"
	hintRequeue          = "the reconciler requeues itself unconditionally; return Result{} when done, or RequeueAfter with a real period (RL5003 requeuehotloop)"
	hintPermanentError   = "the error never goes away, so the request is retried forever; return reconcile.TerminalError for permanent errors (RL5004 permanentretry)"
	hintNotFound         = "when Get of the requested object returns NotFound, return client.IgnoreNotFound(err) and write nothing (RL5001 notfounderror)"
	hintAddFinalizer     = "add your finalizer only while DeletionTimestamp is zero, and only if absent: controllerutil.AddFinalizer reports whether it changed anything (RL2004 appendnocheck)"
	hintForeignFinalizer = "remove only your own finalizer: controllerutil.RemoveFinalizer(obj, yours), never obj.SetFinalizers(nil) (RL2004 appendnocheck)"
	hintCrash            = "state that exists only between two writes is lost by a crash: create children with deterministic names and look them up, instead of recording them after creation (RL2003 createnotidempotent)"
	hintSwallowedError   = "an API error was not returned, so the request was not retried; return the error (or requeue) instead of logging it and returning nil"
	hintDuplicate        = "an object the reference run has once exists twice: the create is not idempotent; give children deterministic names and look them up (or treat AlreadyExists as success) instead of trusting a List or a recorded name (RL2003 createnotidempotent)"
	hintConflict         = "every retry gets a Conflict: re-read the object (Get) before each Update, or use a patch (RL2001 unconditionalwrite)"
	hintStale            = "reads may lag behind your own writes: use deterministic names and handle AlreadyExists instead of trusting a List for existence (RL2003 createnotidempotent)"
	hintNondeterministic = "the written content depends on something other than the observed state: map order, randomness or absolute time (RL1002 maporderwrite, RL1001 nondetwrite)"
	hintHistory          = "the result depends on the sequence of changes, not only on the final spec: compute the desired state from the whole spec on each pass (RL3001 eventtypebranch)"
)

// hintFromDiff derives the hint from what differs: reordered list
// elements (RL1002), a time value (RL1001), a duplicate of an object the
// reference also has (RL2003), a finalizer the controller never added
// removed (the Deletion rule). It returns "" when the differences match
// none of these. st, when not nil, gives the two end states and the
// finalizers the controller added, for the last two rules.
func hintFromDiff(cs []change, st *diffContext) string {
	for _, c := range cs {
		if c.what == "" && isPermutation(c.old, c.new) {
			return hintMapOrder
		}
	}
	for _, c := range cs {
		if c.what == "" && (isTime(c.old) || isTime(c.new)) {
			return hintClock
		}
	}
	if st == nil {
		return ""
	}
	for _, c := range cs {
		if c.what == "extra" && st.hasTwin(c.obj, c.new) {
			return hintDuplicate
		}
	}
	for _, c := range cs {
		if c.what == "" && c.path == "metadata.finalizers" {
			for _, f := range listStrings(c.old) {
				if !slices.Contains(listStrings(c.new), f) && !st.own[f] {
					return hintForeignFinalizer
				}
			}
		}
	}
	return ""
}

// diffContext is what hintFromDiff needs beyond the differences.
type diffContext struct {
	ref, got map[string]map[string]any
	own      map[string]bool // finalizers the controller added
}

func newDiffContext(ref, got map[string]map[string]any, traces ...[]Call) *diffContext {
	own := map[string]bool{}
	for _, t := range traces {
		for _, cl := range t {
			for _, e := range cl.Events {
				var old []string
				if e.Old != nil {
					old = e.Old.GetFinalizers()
				}
				for _, f := range e.Object.GetFinalizers() {
					if !slices.Contains(old, f) {
						own[f] = true
					}
				}
			}
		}
	}
	return &diffContext{ref: ref, got: got, own: own}
}

// hasTwin reports whether an object of the same kind, with the same
// owners, labels and generateName, exists in both end states: the extra
// object duplicates it.
func (d *diffContext) hasTwin(key string, obj any) bool {
	kind, _, _ := strings.Cut(key, " ")
	id := twinID(obj)
	for k, o := range d.ref {
		if k == key || !strings.HasPrefix(k, kind+" ") {
			continue
		}
		if _, ok := d.got[k]; ok && twinID(o) == id {
			return true
		}
	}
	return false
}

func twinID(obj any) string {
	m, _ := obj.(map[string]any)
	md, _ := m["metadata"].(map[string]any)
	return canonicalJSON([]any{md["namespace"], md["ownerReferences"], md["labels"], md["generateName"]})
}

func listStrings(v any) []string {
	l, _ := v.([]any)
	var out []string
	for _, e := range l {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func isTime(v any) bool {
	s, ok := v.(string)
	return ok && (s == "<time>" || rfc3339.MatchString(s) || strings.HasPrefix(s, "<start"))
}

// hintForError derives a hint from the error a reconcile keeps
// returning: an AlreadyExists loop is a non-idempotent create (RL2003),
// not a permanent error to give up on.
func hintForError(err error) string {
	switch {
	case err == nil:
		return ""
	case apierrors.IsAlreadyExists(err):
		return hintDuplicate
	case apierrors.IsNotFound(err):
		return hintNotFound
	case apierrors.IsConflict(err):
		return hintConflict
	}
	return hintPermanentError
}

// isPermutation reports whether two lists hold the same elements in a
// different order.
func isPermutation(a, b any) bool {
	x, ok1 := a.([]any)
	y, ok2 := b.([]any)
	if !ok1 || !ok2 || len(x) != len(y) || len(x) < 2 || reflect.DeepEqual(x, y) {
		return false
	}
	xs, ys := make([]string, len(x)), make([]string, len(y))
	for i := range x {
		xs[i], ys[i] = canonicalJSON(x[i]), canonicalJSON(y[i])
	}
	sort.Strings(xs)
	sort.Strings(ys)
	return reflect.DeepEqual(xs, ys)
}
