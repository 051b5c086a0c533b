package unconditionalwrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// A write that directly follows a change report whose result is discarded
// (checks.md §1.5 G3):
//
//	controllerutil.AddFinalizer(obj, fin)
//	if err := scope.PatchObject(); err != nil { … }
//
// AddFinalizer says whether it changed obj; the statement after it exists
// to persist that change, yet runs on every pass. This is reported even
// when the write is self-guarded (a patch helper that diffs first): the
// helper still builds and compares the patch, and the code says plainly
// which condition it needs, as long as the reconcile goes on to change or
// write the object after it (the helper then persists a half-done object
// in the middle of the pass; as the last word on the object, it sends the
// reported change or nothing, as the gated write would). It is not
// reported when a condition over the same state (the finalizers, or the
// conditions) already decides whether the two statements run, nor when
// the function stored into the object before the report (the write may be
// there for that change too).

// ignoredReport is a write preceded by a discarded change report.
type ignoredReport struct {
	w        *summary.Write
	reporter *ast.CallExpr // the change-report call
	prev     ast.Stmt      // its statement
	stmt     ast.Stmt      // the write's statement
	name     string        // e.g. "controllerutil.AddFinalizer"
	// held names the reported object when the write is of a holder of it
	// (a scope's PatchObject after AddFinalizer on the scope's object).
	held string
}

// findIgnoredReport returns the change report that the write w directly
// follows, when its result is discarded and nothing over the same state
// guards the pair.
func findIgnoredReport(pass *analysis.Pass, s *summary.Summary, w *summary.Write, call *ast.CallExpr) (ignoredReport, bool) {
	if w.Kind.IsSelfGuarded() {
		// CreateOrUpdate/CreateOrPatch read the object again and create it
		// when missing: the report does not decide them.
		return ignoredReport{}, false
	}
	stmt, list, i, ok := diag.StmtInBlock(pass, call.Pos())
	if !ok || i == 0 || !inHead(pass, stmt, call) {
		return ignoredReport{}, false
	}
	es, ok := list[i-1].(*ast.ExprStmt)
	if !ok {
		return ignoredReport{}, false
	}
	rc, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return ignoredReport{}, false
	}
	if len(rc.Args) == 0 {
		return ignoredReport{}, false
	}
	ssaCall := callAt(w.Fn, rc)
	if ssaCall == nil {
		return ignoredReport{}, false
	}
	// The reporter of the API, called directly or through a helper of the
	// package that returns its report.
	fn, obj, ok := s.ChangeReporter(&ssaCall.Call)
	if !ok {
		return ignoredReport{}, false
	}
	r := ignoredReport{w: w, reporter: rc, prev: es, stmt: stmt, name: qualified(fn)}
	if local := s.LocalCallee(&ssaCall.Call); local != nil {
		r.name = local.Name() + " (" + r.name + ")"
	}
	reported, _ := s.RootOf(obj)
	if w.Object != nil {
		// A direct write (or a helper given the object) must write the
		// object whose change was reported.
		root, _ := s.PersistedRoot(w.Object)
		if !summary.PersistsHeld(root, reported) {
			return ignoredReport{}, false
		}
		if root != reported {
			t := obj.Type()
			if mi, ok := obj.(*ssa.MakeInterface); ok {
				t = mi.X.Type()
			}
			if _, name, ok := apis.NamedOf(t); ok && name != "Object" {
				r.held = name
			}
		}
	}
	// A store into the object before the report (in this function), in the
	// part the write persists, may be what it writes: the report alone does
	// not decide it.
	for _, e := range s.Effects(w.Fn) {
		if e.Kind == summary.StoreEffect && e.Root == reported && e.Instr != ssa.Instruction(ssaCall) &&
			!summary.IsServerManagedPath(e.Path) && summary.IsStatusPath(e.Path) == w.Kind.IsStatus() &&
			ssax.Reaches(e.Instr, ssaCall) {
			return ignoredReport{}, false
		}
	}
	if s.GuardedOn(w.Fn, ssaCall.Block(), stateOf(fn)) {
		return ignoredReport{}, false
	}
	if w.Diffing && !changedAfter(s, w.Fn, w.Call, reported) {
		// A helper that diffs, with nothing after it that changes or
		// writes the object: it sends the reported change or nothing,
		// as the gated write would.
		return ignoredReport{}, false
	}
	return r, true
}

// changedAfter reports whether fn goes on, after the write at call, to
// change or write the object root: a store into it or a write of it that
// the write reaches, or a deferred write of it (which runs when fn
// returns). Then a diffing write at call sends a half-done object in the
// middle of the reconcile.
func changedAfter(s *summary.Summary, fn *ssa.Function, call ssa.CallInstruction, root ssa.Value) bool {
	for _, e := range s.Effects(fn) {
		if e.Root != root || e.Instr == ssa.Instruction(call) {
			continue
		}
		if _, deferred := e.Instr.(*ssa.Defer); deferred && e.Kind == summary.WriteEffect {
			return true
		}
		if ssax.Reaches(call, e.Instr) {
			return true
		}
	}
	return false
}

// inHead reports whether call is in the statement itself, not in a block
// or function literal nested in it: `if err := write(); err != nil {…}`,
// `return …, write()`, `err = write()`.
func inHead(pass *analysis.Pass, stmt ast.Stmt, call *ast.CallExpr) bool {
	for _, n := range diag.PathTo(pass, call.Pos(), call.End()) {
		if n == ast.Node(stmt) {
			return true
		}
		switch n.(type) {
		case *ast.BlockStmt, *ast.FuncLit, *ast.CaseClause:
			return false
		}
	}
	return false
}

func qualified(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

// callAt returns the SSA call of fn whose parenthesis is the AST call's.
func callAt(fn *ssa.Function, call *ast.CallExpr) *ssa.Call {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Pos() == call.Lparen {
				return c
			}
		}
	}
	return nil
}

// stateOf names the part of the object a change reporter changes:
// apis.FinalizersField for the finalizer helpers, "Conditions" for the
// condition setters.
func stateOf(fn *types.Func) string {
	switch apis.ClassifyFinalizerCall(apis.FuncOf(fn)) {
	case apis.FinalizerAdd, apis.FinalizerRemove:
		return apis.FinalizersField
	}
	return apis.ConditionsField
}

// finding builds the finding, with the fix that moves the write under the
// change report.
func (r ignoredReport) finding(pass *analysis.Pass, call *ast.CallExpr, what string) diag.Finding {
	if r.held != "" {
		what = "the " + r.held
	}
	msg := fmt.Sprintf("%s of %s runs on every reconcile: %s reports whether it changed the object, but its result is ignored; "+
		"write only when it returns true", r.w.Method(), what, r.name)
	if r.w.Diffing {
		// The helper sends nothing when nothing changed: what it costs is
		// the diff, and what it risks is the rest of the object.
		msg = fmt.Sprintf("%s of %s runs on every reconcile: %s reports whether it changed the object, but its result is ignored. "+
			"The helper sends nothing when nothing changed, but it computes the full diff on every pass and, here in the middle of "+
			"the reconcile, persists whatever else has changed so far; write only when %s returns true",
			r.w.Method(), what, r.name, r.name)
	}
	f := diag.Finding{Pos: call.Pos(), End: call.End(), Message: msg,
		Related: []analysis.RelatedInformation{{Pos: r.reporter.Pos(), Message: "the ignored change report"}}}
	after, ok := diag.WrapTail(pass, r.stmt, call)
	end := diag.StmtEnd(pass, r.stmt)
	inner := strings.TrimLeft(diag.Source(pass, r.prev.End(), end), " \t\r\n")
	if !ok || inner == "" {
		return f
	}
	indent := diag.LineIndent(pass, r.prev.Pos())
	lines := strings.Split(inner, "\n")
	for i, l := range lines {
		if i > 0 && strings.TrimSpace(l) != "" {
			lines[i] = "\t" + l
		}
	}
	text := "if " + diag.Text(pass.Fset, r.reporter) + " {\n" + indent + "\t" + strings.Join(lines, "\n") + "\n" + indent + "}"
	if after != "" {
		text += "\n" + indent + after
	}
	f.Fix = &analysis.SuggestedFix{
		Message:   "Write only when " + r.name + " reports a change",
		TextEdits: []analysis.TextEdit{{Pos: r.prev.Pos(), End: end, NewText: []byte(text)}},
	}
	return f
}
