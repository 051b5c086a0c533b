// Package wiring is the shared analysis of controller wiring: the
// controller builders and controller.New calls of a package (which object
// a controller watches, with which predicates, feeding which reconciler),
// the evaluation of those predicates on abstract watch events, and what
// the wired reconcilers do with finalizers. Its facts carry predicate
// values, reconciler information and builder helpers across packages.
//
// Its analyzer requires the model (package summary); checks about the
// wiring of controllers require this analyzer and read its Model.
package wiring

import (
	"fmt"
	"go/types"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Analyzer computes the wiring Model of a package and exports its facts.
var Analyzer = summary.NewAnalysis("rlwiring",
	"reconcilelint: controller wirings, predicate evaluation and reconciler finalizer handling, shared by reconcilelint checks",
	"the controller wiring", nil, []analysis.Fact{new(PredicateValue), new(ReconcilerInfo), new(CompletesFact)},
	func() *Model { return &Model{} }, func(pass *analysis.Pass, s *summary.Summary) (*Model, error) {
		m := newModel(pass, s)
		m.build()
		return m, nil
	})

// Model is the wiring of the controllers of one package. It is computed
// entirely by the analyzer's Run and not changed afterwards, so checks may
// read it concurrently.
type Model struct {
	s    *summary.Summary
	pass *analysis.Pass // the pass of Analyzer, whose facts the model imports and exports

	wirings  []*Wiring
	recOf    map[*Wiring]*ReconcilerInfo
	recTypes []ReconcilerType
	// scopes are the reconcile scopes of the reconcilers of the package
	// (kept out of ReconcilerInfo, a fact that drivers may keep in memory
	// for the whole run).
	scopes map[*ReconcilerInfo][]*ssa.Function

	// mu serialises ObjectKinds, the one method that reads the model's
	// view s after Run.
	mu sync.Mutex

	// Memo tables of Run.
	preds   *predEvaluator
	recInfo map[*ssa.Function]*ReconcilerInfo

	// Exported lists the facts exported for the package's objects.
	Exported []analysis.ObjectFact
}

// ReconcilerType is a reconciler type of the package, the receiver of a
// reconcile root, with what is known of its reconciler (that of its first
// root); Info is exported as the type's fact.
type ReconcilerType struct {
	Obj  *types.TypeName
	Info *ReconcilerInfo
}

// ReconcilerTypes returns the reconciler types of the package, in the
// order of their roots.
func (m *Model) ReconcilerTypes() []ReconcilerType { return m.recTypes }

// ScopeOf returns the reconcile scope of ri (from ReconcilerOf or
// ReconcilerTypes) when it is a reconciler of the package: its entry and
// the package functions it reaches, in breadth-first order; nil for a
// reconciler of another package.
func (m *Model) ScopeOf(ri *ReconcilerInfo) []*ssa.Function { return m.scopes[ri] }

// CompletesFact is the fact exported for a function that completes
// controller builders it is passed: b.Complete(r) or b.Build(r) with both
// b and r parameters, so that a wiring in another package that passes its
// builder to the function finds the reconciler.
type CompletesFact struct {
	Calls []CompleteCall
}

// AFact marks CompletesFact as a fact.
func (*CompletesFact) AFact() {}

func (f *CompletesFact) String() string { return fmt.Sprintf("CompletesFact(%v)", f.Calls) }

// CompleteCall says that a function calls Complete (or Build) on its
// parameter Builder with its parameter Reconciler (receiver first).
type CompleteCall struct {
	Builder, Reconciler int
}

func newModel(pass *analysis.Pass, s *summary.Summary) *Model {
	m := &Model{
		s:       s,
		pass:    pass,
		recOf:   make(map[*Wiring]*ReconcilerInfo),
		scopes:  make(map[*ReconcilerInfo][]*ssa.Function),
		recInfo: make(map[*ssa.Function]*ReconcilerInfo),
	}
	m.preds = &predEvaluator{m: m, busy: make(map[ssa.Value]bool), funcs: make(map[*ssa.Function]*PredEval),
		bind: make(map[*ssa.Parameter]ssa.Value), active: make(map[*ssa.Function]bool)}
	return m
}

// build computes the model and exports the facts, in the order the model
// computed them when it was part of the summary: the reconciler types, the
// functions' facts, the predicate facts, then the wirings.
func (m *Model) build() {
	m.addReconcilerTypes()
	for _, rt := range m.recTypes {
		m.pass.ExportObjectFact(rt.Obj, rt.Info)
		m.Exported = append(m.Exported, analysis.ObjectFact{Object: rt.Obj, Fact: rt.Info})
	}
	m.s.ExportFuncFacts(m.pass, func(fn *ssa.Function) analysis.Fact {
		if calls := m.completes(fn); len(calls) > 0 {
			return &CompletesFact{Calls: calls}
		}
		return nil
	})
	m.exportPredicateFacts()
	m.wirings = m.findWirings()
	for _, w := range m.wirings {
		m.recOf[w] = m.reconcilerOfValue(w.Reconciler, 0)
	}
}
