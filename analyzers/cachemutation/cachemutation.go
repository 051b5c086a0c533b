package cachemutation

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/cacheowner"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL6001.
var Doc = &checkdoc.Doc{
	ID:       "RL6001",
	Name:     "cachemutation",
	Title:    "Object owned by the informer cache mutated without a DeepCopy",
	Severity: checkdoc.Error,
	Since:    "v0.1.0",
	Rationale: `Listers, ` + "`cache.Store`" + `/` + "`cache.Indexer`" + ` reads, the objects handed to event handlers
and predicates, and controller-runtime reads made with ` + "`client.UnsafeDisableDeepCopy`" + `
return the informer's own objects, not copies. A change to one is not sent to the
API server, but every later read of the cache (by this controller and by every
other controller in the process) sees it until the next watch event replaces the
object. The controller then compares desired state against a corrupted "observed"
state: updates that are needed are skipped, finalizers appear or vanish, and
concurrent readers race with the writer. The bug is intermittent and survives
restarts only in the form of wrong writes it caused.`,
	Detection: `Reported: a store into an object owned by the cache, in any function of the
package: an assignment or map update into one of its fields, a metadata setter
(` + "`SetLabels`" + `, ` + "`SetManagedFields`" + `, …), ` + "`controllerutil.AddFinalizer`" + `/` + "`RemoveFinalizer`" + `,
` + "`meta.SetStatusCondition`" + `, or a call of a helper whose summary stores into that
argument. Cache-owned objects are the results of client-go and generated listers
(a project's own lister-gen output is known by its shape, ` + "`List(labels.Selector) ([]*T, error)`" + `,
wherever it lives),
of ` + "`cache.GenericLister`" + `, of the dynamic lister, and of ` + "`Store`" + `/` + "`Indexer`" + ` ` + "`Get`" + `,
` + "`GetByKey`" + `, ` + "`List`" + `, ` + "`ByIndex`" + `; the objects of informer callbacks (` + "`AddFunc`" + `,
` + "`OnUpdate`" + `, …) and of controller-runtime handlers, predicates and map funcs
(` + "`e.Object`" + `, ` + "`e.ObjectNew`" + `, …, but not generic events, which come from your
own channel); objects read by ` + "`Get`" + `/` + "`List`" + ` with ` + "`client.UnsafeDisableDeepCopy`" + `; and
results of helpers that return any of these, in the same package or, through the
` + "`ReturnsCacheOwned`" + ` fact, in another. A conversion with
` + "`runtime.DefaultUnstructuredConverter.ToUnstructured`" + ` (or a helper of any package
that wraps it, through its ` + "`ResultFromParam`" + ` fact) of a cached object that is, or
may be, an ` + "`*unstructured.Unstructured`" + ` (its static type is ` + "`Unstructured`" + ` or an interface
such as ` + "`runtime.Object`" + `) stays owned by the cache: for an Unstructured the converter
returns the object's own content map, so ` + "`&unstructured.Unstructured{Object: m}`" + `
shares every map with the cache (karmada's informer-cache mutation).

Not reported: objects from a default controller-runtime ` + "`Get`" + ` or ` + "`List`" + ` (the cache
reader deep-copies them), values reassigned from ` + "`DeepCopy`" + ` before the store,
conversions of typed objects (the converter builds new maps),
stores into the slice a lister returns (sorting it, replacing an element), and
stores before an unsafe read. An unsafe ` + "`Get`" + ` copies the cached struct into your
variable, so only stores through its maps and slices (labels, finalizers,
conditions, containers) and in-place mutators (` + "`RemoveFinalizer`" + `,
` + "`SetStatusCondition`" + `) reach the cache; the same holds for a shallow copy
` + "`cp := *cached`" + `. Caches configured with a transform that copies objects are not
understood: suppress the finding there.`,
	Before: `pod, err := c.podLister.Pods(ns).Get(name)
if err != nil {
	return err
}
pod.Labels["example.com/seen"] = "true"
_, err = c.client.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})`,
	After: `pod, err := c.podLister.Pods(ns).Get(name)
if err != nil {
	return err
}
pod = pod.DeepCopy()
pod.Labels["example.com/seen"] = "true"
_, err = c.client.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})`,
	Fix: "Inserts `X = X.DeepCopy()` after the statement that obtained X (after its " +
		"`if err != nil` check when one follows), when X is a variable of a type with a generated " +
		"`DeepCopy` and the store is in the same function. For an `UnsafeDisableDeepCopy` read, " +
		"deletes that option instead. No fix for event objects, list elements or objects from " +
		"helpers: copy them where you change them.",
}

// Analyzer reports RL6001.
var Analyzer = check.New(Doc, run, check.Requires(cacheowner.Analyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	fixed := make(map[token.Pos]bool) // one fix per source
	// A helper that mutates its argument, called on the same cached
	// object from several places, is one bug: report the first call and
	// list the others as related positions.
	type key struct {
		src token.Pos
		via types.Object
	}
	first := make(map[key]*mutation)
	also := make(map[*mutation][]token.Pos)
	var muts []*mutation
	for _, m := range mutations(s, pass.ResultOf[cacheowner.Analyzer].(*cacheowner.Model)) {
		if !m.Effect.Instr.Pos().IsValid() {
			continue
		}
		if m.Effect.Via != nil {
			k := key{m.Owner.Pos, m.Effect.Via}
			if f := first[k]; f != nil {
				also[f] = append(also[f], m.Effect.Instr.Pos())
				continue
			}
			first[k] = m
		}
		muts = append(muts, m)
	}
	for _, m := range muts {
		e := m.Effect
		pos := e.Instr.Pos()
		end := pos
		if stmt, _, _, ok := diag.StmtInBlock(pass, pos); ok {
			end = stmt.End()
		}
		path, src := e.Path, m.Owner.What
		if len(path) > 0 && path[0] == "[]" {
			path, src = path[1:], "an element of "+src
		}
		what := "a store into " + summary.PathString(path)
		if e.Via != nil {
			what = fmt.Sprintf("%s, through %s,", what, e.Via.Name())
		}
		if m.Owner.Site != "" {
			src += " (" + m.Owner.Site + ")"
		}
		msg := fmt.Sprintf("%s changes an object owned by the informer cache: %s. "+
			"The change is not sent to the API server, but every later read of the cache sees it; "+
			"DeepCopy the object before changing it", what, src)
		f := diag.Finding{Pos: pos, End: end, Message: msg}
		if m.Owner.Pos.IsValid() && m.Owner.Pos != pos {
			f.Related = []analysis.RelatedInformation{{Pos: m.Owner.Pos, Message: "the cached object comes from here"}}
		}
		for _, p := range also[m] {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: p, Message: "another call that changes the same cached object"})
		}
		if n := len(also[m]); n > 0 {
			msg += fmt.Sprintf(" (and %d more calls of %s on it)", n, e.Via.Name())
			f.Message = msg
		}
		if !fixed[m.Owner.Pos] {
			if fix := deepCopyFix(pass, s, m); fix != nil {
				f.Fix = fix
				fixed[m.Owner.Pos] = true
			}
		}
		rep.Report(f)
		n++
	}
	return n
}

// deepCopyFix returns the fix for a mutation: drop the unsafe option, or
// insert X = X.DeepCopy() after the statement that obtained X.
func deepCopyFix(pass *analysis.Pass, s *summary.Summary, m *mutation) *analysis.SuggestedFix {
	own := m.Owner
	switch {
	case own.Unsafe != nil && own.Read != nil:
		return dropUnsafeOption(pass, own.Read.Pos())
	case own.Handler != nil || own.Shallow || own.Site != "":
		return nil
	}
	e := m.Effect
	if len(e.Path) > 0 && e.Path[0] == "[]" {
		return nil // an element of a list
	}
	if !apis.HasDeepCopy(e.Root.Type()) {
		return nil
	}
	var call ssa.Value = e.Root
	if x, ok := e.Root.(*ssa.Extract); ok {
		if x.Index != 0 {
			return nil
		}
		call = x.Tuple
	}
	c, ok := call.(*ssa.Call)
	if !ok || c.Parent() != m.Fn && !encloses(c.Parent(), m.Fn) {
		return nil
	}
	stmt, list, i, ok := diag.StmtInBlock(pass, c.Pos())
	if !ok {
		return nil
	}
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" || !(as.Rhs[0].Pos() <= c.Pos() && c.Pos() < as.Rhs[0].End()) {
		return nil
	}
	if obj := pass.TypesInfo.ObjectOf(id); obj == nil || !types.Identical(obj.Type(), e.Root.Type()) {
		return nil
	}
	after := stmt
	if len(as.Lhs) == 2 && i+1 < len(list) {
		if errID, ok := as.Lhs[1].(*ast.Ident); ok && errID.Name != "_" {
			if next, ok := list[i+1].(*ast.IfStmt); ok && next.Init == nil && mentions(next.Cond, errID.Name) {
				after = next
			}
		}
	}
	indent := diag.LineIndent(pass, stmt.Pos())
	text := fmt.Sprintf("\n%s%s = %s.DeepCopy()", indent, id.Name, id.Name)
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("DeepCopy %s before changing it", id.Name),
		TextEdits: []analysis.TextEdit{{Pos: after.End(), End: after.End(), NewText: []byte(text)}},
	}
}

// dropUnsafeOption deletes the client.UnsafeDisableDeepCopy argument of the
// call at pos.
func dropUnsafeOption(pass *analysis.Pass, pos token.Pos) *analysis.SuggestedFix {
	call, ok := diag.Enclosing[*ast.CallExpr](pass, pos)
	if !ok {
		return nil
	}
	for i, a := range call.Args {
		tv, ok := pass.TypesInfo.Types[a]
		if !ok || i == 0 || !apis.IsUnsafeDisableDeepCopyOption(tv.Type, tv.Value) {
			continue
		}
		return &analysis.SuggestedFix{
			Message:   "Drop client.UnsafeDisableDeepCopy so that the read returns a copy",
			TextEdits: []analysis.TextEdit{{Pos: call.Args[i-1].End(), End: a.End()}},
		}
	}
	return nil
}

// mentions reports whether the expression uses the identifier name.
func mentions(e ast.Expr, name string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// encloses reports whether inner is a closure nested in outer.
func encloses(outer, inner *ssa.Function) bool {
	for f := inner.Parent(); f != nil; f = f.Parent() {
		if f == outer {
			return true
		}
	}
	return false
}
