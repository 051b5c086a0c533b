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

// resolveForwarders finds the forwarders that are inlined and resolves
// every call of the package that goes through them. A forwarder is
// inlined when no other package can call it (an unexported function that
// is no method, a closure, a generic function's instance) and every use of
// it in the package is a call: its own call is then seen at its callers'
// sites only (findWrites skips its body), so nothing is counted twice.
func (s *Summary) resolveForwarders() {
	calls := map[*ssa.Function]int{}
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					if callee := s.LocalCallee(call.Common()); callee != nil && private(callee) && forward.Of(callee) != nil {
						calls[callee]++
					}
				}
			}
		}
	}
	s.inlined = make(map[*ssa.Function]bool)
	for fn, n := range calls {
		if n == s.uses(fn) {
			s.inlined[fn] = true
		}
	}
	r := &forward.Resolver{Callee: func(c *ssa.CallCommon) *ssa.Function {
		if fn := s.Callee(c); fn != nil && s.inlined[s.LocalFunc(fn)] {
			return fn
		}
		return nil
	}}
	s.fwd = make(map[*ssa.CallCommon]*ssa.CallCommon)
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					if out := r.Resolve(call.Common()); out != nil {
						s.fwd[call.Common()] = out
					}
				}
			}
		}
	}
}

// private reports whether only the package can call fn: a closure, or an
// unexported function that is no method.
func private(fn *ssa.Function) bool {
	if fn.Parent() != nil {
		return true
	}
	obj := fn.Object()
	return obj != nil && !obj.Exported() && fn.Signature.Recv() == nil
}

// uses counts the uses of fn in the package as a value: calls, closures
// made of it, stores, arguments, conversions. A package variable that
// holds fn counts each of its loads instead of the store that defines it.
func (s *Summary) uses(fn *ssa.Function) int {
	n := 0
	count := func(v ssa.Value) {
		refs := v.Referrers()
		if refs == nil {
			n += 1 << 20 // unknown uses
			return
		}
		n += len(*refs)
	}
	for _, f := range s.srcFunc {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if u, ok := instr.(*ssa.UnOp); ok {
					if g, ok := u.X.(*ssa.Global); ok && s.funcVars[g] == fn {
						count(u) // a load of a variable that holds fn
					}
				}
				if st, ok := instr.(*ssa.Store); ok {
					if g, ok := st.Addr.(*ssa.Global); ok && s.funcVars[g] == fn {
						continue // the definition of a function variable
					}
				}
				for _, op := range instr.Operands(nil) {
					if f, ok := (*op).(*ssa.Function); !ok || f != fn && f.Origin() != fn {
						continue
					}
					if mc, ok := instr.(*ssa.MakeClosure); ok {
						count(mc)
					} else {
						n++
					}
				}
			}
		}
	}
	return n
}
