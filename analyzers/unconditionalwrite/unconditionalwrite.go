package unconditionalwrite

import (
	"flag"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/createnotidempotent"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fixes"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL2001.
var Doc = &checkdoc.Doc{
	ID:       "RL2001",
	Name:     "unconditionalwrite",
	Title:    "API write on every reconcile, with no check that anything changed",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: "A reconcile runs again and again for the same object: on every watch event, every resync and " +
		"every requeue. A write that is not conditional on a change is sent each time. `Patch` always sends " +
		"the request, even when the computed patch is `{}`; an `Update` from a stale copy fails with a 409 " +
		"Conflict and an error retry; and as soon as one byte of the written object differs on each pass " +
		"(a timestamp, a map-ordered list: RL1001, RL1002) the write emits a watch event that starts the next " +
		"reconcile, which is a hot loop. Level-triggered reconcilers compare the desired state with the " +
		"observed one and write only when they differ.",
	Detection: "Reported: an `Update`, `Patch`, `Status().Update`, `Status().Patch`, `SubResource(name)` write, " +
		"client-go typed `Update`/`UpdateStatus`/`Patch`, or a call of a helper (in any package) whose summary " +
		"says it performs such a write unguarded, when the write is reachable from a reconcile root and every " +
		"condition that decides whether it runs is an error test taken on its success edge, a test of the " +
		"deletion timestamp, a test of the reconciler's own configuration, a loop condition, or a test that " +
		"compares nothing the reconcile changes: an early return on a spec switch, a pause annotation, another " +
		"object's readiness or a helper's bool over such data, none of whose field paths the function (with " +
		"its helpers and closures) stores into (entries of a map under two different constant keys, such as " +
		"two annotations, are different paths; a field of a typed copy converted from unstructured content and the JSON key " +
		"that fills it, `Status.ObservedGeneration` and `\"status\", \"observedGeneration\"`, are the same path; `delete(m, key)` stores into the entry it deletes, so a request annotation the write consumes is compared), decides whether the reconcile acts, not whether the object " +
		"changed, so the write still runs on every pass that gets past it; the same holds for such a test before " +
		"the call of a helper or closure that writes (a function value handed to another package's visitor included). " +
		"A test of the length of a patch computed by a diff library, or of its nil-ness " +
		"(`strategicpatch.CreateTwoWayMergePatch`/`CreateThreeWayMergePatch`, " +
		"`jsonmergepatch.CreateThreeWayJSONMergePatch`, evanphx `CreateMergePatch`, also through helpers), " +
		"directly or through a helper whose bool result only tests that (`HasChanges(patch)`, of any package), " +
		"guards nothing either: the patch is `{}`, which is not empty, when nothing differs, so the write " +
		"(client-go's, controller-runtime's `RawPatch`, cli-runtime's `resource.Helper`) is sent on every pass; " +
		"the message says so, names where the patch is computed, and no fix is offered (compare the patch with `{}` instead). " +
		"A helper that compares the patch with `{}` (`string(p) == \"{}\"`, `bytes.Equal(p, []byte(\"{}\"))`, also through " +
		"helpers of any package) before it returns it hands on an empty patch as nil: its callers' nil or length test " +
		"of the result is a real change test.\n\n" +
		"Not reported:\n" +
		"- writes under a comparison of observed data: `equality.Semantic.DeepEqual`, `reflect.DeepEqual`, " +
		"`cmp.Equal`, `slices.Equal`, an `observedGeneration` or hash-annotation test, a nil test of an " +
		"observed field;\n" +
		"- writes under a change report: the result of `controllerutil.AddFinalizer`/`RemoveFinalizer`, " +
		"`meta.SetStatusCondition`, a `changed` bool built from them, a `controllerutil.OperationResult`;\n" +
		"- writes under a test of a field the reconcile then sets (`if w.Status.Phase != \"Ready\" { w.Status.Phase = \"Ready\"; … }`, " +
		"an `observedGeneration` the write records), or under a condition the model cannot follow (a function " +
		"value, a helper that reads objects of its own): silence beats a guess;\n" +
		"- writes on failure paths (`if err != nil { … r.Status().Update(…) }`);\n" +
		"- self-guarded writers: `controllerutil.CreateOrUpdate`, `CreateOrPatch`, and helpers whose own " +
		"summary compares before writing, such as cluster-api's `patch.Helper`;\n" +
		"- server-side apply, whose no-op writes the server absorbs by design, in every spelling: `Apply`, `Patch(ctx, obj, client.Apply, client.FieldOwner(…))` and `Status().Patch` with `client.Apply`, client-go's `Apply`/`ApplyStatus` and `Patch` with `types.ApplyPatchType`.\n\n" +
		"A write in a helper of the same package is reported at the write when some call chain from a " +
		"reconcile root reaches it without a guard; a helper of another package is reported at its call.\n\n" +
		"Also reported, whatever else guards it (even a self-guarded patch helper): a write in the statement " +
		"right after a change report whose result is discarded, `controllerutil.AddFinalizer(obj, f)` " +
		"followed by `if err := scope.PatchObject(); err != nil {…}`. The write is there to persist the " +
		"change, and the report says whether there is one; writing anyway costs a request (or a full diff) " +
		"on every pass. Not reported when the write is of another object than the reported one, when a " +
		"statement comes between the two, or when a condition over the same state (a finalizer or " +
		"condition test, in the function or on the call chain) already decides whether both run. When the write " +
		"is a helper that diffs first (cluster-api's `patch.Helper`, a scope's `PatchObject()`, a helper whose facts " +
		"say it compares before it writes), it is reported only when the reconcile goes on after it to change or write " +
		"the object (a store, a later write, a deferred patch), and the message says what that costs instead: the helper " +
		"sends nothing when nothing changed, but computes the full diff on every pass and, in the middle of the " +
		"reconcile, persists whatever else has changed so far. As the last word on the object, such a helper sends the " +
		"reported change or nothing, as the gated write would: not reported.\n\n" +
		"Also reported: a `Create` (controller-runtime's, a typed clientset's, or a helper's of any package whose facts " +
		"say so) whose AlreadyExists error the code takes as success (`apierrors.IsAlreadyExists`, " +
		"`client.IgnoreAlreadyExists`) when nothing looks the object up before it (no `Get` whose NotFound decides it, " +
		"no `List` or other observed state: the existence checks of RL2003), in the function or on the way from the " +
		"reconcile root, and no other condition decides it as above. Once the object exists, every pass sends a create " +
		"request that fails with AlreadyExists and changes nothing. Not reported: a Create whose errors are all ignored " +
		"(that says nothing of what the code expects), one whose AlreadyExists is returned (RL2003), one with `GenerateName`, " +
		"one in a root its framework calls only under a condition of its own.\n\n" +
		"Also reported, guarded or not: a merge patch whose base was copied from the object after the change " +
		"it should carry, `obj.Spec.X = v; patch := client.MergeFrom(obj.DeepCopy()); r.Patch(ctx, obj, patch)` " +
		"(`MergeFromWithOptions` and `StrategicMergeFrom` too, through `Status().Patch` as well). The patch is " +
		"the difference from that copy, so the change is never sent, and a request is made on every pass. A " +
		"field changed before the copy and again after it is not lost (the later value goes out), nor is a change " +
		"that another write of the object sends before the copy on every path (a finalizer added and patched " +
		"first), nor one a helper writes itself (a condition it sets and patches when it changed), nor one the write " +
		"never sends (a label before a `Status().Patch`, a status field before a main `Patch`), nor the kind set " +
		"with `SetGroupVersionKind` (TypeMeta says what to read, it is no change). The finding " +
		"is at the `MergeFrom` call and replaces the plain finding of that write. The copy and the changes " +
		"must be in the function of the write (a copy taken in a helper after its caller's changes is " +
		"reported as a plain unconditional write).",
	Before: `if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
	return ctrl.Result{}, client.IgnoreNotFound(err)
}
w.Status.ObservedGeneration = w.Generation
w.Status.Phase = "Ready"
if err := r.Status().Update(ctx, &w); err != nil {
	return ctrl.Result{}, err
}`,
	After: `if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
	return ctrl.Result{}, client.IgnoreNotFound(err)
}
orig := w.DeepCopy()
w.Status.ObservedGeneration = w.Generation
w.Status.Phase = "Ready"
if !equality.Semantic.DeepEqual(orig.Status, w.Status) {
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
}`,
	Fix: "For a write after an ignored change report: moves the write under the report, " +
		"`if controllerutil.AddFinalizer(obj, f) { <write statement> }` (a `return …, write(…)` gets a " +
		"`return …, nil` after the block). Otherwise: " +
		"wraps the write statement in `if !equality.Semantic.DeepEqual(<pre-image>, <object>) { … }` " +
		"(comparing `.Status` for status writes) and adds the `k8s.io/apimachinery/pkg/api/equality` import. " +
		"The pre-image is the base of a `client.MergeFrom(base)` patch when it is a variable, otherwise " +
		"`orig := <object>.DeepCopy()` inserted right after the statement of the `Get` that read the object in " +
		"the same function. A write that is the value of a `return` gets a zero-value `return` after the " +
		"guard. No fix is offered for objects that were not read in the same function (a parameter may " +
		"already carry the caller's changes, so a copy taken in the callee would hide them), for freshly " +
		"built objects (use `controllerutil.CreateOrUpdate`), or for `err := r.Update(…)` declarations.",
	Options: []checkdoc.Option{{Name: "apply", Default: "false", Text: "also report server-side Apply writes"}},
}

var reportApply bool

// Analyzer reports RL2001.
var Analyzer = check.New(Doc, run, check.Requires(createnotidempotent.FactsAnalyzer))

func init() { Analyzer.Flags = flags() }

func flags() flag.FlagSet {
	fs := flag.NewFlagSet(Doc.Name, flag.ContinueOnError)
	fs.BoolVar(&reportApply, "apply", false, "also report server-side Apply writes")
	return *fs
}

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	late := map[ssa.CallInstruction]bool{}
	for _, w := range s.Writes {
		lb := s.LateBaseOf(w)
		if lb == nil || !w.InScope {
			continue
		}
		rep.Report(lateFinding(pass, lb))
		late[w.Call] = true
		n++
	}
	for _, w := range s.Writes {
		if !w.InScope || !w.Kind.IsMutation() || w.Status == summary.FailurePath || late[w.Call] {
			continue
		}
		if (w.Kind == apis.Apply || w.Kind == apis.StatusApply) && !reportApply {
			continue
		}
		call, ok := diag.Enclosing[*ast.CallExpr](pass, w.Pos())
		if !ok {
			continue
		}
		what := objectDesc(w)
		// A write right after an ignored change report is reported as
		// such, guarded or not: the report is the guard it needs.
		if w.Status != summary.Unguarded {
			if local, _ := s.Func(w.Fn).StatusOf(w.Call.Block()); local == summary.FailurePath {
				continue
			}
		}
		if r, ok := findIgnoredReport(pass, s, w, call); ok {
			rep.Report(r.finding(pass, call, what))
			n++
			continue
		}
		if w.Status != summary.Unguarded {
			continue
		}
		msg := fmt.Sprintf("%s of %s runs on every reconcile, even when nothing changed; "+
			"compare with the state read from the API server (e.g. equality.Semantic.DeepEqual against a DeepCopy) and write only when it differs",
			w.Method(), what)
		f := diag.Finding{Pos: call.Pos(), End: call.End(), Message: msg}
		if h := helperOf(pass, w); h != nil {
			f.Message = fmt.Sprintf("%s writes %s (%s) on every reconcile, even when nothing changed; "+
				"guard the call with a comparison against the state read from the API server",
				h.Name(), what, w.Kind)
		} else if chain := s.Chain(w.Fn); len(chain) > 0 {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: chain[0].Pos(), Message: "reached from the reconcile root through this call"})
		}
		if test, patch := diffLengthTest(s, w); test.IsValid() {
			// The write has a test, and it is the wrong one.
			f.Message = fmt.Sprintf("%s of %s is sent on every reconcile, even when nothing changed: the diff library's patch "+
				"is \"{}\", which is not empty, when nothing differs, so the length or nil test before the write always passes; "+
				"skip the write when the patch is \"{}\" (string(patch) == \"{}\"), or compare the objects before diffing",
				w.Method(), what)
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: test, Message: "this test passes for the patch \"{}\""})
			if origin := patchOrigin(s, patch); origin.IsValid() && origin != test {
				f.Related = append(f.Related, analysis.RelatedInformation{Pos: origin, Message: "the patch is computed here"})
			}
			rep.Report(f)
			n++
			continue
		}
		if w.Helper == nil {
			f.Fix = fixes.GuardWrite(pass, s, w, call, "")
			if f.Fix == nil && isFresh(s, w) && w.Kind == apis.Update {
				f.Message += "; for a desired object built in code, use controllerutil.CreateOrUpdate"
			}
		}
		rep.Report(f)
		n++
	}
	return n + reportCreates(pass, s, rep)
}

// reportCreates reports the Creates a reconcile root makes on every pass
// with no existence check, whose AlreadyExists error the code handles
// (createnotidempotent.EveryPass), when no other condition decides them.
func reportCreates(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	for _, w := range createnotidempotent.EveryPass(pass) {
		if !w.InScope || w.Status != summary.Unguarded {
			continue
		}
		call, ok := diag.Enclosing[*ast.CallExpr](pass, w.Pos())
		if !ok {
			continue
		}
		what := objectDesc(w)
		f := diag.Finding{Pos: call.Pos(), End: call.End(), Message: fmt.Sprintf("Create of %s is sent on every reconcile: "+
			"nothing looks the object up first, so once it exists every pass makes a create request that fails with "+
			"AlreadyExists and changes nothing; Get it first (the cache answers) and create it only when it is NotFound, "+
			"or use controllerutil.CreateOrUpdate", what)}
		if h := helperOf(pass, w); h != nil {
			f.Message = fmt.Sprintf("%s creates %s on every reconcile: nothing looks the object up first, so once it "+
				"exists every call makes a create request that fails with AlreadyExists and changes nothing; "+
				"look the object up before the call and create it only when it is NotFound", h.Name(), what)
			if w.HelperSite != "" {
				f.Related = append(f.Related, analysis.RelatedInformation{Pos: w.Pos(), Message: "the Create is at " + w.HelperSite})
			}
		} else if t := createnotidempotent.AlreadyExistsTest(s, w.Call); t != nil {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: t.Pos(), Message: "AlreadyExists is handled as success here"})
		}
		rep.Report(f)
		n++
	}
	return n
}

// diffLengthTest returns the position of a length or nil test of a diff
// library's patch that controls the write in its function (a guard of
// kind DiffTest, which guards nothing), or NoPos, and the patch it tests.
func diffLengthTest(s *summary.Summary, w *summary.Write) (token.Pos, ssa.Value) {
	fi := s.Func(w.Fn)
	if fi == nil || fi.Steady == nil {
		return token.NoPos, nil
	}
	for _, d := range fi.Steady.ControlDeps(w.Call.Block()) {
		if ifi := d.If(); ifi != nil {
			if g := fi.Guard(ifi); g.Kind == summary.DiffTest {
				return ifi.Cond.Pos(), g.Operand
			}
		}
	}
	return token.NoPos, nil
}

// helperOf returns the function of another package that the write's call
// names: a helper whose facts say it writes, or a forwarder seen through.
func helperOf(pass *analysis.Pass, w *summary.Write) types.Object {
	if w.Helper != nil {
		return w.Helper
	}
	if w.Via != nil && w.Via.Pkg() != pass.Pkg {
		return w.Via
	}
	return nil
}

// objectDesc names the written object by its type, e.g. "the Widget".
func objectDesc(w *summary.Write) string {
	if w.Object == nil {
		// A write by name (a typed client's Patch): the kind its result
		// is, when it returns the object.
		if res := w.Call.Common().Signature().Results(); res.Len() > 0 && apis.IsObject(res.At(0).Type()) {
			if _, name, ok := apis.NamedOf(res.At(0).Type()); ok && name != "Object" {
				return "the " + name
			}
		}
		return "the object"
	}
	t := w.Object.Type()
	if mi, ok := w.Object.(*ssa.MakeInterface); ok {
		t = mi.X.Type()
	}
	if _, name, ok := apis.NamedOf(t); ok && name != "Object" {
		return "the " + name
	}
	return "the object"
}

// isFresh reports whether the written object was built in code rather than
// read from the API.
func isFresh(s *summary.Summary, w *summary.Write) bool {
	if w.Object == nil {
		return false
	}
	root, _ := s.PersistedRoot(w.Object)
	if _, ok := root.(*ssa.Alloc); !ok {
		return false
	}
	for _, e := range s.Effects(w.Fn) {
		if e.Kind == summary.ReadEffect && e.Root == root {
			return false
		}
	}
	return true
}

// patchOrigin returns where the diff library computed the patch, or NoPos.
func patchOrigin(s *summary.Summary, patch ssa.Value) token.Pos {
	if patch == nil {
		return token.NoPos
	}
	return s.Taints().TaintOf(patch).Origin
}
