package permanentretry

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

// Doc is the structured documentation of RL5004.
var Doc = &checkdoc.Doc{
	ID:       "RL5004",
	Name:     "permanentretry",
	Title:    "Permanent error (parse/validation/Invalid) retried forever instead of reconcile.TerminalError",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: `An error that a retry cannot fix, such as a malformed quantity in the object's
spec or an API request the server rejected as Invalid, should be returned as
` + "`reconcile.TerminalError(err)`" + `. controller-runtime then counts it in
` + "`controller_runtime_terminal_reconcile_errors_total`" + `, logs it once and does not
requeue the key. Any other error is retried with rate-limited backoff, forever:
the spec stays malformed until the user edits it, and that edit triggers a new
reconcile anyway. Also set a ` + "`Ready=False`" + ` condition so the user can see why.`,
	Detection: `Reported: a ` + "`return`" + ` of a reconcile root (a ` + "`Reconcile`" + ` method or ` + "`reconcile.Func`" + `)
whose error result may be, directly, wrapped with ` + "`fmt.Errorf`" + ` or ` + "`github.com/pkg/errors`" + `,
or passed up by helpers of this or other packages,
- the error of parsing the reconciled object's own data (its spec, labels,
  annotations or name: the object fetched with the request's key, or the object
  an ObjectReconciler receives) with ` + "`strconv.*`" + `, ` + "`resource.ParseQuantity`" + `,
  ` + "`time.ParseDuration`" + `, ` + "`json.Unmarshal`" + `, ` + "`url.Parse`" + `, ` + "`metav1.LabelSelectorAsSelector`" + `,
  ` + "`labels.Parse`" + ` or ` + "`(*template.Template).Parse`" + `; or
- an API error returned on the true edge of ` + "`apierrors.IsInvalid`" + `, ` + "`IsBadRequest`" + `,
  ` + "`IsRequestEntityTooLargeError`" + ` or ` + "`IsNotAcceptable`" + ` of that error.

Not reported:
- errors wrapped in ` + "`reconcile.TerminalError`" + `;
- parsing data of other objects, such as a ConfigMap or Secret the spec names: that
  data becomes valid when the other object changes, and its watch fires;
- parsed data mixed with anything the analysis cannot trace to the object;
- transient errors such as ` + "`errors.New(\"upstream busy\")`" + `.`,
	Before: `q, err := resource.ParseQuantity(db.Spec.Storage)
if err != nil {
	return ctrl.Result{}, fmt.Errorf("invalid spec.storage: %w", err)
}`,
	After: `q, err := resource.ParseQuantity(db.Spec.Storage)
if err != nil {
	return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("invalid spec.storage: %w", err))
}`,
	Fix: "Wraps the returned error as `reconcile.TerminalError(<expr>)`, adding the import of " +
		"`sigs.k8s.io/controller-runtime/pkg/reconcile` when needed. The fix is offered only when the " +
		"permanent error is the only source of the returned error in the reconciler itself; when the " +
		"same return may also carry transient errors, or the error comes from a helper, wrap the permanent " +
		"error where it is produced instead. Consider also setting a `Ready=False` condition with the reason.",
}

// Analyzer reports RL5004.
var Analyzer = check.New(Doc, run, check.Requires(leaksAnalyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	for _, l := range pass.ResultOf[leaksAnalyzer].([]*PermanentLeak) {
		ret, ok := diag.Enclosing[*ast.ReturnStmt](pass, l.Return.Pos())
		if !ok || !l.Return.Pos().IsValid() {
			continue
		}
		var what, related string
		switch {
		case l.Invalid && l.Helper != nil:
			what = fmt.Sprintf("an API error that %s identifies with %s", l.Helper.Name(), l.What)
			related = "the call of " + l.Helper.Name()
		case l.Invalid:
			what = "an API error identified with " + l.What
			related = "the " + l.What + " test"
		case l.Helper != nil:
			what = fmt.Sprintf("the error of %s in %s, parsing the reconciled object's own data", l.What, l.Helper.Name())
			related = "the call of " + l.Helper.Name()
		default:
			what = fmt.Sprintf("the error of %s parsing the reconciled object's own data", l.What)
			related = "the " + l.What + " call"
		}
		msg := fmt.Sprintf("%s returns %s as a plain error, so the reconcile is retried with backoff forever "+
			"although no retry can fix it; return reconcile.TerminalError(err) and set a Ready=False condition",
			ssax.FuncName(l.Root.Entry), what)
		f := diag.Finding{
			Pos:     ret.Pos(),
			End:     ret.End(),
			Message: msg,
			Related: []analysis.RelatedInformation{{Pos: l.Pos, Message: related}},
		}
		if l.Only && len(ret.Results) == l.Root.Fn.Signature.Results().Len() {
			f.Fix = terminalFix(pass, ret)
		}
		rep.Report(f)
		n++
	}
	return n
}

// terminalFix wraps the last result of ret in reconcile.TerminalError.
func terminalFix(pass *analysis.Pass, ret *ast.ReturnStmt) *analysis.SuggestedFix {
	file := diag.FileOf(pass, ret.Pos())
	if file == nil || len(ret.Results) == 0 {
		return nil
	}
	errExpr := ret.Results[len(ret.Results)-1]
	name, edits := diag.EnsureImport(pass, file, ret.Pos(), apis.Reconcile, "reconcile")
	edits = append(edits,
		analysis.TextEdit{Pos: errExpr.Pos(), End: errExpr.Pos(), NewText: []byte(name + ".TerminalError(")},
		analysis.TextEdit{Pos: errExpr.End(), End: errExpr.End(), NewText: []byte(")")},
	)
	return &analysis.SuggestedFix{Message: "Wrap the error in reconcile.TerminalError", TextEdits: edits}
}
