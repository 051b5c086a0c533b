package nondetwrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixes"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/persist"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL1001.
var Doc = &checkdoc.Doc{
	ID:       "RL1001",
	Name:     "nondetwrite",
	Title:    "Clock, random, UUID or process value persisted on every reconcile",
	Severity: checkdoc.Error,
	Since:    "v0.1.0",
	Rationale: "A reconciler must converge: once the object matches the desired state, another pass writes " +
		"nothing. A value that differs on every pass (`time.Now()`, `metav1.Now()`, a random string, a UUID, " +
		"the process ID, the reconcile ID) stored into a written object makes every write a real change. " +
		"The API server stores it and emits a watch event; the event starts another reconcile, which " +
		"writes a new value again: a hot loop that burns API-server capacity and never settles. Persist such " +
		"a value only when something else changed.",
	Detection: "Reported: a store of a clock, random, identity or process value into a field of an object, " +
		"followed by a write of that object whose region contains the field (`Status().Update`/`Patch` for " +
		"`.Status`, the main `Update`/`Patch` for the rest), when the store is not under a guard and the write " +
		"is either not guarded or guarded by a comparison of the stamped field itself (for example " +
		"`DeepEqual(before, w)` after stamping `w`, which never holds). A value stored inside the mutate " +
		"function of `controllerutil.CreateOrUpdate`/`CreateOrPatch` defeats their comparison the same way. " +
		"Conditions on the way that keep their outcome after the write do not guard: the settled edge of a " +
		"change reporter or symmetric equality (`AddFinalizer` returned false, `DeepEqual` held — also a " +
		"package helper that returns true only after storing into its argument), and comparisons that read " +
		"only constants, configuration, the request, or fields of objects that no code of the package " +
		"stores into (by type and field path; the resourceVersion and generation of written objects count as " +
		"stored), such as a wait for another object to become ready; finding an element of a list by one " +
		"of its fields (a container by name, also through a helper that returns its index) reads that field " +
		"and the list's length, not the element's other fields. A deferred write (a deferred closure " +
		"that calls `Status().Update` or cluster-api's `patch.Helper.Patch`) persists what is stored " +
		"before the function returns. A closure passed where it is made to a function that runs it " +
		"(`retry.RetryOnConflict(retry.DefaultRetry, func() error { return r.Status().Update(ctx, w) })`, " +
		"`retry.OnError`, a poll) writes at that call: a value stamped before the call reaches the write " +
		"inside the closure. " +
		"A change report of a helper (of the package, or of another through its facts) that compares the stamped value itself (a condition " +
		"setter that replaces the condition whenever it differs from the one given, `LastTransitionTime` " +
		"included) finds a change on every pass and guards nothing, nor does a flag it sets; a setter " +
		"that compares only `Status`, `Reason` and `Message` is a real change report. " +
		"A helper (a function or closure of the package, or one of another package through its facts) that " +
		"stores such a value into what its argument points to on every path to its return stamps it " +
		"unconditionally, whatever its own conditions: a condition setter that stamps `LastTransitionTime` " +
		"into the condition it finds, or appends a new one stamped with it, changes the conditions on every " +
		"call (plain or generic, on the object or on a desired copy). " +
		"The value is followed through conversions, `fmt`, `strconv`, `strings`, time methods, local " +
		"variables (also those a helper stores into on every call), composite literals, and helpers in any " +
		"package (through facts); an unknown function stops it (silence beats a guess). It also goes through " +
		"a channel (a receive carries what the package sends on it), a variable a closure assigns, " +
		"`ctx.Value` after `context.WithValue`, the keys and values of a range over a map that holds it, the text of an error (`err.Error()`, `fmt.Errorf(\"%w\")`: only " +
		"what the error type's `Error` method prints), a buffer `rand.Read` fills, and the part of an object " +
		"a helper reads (a helper that reads only the spec of an object stamped elsewhere passes no stamp). " +
		"It follows pointers and interfaces: a pointer into a struct handed to a helper (`stamp(&e.At)`) " +
		"carries what was stored there before the call; a struct of the function that holds a pointer into the " +
		"object (`b := &builder{st: &w.Status}`) passes what is stored through it to the object; an object " +
		"a helper is given carries what the helper stored into it before it reads it back; the With methods " +
		"of an apply configuration (client-go's, or one generated for the operator's types) store what they " +
		"are given into the configuration Apply sends; a write of a copy made for it alone " +
		"(`Status().Patch(ctx, obj.DeepCopyObject().(client.Object), …)`, inside a diffing patch helper) " +
		"persists the original's content; `unstructured.SetNestedField(u.Object, v, \"status\", …)` stores into " +
		"the field those keys stand for; a function value (a functional option applied to `&out`) carries what it " +
		"captured into what it is given; a helper that runs the functions a call hands it (a list of steps, " +
		"functional options applied by a constructor, generic mutators, the strategies or visitors of a list of " +
		"interface values, the functions in a field of a table of rules, method expressions included) runs, at " +
		"that call, those functions and no other caller's; a handler chosen from a table by the object's state (`r.byPhase[w.Status.Phase](&w)`) " +
		"runs on every pass in that state, except one that moves the object to another state; a write a helper of the package makes only when the object differs from a " +
		"snapshot (a scope's deferred patch) is defeated by a stored value that differs on every pass when the " +
		"comparison covers the part stored into (a helper that patches when the spec changed carries a status stamp " +
		"only with that change, and is not reported), as is a store " +
		"a helper makes only when the value it computes differs from the one in place; and a call of an interface method runs the " +
		"implementations whose values reach the receiver (a constructor's `renderer: render.Flags{}`); the " +
		"functions registered on an object and run by its method (hooks a constructor adds through the bus's " +
		"method, a registry filled in `init()`, a clock's setter) are those registered where that object " +
		"sits, a field of the reconciler or a package variable: a reconciler whose own bus holds only stable " +
		"hooks is not reported because another's holds a stamping one. " +
		"A builder's content is not passed on whole to what its methods return (a report's fields are not " +
		"told apart, so a timing the builder keeps for a log would flag every field of its report). " +
		"An in-memory counter is a process value: a package-level variable the package increments, the " +
		"result of an atomic `Add` (a counter field of the reconciler), and a variable that a closure a " +
		"factory returns increments (the count outlives the factory's call). Entries include methods a generic " +
		"controller of another package calls through its interfaces with the request, its key or the object " +
		"read by it (`Sync(ctx, key)`, `ReconcileKind(ctx, obj)`).\n\n" +
		"Also reported: a copy of the written object's own `metadata.resourceVersion` stored into the object " +
		"outside its metadata (`w.Status.Snapshot = w.DeepCopy()`, a copy of the object or of its `ObjectMeta`, " +
		"`w.ResourceVersion`, `w.GetResourceVersion()`, into a status field or an annotation) and persisted the " +
		"same way: the API server changes the resourceVersion on every write, so the next pass stores a new " +
		"value and writes again. Not reported for it: a copy whose `ResourceVersion` is cleared before the " +
		"write, another object's resourceVersion (a Secret's in a pod-template annotation, to roll pods when " +
		"it changes), the version carried into `metadata.resourceVersion` for optimistic concurrency, a copy " +
		"of only the spec, and a record made only when the generation changed. Likewise a value derived from the " +
		"written object's own `metadata.generation` (`w.Generation`, `GetGeneration()`) stored into its spec and " +
		"written by Update or Patch: a write that changes the spec makes the API server increment the " +
		"generation. Not reported for it: the generation in an annotation or a label, or in the status " +
		"(`observedGeneration`), whose writes leave the generation alone, and a spec that only a status write " +
		"follows.\n\n" +
		"Not reported: `meta.SetStatusCondition` with `LastTransitionTime: metav1.Now()` (it stamps only " +
		"when the condition changes), and a setter of the package that likewise stamps only when the status " +
		"changes; stores under a change guard (`if w.Status.Phase != desired { … }`); a " +
		"set-once `StartTime` behind a nil test, or a token generated only while its field is empty (also " +
		"on a copy that is compared before the write, or a value read from the object and replaced by a new one " +
		"only while it is empty, `if len(p) == 0 { p = generate() }`, then written back); a stamp a merge patch does not send (its base copied " +
		"after the stamp: RL2001 reports that); a stamp behind a deadline over the stamped time " +
		"(`if time.Since(last) < period { return … }`, `time.Until(last.Add(period)) > 0`: it is written once per " +
		"period, not on every pass); values used only in conditions, logs or `RequeueAfter`; " +
		"`Create` writes; `coordination.k8s.io` Leases (deliberate heartbeats); fields listed in the " +
		"`heartbeat-fields` option. With `clock-granularity` set, a clock value truncated or rounded to at " +
		"least that granularity is reported as info: it still writes, but at most once per granularity.",
	Before: `w.Status.ObservedGeneration = w.Generation
w.Status.LastUpdated = metav1.Now()
return ctrl.Result{}, r.Status().Update(ctx, &w)`,
	After: `orig := w.DeepCopy()
w.Status.ObservedGeneration = w.Generation
if !equality.Semantic.DeepEqual(orig.Status, w.Status) {
	w.Status.LastUpdated = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
return ctrl.Result{}, nil`,
	Fix: "Stamp-on-change, for a clock value stored directly (not through a setter or helper) in the " +
		"function that writes the object, when the object was read with `Get` in that function: " +
		"`orig := w.DeepCopy()` is inserted after the `Get`, the store is moved into a new guard " +
		"`if !equality.Semantic.DeepEqual(orig.Status, w.Status) { <store>; <write> }` (the whole object for " +
		"main-resource writes), and a write that was returned gets a zero-value `return` after the guard. " +
		"A hand-appended condition whose `LastTransitionTime` is the clock value, " +
		"`conds = append(conds, metav1.Condition{Type: …, LastTransitionTime: metav1.Now(), …})`, is rewritten " +
		"to `meta.SetStatusCondition(&conds, metav1.Condition{Type: …, …})` instead (the import is added): it " +
		"replaces the condition of that type rather than adding one per pass, and stamps the time only when " +
		"the status changes. An appended element gets no stamp-on-change fix (under the guard it would never " +
		"be appended). " +
		"Random, identity and process values get no fix: derive the value from the object's UID or " +
		"Generation instead. A defeated guard gets no fix: move the store into the guard's block.",
	Options: []checkdoc.Option{{
		Name:    "heartbeat-fields",
		Default: "(none)",
		Text: "Comma-separated field paths that are deliberate heartbeats and are not reported, e.g. " +
			"`Status.LastHeartbeatTime` or, for one kind only, `Widget.Status.LastSeen`; an entry matches the end " +
			"of the stored field's path (`Kind.Path`, list elements written `[]`) at a `.`.",
	}, {
		Name:    "clock-granularity",
		Default: "0 (off)",
		Text: "A Go duration: a clock value truncated or rounded to at least this granularity " +
			"(`t.Truncate(time.Minute)`, `t.Round(…)`, before `metav1.NewTime`, `Format` or `UTC`) is reported with " +
			"severity info instead of error, since it changes at most once per granularity.",
	}},
}

// Analyzer reports RL1001.
var Analyzer = check.New(Doc, run, check.Requires(persist.Analyzer))

var (
	heartbeatFields  string
	clockGranularity time.Duration
)

func init() {
	Analyzer.Flags.StringVar(&heartbeatFields, "heartbeat-fields", "",
		"comma-separated field paths that are deliberate heartbeats (not reported)")
	Analyzer.Flags.DurationVar(&clockGranularity, "clock-granularity", 0,
		"report a clock value truncated to at least this granularity as info (0: off)")
}

// isHeartbeat reports whether field (Kind.Path) matches an entry of the
// heartbeat-fields option.
func isHeartbeat(field string) bool {
	for _, e := range strings.Split(heartbeatFields, ",") {
		e = strings.TrimSpace(e)
		if e != "" && (field == e || strings.HasSuffix(field, "."+e)) {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	for _, p := range pass.ResultOf[persist.Analyzer].(*persist.Model).PersistedTaint(apis.NonDet) {
		field := persist.FieldName(p.Store.Root, p.Store.Path)
		if isHeartbeat(field) {
			continue
		}
		pos := storePos(pass, p)
		src := p.Taint.Source
		if src == "" {
			src = "a " + (p.Taint.Kinds & apis.NonDet).String() + " value"
		} else if !strings.Contains(src, " ") {
			src += "()" // a function; a described source (an in-memory counter) is not called
		}
		how := "on every reconcile: each pass writes new bytes, whose watch event starts the next reconcile"
		if p.Defeated {
			how = "on every reconcile: the write's comparison includes the stamped field, so it always finds a change"
		}
		msg := fmt.Sprintf("%s flows into %s, written by %s %s", src, field, p.Write.Write, how)
		if p.Taint.Kinds&apis.Clock == 0 {
			msg += "; derive the value from the object's UID or Generation instead"
		} else if !p.Defeated {
			msg += "; set it only when something else changed"
		} else {
			msg += "; set it inside the block that runs when the rest changed"
		}
		f := diag.Finding{Pos: pos, End: pos, Message: msg}
		if clockGranularity > 0 && p.Taint.Kinds&apis.NonDet == apis.Clock && p.Store.Via == nil && p.Store.Value != nil {
			if d, ok := clockTruncation(s, p.Store.Value); ok && d >= clockGranularity {
				f.Severity = checkdoc.Info.String()
				f.Message += fmt.Sprintf(" (the value is truncated to %s, so it changes at most once per %s)", d, d)
			}
		}
		if wp := p.Write.Instr.Pos(); wp.IsValid() {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: wp, Message: "the write that persists it"})
		}
		if p.Taint.Origin.IsValid() && p.Taint.Origin != pos {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: p.Taint.Origin, Message: "the non-deterministic value"})
		}
		if !p.Defeated && p.Taint.Kinds&apis.NonDet == apis.Clock && p.Store.Via == nil {
			if f.Fix = conditionFix(pass, p); f.Fix == nil && p.Fn == p.Write.Instr.Parent() {
				f.Fix = stampOnChange(pass, s, p)
			}
		}
		rep.Report(f)
		n++
	}
	return n + ownVersion(pass, rep) + ownGeneration(pass, rep)
}

// ownGeneration reports values derived from a written object's own
// metadata.generation stored into its spec and persisted on every
// reconcile: a write that changes the spec makes the API server increment
// the generation, so the next pass stores a new value and writes again.
func ownGeneration(pass *analysis.Pass, rep *diag.Reporter) int {
	return ownCopies(pass, rep, apis.Generation, func(p *persist.Persisted) bool {
		return len(p.Store.Path) > 0 && p.Store.Path[0] == "Spec" && !p.Write.Write.IsStatus()
	}, selfCopy{
		what:    "the %s's own metadata.generation",
		why:     "a write that changes the spec makes the API server increment the generation, so the next pass stores a new value and writes again",
		fix:     "record the generation in the status (observedGeneration), or derive the value from the spec alone",
		related: "the read of the generation",
	})
}

// ownVersion reports copies of a written object's own resourceVersion (the
// whole object, its ObjectMeta, or the field) stored into the object
// outside its metadata.resourceVersion and persisted on every reconcile:
// the write changes the resourceVersion, so the next pass stores a new
// value and writes again.
func ownVersion(pass *analysis.Pass, rep *diag.Reporter) int {
	return ownCopies(pass, rep, apis.Version, func(p *persist.Persisted) bool {
		return !isVersionField(p.Store.Path) && !isHeartbeat(persist.FieldName(p.Store.Root, p.Store.Path))
	}, selfCopy{
		what:    "a copy of the %s's own metadata.resourceVersion",
		why:     "every write changes the resourceVersion, so the next pass stores a new value and writes again",
		fix:     "clear ResourceVersion in the stored copy, or store only stable data (the spec, the generation)",
		related: "the copy of the resourceVersion",
	})
}

// selfCopy words a finding of ownCopies: what is stored (a format with the
// kind's name), why the write repeats, the fix, and what the related
// position is.
type selfCopy struct{ what, why, fix, related string }

// ownCopies reports the stores of a value carrying kind (a part of the
// written object that the server changes when it is written) into the
// object itself that keep reports, persisted on every reconcile.
func ownCopies(pass *analysis.Pass, rep *diag.Reporter, kind apis.TaintKind, keep func(*persist.Persisted) bool, w selfCopy) int {
	n := 0
	for _, p := range pass.ResultOf[persist.Analyzer].(*persist.Model).PersistedTaint(kind) {
		self := apis.VersionedType(p.Store.Root.Type())
		if self == "" || p.Taint.VersionOf != self || !keep(p) {
			continue
		}
		field := persist.FieldName(p.Store.Root, p.Store.Path)
		pos := storePos(pass, p)
		how := "on every reconcile"
		if p.Defeated {
			how = "on every reconcile (the write's comparison includes the stored field, so it always finds a change)"
		}
		msg := fmt.Sprintf(w.what+" flows into %s, written by %s %s: %s; %s",
			self[strings.LastIndex(self, ".")+1:], field, p.Write.Write, how, w.why, w.fix)
		f := diag.Finding{Pos: pos, End: pos, Message: msg}
		if wp := p.Write.Instr.Pos(); wp.IsValid() {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: wp, Message: "the write that persists it"})
		}
		if p.Taint.VersionAt.IsValid() && p.Taint.VersionAt != pos {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: p.Taint.VersionAt, Message: w.related})
		}
		rep.Report(f)
		n++
	}
	return n
}

// storePos is where a finding on p's store is reported: the statement
// that holds it when it starts on the same line.
func storePos(pass *analysis.Pass, p *persist.Persisted) token.Pos {
	pos := p.Store.Instr.Pos()
	if stmt, _, _, ok := diag.StmtInBlock(pass, pos); ok && pass.Fset.Position(stmt.Pos()).Line == pass.Fset.Position(pos).Line {
		pos = stmt.Pos()
	}
	return pos
}

// isVersionField reports whether path is the object's own metadata (the
// ObjectMeta, or its ResourceVersion), where a resourceVersion is stored
// for optimistic concurrency.
func isVersionField(path []string) bool {
	switch {
	case len(path) == 1:
		return path[0] == apis.ObjectMetaField || path[0] == apis.ResourceVersionField
	case len(path) == 2:
		return path[0] == apis.ObjectMetaField && path[1] == apis.ResourceVersionField
	}
	return false
}

// stampOnChange moves the store into a DeepEqual guard around the write.
func stampOnChange(pass *analysis.Pass, s *summary.Summary, p *persist.Persisted) *analysis.SuggestedFix {
	w := fixes.WriteOf(s, p.Write.Instr)
	if w == nil || !ssax.Dominates(p.Store.Instr, p.Write.Instr) {
		return nil
	}
	call, ok := diag.Enclosing[*ast.CallExpr](pass, w.Pos())
	if !ok {
		return nil
	}
	st, _, _, ok := diag.StmtInBlock(pass, p.Store.Instr.Pos())
	if !ok {
		return nil
	}
	as, ok := st.(*ast.AssignStmt)
	if !ok || appendedLiteral(pass, as) != nil {
		// An appended element is the change itself, not a stamp on it:
		// under a guard it would never be appended.
		return nil
	}
	if ws, _, _, ok := diag.StmtInBlock(pass, call.Pos()); !ok || ws == st {
		return nil
	}
	text := diag.Source(pass, st.Pos(), st.End())
	del := diag.DeleteStmt(pass, st)
	return fixes.GuardWrite(pass, s, w, call, text, del)
}

// conditionFix rewrites a hand-appended condition stamped with the clock,
//
//	w.Status.Conditions = append(w.Status.Conditions, metav1.Condition{Type: …, LastTransitionTime: metav1.Now(), …})
//
// into meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: …, …}),
// which replaces the condition of that type instead of adding another and
// sets LastTransitionTime only when the condition's status changes. It is
// offered when the clock value is the LastTransitionTime of the literal.
func conditionFix(pass *analysis.Pass, p *persist.Persisted) *analysis.SuggestedFix {
	st, _, _, ok := diag.StmtInBlock(pass, p.Store.Instr.Pos())
	if !ok {
		return nil
	}
	as, ok := st.(*ast.AssignStmt)
	if !ok {
		return nil
	}
	lit := appendedLiteral(pass, as)
	if lit == nil || !apis.IsCondition(pass.TypesInfo.TypeOf(lit)) {
		return nil
	}
	switch ast.Unparen(as.Lhs[0]).(type) {
	case *ast.SelectorExpr, *ast.Ident: // addressable
	default:
		return nil
	}
	stamp, hasType := -1, false
	for i, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		switch key, _ := kv.Key.(*ast.Ident); {
		case key == nil:
			return nil
		case key.Name == apis.ConditionTimeField:
			if kv.Value.Pos() <= p.Taint.Origin && p.Taint.Origin < kv.Value.End() {
				stamp = i
			}
		case key.Name == apis.ConditionTypeField:
			hasType = true
		}
	}
	if stamp < 0 || !hasType {
		return nil
	}
	file := diag.FileOf(pass, as.Pos())
	if file == nil {
		return nil
	}
	// The literal without the LastTransitionTime element.
	from, to := lit.Elts[stamp].Pos(), lit.Elts[stamp].End()
	if stamp+1 < len(lit.Elts) {
		to = lit.Elts[stamp+1].Pos()
	} else if stamp > 0 {
		from = lit.Elts[stamp-1].End()
	}
	newLit := diag.Source(pass, lit.Pos(), from) + diag.Source(pass, to, lit.End())
	metaName, edits := diag.EnsureImport(pass, file, as.Pos(), apis.Meta, "meta")
	text := fmt.Sprintf("%s.SetStatusCondition(&%s, %s)", metaName, diag.Text(pass.Fset, as.Lhs[0]), newLit)
	edits = append(edits, analysis.TextEdit{Pos: as.Pos(), End: as.End(), NewText: []byte(text)})
	return &analysis.SuggestedFix{
		Message:   "Set the condition with meta.SetStatusCondition, which stamps LastTransitionTime only when its status changes",
		TextEdits: edits,
	}
}

// appendedLiteral returns the composite literal of `x = append(x, T{…})`,
// or nil when as is not that statement.
func appendedLiteral(pass *analysis.Pass, as *ast.AssignStmt) *ast.CompositeLit {
	if as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	if b, ok := pass.TypesInfo.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
		return nil
	}
	if diag.Text(pass.Fset, call.Args[0]) != diag.Text(pass.Fset, as.Lhs[0]) {
		return nil
	}
	lit, _ := ast.Unparen(call.Args[1]).(*ast.CompositeLit)
	return lit
}
