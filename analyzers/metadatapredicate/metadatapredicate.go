package metadatapredicate

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/metareads"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/wiring"
)

// Doc is the structured documentation of RL4002.
var Doc = &checkdoc.Doc{
	ID:       "RL4002",
	Name:     "metadatapredicate",
	Title:    "Labels, annotations or the spec of the primary object decide the reconcile behind a predicate that drops their changes",
	Severity: checkdoc.Warning,
	Since:    "v0.2.0",
	Rationale: "`metadata.generation` changes only with the spec: the API server does not bump it for a change of\n" +
		"labels or annotations. A reconciler whose behaviour depends on a label or an annotation of its primary\n" +
		"object (a `paused` annotation, a replica count or a schedule from a label, a `reconcile-at` annotation,\n" +
		"labels copied onto the objects it creates) but whose primary watch is filtered by\n" +
		"`GenerationChangedPredicate` never sees that change: the update is dropped before the queue, and the\n" +
		"new value takes effect only when the spec changes next or the controller restarts and lists every\n" +
		"object again. Users who set the annotation see nothing happen. A predicate that drops spec changes\n" +
		"(`LabelChangedPredicate` or `AnnotationChangedPredicate` alone, an `UpdateFunc` that returns false)\n" +
		"does the same to every edit of the spec, when the reconciler reads it.",
	Detection: "Reported: the primary watch of a controller (the builder's `For`, its `WithEventFilter`, or " +
		"`controller.New` with `source.Kind` and `EnqueueRequestForObject`, as for RL4001) when\n\n" +
		"- its predicates (ANDed) block an update that changes only the labels, or only the annotations, of " +
		"an object of a kind that sets `metadata.generation` (CRDs and most built-in kinds): " +
		"`GenerationChangedPredicate` blocks both; `LabelChangedPredicate` blocks annotation-only updates and " +
		"`AnnotationChangedPredicate` label-only ones; `predicate.Or`, `And`, `Not`, predicates of other " +
		"packages (their facts), predicate types of your own, the `UpdateFunc` of a `predicate.Funcs`, and `For` " +
		"options held in package-level variables or built by helpers, closures and closures held in package-level " +
		"variables are evaluated as RL4001 " +
		"evaluates them (an update function that asserts its objects to a type with `o, ok := e.ObjectNew.(*T)` " +
		"is evaluated for the kind the watch delivers: for objects of another kind the assertion fails); and\n" +
		"- the reconcile scope of the wired reconciler (its `Reconcile` and the functions of its package it " +
		"reaches, closures included) reads a label or an annotation of an object of the primary kind, through " +
		"`GetLabels()`/`GetAnnotations()`, the `Labels`/`Annotations` fields, `metav1.HasLabel`/`HasAnnotation`, " +
		"`labels.Set(m).Get(k)` or a helper of another package (its `FuncMetadata` fact), and the " +
		"value decides something: it reaches a branch, a value stored into an object or a struct (labels " +
		"copied onto a child, a field of the `Result`), an argument of an API call (a label selector built " +
		"from the labels) or the reconcile's result. The value is followed through conversions, " +
		"comparisons, `strconv`-style calls, local variables, helpers of the package (parameters and " +
		"results) and closures.\n\n" +
		"Also reported: a primary watch (of such a kind) whose predicates block an update that changes the " +
		"spec (and so the generation) and nothing else, when the reconcile scope reads the spec of an object of " +
		"the primary kind (a load of its `Spec` field or of a field inside it, or its address handed to a call); " +
		"and a primary watch whose update function compares some fields of the spec only (`old.Spec.Image != " +
		"new.Spec.Image`) and so drops an update of any other, when the reconcile scope reads a field of the spec " +
		"that none of the compared fields names (a read of the whole spec names no field and is not enough).\n\n" +
		"The finding is at the predicate; it names the keys and the first place each decides, with related " +
		"positions at the reads (for the spec, the first read).\n\n" +
		"Not reported:\n\n" +
		"- a value that only reaches a log line, an Event, an error message or a nil test of the whole map;\n" +
		"- keys the reconciler sets itself with a constant key (`m[\"k\"] = v`, `metav1.SetMetaDataAnnotation`): " +
		"its own bookkeeping, which it does not need to be told about;\n" +
		"- labels and annotations read only from objects of other kinds;\n" +
		"- kinds that never set `metadata.generation` (ConfigMap, Secret, …): there `GenerationChangedPredicate` " +
		"drops every update, which RL4001 reports when the reconciler manages finalizers;\n" +
		"- a primary watch whose predicates pass the update: `predicate.Or(GenerationChangedPredicate{}, " +
		"AnnotationChangedPredicate{})`, a `LabelChangedPredicate` for label reads, an `UpdateFunc` the " +
		"analysis proves passes it, and predicates it cannot evaluate (silence beats a guess).",
	Before: `func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	…
	if w.Annotations["example.com/paused"] == "true" {
		return ctrl.Result{}, nil
	}
	…
}

func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&examplev1.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}`,
	After: `func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&examplev1.Widget{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))).
		Complete(r)
}`,
	Fix: "Replaces `predicate.GenerationChangedPredicate{}` with `predicate.Or(predicate.GenerationChangedPredicate{}, " +
		"predicate.AnnotationChangedPredicate{})`, with `LabelChangedPredicate{}` for label reads, or both. " +
		"Offered when the finding has exactly one blocking predicate, a `GenerationChangedPredicate{}` literal of a " +
		"builder chain; not for typed predicates of `source.Kind`, nor for predicates declared in variables or built " +
		"by helpers and closures.",
}

// Analyzer reports RL4002.
var Analyzer = check.New(Doc, check.PerWiring(checkWiring), check.Requires(wiring.Analyzer, metareads.Analyzer))

// metaFields are the metadata maps whose changes the check follows, with
// the predicate that passes their updates.
var metaFields = []struct{ field, noun, pred string }{
	{apis.LabelsField, "label", "LabelChangedPredicate"},
	{apis.AnnotationsField, "annotation", "AnnotationChangedPredicate"},
}

// checkWiring evaluates one wiring.
func checkWiring(pass *analysis.Pass, s *summary.Summary, m *wiring.Model, w *wiring.Wiring) (diag.Finding, bool) {
	if w.Primary == nil || w.Reconciler == nil || len(w.Predicates) == 0 {
		return diag.Finding{}, false
	}
	if genLess, known := apis.IsGenerationLessKind(w.Primary); known && genLess {
		return diag.Finding{}, false
	}
	if ti := s.TypeInfoOf(w.Primary); ti != nil && ti.GenerationTracked == summary.TriNo {
		return diag.Finding{}, false
	}
	all := wiring.AndPredicates(w.Predicates)
	ri := m.ReconcilerOf(w)
	if ri == nil {
		return diag.Finding{}, false
	}
	md := pass.ResultOf[metareads.Analyzer].(*metareads.Result).Of(ri)
	specReads := metareads.MetadataKeysOf(md.SpecReads, w.Primary)
	if all.Value.Spec == wiring.PredBlock && len(specReads) > 0 {
		return specFinding(w, ri, specReads[0]), true
	}
	if all.Value.SpecOther == wiring.PredBlock && len(all.Value.SpecCompared) > 0 && !all.Negated {
		if missed := uncompared(specReads, all.Value.SpecCompared); len(missed) > 0 {
			return partialSpecFinding(w, ri, all.Value.SpecCompared, missed), true
		}
	}
	reads := metareads.MetadataKeysOf(md.Reads, w.Primary)
	own := map[string]bool{}
	for _, k := range metareads.MetadataKeysOf(md.Writes, w.Primary) {
		own[k.Field+"\x00"+k.Key] = true
	}
	var missed []metareads.MetadataKey
	var fields []int
	for i, mf := range metaFields {
		if all.Value.MetadataFor(mf.field) != wiring.PredBlock {
			continue
		}
		n := len(missed)
		for _, r := range reads {
			if r.Field == mf.field && !own[r.Field+"\x00"+r.Key] {
				missed = append(missed, r)
			}
		}
		if len(missed) > n {
			fields = append(fields, i)
		}
	}
	if len(missed) == 0 {
		return diag.Finding{}, false
	}
	// The predicates of the list that block a reported update.
	leaves, pos, end := w.Culprits(func(v wiring.PredicateValue) bool {
		for _, i := range fields {
			if v.MetadataFor(metaFields[i].field) == wiring.PredBlock {
				return true
			}
		}
		return false
	})
	var nouns []string
	for _, i := range fields {
		nouns = append(nouns, metaFields[i].noun+"s")
	}
	kind := "object"
	if _, name, ok := apis.NamedOf(w.Primary); ok {
		kind = name
	}
	msg := fmt.Sprintf("%s on the primary watch drops updates that change only the %s of %s (they do not bump metadata.generation), "+
		"but %s decides on %s: a change of it is not reconciled until the spec changes or the controller restarts",
		wiring.PredicateNames(leaves), strings.Join(nouns, " or "), kind, ri.EntryFunc, keysPhrase(missed))
	f := diag.Finding{Pos: pos, End: end, Message: msg}
	for _, u := range wiring.UpdateSites(leaves, pos, end) {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: u, Message: "the predicate's update function decides here"})
	}
	for _, r := range missed {
		if p := r.Pos(); p.IsValid() && len(f.Related) < 5 {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: p, Message: fmt.Sprintf("%s decides %s here", keyName(r), r.Decides)})
		}
	}
	if w.Wired.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: w.Wired, Message: "the reconciler is wired here"})
	}
	if w.Builder && len(leaves) == 1 && !all.Negated {
		var preds []string
		for _, i := range fields {
			preds = append(preds, metaFields[i].pred)
		}
		f.Fix = orFix(pass, leaves[0], preds, strings.Join(nouns, " or "))
	}
	return f, true
}

// specFinding reports a primary watch whose predicates drop the updates
// that change the spec, of a reconciler that reads the spec (at read).
func specFinding(w *wiring.Wiring, ri *wiring.ReconcilerInfo, read metareads.MetadataKey) diag.Finding {
	leaves, pos, end := w.Culprits(func(v wiring.PredicateValue) bool { return v.Spec == wiring.PredBlock })
	kind := "object"
	if _, name, ok := apis.NamedOf(w.Primary); ok {
		kind = name
	}
	msg := fmt.Sprintf("%s on the primary watch drops updates that change the spec of %s (they bump metadata.generation), "+
		"but %s (or a function it calls) reads the spec (%s): a change of the spec is not reconciled until something the predicate passes changes "+
		"or the controller restarts; pass spec changes (predicate.GenerationChangedPredicate in a predicate.Or)",
		wiring.PredicateNames(leaves), kind, ri.EntryFunc, diag.ShortSite(read.Site))
	f := diag.Finding{Pos: pos, End: end, Message: msg}
	for _, u := range wiring.UpdateSites(leaves, pos, end) {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: u, Message: "the predicate's update function decides here"})
	}
	if p := read.Pos(); p.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: p, Message: "the spec is read here"})
	}
	if w.Wired.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: w.Wired, Message: "the reconciler is wired here"})
	}
	return f
}

// uncompared returns the reads of fields of the spec (Key set) that no
// compared path ("Spec.Image") names, contains or is contained in.
func uncompared(reads []metareads.MetadataKey, compared []string) []metareads.MetadataKey {
	var out []metareads.MetadataKey
	for _, r := range reads {
		if r.Key == "" {
			continue
		}
		p := apis.SpecField + "." + r.Key
		if !slices.ContainsFunc(compared, func(c string) bool {
			return c == p || strings.HasPrefix(c, p+".") || strings.HasPrefix(p, c+".")
		}) {
			out = append(out, r)
		}
	}
	return out
}

// partialSpecFinding reports a primary watch whose predicates pass a spec
// update only when one of the compared fields changed, of a reconciler
// that reads other fields of the spec (missed).
func partialSpecFinding(w *wiring.Wiring, ri *wiring.ReconcilerInfo, compared []string, missed []metareads.MetadataKey) diag.Finding {
	leaves, pos, end := w.Culprits(func(v wiring.PredicateValue) bool { return v.SpecOther == wiring.PredBlock })
	kind := "object"
	if _, name, ok := apis.NamedOf(w.Primary); ok {
		kind = name
	}
	var names, sites []string
	for _, r := range missed {
		if n := "spec." + r.Key; !slices.Contains(names, n) && len(names) < 3 {
			names = append(names, n)
			sites = append(sites, fmt.Sprintf("spec.%s (%s)", r.Key, diag.ShortSite(r.Site)))
		}
	}
	var comp []string
	for _, c := range compared {
		comp = append(comp, "spec"+strings.TrimPrefix(c, apis.SpecField))
	}
	msg := fmt.Sprintf("%s on the primary watch passes an update of the spec of %s only when %s changed, "+
		"but %s (or a function it calls) reads %s: a change of %s alone is not reconciled until a compared field "+
		"changes or the controller restarts; compare the whole spec, or use predicate.GenerationChangedPredicate",
		wiring.PredicateNames(leaves), kind, strings.Join(comp, " or "), ri.EntryFunc, strings.Join(sites, ", "), strings.Join(names, " or "))
	f := diag.Finding{Pos: pos, End: end, Message: msg}
	for _, u := range wiring.UpdateSites(leaves, pos, end) {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: u, Message: "the predicate's update function decides here"})
	}
	for _, r := range missed {
		if p := r.Pos(); p.IsValid() && len(f.Related) < 5 {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: p, Message: "spec." + r.Key + " is read here"})
		}
	}
	if w.Wired.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: w.Wired, Message: "the reconciler is wired here"})
	}
	return f
}

// keyName names one read key: `annotation "example.com/paused"`, or `the
// labels` for the whole map.
func keyName(k metareads.MetadataKey) string {
	noun := "annotation"
	if k.Field == apis.LabelsField {
		noun = "label"
	}
	if k.Key == "" {
		return "the " + noun + "s"
	}
	return fmt.Sprintf("%s %q", noun, k.Key)
}

// keysPhrase lists the missed keys, each once, with the first place it
// decides.
func keysPhrase(keys []metareads.MetadataKey) string {
	var parts []string
	seen := map[string]bool{}
	for _, k := range keys {
		name := keyName(k)
		if seen[name] {
			continue
		}
		seen[name] = true
		parts = append(parts, fmt.Sprintf("%s (%s, %s)", name, k.Decides, diag.ShortSite(k.Site)))
	}
	if len(parts) > 3 {
		parts = append(parts[:3], fmt.Sprintf("%d more", len(parts)-3))
	}
	return strings.Join(parts, ", ")
}

// orFix replaces a GenerationChangedPredicate{} literal with the
// predicate.Or of itself and the predicates that pass the missed updates.
func orFix(pass *analysis.Pass, leaf wiring.PredLeaf, preds []string, what string) *analysis.SuggestedFix {
	lit, ok := leaf.Expr.(*ast.CompositeLit)
	if !ok || leaf.Kind != apis.PredGenerationChanged || !leaf.Untyped || len(lit.Elts) != 0 {
		return nil
	}
	file := diag.FileOf(pass, lit.Pos())
	if file == nil {
		return nil
	}
	predName, ok := diag.PackageNameAt(pass, file, lit.Pos(), apis.Predicate)
	if !ok {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s.Or(%s", predName, diag.Text(pass.Fset, lit))
	for _, p := range preds {
		fmt.Fprintf(&b, ", %s.%s{}", predName, p)
	}
	b.WriteString(")")
	return &analysis.SuggestedFix{
		Message:   "Also pass updates that change only the " + what,
		TextEdits: []analysis.TextEdit{{Pos: lit.Pos(), End: lit.End(), NewText: []byte(b.String())}},
	}
}
