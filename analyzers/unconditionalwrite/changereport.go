package unconditionalwrite

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
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
// which condition it needs. It is not reported when a condition over the
// same state (the finalizers, or the conditions) already decides whether
// the two statements run, nor when the function stored into the object
// before the report (the write may be there for that change too).

// ignoredReport is a write preceded by a discarded change report.
type ignoredReport struct {
	w        *summary.Write
	reporter *ast.CallExpr // the change-report call
	prev     ast.Stmt      // its statement
	stmt     ast.Stmt      // the write's statement
	name     string        // e.g. "controllerutil.AddFinalizer"
}

// findIgnoredReport returns the change report that the write w directly
// follows, when its result is discarded and nothing over the same state
// guards the pair.
func findIgnoredReport(pass *analysis.Pass, s *summary.Summary, w *summary.Write, call *ast.CallExpr) (ignoredReport, bool) {
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
	fn, ok := typeutil.Callee(pass.TypesInfo, rc).(*types.Func)
	if !ok || !apis.IsChangeReporter(apis.FuncOf(fn)) || len(rc.Args) == 0 {
		return ignoredReport{}, false
	}
	r := ignoredReport{w: w, reporter: rc, prev: es, stmt: stmt, name: qualified(fn)}
	ssaCall := callAt(w.Fn, rc)
	if ssaCall == nil || len(ssaCall.Call.Args) == 0 {
		return ignoredReport{}, false
	}
	reported, _ := s.RootOf(ssaCall.Call.Args[0])
	if w.Object != nil {
		// A direct write (or a helper given the object) must write the
		// object whose change was reported.
		if root, _ := s.RootOf(w.Object); root != reported {
			return ignoredReport{}, false
		}
	}
	// A store into the object before the report (in this function), in the
	// part the write persists, may be what it writes: the report alone does
	// not decide it.
	for _, e := range s.Effects(w.Fn) {
		if e.Kind == summary.StoreEffect && e.Root == reported && e.Instr != ssa.Instruction(ssaCall) &&
			!summary.IsServerManagedPath(e.Path) && summary.IsStatusPath(e.Path) == w.Kind.IsStatus() &&
			reaches(e.Instr, ssaCall) {
			return ignoredReport{}, false
		}
	}
	state := stateOf(fn)
	if guardedBy(s, w.Fn, ssaCall.Block(), state) {
		return ignoredReport{}, false
	}
	for _, via := range s.Chain(w.Fn) {
		if guardedBy(s, via.Parent(), via.Block(), state) {
			return ignoredReport{}, false
		}
	}
	return r, true
}

// reaches reports whether control can flow from instruction a to
// instruction b of the same function: a precedes b in one block, or b's
// block is reachable from a's.
func reaches(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil || ab.Parent() != bb.Parent() {
		return false
	}
	if ab == bb {
		for _, instr := range ab.Instrs {
			switch instr {
			case a:
				return true
			case b:
				return false
			}
		}
		return false
	}
	seen := map[*ssa.BasicBlock]bool{ab: true}
	work := []*ssa.BasicBlock{ab}
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		for _, succ := range blk.Succs {
			if succ == bb {
				return true
			}
			if !seen[succ] {
				seen[succ] = true
				work = append(work, succ)
			}
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

// guardedBy reports whether a guard of block b in fn reads the state.
func guardedBy(s *summary.Summary, fn *ssa.Function, b *ssa.BasicBlock, state string) bool {
	if fn == nil || b == nil {
		return false
	}
	_, guards := s.Func(fn).StatusOf(b)
	for _, d := range guards {
		if ifi := d.If(); ifi != nil && readsState(ifi.Cond, state, make(map[ssa.Value]bool), 0) {
			return true
		}
	}
	return false
}

// readsState reports whether v is computed from the finalizers or the
// conditions of an object: a field of that name, a getter of it, or a
// finalizer or condition test.
func readsState(v ssa.Value, state string, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > 12 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.FieldAddr:
		if fieldNameOf(x.X.Type(), x.Field) == state {
			return true
		}
	case *ssa.Field:
		if fieldNameOf(x.X.Type(), x.Field) == state {
			return true
		}
	case *ssa.Call:
		if callee := summary.CalleeOf(&x.Call); callee != nil {
			f := apis.FuncOf(callee)
			switch {
			case state == apis.FinalizersField && apis.ClassifyFinalizerCall(f) != apis.NoFinalizerOp:
				return true
			case state == apis.ConditionsField && apis.IsConditionTest(f):
				return true
			}
		}
	}
	var ops []*ssa.Value
	if instr, ok := v.(ssa.Instruction); ok {
		ops = instr.Operands(ops)
	}
	for _, op := range ops {
		if op != nil && readsState(*op, state, seen, depth+1) {
			return true
		}
	}
	return false
}

func fieldNameOf(t types.Type, i int) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return ""
	}
	return st.Field(i).Name()
}

// finding builds the finding, with the fix that moves the write under the
// change report.
func (r ignoredReport) finding(pass *analysis.Pass, call *ast.CallExpr, what string) diag.Finding {
	msg := fmt.Sprintf("%s of %s runs on every reconcile: %s reports whether it changed the object, but its result is ignored; "+
		"write only when it returns true", r.w.Method(), what, r.name)
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
