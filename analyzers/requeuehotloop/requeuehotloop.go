package requeuehotloop

import (
	"fmt"
	"go/ast"
	"go/token"
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

// defaultFixDelay is the RequeueAfter that the fix writes unless
// min-requeue is larger.
const defaultFixDelay = 30 * time.Second

// Doc is the structured documentation of RL5003.
var Doc = &checkdoc.Doc{
	ID:       "RL5003",
	Name:     "requeuehotloop",
	Title:    "Unconditional Requeue: true, or RequeueAfter below a threshold, on the success path",
	Severity: checkdoc.Warning,
	Since:    "v0.1.0",
	Rationale: `A reconciler that succeeded should wait for the next watch event, or ask for a
requeue only while it is waiting for something.

- ` + "`Requeue: true`" + ` is deprecated. The key is requeued rate-limited and never
  forgotten, so the object is reconciled forever, with exponential backoff from
  5 ms up to 1000 s.
- A small constant ` + "`RequeueAfter`" + ` forgets the key and adds it back after the delay:
  ` + "`100 * time.Millisecond`" + ` on the success path is a permanent 10 Hz poll of every
  object the controller manages.`,
	Detection: `Reported: a ` + "`return R, nil`" + ` of a reconcile root, or of a helper in the same
package whose ` + "`(Result, error)`" + ` pair the root returns, on the steady-state path, where
R has ` + "`Requeue: true`" + ` (and no positive constant ` + "`RequeueAfter`" + `) or a constant
` + "`RequeueAfter`" + ` below ` + "`min-requeue`" + ` (default 1s). The steady-state path means every
condition the return depends on is an error test taken on its no-error edge, a
deletion-timestamp test on its not-deleting edge, or a configuration test.

Not reported:
- returns under a comparison of observed state, a change reporter, an equality
  test, a loop, or any condition the analysis cannot classify:
  ` + "`if !ready { return ctrl.Result{RequeueAfter: 15 * time.Second}, nil }`" + `;
- returns on the deletion path: polling while an object is deleted ends when it
  is gone;
- computed delays: ` + "`RequeueAfter: time.Until(next)`" + `, ` + "`RequeueAfter: r.Interval`" + `;
- returns with a non-nil error (see RL5002).`,
	Before: `if err := r.Status().Update(ctx, &app); err != nil {
	return ctrl.Result{}, err
}
return ctrl.Result{RequeueAfter: 500 * time.Millisecond}, nil`,
	After: `if err := r.Status().Update(ctx, &app); err != nil {
	return ctrl.Result{}, err
}
return ctrl.Result{RequeueAfter: 30 * time.Second}, nil`,
	Fix: "Replaces `Requeue: true` with `RequeueAfter: 30 * time.Second` (or `min-requeue` when that is larger), " +
		"adding the `time` import when needed, or raises a too-small constant `RequeueAfter` to the same value. " +
		"Consider whether the requeue is needed at all: a watch on the objects you wait for is better than polling. " +
		"No fix is offered when the Result is not a literal in the return statement.",
	Options: []checkdoc.Option{{
		Name:    "min-requeue",
		Default: "1s",
		Text:    "The smallest constant `RequeueAfter` that is not reported on the success path (a Go duration).",
	}},
}

// minRequeue is the value of the min-requeue flag.
var minRequeue = time.Second

// Analyzer reports RL5003.
var Analyzer = check.New(Doc, run, check.Requires(results.Analyzer))

func init() {
	Analyzer.Flags.DurationVar(&minRequeue, "min-requeue", time.Second,
		"smallest constant RequeueAfter that is not reported on the success path")
}

func run(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
	n := 0
	for _, rr := range pass.ResultOf[results.Analyzer].(*results.Model).Returns() {
		if c, ok := rr.Err.(*ssa.Const); !ok || !c.IsNil() {
			continue
		}
		if rr.Status != summary.Unguarded || rr.InLoop || rr.Deleting || rr.ErrOnly {
			continue
		}
		rv := results.Eval(rr.Result, s)
		if !rv.Known || !rv.AfterConst {
			continue
		}
		var what string
		switch {
		case rv.After > 0 && time.Duration(rv.After) < minRequeue:
			what = fmt.Sprintf("RequeueAfter: %s, below the minimum of %s,", time.Duration(rv.After), minRequeue)
		case rv.After <= 0 && rv.Requeue:
			what = "Requeue: true"
		default:
			continue
		}
		ret, ok := diag.Enclosing[*ast.ReturnStmt](pass, rr.Return.Pos())
		if !ok || !rr.Return.Pos().IsValid() {
			continue
		}
		where := ssax.FuncName(rr.Fn)
		if len(rr.Via) > 0 {
			where = fmt.Sprintf("%s (whose results %s returns)", where, ssax.FuncName(rr.Root.Entry))
		}
		msg := fmt.Sprintf("%s returns %s on the success path with no condition on observed state, "+
			"so every object is requeued after every successful reconcile, forever; "+
			"requeue only while waiting for something, with a delay of at least %s, or rely on watches",
			where, what, fixDelay())
		f := diag.Finding{Pos: ret.Pos(), End: ret.End(), Message: msg}
		if len(rr.Via) > 0 {
			f.Related = []analysis.RelatedInformation{{Pos: rr.Via[0].Pos(), Message: "the call whose results the reconciler returns"}}
		}
		if len(ret.Results) == 2 {
			f.Fix = requeueFix(pass, ret.Results[0])
		}
		rep.Report(f)
		n++
	}
	return n
}

// fixDelay is the delay the fix writes.
func fixDelay() time.Duration {
	if minRequeue > defaultFixDelay {
		return minRequeue
	}
	return defaultFixDelay
}

// requeueFix rewrites the Result literal e.
func requeueFix(pass *analysis.Pass, e ast.Expr) *analysis.SuggestedFix {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	file := diag.FileOf(pass, lit.Pos())
	if file == nil {
		return nil
	}
	var requeue, after *ast.KeyValueExpr
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		if id, ok := kv.Key.(*ast.Ident); ok {
			switch id.Name {
			case "Requeue":
				requeue = kv
			case "RequeueAfter":
				after = kv
			}
		}
	}
	timeName, edits := diag.EnsureImport(pass, file, lit.Pos(), "time", "time")
	delay := durationExpr(timeName, fixDelay())
	var from, to token.Pos
	switch {
	case after != nil:
		from, to = after.Value.Pos(), after.Value.End()
		edits = append(edits, analysis.TextEdit{Pos: from, End: to, NewText: []byte(delay)})
	case requeue != nil:
		from, to = requeue.Pos(), requeue.End()
		edits = append(edits, analysis.TextEdit{Pos: from, End: to, NewText: []byte("RequeueAfter: " + delay)})
	default:
		return nil
	}
	edits = append(edits, diag.RemoveImportsUsedOnlyIn(pass, file, from, to, "time")...)
	return &analysis.SuggestedFix{Message: "Requeue after " + fixDelay().String(), TextEdits: edits}
}

// durationExpr spells d with the time package named timeName.
func durationExpr(timeName string, d time.Duration) string {
	switch {
	case d%time.Hour == 0:
		return unit(d/time.Hour, timeName+".Hour")
	case d%time.Minute == 0:
		return unit(d/time.Minute, timeName+".Minute")
	case d%time.Second == 0:
		return unit(d/time.Second, timeName+".Second")
	case d%time.Millisecond == 0:
		return unit(d/time.Millisecond, timeName+".Millisecond")
	}
	return fmt.Sprintf("%s.Duration(%d)", timeName, int64(d))
}

func unit(n time.Duration, u string) string {
	if n == 1 {
		return u
	}
	return fmt.Sprintf("%d * %s", int64(n), u)
}
