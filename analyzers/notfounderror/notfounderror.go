package notfounderror

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL5001.
var Doc = &checkdoc.Doc{
	ID:       "RL5001",
	Name:     "notfounderror",
	Title:    "NotFound of the requested object is returned as a reconcile error",
	Severity: checkdoc.Error,
	Since:    "v0.1.0",
	Rationale: `When the object a reconcile was asked for no longer exists, Get returns a
NotFound error. The object is gone, so the reconcile is done: return
` + "`(ctrl.Result{}, nil)`" + `. Returning the error instead makes controller-runtime
call ` + "`AddRateLimited`" + ` on the key, which retries it with per-item exponential
backoff from 5 ms up to 1000 s, forever, for an object that will never come
back, and logs an error on every attempt.`,
	Detection: `Reported: a ` + "`return`" + ` of a ` + "`Reconcile(ctx, reconcile.Request)`" + ` method, a
` + "`TypedReconciler[Q]`" + ` or a ` + "`reconcile.Func`" + ` whose error result may be the error of a
` + "`Get`" + ` keyed by the request (` + "`req.NamespacedName`" + `, ` + "`client.ObjectKey{Namespace: req.Namespace, Name: req.Name}`" + `,
a typed client's or lister's ` + "`Get(req.Name)`" + `, or a key a helper of this or another package builds from them:
` + "`keyOf(req.Namespace, req.Name)`" + `, ` + "`kutil.RequestKey(req)`" + `; the requested object is the kind the root reads first with that
key, and a later Get of another kind by the same name, a child named after its owner, is not), returned directly, wrapped with
` + "`%w`" + ` or ` + "`github.com/pkg/errors`" + `, or passed up by helpers in this or other packages.
Deferred calls do not hide it: with a ` + "`defer cancel()`" + `, a deferred log line or metric,
a deferred patch that assigns the named error only when the patch fails, or a deferred
closure that wraps a non-nil error with ` + "`%w`" + `, the error is the one the ` + "`return`" + ` returns.

Not reported:
- the error of a read of the requested object made after an earlier read of it on every path (a helper that
  reads it again to patch a fresh copy): its NotFound means the object went in between, and the next pass's first
  read ends the retries;
- a return controlled by ` + "`apierrors.IsNotFound(err)`" + `, or any other test of the error
  besides ` + "`err != nil`" + ` (an unknown test may handle NotFound; silence beats a guess);
- ` + "`client.IgnoreNotFound(err)`" + `;
- a return whose error a deferred closure replaces in any other way
  (` + "`defer func() { err = client.IgnoreNotFound(err) }()`" + `);
- Gets of other objects, such as a Secret named in the spec: retrying until it
  appears is intended;
- ObjectReconcilers (` + "`reconcile.AsReconciler`" + `): their adapter already ignores NotFound.`,
	Before: `func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w examplev1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, fmt.Errorf("get widget: %w", err)
	}
	// ...
}`,
	After: `func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w examplev1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(fmt.Errorf("get widget: %w", err))
	}
	// ...
}`,
	Fix: "Wraps the returned error as `client.IgnoreNotFound(<expr>)`, adding the import of " +
		"`sigs.k8s.io/controller-runtime/pkg/client` when needed. `apierrors.IsNotFound` uses " +
		"`errors.As`, so wrapped errors still match. No fix is offered when the error is wrapped " +
		"in a way that hides it (`%v`) or when the return statement is a single multi-value call.",
}

// Analyzer reports RL5001.
var Analyzer = check.New(Doc, run, check.Requires(leaksAnalyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	for _, l := range pass.ResultOf[leaksAnalyzer].([]*NotFoundLeak) {
		ret, ok := diag.Enclosing[*ast.ReturnStmt](pass, l.Return.Pos())
		if !ok {
			continue
		}
		what := "the Get of the requested object"
		if l.Helper != nil {
			what = fmt.Sprintf("the Get of the requested object in %s", l.Helper.Name())
		}
		msg := fmt.Sprintf("%s returns the NotFound error of %s as its error, "+
			"so a deleted object's key is retried forever with backoff; return client.IgnoreNotFound(err) instead",
			ssax.FuncName(l.Root.Entry), what)
		f := diag.Finding{
			Pos:     ret.Pos(),
			End:     ret.End(),
			Message: msg,
			Related: []analysis.RelatedInformation{{Pos: l.Get, Message: "the Get of the requested object"}},
		}
		if l.Direct && len(ret.Results) == l.Root.Fn.Signature.Results().Len() {
			f.Fix = ignoreNotFoundFix(pass, ret)
		}
		rep.Report(f)
		n++
	}
	return n
}

// ignoreNotFoundFix wraps the last result of ret in client.IgnoreNotFound.
func ignoreNotFoundFix(pass *analysis.Pass, ret *ast.ReturnStmt) *analysis.SuggestedFix {
	file := diag.FileOf(pass, ret.Pos())
	if file == nil {
		return nil
	}
	errExpr := ret.Results[len(ret.Results)-1]
	name, edits := diag.EnsureImport(pass, file, ret.Pos(), apis.Client, "client")
	edits = append(edits,
		analysis.TextEdit{Pos: errExpr.Pos(), End: errExpr.Pos(), NewText: []byte(name + ".IgnoreNotFound(")},
		analysis.TextEdit{Pos: errExpr.End(), End: errExpr.End(), NewText: []byte(")")},
	)
	return &analysis.SuggestedFix{Message: "Wrap the error in client.IgnoreNotFound", TextEdits: edits}
}
