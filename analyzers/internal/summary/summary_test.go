package summary_test

import (
	"fmt"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// probe reports what the model found, so that testdata can assert it with
// // want comments: every root with its kind, every write with its status
// (in scope) or local status (out of scope), and the class of every
// condition that controls a write.
var probe = &analysis.Analyzer{
	Name:     "probe",
	Doc:      "reports the reconcilelint summary model for tests",
	Requires: []*analysis.Analyzer{summary.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		s := summary.Of(pass)
		if !s.Relevant() {
			return nil, nil
		}
		for _, r := range s.Roots {
			pass.Reportf(r.Fn.Pos(), "root %s", r.Kind)
		}
		reported := make(map[token.Pos]bool)
		for _, w := range s.Writes {
			st := "local " + w.Local.String()
			if w.InScope {
				st = w.Status.String()
			}
			pass.Reportf(w.Pos(), "write %s %s", w.Method(), st)
			fi := s.Func(w.Fn)
			if fi.Graph == nil {
				continue
			}
			deps := fi.Steady.ControlDeps(w.Call.Block())
			for _, d := range fi.Graph.ControlDeps(w.Call.Block()) {
				if ifi := d.If(); ifi != nil {
					if g := fi.Guard(ifi); g.Kind == summary.ErrorTest && g.FailSucc == d.Succ {
						deps = append(deps, d)
					}
				}
			}
			for _, d := range deps {
				ifi := d.If()
				if ifi == nil {
					continue
				}
				pos := condPos(ifi.Cond)
				if !pos.IsValid() || reported[pos] {
					continue
				}
				reported[pos] = true
				pass.Reportf(pos, "cond %s", fi.Guard(ifi).Kind)
			}
		}
		return nil, nil
	},
}

// condPos returns a position for a condition value.
func condPos(v ssa.Value) token.Pos {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.NOT && !u.Pos().IsValid() {
		return condPos(u.X)
	}
	return v.Pos()
}

func TestModel(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), probe, "model")
}

func TestFacts(t *testing.T) {
	stubtest.Run(t, analysistest.TestData(), factProbe, "model/lib")
}

// factProbe reports the FuncSummary facts exported for a package.
var factProbe = &analysis.Analyzer{
	Name:     "factprobe",
	Doc:      "reports FuncSummary facts for tests",
	Requires: []*analysis.Analyzer{summary.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		s := summary.Of(pass)
		for _, f := range s.Exported {
			pass.Reportf(f.Object.Pos(), "%s", fmt.Sprint(f.Fact))
		}
		return nil, nil
	},
}
