package finalizerpredicate

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/wiring"
)

// Doc is the structured documentation of RL4001.
var Doc = &checkdoc.Doc{
	ID:       "RL4001",
	Name:     "finalizerpredicate",
	Title:    "Primary watch filtered by GenerationChangedPredicate while the reconciler manages finalizers",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: "`GenerationChangedPredicate` is the usual way to keep a controller's own status writes from\n" +
		"triggering it again. It also drops every update that changes only metadata: finalizers, labels,\n" +
		"annotations. A reconciler that manages finalizers depends on two of those updates:\n\n" +
		"- **Finalizer-only updates.** When another controller removes its finalizer, nothing bumps\n" +
		"  `metadata.generation` (the API server compares everything except `metadata`), so a reconciler\n" +
		"  that waits for that removal is never called again. Resyncs are filtered too.\n" +
		"- **The deletion mark.** For CRDs the API server bumps `metadata.generation` when it sets\n" +
		"  `deletionTimestamp`, so the predicate passes that update. Kinds that never set\n" +
		"  `metadata.generation` get no bump: for a ConfigMap, Secret, Service, Namespace,\n" +
		"  PersistentVolume(Claim) or Node the deletion is dropped and the finalizer runs only after a\n" +
		"  controller restart. This case is reported with severity error, the finalizer-only case as a\n" +
		"  warning. The finding carries its severity (JSON, SARIF and GitHub output, the CI gate); for\n" +
		"  `go vet` and golangci-lint, whose output has no severity, its message starts with `error:`.\n" +
		"  A severity set for the check in the configuration applies to both cases.\n\n" +
		"Both were verified against a real API server ([the API server experiment](../design/apiserver-experiment/)).",
	Detection: "Reported: the primary watch of a controller, `ctrl.NewControllerManagedBy(mgr).For(obj, " +
		"builder.WithPredicates(…))…WithEventFilter(…).Complete(r)` (also `builder.TypedControllerManagedBy[Q]`, " +
		"`Build(r)`, and `controller.New(…, controller.Options{Reconciler: r})` with " +
		"`c.Watch(source.Kind(cache, obj, &handler.EnqueueRequestForObject{}, preds…))`), when\n\n" +
		"- the predicates of that watch (ANDed) block a finalizer-only update or the deletion-mark update:\n" +
		"  `GenerationChangedPredicate` blocks the first, and the second for generation-less kinds;\n" +
		"  `AnnotationChangedPredicate` and `LabelChangedPredicate` block both; `predicate.Or` passes if\n" +
		"  any operand passes, `And` blocks if any blocks, `Not` negates; predicates defined in other\n" +
		"  packages are evaluated through their `PredicateValue` facts; functions of the package that\n" +
		"  return a predicate are evaluated with the arguments of the call; `For` options come from\n" +
		"  `builder.WithPredicates`, from a package-level variable holding one, or from a helper, a\n" +
		"  closure or a closure held in a package-level variable of the package that returns them (or a\n" +
		"  list of them, spread with `...`); the finding is then at the option, named after it:\n" +
		"  `opts() (GenerationChangedPredicate)`; predicate types of your own (generic ones included, as\n" +
		"  for the typed predicates of `source.Kind`) and\n" +
		"  the `UpdateFunc` of a `predicate.Funcs` are evaluated from their bodies: the analysis follows\n" +
		"  their branches under each event (generation equal, or changed; zero for generation-less kinds;\n" +
		"  finalizers, deletion timestamp and resourceVersion changed as the event says; every other field\n" +
		"  equal) through the metadata getters and fields, `==`, `reflect.DeepEqual`,\n" +
		"  `equality.Semantic.DeepEqual`, `cmp.Equal`, `slices.Equal`, `maps.Equal`, `Time.IsZero` and\n" +
		"  bool helpers of the same package. A kind the analysis does not know (an `Unstructured` primary,\n" +
		"  a type without kubebuilder markers) is taken for a custom resource for finalizer-only updates:\n" +
		"  the generation-less kinds are all built in and in its kind table; and\n" +
		"- the reconciler passed to `Complete`/`Build` (a type with `Reconcile`, a `reconcile.Func`, or\n" +
		"  `reconcile.AsReconciler`, also as returned by a constructor of the package) manages finalizers\n" +
		"  of the primary type: its reconcile scope calls\n" +
		"  `controllerutil.AddFinalizer`/`RemoveFinalizer` or `SetFinalizers`, or stores to `Finalizers`.\n" +
		"  Reconcilers declared in another package (wired from `cmd/main.go`) are resolved through\n" +
		"  their `ReconcilerInfo` fact.\n\n" +
		"The message names the finalizer whose removal is missed; when the reconciler waits for\n" +
		"finalizers it does not add (`ContainsFinalizer` of another controller's finalizer, " +
		"`len(Finalizers)`), it says so.\n\n" +
		"Not reported:\n\n" +
		"- predicates on `Owns` and `Watches`: they filter secondary watches only;\n" +
		"- reconcilers that never touch finalizers, or only finalizers of other kinds;\n" +
		"- `predicate.Or(GenerationChangedPredicate{}, p)` where `p` is a `predicate.Funcs` whose\n" +
		"  `UpdateFunc` is nil or reads the finalizers or the deletion timestamp;\n" +
		"- an `UpdateFunc` (or an `Update` method) that reads the finalizers or the deletion timestamp: it\n" +
		"  is taken to pass both updates, as [the catalogue's table](../catalogue.md#rl4001-finalizerpredicate) says, without\n" +
		"  evaluating its body;\n" +
		"- predicates the analysis cannot evaluate (`NewPredicateFuncs`, `LabelSelectorPredicate`, map\n" +
		"  lookups, calls into other packages, types whose `Update` is promoted from an embedded\n" +
		"  `predicate.Funcs`): silence beats a guess.",
	Before: `func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&examplev1.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r) // Reconcile adds and removes a finalizer
}`,
	After: `func (r *WidgetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&examplev1.Widget{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool {
				return !e.ObjectNew.GetDeletionTimestamp().IsZero() ||
					!slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers())
			},
		}))).
		Complete(r)
}`,
	Fix: "Replaces `predicate.GenerationChangedPredicate{}` with `predicate.Or(predicate.GenerationChangedPredicate{}, " +
		"predicate.Funcs{UpdateFunc: …})`, whose UpdateFunc passes updates that set the deletion timestamp or change " +
		"the finalizers, and adds the imports `slices` and `sigs.k8s.io/controller-runtime/pkg/event`. Offered " +
		"when the finding has exactly one blocking predicate, a `GenerationChangedPredicate{}` literal of a builder " +
		"chain; not for typed predicates of `source.Kind`, nor for predicates declared in variables or built by helpers " +
		"and closures.",
}

// Analyzer reports RL4001.
var Analyzer = check.New(Doc, check.PerWiring(checkWiring), check.Requires(wiring.Analyzer))

// checkWiring evaluates one wiring.
func checkWiring(pass *analysis.Pass, s *summary.Summary, m *wiring.Model, w *wiring.Wiring) (diag.Finding, bool) {
	if w.Primary == nil || w.Reconciler == nil || len(w.Predicates) == 0 {
		return diag.Finding{}, false
	}
	all := wiring.AndPredicates(w.Predicates)
	tracked := generationTracked(s, w.Primary)
	dm := all.Value.DMFor(tracked)
	fo := all.Value.FOFor(tracked)
	if dm != wiring.PredBlock && fo != wiring.PredBlock {
		return diag.Finding{}, false
	}
	ri := m.ReconcilerOf(w)
	if ri == nil || !ri.ManagesFinalizersOf(w.Primary) {
		return diag.Finding{}, false
	}
	// The predicates of the list that block the reported event.
	leaves, pos, end := w.Culprits(func(v wiring.PredicateValue) bool {
		if dm == wiring.PredBlock {
			return v.DMFor(tracked) == wiring.PredBlock
		}
		return v.FOFor(tracked) == wiring.PredBlock
	})
	what := wiring.PredicateNames(leaves)
	kind := kindName(w.Primary)
	entry := ri.EntryFunc
	var msg string
	if dm == wiring.PredBlock {
		why := "it blocks that update"
		if onlyKinds(leaves, apis.PredAnnotationChanged, apis.PredLabelChanged) {
			why = "it passes only changes of " + strings.ToLower(strings.TrimSuffix(what, "ChangedPredicate")) + "s"
		}
		if onlyKinds(leaves, apis.PredGenerationChanged) {
			why = kind + " never sets metadata.generation, so the deletion does not bump it"
		}
		msg = fmt.Sprintf("%s on the primary watch drops the update that marks a %s for deletion (%s): "+
			"%s never sees the deletion, and the Update that removes %s only runs after a controller restart",
			what, kind, why, entry, finalizerPhrase(ri.FinalizerNames))
	} else if ri.InspectsForeign {
		msg = fmt.Sprintf("%s on the primary watch drops finalizer-only updates of %s (they do not bump metadata.generation): "+
			"%s waits for other finalizers (%s) but their removal won't trigger Reconcile, so the Update that removes %s never runs",
			what, kind, entry, foreignPhrase(ri.ForeignFinalizers), finalizerPhrase(ri.FinalizerNames))
	} else {
		msg = fmt.Sprintf("%s on the primary watch drops finalizer-only updates of %s (they do not bump metadata.generation): "+
			"finalizer-only changes (e.g. removal of %s) won't trigger %s",
			what, kind, finalizerPhrase(ri.FinalizerNames), entry)
	}
	f := diag.Finding{Pos: pos, End: end, Message: msg}
	if dm == wiring.PredBlock {
		f.Severity = checkdoc.Error.String()
	}
	if p := ri.Pos(); p.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: p, Message: "the reconciler manages finalizers here"})
	}
	for _, u := range wiring.UpdateSites(leaves, pos, end) {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: u, Message: "the predicate's update function decides here"})
	}
	if w.Wired.IsValid() {
		f.Related = append(f.Related, analysis.RelatedInformation{Pos: w.Wired, Message: "the reconciler is wired here"})
	}
	if w.Builder && len(leaves) == 1 && !all.Negated {
		f.Fix = orFix(pass, leaves[0])
	}
	return f, true
}

// generationTracked says whether the API server sets metadata.generation
// for the primary kind.
func generationTracked(s *summary.Summary, t types.Type) summary.TriState {
	if genLess, known := apis.IsGenerationLessKind(t); known {
		if genLess {
			return summary.TriNo
		}
		return summary.TriYes
	}
	if ti := s.TypeInfoOf(t); ti != nil {
		return ti.GenerationTracked
	}
	return summary.TriUnknown
}

// onlyKinds reports whether every leaf is of one of the kinds.
func onlyKinds(leaves []wiring.PredLeaf, kinds ...apis.PredicateKind) bool {
	for _, l := range leaves {
		if !slices.Contains(kinds, l.Kind) {
			return false
		}
	}
	return len(leaves) > 0
}

// finalizerPhrase names the reconciler's first finalizer.
func finalizerPhrase(names []string) string {
	if len(names) == 0 {
		return "its finalizer"
	}
	return fmt.Sprintf("finalizer %q", names[0])
}

// foreignPhrase names the finalizers a reconciler waits for.
func foreignPhrase(names []string) string {
	if len(names) == 0 {
		return "it tests len(Finalizers)"
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(quoted, ", ")
}

func kindName(t types.Type) string {
	if _, name, ok := apis.NamedOf(t); ok {
		return name
	}
	return "object"
}

// orFix replaces a GenerationChangedPredicate{} literal with the
// predicate.Or of itself and a Funcs that passes finalizer changes and the
// deletion mark.
func orFix(pass *analysis.Pass, leaf wiring.PredLeaf) *analysis.SuggestedFix {
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
	slicesName, edits := diag.EnsureImport(pass, file, lit.Pos(), "slices", "")
	eventName, edits2 := diag.EnsureImport(pass, file, lit.Pos(), apis.Event, "")
	if len(edits) > 0 && len(edits2) > 0 && edits[0].End != edits[0].Pos {
		return nil // both imports would rewrite the same single-import declaration
	}
	edits = append(edits, edits2...)
	indent := diag.LineIndent(pass, lit.Pos())
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s.Or(%s, %s.Funcs{\n", predName, diag.Text(pass.Fset, lit), predName)
	fmt.Fprintf(&b, "%s\tUpdateFunc: func(e %s.UpdateEvent) bool {\n", indent, eventName)
	fmt.Fprintf(&b, "%s\t\treturn !e.ObjectNew.GetDeletionTimestamp().IsZero() ||\n", indent)
	fmt.Fprintf(&b, "%s\t\t\t!%s.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers())\n", indent, slicesName)
	fmt.Fprintf(&b, "%s\t},\n%s})", indent, indent)
	edits = append(edits, analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: b.Bytes()})
	return &analysis.SuggestedFix{
		Message:   "Also pass updates that change the finalizers or set the deletion timestamp",
		TextEdits: edits,
	}
}
