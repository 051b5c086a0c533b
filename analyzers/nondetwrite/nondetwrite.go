package nondetwrite

import (
	"fmt"
	"go/ast"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixes"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/internal/checkdoc"
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
		"The value is followed through conversions, `fmt`, `strconv`, `strings`, time methods, local " +
		"variables, composite literals, and helpers in any package (through facts); an unknown function " +
		"stops it (silence beats a guess).\n\n" +
		"Not reported: `meta.SetStatusCondition` with `LastTransitionTime: metav1.Now()` (it stamps only " +
		"when the condition changes); stores under a change guard (`if w.Status.Phase != desired { … }`); a " +
		"set-once `StartTime` behind a nil test; values used only in conditions, logs or `RequeueAfter`; " +
		"`Create` writes; `coordination.k8s.io` Leases (deliberate heartbeats).",
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
		"Random, identity and process values get no fix: derive the value from the object's UID or " +
		"Generation instead. A defeated guard gets no fix: move the store into the guard's block.",
}

// Analyzer reports RL1001.
var Analyzer = &analysis.Analyzer{
	Name:       Doc.Name,
	Doc:        Doc.Summary(),
	URL:        Doc.URL(),
	Requires:   []*analysis.Analyzer{summary.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[int](),
}

func run(pass *analysis.Pass) (any, error) {
	s := pass.ResultOf[summary.Analyzer].(*summary.Summary)
	if !s.Relevant() {
		return 0, nil
	}
	rep := diag.NewReporter(pass, Doc)
	n := 0
	for _, p := range s.PersistedTaint(apis.NonDet) {
		pos := p.Store.Instr.Pos()
		if stmt, _, _, ok := diag.StmtInBlock(pass, pos); ok && pass.Fset.Position(stmt.Pos()).Line == pass.Fset.Position(pos).Line {
			pos = stmt.Pos()
		}
		field := summary.FieldName(p.Store.Root, p.Store.Path)
		src := p.Taint.Source
		if src == "" {
			src = "a " + (p.Taint.Kinds & apis.NonDet).String() + " value"
		} else {
			src += "()"
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
		if wp := p.Write.Instr.Pos(); wp.IsValid() {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: wp, Message: "the write that persists it"})
		}
		if p.Taint.Origin.IsValid() && p.Taint.Origin != pos {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: p.Taint.Origin, Message: "the non-deterministic value"})
		}
		if !p.Defeated && p.Taint.Kinds&apis.NonDet == apis.Clock && p.Store.Via == nil && p.Fn == p.Write.Instr.Parent() {
			f.Fix = stampOnChange(pass, s, p)
		}
		rep.Report(f)
		n++
	}
	return n, nil
}

// stampOnChange moves the store into a DeepEqual guard around the write.
func stampOnChange(pass *analysis.Pass, s *summary.Summary, p *summary.Persisted) *analysis.SuggestedFix {
	w := fixes.WriteOf(s, p.Write.Instr)
	if w == nil || !summary.Dominates(p.Store.Instr, p.Write.Instr) {
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
	if _, ok := st.(*ast.AssignStmt); !ok {
		return nil
	}
	if ws, _, _, ok := diag.StmtInBlock(pass, call.Pos()); !ok || ws == st {
		return nil
	}
	text := diag.Source(pass, st.Pos(), st.End())
	del := diag.DeleteStmt(pass, st)
	return fixes.GuardWrite(pass, s, w, call, text, del)
}
