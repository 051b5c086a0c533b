package createnotidempotent

import (
	"fmt"
	"go/ast"
	"go/token"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/keys"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL2003.
var Doc = &checkdoc.Doc{
	ID:       "RL2003",
	Name:     "createnotidempotent",
	Title:    "Create that is not safe to repeat: GenerateName, or no existence check and no AlreadyExists handling",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: "A reconcile runs again and again for the same object, and the informer cache it reads can lag " +
		"behind the writes of the previous run. A `Create` with `GenerateName` gets a fresh name from the API " +
		"server every time, so AlreadyExists never stops it: with nothing looking for the previous child, every " +
		"reconcile creates another one, and with a lookup first (a List that found nothing), each reconcile that " +
		"runs before the cache shows the previous child still does. A `Create` with a fixed name fails with AlreadyExists once the object exists; when that " +
		"error is returned from `Reconcile`, every later reconcile fails and is retried with backoff.",
	Detection: "Reported, in the reconcile scope:\n" +
		"- (a) a `Create` whose object is given `GenerateName` (a composite-literal key, `SetGenerateName`, metadata handed to a constructor helper of the package " +
		"that stores it into the object it returns, or to a functional option such a constructor applies: `newPod(withMeta(m))`) " +
		"and no `Name`, directly or in a helper of another package (also one held in an exported variable of that package) whose summary says so (the message says whether " +
		"a lookup runs before it: without one, every pass creates another object);\n" +
		"- (b) a `Create` (controller-runtime, client-go typed, or a helper of any package whose summary says " +
		"its AlreadyExists error escapes) whose error reaches the error result of a reconcile root, directly, " +
		"wrapped with `%w` or `github.com/pkg/errors`, or through helpers, when no test of that error other " +
		"than `err != nil` decides the return (`apierrors.IsAlreadyExists`, or any test the model cannot " +
		"classify) and the error does not pass through `client.IgnoreAlreadyExists`.\n\n" +
		"Not reported:\n" +
		"- Creates that run only under a test of a `Get` of the object (`if apierrors.IsNotFound(err)`, " +
		"`if err != nil` after the Get, a lister's Get), or under a NotFound test of any lookup's error " +
		"(`apierrors.IsNotFound`, `client.IgnoreNotFound`: only a lookup answers NotFound, so a Get helper of " +
		"another package or the project's own informer wrapper counts), or under another test of observed state: data a " +
		"`List` filled (`len(list.Items) == 0`, a loop over the children that returns when a matching one " +
		"exists, a typed client's List result, a set a helper of the package built from a List and the code " +
		"looks the name up in), or an object parameter the caller read and passed in, tested " +
		"for nil or for a creation timestamp, UID or resourceVersion (the object being created does not " +
		"count: a fresh object has none of these). A cache that lags can still make such a Create fail " +
		"once with AlreadyExists; the retry settles it;\n" +
		"- as (b), Creates in a root that its framework calls only under a condition on what another call " +
		"reported about the object (crossplane's `Create`, run when `Observe` found nothing): that report is " +
		"the existence check;\n" +
		"- `controllerutil.CreateOrUpdate` / `CreateOrPatch`;\n" +
		"- Creates whose error is ignored or handled (a handled AlreadyExists with no existence check before the Create " +
		"is a request on every pass: RL2001 reports it); a Create with `GenerateName` is reported as (a) only, " +
		"since it cannot fail with AlreadyExists;\n" +
		"- as (b), Creates whose object is named by a value that is new on every call: drawn at random, a UUID " +
		"or the clock, also through helpers (facts), slicing, indexing and functions of the standard library " +
		"(a regexp's submatch of a random token). Such a name cannot already exist, so the message of (b) would " +
		"be false; a new object on every pass that reaches such a Create is not reported by this check.\n\n" +
		"Creates gated by an \"expectations\" cache are safe but look like (a); suppress them with a reason.",
	Before: `cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-cfg", Namespace: w.Namespace}}
if err := r.Create(ctx, cm); err != nil {
	return ctrl.Result{}, err
}`,
	After: `cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-cfg", Namespace: w.Namespace}}
if err := client.IgnoreAlreadyExists(r.Create(ctx, cm)); err != nil {
	return ctrl.Result{}, err
}`,
	Fix: "(b): the Create call is wrapped as `client.IgnoreAlreadyExists(r.Create(ctx, X))`, adding the import " +
		"of `sigs.k8s.io/controller-runtime/pkg/client` when needed; offered for controller-runtime Creates " +
		"written in this package. (a): only when the Create runs under `len(list.Items) == 0` (a single child) " +
		"and the reconciled object was read with a Get in the same function, `GenerateName: E` becomes " +
		"`Name: E + string(<owner>.UID)[:8]`, a name that is stable across reconciles.",
}

// Analyzer reports RL2003.
var Analyzer = check.New(Doc, run, check.Requires(factsAnalyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	d, ok := pass.ResultOf[factsAnalyzer].(*creates)
	if !ok || d == nil {
		return 0
	}
	n := 0
	reported := make(map[token.Pos]bool)
	// (a) GenerateName.
	gens := d.generateNameCreates()
	sort.Slice(gens, func(i, j int) bool { return gens[i].Pos() < gens[j].Pos() })
	for _, w := range gens {
		where := "Create"
		var related []analysis.RelatedInformation
		if w.Helper != nil {
			where = "Create in " + w.Helper.Name()
			related = append(related, analysis.RelatedInformation{Pos: w.Pos(), Message: "the Create is at " + w.HelperSite})
		} else if g := d.generateNameStore(w); g != nil {
			related = append(related, analysis.RelatedInformation{Pos: g.Pos(), Message: "GenerateName is set here"})
		}
		// With a lookup before it (a List found nothing, a Get said
		// NotFound), a duplicate needs a cache that lags behind the
		// previous Create; with none, every pass makes another object.
		msg := where + " of an object with GenerateName and no Name makes a new object on every reconcile: nothing " +
			"looks for the one made before, and the server picks a new name each time, so no AlreadyExists stops it; " +
			"derive a stable Name from the owner instead"
		if d.singleChildGuard(w) || d.existenceChecked(w.Fn, w.Call) {
			msg = where + " of an object with GenerateName and no Name makes a new object on every reconcile " +
				"that runs before the cache shows the previous one; derive a stable Name from the owner instead"
		}
		f := diag.Finding{Pos: w.Pos(), Message: msg, Related: related}
		if w.Helper == nil && d.singleChildGuard(w) {
			f.Fix = stableNameFix(pass, d, w)
		}
		rep.Report(f)
		reported[w.Pos()] = true
		n++
	}
	// (b) AlreadyExists returned as the reconcile error.
	leaks := d.leaks()
	sort.Slice(leaks, func(i, j int) bool { return leaks[i].create.Pos() < leaks[j].create.Pos() })
	for _, l := range leaks {
		w := l.create
		if reported[w.Pos()] {
			continue
		}
		reported[w.Pos()] = true
		what := "Create"
		if w.Helper != nil {
			what = "Create in " + w.Helper.Name()
		} else if w.Via != nil {
			what = "Create in " + w.Via.Name()
		}
		f := diag.Finding{
			Pos: w.Pos(),
			Message: fmt.Sprintf("the AlreadyExists error of this %s is returned by %s with no existence check before it, "+
				"so every reconcile after the first fails; wrap it in client.IgnoreAlreadyExists or Get the object first",
				what, ssax.FuncName(l.root.Entry)),
			Related: []analysis.RelatedInformation{{Pos: l.ret.Pos(), Message: "the reconcile returns the error here"}},
		}
		if w.Helper != nil && w.HelperSite != "" {
			f.Related = append(f.Related, analysis.RelatedInformation{Pos: w.Pos(), Message: "the Create is at " + w.HelperSite})
		}
		if w.Helper == nil && w.Flavor == apis.FlavorCR {
			f.Fix = ignoreAlreadyExistsFix(pass, w)
		}
		rep.Report(f)
		n++
	}
	return n
}

// callExprAt returns the call expression of the write call.
func callExprAt(pass *analysis.Pass, w *summary.Write) *ast.CallExpr {
	for _, n := range diag.PathTo(pass, w.Pos(), w.Pos()) {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == w.Pos() {
			return c
		}
	}
	return nil
}

// ignoreAlreadyExistsFix wraps the Create call in client.IgnoreAlreadyExists.
func ignoreAlreadyExistsFix(pass *analysis.Pass, w *summary.Write) *analysis.SuggestedFix {
	call := callExprAt(pass, w)
	file := diag.FileOf(pass, w.Pos())
	if call == nil || file == nil {
		return nil
	}
	if t := pass.TypesInfo.TypeOf(call); t == nil || !apis.IsError(t) {
		return nil
	}
	name, edits := diag.EnsureImport(pass, file, call.Pos(), apis.Client, "client")
	edits = append(edits,
		analysis.TextEdit{Pos: call.Pos(), End: call.Pos(), NewText: []byte(name + ".IgnoreAlreadyExists(")},
		analysis.TextEdit{Pos: call.End(), End: call.End(), NewText: []byte(")")},
	)
	return &analysis.SuggestedFix{Message: "Wrap the Create in client.IgnoreAlreadyExists", TextEdits: edits}
}

// stableNameFix replaces `GenerateName: E` by `Name: E + string(owner.UID)[:8]`.
func stableNameFix(pass *analysis.Pass, d *creates, w *summary.Write) *analysis.SuggestedFix {
	g := d.generateNameStore(w)
	if g == nil {
		return nil
	}
	var kv *ast.KeyValueExpr
	for _, n := range diag.PathTo(pass, g.Pos(), g.Pos()) {
		if x, ok := n.(*ast.KeyValueExpr); ok {
			if id, ok := x.Key.(*ast.Ident); ok && id.Name == "GenerateName" {
				kv = x
				break
			}
		}
	}
	if kv == nil {
		return nil
	}
	owner := ownerExpr(pass, d.s, w.Fn)
	val := diag.Source(pass, kv.Value.Pos(), kv.Value.End())
	if owner == "" || val == "" {
		return nil
	}
	text := "Name: " + val + " + string(" + owner + ".UID)[:8]"
	return &analysis.SuggestedFix{
		Message:   "Use a Name derived from the owner's UID instead of GenerateName",
		TextEdits: []analysis.TextEdit{{Pos: kv.Pos(), End: kv.End(), NewText: []byte(text)}},
	}
}

// ownerExpr returns the source text of the reconciled object of fn: the
// object of a Get keyed by the reconcile request in a root function.
func ownerExpr(pass *analysis.Pass, s *summary.Summary, fn *ssa.Function) string {
	var root *roots.Root
	for _, r := range s.Roots {
		if r.Fn == fn {
			root = r
		}
	}
	if root == nil || root.Request == nil {
		return ""
	}
	if root.ReceivesObject() {
		return root.Request.Name()
	}
	k := keys.New(s)
	for _, e := range s.Effects(fn) {
		if e.Kind != summary.ReadEffect {
			continue
		}
		c, ok := e.Instr.(*ssa.Call)
		if !ok || s.Forwarded(c) {
			continue // a forwarder's call expression is not the Get's
		}
		args := ssax.CallArgs(&c.Call)
		if len(args) < 3 || !k.OfParam(fn, args[1], root.Request) {
			continue
		}
		call := callExprAtPos(pass, c.Pos())
		if call == nil || len(call.Args) < 3 {
			return ""
		}
		obj := ast.Unparen(call.Args[2])
		if u, ok := obj.(*ast.UnaryExpr); ok && u.Op == token.AND {
			obj = u.X
		}
		if id, ok := obj.(*ast.Ident); ok {
			return id.Name
		}
		return ""
	}
	return ""
}

func callExprAtPos(pass *analysis.Pass, pos token.Pos) *ast.CallExpr {
	for _, n := range diag.PathTo(pass, pos, pos) {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == pos {
			return c
		}
	}
	return nil
}
