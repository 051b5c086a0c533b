package finalizerorder

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/handlers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/keys"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// CleanupFact marks a function that makes a cleanup call (cleanupAt: a
// Delete of an object, external I/O, a method of an interface of the
// program that can fail, or such a call of its own helpers or of
// functions of other packages), so that a caller in another package sees
// the call of it as a cleanup. What names the cleanup inside.
//
// It is a fact of the private analysis cleanupsAnalyzer: analysistest
// requires a want comment for every fact of the analyzer under test.
type CleanupFact struct {
	What string
}

// AFact marks CleanupFact as a fact.
func (*CleanupFact) AFact() {}

func (f *CleanupFact) String() string { return "cleanup(" + f.What + ")" }

// cleanups answers, for functions of other packages, whether a call of
// them is a cleanup (their CleanupFact).
type cleanups struct {
	pass *analysis.Pass // the pass of cleanupsAnalyzer, whose facts it imports
}

// of returns what cleanup fn makes, from its fact, or "".
func (cl *cleanups) of(fn types.Object) string {
	if cl == nil || cl.pass == nil {
		return ""
	}
	var f CleanupFact
	if summary.ImportFuncFact(cl.pass, fn, &f) {
		return f.What
	}
	return ""
}

var cleanupsAnalyzer = summary.NewAnalysis("rlcleanups",
	"reconcilelint: the functions that make a cleanup call, as facts for RL7001 in other packages",
	"the cleanup calls", []*analysis.Analyzer{handlers.Analyzer}, []analysis.Fact{new(CleanupFact)},
	func() *cleanups { return nil }, findCleanups)

// findCleanups exports the CleanupFact of the package's functions.
func findCleanups(pass *analysis.Pass, s *summary.Summary) (*cleanups, error) {
	cl := &cleanups{pass: pass}
	c := newChecker(pass, s, cl)
	s.ExportFuncFacts(pass, func(fn *ssa.Function) analysis.Fact {
		if what := c.cleanupIn(fn, 0); what != "" {
			return &CleanupFact{What: what}
		}
		return nil
	})
	return cl, nil
}

// newChecker returns the checker of the package of s; cl answers for
// functions of other packages.
func newChecker(pass *analysis.Pass, s *summary.Summary, cl *cleanups) *checker {
	c := &checker{pass: pass, s: s, keys: keys.New(s), hm: pass.ResultOf[handlers.Analyzer].(*handlers.Model),
		writes: map[ssa.Instruction]*summary.Write{}, cl: cl}
	for _, w := range s.Writes {
		c.writes[w.Call] = w
	}
	return c
}
