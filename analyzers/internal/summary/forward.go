package summary

import (
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/forward"
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

// resolveForwarders resolves the calls of the package that go through
// its inlined forwarders (forward.Inline).
func (s *Summary) resolveForwarders() {
	s.fwd, s.inlined = forward.Inline(s.srcFunc, s.LocalCallee, func(g *ssa.Global) *ssa.Function { return s.funcVars[g] })
}
