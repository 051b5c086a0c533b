package summary

import (
	"fmt"
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// NewAnalysis returns the analyzer of an analysis built on the model: a
// shared analysis (docs/architecture.md), or the private fact analysis of
// a check. It requires the model and requires, declares facts, and runs
// build on each package with the reader's view of the model (Of). For a
// package the model did not analyse, its result is empty(). A panic in
// build becomes an error that names what was analysed.
func NewAnalysis[T any](name, doc, what string, requires []*analysis.Analyzer, facts []analysis.Fact,
	empty func() T, build func(pass *analysis.Pass, s *Summary) (T, error)) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       name,
		Doc:        doc,
		URL:        "https://github.com/reconcilelint/reconcilelint",
		Requires:   append([]*analysis.Analyzer{Analyzer}, requires...),
		ResultType: reflect.TypeFor[T](),
		FactTypes:  facts,
		Run: func(pass *analysis.Pass) (res any, err error) {
			s := Of(pass)
			if s != nil && s.Err != nil {
				return nil, s.Err
			}
			if s == nil || !s.Relevant() {
				return empty(), nil
			}
			defer func() {
				if r := recover(); r != nil {
					res, err = nil, fmt.Errorf("internal error analysing %s of %s: %v (please report this)", what, pass.Pkg.Path(), r)
				}
			}()
			v, err := build(pass, s)
			if err != nil {
				return nil, err
			}
			return v, nil
		},
	}
}
