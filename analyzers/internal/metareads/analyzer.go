// Package metareads is the analysis of the labels and annotations that
// decide what a reconcile does: reads of one key (or of the whole map) of
// an object's metadata.labels or metadata.annotations whose value reaches
// a branch, a value stored into an object or a struct, an argument of an
// API call, or the non-error result of a reconcile root (a value that only
// reaches a log line, an error message or an Event decides nothing), and
// the constant keys a reconcile scope sets.
//
// Its analyzer requires the model (package summary) and the wiring
// analysis, whose reconcile scopes it reads; its result gives the keys of
// the reconcilers wired in a package. Its facts carry the reads and key
// writes of helpers, and those of reconciler types, across packages. The
// check of predicates that drop label and annotation changes requires it.
package metareads

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/keys"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/wiring"
)

// Analyzer computes the Result of a package and exports its facts.
var Analyzer = summary.NewAnalysis("rlmetareads",
	"reconcilelint: the labels and annotations that decide what a reconcile does, and the keys it sets",
	"the metadata reads", []*analysis.Analyzer{wiring.Analyzer}, []analysis.Fact{new(FuncMetadata), new(ReconcilerMetadata)},
	func() *Result { return &Result{recs: make(map[*wiring.ReconcilerInfo]*ReconcilerMetadata)} }, build)

// Result holds the metadata keys of the reconcilers of a package's
// reconciler types and of the reconcilers its wirings feed. It is computed
// entirely by the analyzer's Run and not changed afterwards.
type Result struct {
	recs map[*wiring.ReconcilerInfo]*ReconcilerMetadata
}

// Of returns the metadata keys the reconcile scope of ri (from
// wiring.Model.ReconcilerOf or ReconcilerTypes) reads and writes; empty
// when nothing is known of them.
func (r *Result) Of(ri *wiring.ReconcilerInfo) *ReconcilerMetadata {
	if md := r.recs[ri]; md != nil {
		return md
	}
	return new(ReconcilerMetadata)
}

// FuncMetadata is the fact exported for a function that reads or sets the
// labels or annotations of its parameters, so that its callers in other
// packages see what it reads and writes.
type FuncMetadata struct {
	// Reads are the reads of the parameters' labels and annotations that
	// decide something in the function or reach its results.
	Reads []MetaReadFact
	// KeyWrites are the label and annotation keys the function sets on
	// its parameters.
	KeyWrites []MetaKeyWriteFact
}

// AFact marks FuncMetadata as a fact.
func (*FuncMetadata) AFact() {}

func (f *FuncMetadata) String() string {
	return fmt.Sprintf("FuncMetadata(reads=%v, writes=%v)", f.Reads, f.KeyWrites)
}

// ReconcilerMetadata is what a reconcile scope does with labels and
// annotations: the keys whose values decide what it does (Reads), and the
// constant keys it sets (Writes); and where it reads the spec of its
// objects (SpecReads). It is the fact exported for the
// reconciler types of a package (the receivers of its reconcile roots),
// so that a wiring in another package sees it.
type ReconcilerMetadata struct {
	Reads, Writes []MetadataKey
	// SpecReads are the first reads of the spec of objects of each kind
	// (Field apis.SpecField, Key ""): a change of it matters to the
	// reconciler.
	SpecReads []MetadataKey
}

// AFact marks ReconcilerMetadata as a fact.
func (*ReconcilerMetadata) AFact() {}

func (r *ReconcilerMetadata) String() string {
	return fmt.Sprintf("ReconcilerMetadata(reads=%d, writes=%d)", len(r.Reads), len(r.Writes))
}

// build finds the metadata reads and key writes of a package, exports
// their facts, and computes those of its reconcilers.
func build(pass *analysis.Pass, s *summary.Summary) (*Result, error) {
	res := &Result{recs: make(map[*wiring.ReconcilerInfo]*ReconcilerMetadata)}
	m, ok := pass.ResultOf[wiring.Analyzer].(*wiring.Model)
	if !ok {
		return nil, fmt.Errorf("analysing the metadata reads of %s: no wiring model", pass.Pkg.Path())
	}
	d := &meta{pass: pass, s: s, keys: keys.New(s), m: m, recs: res.recs}
	d.exportFacts()
	for _, w := range m.Wirings() {
		if ri := m.ReconcilerOf(w); ri != nil {
			d.reconcilerMetadata(ri)
		}
	}
	return res, nil
}
