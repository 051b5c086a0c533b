package summary

import (
	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/forward"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"golang.org/x/tools/go/ssa"
)

// IsRoot reports whether fn is a reconcile root.
func (s *Summary) IsRoot(fn *ssa.Function) bool {
	for _, r := range s.Roots {
		if r.Fn == fn {
			return true
		}
	}
	return false
}

// LogOnlyBranch reports whether b's If only chooses whether to log: one
// successor does nothing but log (or record an Event) and goes on to the
// other.
func (s *Summary) LogOnlyBranch(b *ssa.BasicBlock) bool {
	if len(b.Succs) != 2 {
		return false
	}
	for i, x := range b.Succs {
		other := b.Succs[1-i]
		if len(x.Preds) != 1 || len(x.Succs) != 1 || x.Succs[0] != other {
			continue
		}
		if s.onlyLogs(x, 0) {
			return true
		}
	}
	return false
}

// onlyLogs reports whether the instructions of the branch block b only
// compute values for and make logging calls, and no value it defines is
// used after it.
func (s *Summary) onlyLogs(b *ssa.BasicBlock, depth int) bool {
	for _, instr := range b.Instrs {
		if v, ok := instr.(ssa.Value); ok && ssax.UsedOutside(v, b) {
			return false
		}
	}
	return s.blockLogsOnly(b, depth)
}

// blockLogsOnly reports whether b's only effects are logging calls: calls
// of the logging packages, and of package functions whose bodies only log
// (depth bounds the nesting); stores only into the variadic arguments it
// builds.
func (s *Summary) blockLogsOnly(b *ssa.BasicBlock, depth int) bool {
	for _, instr := range b.Instrs {
		switch x := instr.(type) {
		case *ssa.Store:
			if ia, ok := x.Addr.(*ssa.IndexAddr); !ok || ia.Block() != b {
				return false
			}
		case *ssa.MapUpdate, *ssa.Send, *ssa.Go, *ssa.Defer, *ssa.Panic:
			return false
		case *ssa.Call:
			if _, ok := x.Call.Value.(*ssa.Builtin); ok || s.makesClosure(&x.Call) {
				continue // no effect: a builtin, a factory's closure made
			}
			if !s.logsOnly(&x.Call, depth) {
				return false
			}
		}
	}
	return true
}

// makesClosure reports whether c is a call of a factory of the package
// that returns a closure capturing nothing (forward.FactoryClosure): it
// has no effect but making the closure.
func (s *Summary) makesClosure(c *ssa.CallCommon) bool {
	fn := s.LocalFunc(c.StaticCallee())
	return fn != nil && len(c.Args) == 0 && forward.FactoryClosure(fn) != nil
}

// LogsOnly reports whether call c only logs: a call of a logging package
// (apis.IsLogging), or of a function of this package whose body only
// computes values and makes such calls (three levels).
func (s *Summary) LogsOnly(c *ssa.CallCommon) bool { return s.logsOnly(c, 0) }

func (s *Summary) logsOnly(c *ssa.CallCommon, depth int) bool {
	c = s.Forward(c)
	callee := ssax.CalleeFunc(c)
	if callee != nil && apis.IsLogging(apis.FuncOf(callee)) {
		return true
	}
	fn := s.LocalFunc(s.Callee(c))
	if fn == nil {
		fs, _ := s.CalleeFact(c)
		return fs != nil && fs.OnlyLogs
	}
	return depth < 3 && s.bodyLogsOnly(fn, depth+1)
}

// bodyLogsOnly reports whether every block of fn only logs, and it
// makes at least one call.
func (s *Summary) bodyLogsOnly(fn *ssa.Function, depth int) bool {
	calls := false
	for _, b := range fn.Blocks {
		if !s.blockLogsOnly(b, depth) {
			return false
		}
		for _, instr := range b.Instrs {
			if _, ok := instr.(*ssa.Call); ok {
				calls = true
			}
		}
	}
	return calls
}
