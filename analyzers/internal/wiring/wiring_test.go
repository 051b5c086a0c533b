package wiring_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/wiring"
)

// wiringProbe reports the controller wirings of a package with the
// evaluation of their primary predicates and their reconciler, and the
// PredicateValue and ReconcilerInfo facts it exports.
var wiringProbe = &analysis.Analyzer{
	Name:     "wiringprobe",
	Doc:      "reports wirings, predicate values and reconciler facts for tests",
	Requires: []*analysis.Analyzer{summary.Analyzer, wiring.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		s := summary.Of(pass)
		if !s.Relevant() {
			return nil, nil
		}
		m := pass.ResultOf[wiring.Analyzer].(*wiring.Model)
		for _, w := range m.Wirings() {
			v := wiring.AndPredicates(w.Predicates).Value
			rec := "?"
			if ri := m.ReconcilerOf(w); ri != nil {
				rec = ri.EntryFunc + " finalizers=" + strings.Join(ri.FinalizerNames, ",")
				if ri.ManagesFinalizersOf(w.Primary) {
					rec += " manages-primary"
				}
			}
			pass.Reportf(w.PrimaryPos, "wiring %v %s rec=%s", w.Primary, v.String(), rec)
		}
		for _, f := range m.Exported {
			switch fact := f.Fact.(type) {
			case *wiring.PredicateValue, *wiring.ReconcilerInfo:
				pass.Reportf(f.Object.Pos(), "%s", fact)
			}
		}
		return nil, nil
	},
}

func TestWirings(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), wiringProbe, "wiring/lib", "wiring")
}
