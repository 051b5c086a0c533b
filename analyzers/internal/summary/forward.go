package summary

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/forward"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
)

// Forward returns the call c makes once the forwarders it goes through
// are seen through (package forward): a call of a helper, closure,
// generic function or function variable that only passes its arguments
// on to one call is that call, with the caller's arguments. It returns c
// itself for every other call. Every rule that classifies a call by its
// callee reads the callee and the arguments of Forward(c).
func (s *Summary) Forward(c *ssa.CallCommon) *ssa.CallCommon {
	if r, ok := s.fwd[c]; ok {
		return r
	}
	return c
}

// Forwarded reports whether the call instr goes through a forwarder: its
// callee and arguments (Forward) are not those of its call expression, so
// a fix must not edit that expression as if they were.
func (s *Summary) Forwarded(instr ssa.Instruction) bool {
	c, ok := instr.(ssa.CallInstruction)
	return ok && s.fwd[c.Common()] != nil
}

// resolveForwarders resolves the calls of the package that go through
// its inlined forwarders (forward.Inline).
func (s *Summary) resolveForwarders() {
	s.carried = make(map[string]*FuncSummary)
	other := forward.FromFacts(s.Pass.Pkg, s.Pkg.Prog, func(fn *types.Func) *forward.Fact {
		fs := s.FactOf(fn)
		if fs == nil {
			return nil
		}
		if fs.Forward != nil && fs.ForwardTarget != nil {
			s.carried[fs.Forward.Target] = fs.ForwardTarget
		}
		return fs.Forward
	}, func(v *types.Var) *forward.Fact {
		fs := s.VarFactOf(v)
		if fs == nil {
			return nil
		}
		if fs.Forward != nil && fs.ForwardTarget != nil {
			s.carried[fs.Forward.Target] = fs.ForwardTarget
		}
		return fs.Forward
	})
	s.fwd, s.inlined = forward.Inline(s.srcFunc, s.LocalCallee, s.graph, other, s.devirtualize)
	for _, fn := range s.srcFunc {
		if !s.inlined[fn] && !s.instantiated[fn] {
			s.visible = append(s.visible, fn)
		}
	}
}

// devirtualize resolves an interface call of a method of an interface
// the package declares to a static call of the one function Callees finds
// for it, the interface value first; nil when it finds none or several.
func (s *Summary) devirtualize(c *ssa.CallCommon) *ssa.CallCommon {
	if c.Method == nil || c.Method.Pkg() != s.Pass.Pkg {
		return nil
	}
	fs := s.Callees(c)
	if len(fs) != 1 || len(fs[0].Blocks) == 0 {
		return nil
	}
	return &ssa.CallCommon{Value: fs[0], Args: append([]ssa.Value{c.Value}, c.Args...)}
}

// dispatchKey returns 1 + the index of the parameter of interface method
// m through which a workqueue worker passes the queue's item, or 0: from
// this package's workers, or from the fact of m's package.
func (s *Summary) dispatchKey(m *types.Func) roots.Dispatch {
	if k := s.dispatch[m]; k != 0 {
		return roots.Dispatch{Key: k, Guarded: s.dispatchGuarded[m]}
	}
	if fs := s.FactOf(m); fs != nil {
		return roots.Dispatch{Key: fs.DispatchKey, Guarded: fs.DispatchGuarded}
	}
	return roots.Dispatch{}
}

// fieldDispatchKey returns 1 + the index of the argument through which a
// worker passes its item to the function a struct field f holds, or 0:
// from this package's workers, or from the fact of f's package.
func (s *Summary) fieldDispatchKey(f *types.Var) int {
	if k := s.fieldDispatch[f]; k != 0 {
		return k
	}
	if f.Pkg() != nil && f.Pkg() != s.Pass.Pkg {
		var fs FuncSummary
		if s.Pass.ImportObjectFact(f, &fs) {
			return fs.DispatchKey
		}
	}
	return 0
}
