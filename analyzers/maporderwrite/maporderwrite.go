package maporderwrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/persist"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/taint"
)

// Doc is the structured documentation of RL1002.
var Doc = &checkdoc.Doc{
	ID:       "RL1002",
	Name:     "maporderwrite",
	Title:    "Map or cache iteration order persisted into an ordered field",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: "Go randomises the iteration order of maps. A list (or a joined string) built by ranging over " +
		"a map comes out in a different order on each reconcile, so the written object differs every time; so do " +
		"the items of a List served from an informer cache, which keeps its objects in a map. " +
		"Each write is a real change: it emits a watch event that starts the next reconcile, and for a pod " +
		"template it rolls out the pods again. The reconciler never converges.",
	Detection: "Reported: a value in map order stored into a slice or string field of an object that a write " +
		"then persists (with no guard, or with a guard that compares the field), also as part of a struct " +
		"stored whole (`desired.Keys = keysOf(m)`, then `w.Status = desired` behind `DeepEqual(w.Status, " +
		"desired)`). Map order enters where a key " +
		"or value of a `range` over a map (or over `maps.Keys`/`Values`/`All`) is appended to a slice or " +
		"concatenated to a string inside the loop, at `slices.Collect(maps.Keys(m))`, and at " +
		"`sets.Set.UnsortedList()` (seen through its summary). The items of a List served from an informer " +
		"cache come in the order of the cache's map too: a lister's `List`, `cache.Store`/`Indexer` lists, and " +
		"`List` through a controller-runtime `client.Client` (the manager's client reads from the cache; a " +
		"`client.Reader`, the type of the APIReader, and typed clientsets list in the API server's stable " +
		"order and are not sources), also when a package helper returns the list; appending items (or their " +
		"fields) in a loop over the list introduces the order, and conditions inside that loop only filter " +
		"which items are appended. Order also enters through a `(*sync.Map).Range` callback, through " +
		"`reflect.Value.MapKeys`, through writes into a `strings.Builder` or `bytes.Buffer` (`fmt.Fprintf(&b, …)`, " +
		"`b.WriteString`) inside a map range, also when a helper (of the package, or of another through its facts, also a function held in an " +
		"exported variable of that package) does the ranging or the " +
		"writing, and through the completion order of goroutines started in a loop (what they append to a " +
		"shared slice or send on a channel; no fix is offered for it, since the sort must wait for them), and through " +
		"a `select` whose cases receive values of two channels into one list (among the ready cases it picks one at " +
		"random; a case that only waits, such as `<-ctx.Done()`, and lists fed by one case each do not count). " +
		"A channel a helper makes, fills from goroutines started in a loop and returns carries their order to " +
		"the caller that ranges over it; a value put in the slot its own content names (`found[o.Index] = o`) " +
		"does not. A listing of a cache store used whole (`strings.Join(store.ListKeys(), \",\")`) is in its order too. " +
		"A helper's result built from a key or value inside the range (`out = append(out, f.line(k, v))`) is " +
		"in map order, so is the result of calling a function or an interface value taken from a map of several " +
		"(`parts = append(parts, describe(&w))` for each describer), and a call of an interface method runs the implementations whose values reach the " +
		"receiver (the layout a constructor chose), each with its own order. " +
		"The write and the conditions on the way are judged as for RL1001 " +
		"(stable conditions, deferred writes, cluster-api's patch helper). The finding is placed where the " +
		"order enters.\n\n" +
		"Not reported: the value is sorted before the write (`sort.*`, `slices.Sort*`, `slices.Sorted`, " +
		"`sets.List`), on the local or on the field, also inside the helper that builds it, or before it is " +
		"passed to a function (`sort.Strings(keys); strings.Join(keys, \",\")`); goroutines that each fill their " +
		"own slot of a slice; a list a merge patch does not send (its base copied after the store); order-free uses of a " +
		"list (its length, an item selected by name, a map keyed by item); map-to-map copies and commutative sums; the " +
		"functions of a map called in its order that only compute a key and a value each stored under its own key " +
		"(a map of annotators that do not store into the object); maps passed whole " +
		"to `json.Marshal` or `fmt` (which print them sorted); map-typed fields filled in map order with values that carry no " +
		"order (a label copy). A map whose values are ordered content rendered in map order (a properties file in " +
		"`Data`) is reported when it is stored whole (`got.Data = want.Data`). The object may be built by a constructor " +
		"of the package or of another (its facts), through a wrapper struct and accessors (`dep := model.Deployment(cm)`); " +
		"the keys may come from a collection helper of another module (`golang.org/x/exp/maps.Keys`), whose body is " +
		"analysed.",
	Before: `var env []corev1.EnvVar
for name, value := range app.Spec.Env {
	env = append(env, corev1.EnvVar{Name: name, Value: value})
}
dep.Spec.Template.Spec.Containers[0].Env = env`,
	After: `var env []corev1.EnvVar
for name, value := range app.Spec.Env {
	env = append(env, corev1.EnvVar{Name: name, Value: value})
}
slices.SortFunc(env, func(a, b corev1.EnvVar) int { return strings.Compare(a.Name, b.Name) })
dep.Spec.Template.Spec.Containers[0].Env = env`,
	Fix: "`slices.Collect(maps.Keys(m))` becomes `slices.Sorted(maps.Keys(m))`; `s.UnsortedList()` becomes " +
		"`sets.List(s)`; after a range-append loop into a local slice, `slices.Sort(<slice>)` is inserted " +
		"when the element type is ordered, or `slices.SortFunc(<slice>, func(a, b T) int { return " +
		"strings.Compare(a.Name, b.Name) })` when it has a `Name string` field. Other cases get no fix.",
}

// Analyzer reports RL1002.
var Analyzer = check.New(Doc, run, check.Requires(persist.Analyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	for _, p := range pass.ResultOf[persist.Analyzer].(*persist.Model).PersistedTaint(apis.MapOrder) {
		if p.Taint.Kinds&apis.MapOrder == 0 {
			continue
		}
		pos := p.Taint.Origin
		if !pos.IsValid() || diag.FileOf(pass, pos) == nil {
			pos = p.Store.Instr.Pos()
		}
		elsewhere := helperDecl(pass, p.Taint.Origin) // a helper of another package
		field := persist.FieldName(p.Store.Root, p.Store.Path)
		order := "a map iteration"
		switch p.Taint.Source {
		case taint.CacheListSource:
			order = "a List served from the informer cache (whose store is a map)"
		case taint.GoroutineOrderSource:
			order = "goroutines started in a loop (they finish in any order)"
		case taint.SelectOrderSource:
			order = "a select among ready channels (it picks one at random)"
		}
		msg := fmt.Sprintf("the order of %s reaches %s, written by %s: it changes from one reconcile to the next, so every write is a change; sort it before the write",
			order, field, p.Write.Write)
		f := diag.Finding{Pos: pos, End: pos, Message: msg}
		if sp := p.Store.Instr.Pos(); sp.IsValid() && sp != pos {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: sp, Message: "stored here"})
		}
		if wp := p.Write.Instr.Pos(); wp.IsValid() {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: wp, Message: "the write that persists it"})
		}
		if elsewhere.IsValid() {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: elsewhere, Message: "the helper whose result is in map order"})
		}
		if p.Taint.Source != taint.GoroutineOrderSource && p.Taint.Source != taint.SelectOrderSource {
			// Not where values arrive: the sort must wait for them all.
			f.Fix = sortFix(pass, pos)
		}
		rep.Report(f)
		n++
	}
	return n
}

// sortFix builds the fix for the place where map order enters.
func sortFix(pass *analysis.Pass, pos token.Pos) *analysis.SuggestedFix {
	call, ok := diag.Enclosing[*ast.CallExpr](pass, pos)
	if !ok {
		return nil
	}
	file := diag.FileOf(pass, pos)
	// slices.Collect(maps.Keys(m)) → slices.Sorted(maps.Keys(m)).
	if fn := calleeOf(pass, call); fn != nil && apis.IsCollect(apis.FuncOf(fn)) && fn.Name() == "Collect" {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || len(call.Args) != 1 || !ordered(elemOf(pass.TypesInfo.TypeOf(call))) {
			return nil
		}
		return &analysis.SuggestedFix{Message: "Sort the keys", TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Sorted")}}}
	}
	// s.UnsortedList() → sets.List(s).
	if fn := calleeOf(pass, call); fn != nil && apis.IsUnsortedList(apis.FuncOf(fn)) {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !ordered(elemOf(pass.TypesInfo.TypeOf(call))) {
			return nil
		}
		recv := diag.Source(pass, sel.X.Pos(), sel.X.End())
		if _, generic := pass.TypesInfo.TypeOf(sel.X).(*types.Named); generic && isGenericSet(pass.TypesInfo.TypeOf(sel.X)) {
			name, imp := diag.EnsureImport(pass, file, call.Pos(), apis.Sets, "sets")
			edits := append(imp, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte(name + ".List(" + recv + ")")})
			return &analysis.SuggestedFix{Message: "Use the sorted list", TextEdits: edits}
		}
		return &analysis.SuggestedFix{Message: "Use the sorted list", TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("List")}}}
	}
	// x = append(x, …) in a range over a map: sort x after the loop.
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "append" || len(call.Args) == 0 {
		return nil
	}
	target := ast.Unparen(call.Args[0])
	base := rootIdent(target)
	if base == nil {
		return nil
	}
	loop, ok := diag.Enclosing[*ast.RangeStmt](pass, pos)
	if !ok {
		return nil
	}
	switch pass.TypesInfo.TypeOf(loop.X).Underlying().(type) {
	case *types.Map, *types.Slice: // a map, or the items of a cached List
	default:
		return nil
	}
	if obj := pass.TypesInfo.Uses[base]; obj == nil || obj.Pos() > loop.Pos() {
		return nil // declared in the loop
	}
	lhs := &ast.Ident{Name: diag.Source(pass, target.Pos(), target.End())}
	elem := elemOf(pass.TypesInfo.TypeOf(target))
	if elem == nil {
		return nil
	}
	indent := diag.LineIndent(pass, loop.Pos())
	slicesName, edits := diag.EnsureImport(pass, file, loop.End(), "slices", "slices")
	var stmt string
	switch {
	case ordered(elem):
		stmt = fmt.Sprintf("%s.Sort(%s)", slicesName, lhs.Name)
	case hasNameField(elem):
		stringsName, imp := diag.EnsureImport(pass, file, loop.End(), "strings", "strings")
		edits = append(edits, imp...)
		tname := types.TypeString(elem, qualifier(pass, file))
		stmt = fmt.Sprintf("%s.SortFunc(%s, func(a, b %s) int { return %s.Compare(a.Name, b.Name) })", slicesName, lhs.Name, tname, stringsName)
	default:
		return nil
	}
	edits = append(edits, analysis.TextEdit{Pos: loop.End(), End: loop.End(), NewText: []byte("\n" + indent + stmt)})
	return &analysis.SuggestedFix{Message: "Sort the list after the loop", TextEdits: edits}
}

func calleeOf(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
	}
	return fn
}

func elemOf(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		return s.Elem()
	}
	return nil
}

// ordered reports whether t satisfies cmp.Ordered.
func ordered(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsOrdered) != 0
}

func hasNameField(t types.Type) bool {
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Name() == "Name" && types.Identical(f.Type(), types.Typ[types.String]) {
			return true
		}
	}
	return false
}

func isGenericSet(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.TypeArgs().Len() > 0
}

// qualifier names packages as the file imports them.
func qualifier(pass *analysis.Pass, file *ast.File) types.Qualifier {
	return func(p *types.Package) string {
		if p == pass.Pkg {
			return ""
		}
		if name, ok := diag.ImportName(file, p.Path()); ok {
			return name
		}
		return strings.ToLower(p.Name())
	}
}

// rootIdent returns the identifier at the base of x, x.f or x.f.g, or nil
// for other expressions.
func rootIdent(e ast.Expr) *ast.Ident {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return x
		case *ast.SelectorExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// helperDecl returns the declaration of the function called at pos when it
// belongs to another, non-standard-library package (argoutil.EnvMerge): the
// map order enters there.
func helperDecl(pass *analysis.Pass, pos token.Pos) token.Pos {
	if !pos.IsValid() || diag.FileOf(pass, pos) == nil {
		return token.NoPos
	}
	call, ok := diag.Enclosing[*ast.CallExpr](pass, pos)
	if !ok {
		return token.NoPos
	}
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return token.NoPos
	}
	if apis.IsStandard(fn.Pkg().Path()) {
		return token.NoPos
	}
	return fn.Pos()
}
