package resultwitherror

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/check"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/results"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Doc is the structured documentation of RL5002.
var Doc = &checkdoc.Doc{
	ID:       "RL5002",
	Name:     "resultwitherror",
	Title:    "Non-zero Result returned together with a non-nil error, so the Result is ignored",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: `When ` + "`Reconcile`" + ` returns a non-nil error, controller-runtime ignores
` + "`Requeue`" + ` and ` + "`RequeueAfter`" + `: it logs "Warning: Reconciler returned both a result with
either RequeueAfter or Requeue set and a non-nil error" and requeues the key with
rate-limited exponential backoff instead (or not at all for a
` + "`reconcile.TerminalError`" + `). The delay the code asks for never takes effect, and
the code reads as if it did.`,
	Detection: `Reported: a ` + "`return R, E`" + ` of a reconcile root, or of a helper in the same
package whose ` + "`(Result, error)`" + ` pair the root returns unchanged, or whose error alone it returns
(as it is or wrapped, with a Result of its own: ` + "`if _, err := r.step(ctx); err != nil { return ctrl.Result{}, err }`" + `;
a step of a list of sub-reconcilers counts too), where
- R is provably non-zero: a composite literal with ` + "`Requeue: true`" + ` or a positive
  constant ` + "`RequeueAfter`" + `, a value whose every Phi input is such a literal, or a Result
  a constructor of the package builds with such fields, itself or through the functional
  options the call hands it (` + "`result(after(time.Minute))`" + `);
- E may be non-nil: anything but the constant ` + "`nil`" + ` or a value known to be nil on
  the way to the return (the true edge of ` + "`E == nil`" + `, the false edge of ` + "`E != nil`" + `).
  ` + "`return ctrl.Result{RequeueAfter: d}, r.setPhase(ctx, obj)`" + ` is reported: whenever the call
  fails, the requeue is silently replaced by backoff. The message says whether E is
  provably non-nil (` + "`errors.New`" + `, ` + "`fmt.Errorf`" + `, ` + "`reconcile.TerminalError`" + `, the true edge
  of ` + "`E != nil`" + ` or of an ` + "`apierrors.Is*(E)`" + ` test) or only may be.

A function of another package is followed through its facts: when it returns (itself
or through its own helpers) a provably non-zero Result with an error that may be non-nil,
the call whose pair or error the root passes on is reported, with the site of that return.

Deferred calls do not hide the pair: with a ` + "`defer cancel()`" + `, a deferred log line, a
deferred patch that assigns the named error only when the patch fails, or a deferred
closure that wraps a non-nil error, R and E are what the ` + "`return`" + ` returns (a deferred
patch's own failure is a failure path of its own, not this return's).

Not reported: a helper's return whose Result the caller keeps with a nil error of its own
(` + "`res, err := r.step(ctx); if errors.Is(err, errWait) { return res, nil }`" + `); a helper's return of a
sentinel error (a package variable, or one that re-exports another's) that a caller on the way
tests for with ` + "`errors.Is`" + ` or ` + "`==`" + ` and handles before it passes any other error on
(cloudnative-pg's ` + "`ErrNextLoop`" + `, translated into ` + "`return result, nil`" + ` by Reconcile, however many
helpers down it is returned); a Result that may be zero (a variable Result assembled across branches),
` + "`return ctrl.Result{}, err`" + `, computed delays (` + "`RequeueAfter: d`" + `), which may be zero,
and an error known to be nil.`,
	Before: `if err := r.Status().Update(ctx, &app); err != nil {
	return ctrl.Result{RequeueAfter: 5 * time.Second}, err
}`,
	After: `if err := r.Status().Update(ctx, &app); err != nil {
	return ctrl.Result{}, err
}`,
	Fix: "Replaces the Result literal with an empty one of the same type (`ctrl.Result{}` or " +
		"`reconcile.Result{}`, as the code spells it), removing imports that only the deleted fields used. " +
		"If the requeue delay is what you want and the error is only informational, log the error " +
		"and return `nil` instead; the message names this alternative but no fix applies it. " +
		"No fix is offered when the Result is not a literal in the return statement, nor when the error " +
		"only may be non-nil (emptying the Result would drop the requeue on the success path; the message " +
		"says to return the error on its own first).",
}

// Analyzer reports RL5002.
var Analyzer = check.New(Doc, run, check.Requires(results.Analyzer))

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	done := map[*ssa.Return]bool{}
	for _, rr := range pass.ResultOf[results.Analyzer].(*results.Model).Returns() {
		if done[rr.Return] || rr.NilErr {
			continue // reached again through another caller; or the root returns this Result with a nil error
		}
		rv := results.Eval(rr.Result, s)
		if !rv.NonZero() {
			continue
		}
		if results.ErrNil(rr.Return.Block(), rr.Err) {
			continue
		}
		errDesc, advice := "a non-nil error", "Return an empty Result with the error, or log the error and return nil to keep the requeue"
		sure := results.ErrNonNil(rr.Return.Block(), rr.Err)
		if !sure {
			errDesc = "an error that may be non-nil (whenever it is, the requeue is lost)"
			advice = "Return the error on its own first (if err != nil { return ctrl.Result{}, err }) and the Result with a nil error after it"
		}
		ret, ok := diag.Enclosing[*ast.ReturnStmt](pass, rr.Return.Pos())
		if !ok || !rr.Return.Pos().IsValid() {
			continue
		}
		where := ssax.FuncName(rr.Fn)
		switch {
		case rr.ErrOnly:
			where = fmt.Sprintf("%s (whose error %s returns with a Result of its own)", where, ssax.FuncName(rr.Root.Entry))
		case len(rr.Via) > 0:
			where = fmt.Sprintf("%s (whose results %s returns)", where, ssax.FuncName(rr.Root.Entry))
		}
		msg := fmt.Sprintf("%s returns a Result with %s together with %s; "+
			"controller-runtime ignores the Result when the error is non-nil and requeues with rate-limited backoff instead. %s",
			where, describe(rv), errDesc, advice)
		f := diag.Finding{Pos: ret.Pos(), End: ret.End(), Message: msg}
		switch {
		case rr.ErrOnly:
			f.Related = []analysis.RelatedInformation{{Pos: rr.Via[0].Pos(), Message: "the call whose error the reconciler returns"}}
		case len(rr.Via) > 0:
			f.Related = []analysis.RelatedInformation{{Pos: rr.Via[0].Pos(), Message: "the call whose results the reconciler returns"}}
		}
		if len(ret.Results) == 2 && sure {
			f.Fix = emptyResultFix(pass, ret.Results[0])
		}
		rep.Report(f)
		done[rr.Return] = true
		n++
	}
	calls := map[*ssa.Call]bool{}
	for _, fr := range pass.ResultOf[results.Analyzer].(*results.Model).Foreign() {
		if calls[fr.Call] || !fr.Call.Pos().IsValid() {
			continue
		}
		calls[fr.Call] = true
		errDesc := "an error that may be non-nil"
		if fr.Fact.Sure {
			errDesc = "a non-nil error"
		}
		how := "returns its results"
		if fr.ErrOnly {
			how = "returns its error with a Result of its own"
		}
		callee := "the function"
		if fn := ssax.CalleeFunc(&fr.Call.Call); fn != nil {
			callee = qualifiedName(fn)
		}
		msg := fmt.Sprintf("%s returns a Result with %s together with %s (%s), and %s %s: "+
			"controller-runtime ignores the Result when the error is non-nil and requeues with rate-limited backoff instead, "+
			"so the requeue is lost whenever the error is not nil. Have %s return the Result with a nil error when the delay is what it wants, "+
			"or the error on its own",
			callee, describe(fr.Fact.Value()), errDesc, diag.ShortSite(fr.Fact.Site), ssax.FuncName(fr.Root.Entry), how, callee)
		rep.Report(diag.Finding{Pos: fr.Call.Pos(), End: token.NoPos, Message: msg})
		n++
	}
	return n
}

// qualifiedName names a function of another package as its caller spells
// it: pkg.Func, or pkg.(*T).Method.
func qualifiedName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		t := recv.Type()
		star := ""
		if p, ok := t.(*types.Pointer); ok {
			t, star = p.Elem(), "*"
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = "(" + star + n.Obj().Name() + ")." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// describe renders the requeue that the Result asks for.
func describe(rv results.Value) string {
	if rv.AfterConst && rv.After > 0 {
		return "RequeueAfter: " + time.Duration(rv.After).String()
	}
	return "Requeue: true"
}

// emptyResultFix deletes the fields of the Result literal.
func emptyResultFix(pass *analysis.Pass, e ast.Expr) *analysis.SuggestedFix {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok || lit.Type == nil || len(lit.Elts) == 0 {
		return nil
	}
	file := diag.FileOf(pass, lit.Pos())
	if file == nil {
		return nil
	}
	from, to := lit.Lbrace+1, lit.Rbrace
	edits := []analysis.TextEdit{{Pos: from, End: to}}
	edits = append(edits, diag.RemoveImportsUsedOnlyIn(pass, file, from, to)...)
	return &analysis.SuggestedFix{Message: "Return an empty Result with the error", TextEdits: edits}
}
