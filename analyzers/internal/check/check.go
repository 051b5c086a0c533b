// Package check builds the analyzer of a reconcilelint check from its
// documentation and its body: every check requires the shared summary and
// the generated-file analyzer (nothing is reported in generated files),
// skips packages the summary did not analyse, reports through a
// diag.Reporter, and returns the number of findings it reported (it
// exports no facts of its own).
package check

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Body is what a check does on one package: it reports through rep and
// returns how many findings it reported.
type Body func(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int

// New returns the analyzer of the check documented by doc.
func New(doc *checkdoc.Doc, body Body) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       doc.Name,
		Doc:        doc.Summary(),
		URL:        doc.URL(),
		Requires:   []*analysis.Analyzer{summary.Analyzer, diag.GeneratedAnalyzer},
		ResultType: reflect.TypeFor[int](),
		Run: func(pass *analysis.Pass) (any, error) {
			s := pass.ResultOf[summary.Analyzer].(*summary.Summary)
			if !s.Relevant() {
				return 0, nil
			}
			return body(pass, s, diag.NewReporter(pass, doc)), nil
		},
	}
}

// PerWiring is the Body of a check that looks at each controller wiring
// of the package (the primary watch and the reconciler it feeds) and
// reports at most one finding for it.
func PerWiring(f func(*analysis.Pass, *summary.Summary, *summary.Wiring) (diag.Finding, bool)) Body {
	return func(pass *analysis.Pass, s *summary.Summary, rep *diag.Reporter) int {
		n := 0
		for _, w := range s.Wirings() {
			if fd, ok := f(pass, s, w); ok {
				rep.Report(fd)
				n++
			}
		}
		return n
	}
}
