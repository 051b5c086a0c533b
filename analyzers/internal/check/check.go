// Package check builds the analyzer of a reconcilelint check from its
// documentation and its body: every check requires the shared summary and
// the generated-file analyzer (nothing is reported in generated files),
// skips packages the summary did not analyse, reports through a
// diag.Reporter, and returns the number of findings it reported. The
// Requires option adds the shared analyses a check reads. A check whose
// detection carries facts across packages keeps them on a private
// analyzer of its own package, which it requires: analysistest compares
// every fact of the analyzer under test with want comments.
package check

import (
	"fmt"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/wiring"
)

// Body is what a check does on one package: it reports through rep and
// returns how many findings it reported.
type Body func(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int

// Option adds to the analyzer of a check what its detection needs besides
// the model.
type Option func(*analysis.Analyzer)

// Requires makes the check require the shared analyses as: its body reads
// their results through pass.ResultOf.
func Requires(as ...*analysis.Analyzer) Option {
	return func(a *analysis.Analyzer) { a.Requires = append(a.Requires, as...) }
}

// New returns the analyzer of the check documented by doc.
func New(doc *checkdoc.Doc, body Body, opts ...Option) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:       doc.Name,
		Doc:        doc.Summary(),
		URL:        doc.URL(),
		Requires:   []*analysis.Analyzer{summary.Analyzer, diag.GeneratedAnalyzer},
		ResultType: reflect.TypeFor[int](),
		Run: func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				// A defect of the check is an error of this package's
				// analysis, not the end of the others'.
				if r := recover(); r != nil {
					res, err = nil, fmt.Errorf("internal error in %s analysing %s: %v (please report this)", doc.Name, pass.Pkg.Path(), r)
				}
			}()
			s := summary.Of(pass)
			if s != nil && s.Err != nil {
				return nil, s.Err
			}
			if !s.Relevant() {
				return 0, nil
			}
			return body(pass, s, diag.NewReporter(pass, doc)), nil
		},
	}
	for _, o := range opts {
		o(a)
	}
	return a
}

// PerWiring is the Body of a check that looks at each controller wiring
// of the package (the primary watch and the reconciler it feeds) and
// reports at most one finding for it. The check must require the wiring
// analysis: Requires(wiring.Analyzer).
func PerWiring(f func(*analysis.Pass, *summary.Summary, *wiring.Model, *wiring.Wiring) (diag.Finding, bool)) Body {
	return func(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
		m, ok := pass.ResultOf[wiring.Analyzer].(*wiring.Model)
		if !ok {
			return 0 // the check does not require the wiring analysis
		}
		n := 0
		for _, w := range m.Wirings() {
			if fd, ok := f(pass, s, m, w); ok {
				rep.Report(fd)
				n++
			}
		}
		return n
	}
}
