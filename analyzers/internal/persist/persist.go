// Package persist is the analysis of non-deterministic values that a
// reconciler persists on every pass, shared by the checks of clock,
// random and process values and of map or cache order: the stores of tainted values that a write of the same
// object then persists, unguarded or under a guard that never holds, and
// the stability of the conditions on the way (stable.go).
//
// Its analyzer's result is the package's *Model; the model of the
// summary package (taint, effects, guards) does the rest.
package persist

import (
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Analyzer makes the Model of a package. The checks that report persisted
// values require it and read pass.ResultOf[persist.Analyzer].
var Analyzer = summary.NewAnalysis("rlpersist",
	"rlpersist: non-deterministic values persisted on every reconcile, for the reconcilelint checks that report them",
	"the persisted values", nil, nil, func() *Model { return &Model{} },
	func(_ *analysis.Pass, s *summary.Summary) (*Model, error) { return &Model{s: s}, nil })

// Model is the analysis of one package. It computes what it needs on
// first use, under its own lock; the summary it reads is used as the
// checks use it (see summary.Summary.Lock).
type Model struct {
	s *summary.Summary // nil when the package is not relevant

	mu     sync.Mutex
	stable *stableModel // stable.go, computed on first use
}
