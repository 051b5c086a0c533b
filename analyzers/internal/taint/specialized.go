package taint

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/memo"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Specialized returns the analysis of a for one use of a function whose
// function values are known there: env maps a function value the
// function calls (a parameter, a variable its closure captured) to the
// functions it holds at that use (a helper handed fixedShard rather than
// randomShard, a factory's closure made with a stable clock), where a
// alone knows only every function the value may hold anywhere. Taints
// are computed afresh; what a computes for functions is read, not
// changed.
func (a *Analysis) Specialized(env map[ssa.Value][]*ssa.Function) *Analysis {
	m := a.m
	if outer, ok := m.(envModel); ok {
		// Within a specialised use: one environment, the inner use's
		// values first.
		merged := make(map[ssa.Value][]*ssa.Function, len(env)+len(outer.env))
		for k, fs := range outer.env {
			merged[k] = fs
		}
		for k, fs := range env {
			merged[k] = fs
		}
		m, env = outer.Model, merged
	}
	b := a.View(envModel{Model: m, env: env})
	b.taintMemo = &memo.Table[ssa.Value, Taint]{}
	b.storeIdx = &memo.Table[*ssa.Function, map[ssa.Value][]localStore]{}
	return b
}

// envModel is a Model whose dynamic calls through the values of env call
// the functions env gives.
type envModel struct {
	Model
	env map[ssa.Value][]*ssa.Function
}

// called returns the function value a call calls: a parameter, or a
// variable a closure captured (by value, or the cell of one it shares).
func called(c *ssa.CallCommon) ssa.Value {
	v := ssax.Unconvert(c.Value)
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if fv, ok := u.X.(*ssa.FreeVar); ok {
			return fv
		}
	}
	return v
}

func (m envModel) Callee(c *ssa.CallCommon) *ssa.Function {
	if fs, ok := m.env[called(c)]; ok && !c.IsInvoke() {
		if len(fs) == 1 {
			return fs[0]
		}
		return nil
	}
	return m.Model.Callee(c)
}

func (m envModel) Callees(c *ssa.CallCommon) []*ssa.Function {
	if fs, ok := m.env[called(c)]; ok && !c.IsInvoke() {
		return fs
	}
	return m.Model.Callees(c)
}

// Env returns what the function values of a Specialized analysis hold, or
// nil.
func (a *Analysis) Env() map[ssa.Value][]*ssa.Function {
	if m, ok := a.m.(envModel); ok {
		return m.env
	}
	return nil
}
