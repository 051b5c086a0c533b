package wrongsubresource

import (
	"fmt"
	"go/ast"
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
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL2002.
var Doc = &checkdoc.Doc{
	ID:       "RL2002",
	Name:     "wrongsubresource",
	Title:    "Change written through the endpoint that drops it (status vs main resource)",
	Severity: checkdoc.Error,
	Since:    "v0.1.0",
	Rationale: "For a kind with a status subresource, the API server keeps the old `status` on an `Update` or " +
		"`Patch` of the main resource, and keeps everything but `status` on `Status().Update` or " +
		"`Status().Patch` (verified against a real API server). The dropped change is silent: the call " +
		"succeeds, nothing is persisted, and the next reconcile computes and \"writes\" it again. An `Update` " +
		"also decodes the server's response into the object, so a status changed in memory before a main " +
		"`Update` is replaced by the server's old status before a later `Status().Update` can send it.",
	Detection: "Applies to objects whose kind has a status subresource: a CRD type marked " +
		"`+kubebuilder:subresource:status`, or a `k8s.io/api` kind known to have one (Pod, Deployment, " +
		"StatefulSet, Job, Service, …). Kinds without a known status subresource are skipped. Between a read " +
		"of the object (or its arrival as a parameter) and a write W:\n" +
		"- (a) stores to `Status.*` reach a main `Update`/`Patch` W and no status write follows: the status " +
		"change is dropped;\n" +
		"- (b) stores to `Status.*` reach a main `Update`/`Patch` W that is followed by a status write, with no " +
		"new status store in between: the status change is clobbered by W's response;\n" +
		"- (c) stores to spec, labels, annotations, finalizers or owner references reach a status write W and " +
		"no main write follows them: those changes are dropped;\n" +
		"- (d) stores to `Status.*` reach a status write W through a call that fills the object again with what the " +
		"API server holds (a `Get` into it, a helper that reads it again or copies a written copy's answer into it " +
		"with `DeepCopyInto`) and are not made again after it: the read replaces them and W sends the old status; " +
		"reported at the read.\n\n" +
		"A nil map or slice made empty (`if s.M == nil { s.M = map[…]…{} }`) is no change: it reads and is " +
		"stored alike. " +
		"Stores count through setters (`SetLabels`, `metav1.SetMetaDataLabel`, `controllerutil.AddFinalizer`, " +
		"`SetControllerReference`, `meta.SetStatusCondition`) and through helpers, also through a scope or wrapper " +
		"the reconciler builds around a pointer to the object (`scope := newScope(&w); scope.markReady()`). A new read of the object " +
		"between the store and the write resets it, and so does a store that copies back the part of another object " +
		"the function has just written (`obj.Status = updated.Status` after `Status().Patch(ctx, updated, …)`, a " +
		"helper that writes a fresh copy and hands the server's answer back). A status store already written by a status write before W " +
		"(in between, or in the helper that makes the store) does not count for (a), and a store written by a " +
		"main write in the helper that makes it (a helper that adds a finalizer and updates) does not count for " +
		"(c). A status write of another object into whose `Status` the whole status was copied " +
		"(`fresh.Status = obj.Status; Status().Update(ctx, fresh)`, a deferred write that re-reads the object and " +
		"retries on conflict) is a status write of the object, and a main write of a deep copy made for the write " +
		"(`Patch(ctx, obj.DeepCopy(), …)`) fills the copy with the server's answer, not the object, so it " +
		"clobbers nothing for (b); such a write says nothing of the object's other fields for (c). A status change of a helper's object parameter that every caller writes with a status write after the call (a deferred write included) is not dropped for (a). Only code reachable from a reconcile root is checked.",
	Before: `w.Status.Phase = "Provisioning"
if controllerutil.AddFinalizer(w, fin) {
	if err := r.Update(ctx, w); err != nil { // the response overwrites w.Status
		return err
	}
}
return r.Status().Update(ctx, w)`,
	After: `w.Status.Phase = "Provisioning"
if controllerutil.AddFinalizer(w, fin) {
	saved := w.DeepCopy()
	if err := r.Update(ctx, w); err != nil {
		return err
	}
	w.Status = saved.Status
}
return r.Status().Update(ctx, w)`,
	Fix: "(a), when only status fields were changed and the write passes no options: `r.Update(ctx, x)` " +
		"becomes `r.Status().Update(ctx, x)` (`Patch` likewise). (b): `saved := x.DeepCopy()` is inserted " +
		"before the statement of the main write and `x.Status = saved.Status` after it. (c): no fix; the " +
		"message lists the dropped fields, which need a main-resource write of their own. (d): no fix; the " +
		"change belongs after the read.",
}

// Analyzer reports RL2002.
var Analyzer = check.New(Doc, run)

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	for _, fn := range s.Funcs() {
		if !s.InScope(fn) {
			continue
		}
		n += checkFunc(pass, s, rep, fn)
	}
	return n
}

func isMainWrite(k apis.WriteKind) bool { return k == apis.Update || k == apis.Patch }

func isStatusWrite(k apis.WriteKind) bool { return k == apis.StatusUpdate || k == apis.StatusPatch }

func checkFunc(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter, fn *ssa.Function) int {
	effects := s.Effects(fn)
	n := 0
	lost := map[*summary.Effect][]*summary.Effect{} // a read that refills the object -> the status changes it drops
	var reads []*summary.Effect
	for _, w := range effects {
		if w.Kind != summary.WriteEffect || w.Root == nil || !(isMainWrite(w.Write) || isStatusWrite(w.Write)) {
			continue
		}
		if !hasStatusSubresource(s, w.Root.Type()) || !observed(effects, w) {
			continue
		}
		var statusStores, otherStores []*summary.Effect
		for _, e := range effects {
			if e.Kind != summary.StoreEffect || e.Root != w.Root || e.Instr == w.Instr || len(e.Path) == 0 || !ssax.Reaches(e.Instr, w.Instr) {
				continue // a whole-object store (*obj = …) says nothing about which fields changed
			}
			if r := refillBetween(effects, w.Root, e.Instr, w.Instr); r != nil {
				if isStatusWrite(w.Write) && summary.IsStatusPath(e.Path) && !restoredBetween(effects, e, r, w) && !slices.Contains(lost[r], e) {
					if lost[r] == nil {
						reads = append(reads, r)
					}
					lost[r] = append(lost[r], e)
				}
				continue
			}
			if readBetween(effects, w.Root, e.Instr, w.Instr) {
				continue
			}
			switch {
			case summary.IsStatusPath(e.Path):
				if isMainWrite(w.Write) && statusWrittenBetween(effects, e, w) {
					continue // already persisted by its own status write
				}
				statusStores = append(statusStores, e)
			case !summary.IsServerManagedPath(e.Path):
				otherStores = append(otherStores, e)
			}
		}
		switch {
		case isMainWrite(w.Write) && len(statusStores) > 0:
			if later := laterStatusWrite(effects, w); later != nil {
				if w.SentCopy || statusStoreBetween(effects, w, later) {
					continue // the answer fills a copy: the status stays for the later write
				}
				n += report(pass, s, rep, w, statusStores, fmt.Sprintf(
					"the %s of %s replaces the in-memory %s with the server's copy, so the later status write sends the old status: the change is lost",
					w.Write, typeName(w.Root), paths(statusStores)), clobberFix)
				continue
			}
			if s.StatusWrittenByCallers(fn, w.Root, 0) {
				continue // every caller writes the status after the call
			}
			var fix fixer
			if len(otherStores) == 0 {
				fix = statusWriteFix
			}
			n += report(pass, s, rep, w, statusStores, fmt.Sprintf(
				"%s changes %s but writes it only with %s of the main resource, which drops status changes; use Status().%s",
				typeName(w.Root), paths(statusStores), w.Write, w.Write), fix)
		case isStatusWrite(w.Write) && len(otherStores) > 0 && !w.CarriedStatus:
			var dropped []*summary.Effect
			for _, e := range otherStores {
				if !mainWriteAfter(effects, e) {
					dropped = append(dropped, e)
				}
			}
			if len(dropped) == 0 {
				continue
			}
			n += report(pass, s, rep, w, dropped, fmt.Sprintf(
				"%s changes %s but writes it only with %s, which drops everything outside status; write those fields with Update or Patch",
				typeName(w.Root), paths(dropped), w.Write), nil)
		}
	}
	for _, r := range reads {
		n += report(pass, s, rep, r, lost[r], fmt.Sprintf(
			"%s reads %s again and replaces the in-memory %s with the server's copy before the status write, "+
				"which then sends the old status: the change is lost; make the change after the read",
			readName(r), typeName(r.Root), paths(lost[r])), nil)
	}
	return n
}

// refillBetween returns a call between a and b that fills root with what
// the API server holds (a Get into it, a helper that reads it again or
// copies the server's answer into it), or nil.
func refillBetween(effects []*summary.Effect, root ssa.Value, a, b ssa.Instruction) *summary.Effect {
	for _, e := range effects {
		if _, call := e.Instr.(ssa.CallInstruction); call && e.Kind == summary.ReadEffect && e.Root == root && e.Instr != a && ssax.Between(a, e.Instr, b) {
			return e
		}
	}
	return nil
}

// restoredBetween reports whether the part st changes is changed again
// (at its path or a path above it) after the read r and before the write w.
func restoredBetween(effects []*summary.Effect, st, r, w *summary.Effect) bool {
	for _, e := range effects {
		if e.Kind == summary.StoreEffect && e.Root == st.Root && len(e.Path) <= len(st.Path) && slices.Equal(e.Path, st.Path[:len(e.Path)]) &&
			e.Instr != r.Instr && ssax.Between(r.Instr, e.Instr, w.Instr) {
			return true
		}
	}
	return false
}

// readName describes the call of a read effect for messages.
func readName(r *summary.Effect) string {
	if c, ok := r.Instr.(ssa.CallInstruction); ok {
		if f := ssax.CalleeFunc(c.Common()); f != nil {
			return "the call of " + f.Name()
		}
	}
	return "a read"
}

// fixer builds the fix of a finding at the write's call.
type fixer func(pass *analysis.Pass, w *summary.Effect, call *ast.CallExpr) *analysis.SuggestedFix

func report(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter, w *summary.Effect, stores []*summary.Effect, msg string, fix fixer) int {
	call, ok := diag.Enclosing[*ast.CallExpr](pass, w.Instr.Pos())
	if !ok {
		return 0
	}
	if s.Forwarded(w.Instr) {
		fix = nil // the call expression is a forwarder's, not the write's
	}
	f := diag.Finding{Pos: call.Pos(), End: call.End(), Message: msg}
	for _, st := range stores {
		if p := st.Instr.Pos(); p.IsValid() {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: p, Message: "changes " + st.PathString()})
		}
	}
	if fix != nil && w.Via == nil {
		f.Fix = fix(pass, w, call)
	}
	rep.Report(f)
	return 1
}

// hasStatusSubresource tells whether the object type's kind has a /status
// subresource.
func hasStatusSubresource(s *summary.Summary, t types.Type) bool {
	if ti := s.TypeInfoOf(t); ti != nil {
		return ti.StatusSubresource == summary.TriYes
	}
	pkg, name, ok := apis.NamedOf(t)
	if !ok {
		return false
	}
	has, known := apis.BuiltinStatusSubresource(pkg, name)
	return known && has
}

// observed reports whether the written object was read from the API in
// this function before the write, or is a parameter.
func observed(effects []*summary.Effect, w *summary.Effect) bool {
	if _, ok := w.Root.(*ssa.Parameter); ok {
		return true
	}
	for _, e := range effects {
		if e.Kind == summary.ReadEffect && e.Root == w.Root && ssax.Reaches(e.Instr, w.Instr) {
			return true
		}
	}
	return false
}

func readBetween(effects []*summary.Effect, root ssa.Value, a, b ssa.Instruction) bool {
	for _, e := range effects {
		if e.Kind == summary.ReadEffect && e.Root == root && ssax.Between(a, e.Instr, b) {
			return true
		}
	}
	return false
}

func laterStatusWrite(effects []*summary.Effect, w *summary.Effect) *summary.Effect {
	for _, e := range effects {
		if e.Kind == summary.WriteEffect && e.Root == w.Root && isStatusWrite(e.Write) && e.Instr != w.Instr && ssax.Reaches(w.Instr, e.Instr) {
			return e
		}
	}
	return nil
}

func statusStoreBetween(effects []*summary.Effect, a, b *summary.Effect) bool {
	for _, e := range effects {
		if e.Kind == summary.StoreEffect && e.Root == a.Root && summary.IsStatusPath(e.Path) && ssax.Between(a.Instr, e.Instr, b.Instr) {
			return true
		}
	}
	return false
}

// statusWrittenBetween reports whether a status write of the object runs
// after the store st and no later than the write w: in between, in the
// same call as w (one call that writes both, as cluster-api's
// patch.Helper.Patch or a helper that updates the object and then its
// status), or after the store inside the helper call that makes it (a
// helper that sets the status and then writes it; summary.Effect.WrittenBy).
func statusWrittenBetween(effects []*summary.Effect, st, w *summary.Effect) bool {
	for _, e := range effects {
		if e.Kind == summary.WriteEffect && e.Root == w.Root && isStatusWrite(e.Write) && (e.Instr == w.Instr ||
			e.Instr == st.Instr && st.WrittenWith(apis.StatusUpdate, apis.StatusPatch) || ssax.Between(st.Instr, e.Instr, w.Instr)) {
			return true
		}
	}
	return false
}

// mainWriteAfter reports whether a main-resource write of the object runs
// after the store st, or after it inside the helper call that makes it (a
// helper that adds a finalizer and then updates).
func mainWriteAfter(effects []*summary.Effect, st *summary.Effect) bool {
	for _, e := range effects {
		if e.Kind == summary.WriteEffect && e.Root == st.Root && isMainWrite(e.Write) &&
			(e.Instr == st.Instr && st.WrittenWith(apis.Update, apis.Patch) || e.Instr != st.Instr && ssax.Reaches(st.Instr, e.Instr)) {
			return true
		}
	}
	return false
}

func paths(stores []*summary.Effect) string {
	seen := make(map[string]bool)
	var out []string
	for _, st := range stores {
		p := strings.TrimSuffix(st.PathString(), "[]")
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.Strings(out)
	// A field listed whole covers its parts (Status.Conditions covers
	// Status.Conditions[].Message).
	kept := out[:0]
	for _, p := range out {
		if n := len(kept); n > 0 && (strings.HasPrefix(p, kept[n-1]+".") || strings.HasPrefix(p, kept[n-1]+"[]")) {
			continue
		}
		kept = append(kept, p)
	}
	return strings.Join(kept, ", ")
}

func typeName(v ssa.Value) string {
	if _, name, ok := apis.NamedOf(v.Type()); ok {
		return "the " + name
	}
	return "the object"
}

// statusWriteFix turns r.Update(ctx, x) into r.Status().Update(ctx, x).
func statusWriteFix(pass *analysis.Pass, w *summary.Effect, call *ast.CallExpr) *analysis.SuggestedFix {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Update" && sel.Sel.Name != "Patch") {
		return nil
	}
	want := 2
	if sel.Sel.Name == "Patch" {
		want = 3
	}
	if len(call.Args) != want || call.Ellipsis.IsValid() {
		return nil // options of the main write may not fit the status writer
	}
	return &analysis.SuggestedFix{
		Message:   "Write through the status subresource",
		TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: []byte("Status().")}},
	}
}

// clobberFix saves the status across the main write.
func clobberFix(pass *analysis.Pass, w *summary.Effect, call *ast.CallExpr) *analysis.SuggestedFix {
	if len(call.Args) < 2 || !apis.HasDeepCopy(w.Root.Type()) {
		return nil
	}
	stmt, _, _, ok := diag.StmtInBlock(pass, call.Pos())
	if !ok {
		return nil
	}
	if !diag.StandaloneCall(stmt, call) {
		return nil
	}
	obj := strings.TrimPrefix(diag.Source(pass, call.Args[1].Pos(), call.Args[1].End()), "&")
	if obj == "" || strings.ContainsAny(obj, "()[] ") {
		return nil
	}
	name := diag.FreshName(pass, stmt.Pos(), "saved")
	indent := diag.LineIndent(pass, stmt.Pos())
	return &analysis.SuggestedFix{
		Message: "Keep the in-memory status across the main write",
		TextEdits: []analysis.TextEdit{
			{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(name + " := " + obj + ".DeepCopy()\n" + indent)},
			{Pos: stmt.End(), End: stmt.End(), NewText: []byte("\n" + indent + obj + ".Status = " + name + ".Status")},
		},
	}
}
