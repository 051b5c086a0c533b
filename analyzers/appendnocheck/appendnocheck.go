package appendnocheck

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// DefaultFields are the list fields checked by default.
const DefaultFields = "Finalizers,Containers,InitContainers,EphemeralContainers,Volumes,VolumeMounts,Env,EnvFrom,Ports,Tolerations,ImagePullSecrets,OwnerReferences"

// Doc is the structured documentation of RL2004.
var Doc = &checkdoc.Doc{
	ID:       "RL2004",
	Name:     "appendnocheck",
	Title:    "Append to a list of an object read from the API, with no membership test",
	Severity: checkdoc.Error,
	Since:    "v0.1.0",
	Rationale: "A reconcile runs again and again for the same object, so adding an element to a list of an " +
		"object that came from the API must be conditional on the element being absent. The API server " +
		"does not deduplicate finalizers (`ValidateFinalizers` checks only names and the orphan/foreground " +
		"conflict): every reconcile adds another copy, each addition is a real write, and its watch event " +
		"triggers the next reconcile. A duplicate container, volume or env name fails validation, so from " +
		"then on every reconcile fails. Finalizer findings are errors; for the other lists the severity is " +
		"best read as a warning.",
	Detection: "Reported: a store of `append(L, …)` back to the list `L` of an object filled from the API " +
		"(a `Get` or `List` into it, a typed-client, lister or indexer read, " +
		"`runtime.DefaultUnstructuredConverter.FromUnstructured` of such a read, " +
		"the result of a helper of the package that returns an object it read, the object of " +
		"`controllerutil.CreateOrUpdate`/`CreateOrPatch` appended to in its mutate func, the object of an " +
		"ObjectReconciler, or a parameter of a helper whose in-package caller passes such an object), where " +
		"`L` is `ObjectMeta.Finalizers` (also `SetFinalizers(append(GetFinalizers(), …))`) or one of the " +
		"configured list fields, and a later `Update`/`Patch` (or the `CreateOrUpdate` itself) writes the " +
		"object. The object is followed through helpers that return the object they were given " +
		"(`obj, err = r.updateStatus(obj)`), and a write of its `ToUnstructured` conversion (directly, or " +
		"in a helper of any package through its `ResultFromParam` fact) writes the object: the dynamic " +
		"client persists what was appended.\n\n" +
		"Not reported:\n" +
		"- appends decided by a test that looks at `L` (`slices.Contains[Func]`, " +
		"`controllerutil.ContainsFinalizer`, `sets.Has`, `len(L) == 0`, an element comparison in a loop), " +
		"by any G1 equality call, by a `found` flag set in a loop, or by a condition the model cannot " +
		"classify (silence beats a guess);\n" +
		"- appends after the list (or an enclosing field) was reset in the same function " +
		"(`L = nil`, `L = L[:0]`, `L = desired`, `RemoveFinalizer`);\n" +
		"- appends to freshly built desired objects, which are not read from the API;\n" +
		"- appends on failure paths, and appends whose object is never written back;\n" +
		"- appends made once by a marker: the write that persists the append also stores a constant under a " +
		"constant key of the object's annotations or labels, and the function runs only where a test of that key " +
		"on an object of the same type (in it or in its callers) found it absent, so the next pass skips it.\n\n" +
		"A test over another field (`if w.Status.Phase == \"\"`) or of the deletion timestamp is not a " +
		"membership test: when it stays true, the append repeats.",
	Before: `if w.DeletionTimestamp.IsZero() {
	w.Finalizers = append(w.Finalizers, fin)
	if err := r.Update(ctx, w); err != nil {
		return err
	}
}`,
	After: `if w.DeletionTimestamp.IsZero() {
	if controllerutil.AddFinalizer(w, fin) {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
}`,
	Fix: "Finalizers: the statement `X.Finalizers = append(X.Finalizers, F)` becomes " +
		"`controllerutil.AddFinalizer(X, F)`; when the next statement is the write of `X` (not a `return`), " +
		"the append is deleted and that write is wrapped as `if controllerutil.AddFinalizer(X, F) { <write> }`. " +
		"Lists whose elements have a `Name` (containers, init containers, volumes, env, image pull secrets): " +
		"the append is wrapped as `if !slices.ContainsFunc(L, func(e T) bool { return e.Name == V.Name }) { … }`. " +
		"`OwnerReferences`: no fix; use `controllerutil.SetOwnerReference` or `SetControllerReference`, " +
		"which replace an existing reference. No fix is offered for several appended elements, spread " +
		"arguments, or lists keyed by something else than a name (ports, volume mounts, tolerations, envFrom).",
	Options: []checkdoc.Option{{
		Name:    "fields",
		Default: DefaultFields,
		Text:    "comma-separated names of the list fields checked (matched on the last element of the field path)",
	}},
}

// Analyzer reports RL2004.
var Analyzer = check.New(Doc, run)

var fieldsFlag = DefaultFields

func init() {
	Analyzer.Flags.StringVar(&fieldsFlag, "fields", DefaultFields, Doc.Options[0].Text)
}

func fieldSet() map[string]bool {
	out := make(map[string]bool)
	for _, f := range strings.Split(fieldsFlag, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out[f] = true
		}
	}
	return out
}

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	apps := (&appends{s: s}).listAppends(fieldSet())
	sort.Slice(apps, func(i, j int) bool { return apps[i].Instr.Pos() < apps[j].Instr.Pos() })
	n := 0
	for _, a := range apps {
		pos := a.Append.Pos()
		stmt, _, _, ok := diag.StmtInBlock(pass, pos)
		if !ok {
			continue
		}
		what := "Finalizers"
		if a.Field != "Finalizers" {
			what = a.PathString()
		}
		var advice string
		switch a.Field {
		case "Finalizers":
			advice = "use controllerutil.AddFinalizer, which adds it only when absent"
		case "OwnerReferences":
			advice = "use controllerutil.SetOwnerReference or SetControllerReference, which replace an existing reference"
		default:
			advice = "test that the element is absent first (slices.ContainsFunc)"
		}
		consequence := "every reconcile adds another copy"
		if a.Field != "Finalizers" && a.Field != "OwnerReferences" {
			consequence = "every reconcile adds another copy, and a duplicate name fails validation"
		}
		msg := fmt.Sprintf("append to %s of an object read from the API has no membership test: %s, and %s persists it; %s",
			what, consequence, a.WriteWhat, advice)
		f := diag.Finding{
			Pos:     stmt.Pos(),
			End:     stmt.End(),
			Message: msg,
			Related: related(a),
		}
		switch {
		case a.Field == "Finalizers":
			f.Fix = finalizerFix(pass, s, a, stmt)
		case a.Field != "OwnerReferences":
			f.Fix = containsFix(pass, a, stmt)
		}
		rep.Report(f)
		n++
	}
	return n
}

func related(a *listAppend) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	if a.Read.IsValid() {
		out = append(out, analysis.RelatedInformation{Pos: a.Read, Message: "the object is " + a.ReadWhat + " here"})
	}
	for _, c := range a.Via {
		out = append(out, analysis.RelatedInformation{Pos: c.Pos(), Message: "the object is passed to the helper here"})
	}
	if a.Write.IsValid() {
		out = append(out, analysis.RelatedInformation{Pos: a.Write, Message: "the write that persists the list (" + a.WriteWhat + ")"})
	}
	return out
}

// appendCall returns the append call expression stored by stmt, with the
// assignment, when stmt is `L = append(L, e)` or `X.SetFinalizers(append(…))`.
func appendCall(pass *analysis.Pass, stmt ast.Stmt) (lhs ast.Expr, call *ast.CallExpr) {
	isAppend := func(e ast.Expr) *ast.CallExpr {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return nil
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		if !ok {
			return nil
		}
		if b, ok := pass.TypesInfo.Uses[id].(*types.Builtin); !ok || b.Name() != "append" {
			return nil
		}
		return c
	}
	switch st := stmt.(type) {
	case *ast.AssignStmt:
		if len(st.Lhs) == 1 && len(st.Rhs) == 1 && st.Tok == token.ASSIGN {
			if c := isAppend(st.Rhs[0]); c != nil {
				return st.Lhs[0], c
			}
		}
	case *ast.ExprStmt:
		if c, ok := st.X.(*ast.CallExpr); ok && len(c.Args) == 1 {
			if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "SetFinalizers" {
				if ac := isAppend(c.Args[0]); ac != nil {
					return sel.X, ac
				}
			}
		}
	}
	return nil, nil
}

// objectExpr returns the source text of a pointer to the object whose
// Finalizers are assigned by lhs (x.Finalizers, x.ObjectMeta.Finalizers),
// or of the receiver of SetFinalizers.
func objectExpr(pass *analysis.Pass, lhs ast.Expr) string {
	e := ast.Unparen(lhs)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "Finalizers" {
		e = ast.Unparen(sel.X)
		if sel2, ok := e.(*ast.SelectorExpr); ok && sel2.Sel.Name == "ObjectMeta" {
			e = ast.Unparen(sel2.X)
		}
	}
	t := pass.TypesInfo.TypeOf(e)
	if t == nil {
		return ""
	}
	text := diag.Text(pass.Fset, e)
	if text == "" {
		return ""
	}
	if _, isPtr := t.Underlying().(*types.Pointer); isPtr && apis.IsObject(t) {
		return text
	}
	if apis.IsObject(types.NewPointer(t)) {
		if _, ok := e.(*ast.Ident); ok {
			return "&" + text
		}
		if _, ok := e.(*ast.SelectorExpr); ok {
			return "&" + text
		}
	}
	return ""
}

// finalizerFix replaces the append by controllerutil.AddFinalizer, or,
// when the next statement writes the object, wraps that write.
func finalizerFix(pass *analysis.Pass, s *summary.Summary, a *listAppend, stmt ast.Stmt) *analysis.SuggestedFix {
	lhs, call := appendCall(pass, stmt)
	if call == nil || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return nil
	}
	obj := objectExpr(pass, lhs)
	if obj == "" {
		return nil
	}
	fin := diag.Source(pass, call.Args[1].Pos(), call.Args[1].End())
	file := diag.FileOf(pass, stmt.Pos())
	if fin == "" || file == nil {
		return nil
	}
	name, edits := diag.EnsureImport(pass, file, stmt.Pos(), apis.Controllerutil, "controllerutil")
	add := name + ".AddFinalizer(" + obj + ", " + fin + ")"
	_, list, idx, ok := diag.StmtInBlock(pass, stmt.Pos())
	if !ok {
		return nil
	}
	if idx+1 < len(list) && a.Write.IsValid() {
		next := list[idx+1]
		if _, isRet := next.(*ast.ReturnStmt); !isRet && next.Pos() <= a.Write && a.Write < next.End() {
			if wrap, ok := diag.WrapInIf(pass, next, add, ""); ok {
				del := analysis.TextEdit{Pos: lineStart(pass, stmt.Pos()), End: lineStart(pass, next.Pos())}
				edits = append(edits, del, wrap)
				return &analysis.SuggestedFix{Message: "Add the finalizer with controllerutil.AddFinalizer and write only when it was added", TextEdits: edits}
			}
		}
	}
	end := stmt.End()
	edits = append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: end, NewText: []byte(add)})
	return &analysis.SuggestedFix{Message: "Add the finalizer with controllerutil.AddFinalizer", TextEdits: edits}
}

// lineStart returns the position of the start of the line of pos.
func lineStart(pass *analysis.Pass, pos token.Pos) token.Pos {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return pos
	}
	return tf.LineStart(tf.Line(pos))
}

// containsFix wraps the append in a slices.ContainsFunc test by name.
func containsFix(pass *analysis.Pass, a *listAppend, stmt ast.Stmt) *analysis.SuggestedFix {
	switch a.Field {
	case "Ports", "VolumeMounts", "Tolerations", "EnvFrom":
		return nil
	}
	_, call := appendCall(pass, stmt)
	if call == nil || len(call.Args) != 2 || call.Ellipsis.IsValid() {
		return nil
	}
	lt := pass.TypesInfo.TypeOf(call.Args[0])
	if lt == nil || !elemHasName(lt) {
		return nil
	}
	elemT := lt.Underlying().(*types.Slice).Elem()
	file := diag.FileOf(pass, stmt.Pos())
	if file == nil {
		return nil
	}
	qual := func(p *types.Package) string {
		if p == pass.Pkg {
			return ""
		}
		if n, ok := diag.ImportName(file, p.Path()); ok {
			return n
		}
		return "\x00"
	}
	tname := types.TypeString(elemT, qual)
	if strings.Contains(tname, "\x00") {
		return nil
	}
	// The name of the appended element.
	var nameExpr string
	switch v := ast.Unparen(call.Args[1]).(type) {
	case *ast.CompositeLit:
		for _, el := range v.Elts {
			kv, ok := el.(*ast.KeyValueExpr)
			if !ok {
				continue
			}
			if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "Name" {
				switch kv.Value.(type) {
				case *ast.BasicLit, *ast.Ident, *ast.SelectorExpr:
					nameExpr = diag.Source(pass, kv.Value.Pos(), kv.Value.End())
				}
			}
		}
	case *ast.Ident, *ast.SelectorExpr:
		nameExpr = diag.Source(pass, v.Pos(), v.End()) + ".Name"
	}
	list := diag.Source(pass, call.Args[0].Pos(), call.Args[0].End())
	if nameExpr == "" || list == "" {
		return nil
	}
	e := diag.FreshName(pass, stmt.Pos(), "e")
	name, edits := diag.EnsureImport(pass, file, stmt.Pos(), "slices", "slices")
	cond := fmt.Sprintf("!%s.ContainsFunc(%s, func(%s %s) bool { return %s.Name == %s })", name, list, e, tname, e, nameExpr)
	wrap, ok := diag.WrapInIf(pass, stmt, cond, "")
	if !ok {
		return nil
	}
	edits = append(edits, wrap)
	return &analysis.SuggestedFix{Message: "Append only when no element has the same name", TextEdits: edits}
}
