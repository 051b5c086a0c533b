package finalizerorder

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// index returns the position of instr in its block.
func index(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}

// reaches reports whether control can get from a to b.
func reaches(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() && index(a) < index(b) {
		return true
	}
	return blockReaches(a.Block().Succs, b.Block(), nil)
}

// blockReaches reports whether target is reachable from the blocks of
// start; follow, when set, chooses the successors of a block.
func blockReaches(start []*ssa.BasicBlock, target *ssa.BasicBlock, follow func(*ssa.BasicBlock) []*ssa.BasicBlock) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), start...)
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b == target {
			return true
		}
		succs := b.Succs
		if follow != nil {
			succs = follow(b)
		}
		work = append(work, succs...)
	}
	return false
}

// errorResult returns the error result of call: the call itself when it
// is its only result, the Extract of the last result otherwise; nil when
// the call returns no error or nothing reads the error.
func errorResult(call *ssa.Call) (errv ssa.Value, hasErr bool) {
	res := call.Call.Signature().Results()
	if res.Len() == 0 || !apis.IsError(res.At(res.Len()-1).Type()) {
		return nil, false
	}
	if res.Len() == 1 {
		return call, true
	}
	for _, r := range *call.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == res.Len()-1 {
			return e, true
		}
	}
	return nil, true
}

// errUse says what a function does with a cleanup's error.
type errUse int

const (
	errIgnored errUse = iota // nothing reads it
	errTested                // compared with nil, maybe logged or returned
	errOther                 // stored, passed on, collected: not followed
)

// errAliases returns errv and the Phis it flows into, through other Phis
// too (`err := a(); if err == nil { err = b() }; if err != nil { … }`):
// on a path from errv's definition, each of them holds errv.
func errAliases(errv ssa.Value) map[ssa.Value]bool {
	out := map[ssa.Value]bool{errv: true}
	work := []ssa.Value{errv}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		for _, r := range *v.Referrers() {
			if phi, ok := r.(*ssa.Phi); ok && !out[phi] {
				out[phi] = true
				work = append(work, phi)
			}
		}
	}
	return out
}

// errorUse classifies the uses of errv (and of the Phis it flows into).
func errorUse(s *summary.Summary, errv ssa.Value) errUse {
	use := errIgnored
	aliases := errAliases(errv)
	for v := range aliases {
		for _, r := range *v.Referrers() {
			if phi, ok := r.(*ssa.Phi); ok && aliases[phi] {
				continue // classified by its own uses
			}
			switch u := errorUseAt(s, v, r); u {
			case errOther:
				return errOther
			case errTested:
				use = errTested
			}
		}
	}
	return use
}

// errorUseAt classifies one use r of the error value errv: errTested for
// a nil test, errIgnored for a use that ends the path or only logs,
// errOther otherwise.
func errorUseAt(s *summary.Summary, errv ssa.Value, r ssa.Instruction) errUse {
	switch x := r.(type) {
	case *ssa.DebugRef, *ssa.Return:
		// Returning the error ends that path.
		return errIgnored
	case *ssa.BinOp:
		if (x.Op == token.EQL || x.Op == token.NEQ) && (isNilConst(x.X) || isNilConst(x.Y)) {
			return errTested
		}
		return errOther
	}
	if loggedBy(s, errv, r) {
		return errIgnored
	}
	return errOther
}

// errLoggedOnly reports whether errv (or a Phi it flows into) reaches a
// logging call.
func errLoggedOnly(s *summary.Summary, errv ssa.Value) bool {
	for v := range errAliases(errv) {
		for _, r := range *v.Referrers() {
			if loggedBy(s, v, r) {
				return true
			}
		}
	}
	return false
}

// loggedBy reports whether instruction r only passes v to a logging call:
// as an argument, or boxed into its variadic arguments (an error becomes
// an any by ChangeInterface, a concrete value by MakeInterface).
func loggedBy(s *summary.Summary, v ssa.Value, r ssa.Instruction) bool {
	switch x := r.(type) {
	case *ssa.Call:
		return s.LogsOnly(&x.Call)
	case *ssa.MakeInterface, *ssa.ChangeInterface:
		boxed := x.(ssa.Value)
		for _, rr := range *boxed.Referrers() {
			if !loggedBy(s, boxed, rr) {
				return false
			}
		}
		return true
	case *ssa.Store:
		ia, ok := x.Addr.(*ssa.IndexAddr)
		if !ok || x.Val != v {
			return false
		}
		alloc, ok := ia.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		for _, ar := range *alloc.Referrers() {
			if sl, ok := ar.(*ssa.Slice); ok {
				for _, sr := range *sl.Referrers() {
					if !loggedBy(s, sl, sr) {
						return false
					}
				}
			}
		}
		return true
	}
	return false
}

// failurePathReaches reports whether target can run after call while the
// call's error errv is non-nil: at a test of errv (or of a Phi it flows
// into) against nil only the non-nil edge is followed.
func failurePathReaches(call *ssa.Call, errv ssa.Value, target ssa.Instruction) bool {
	if call.Block() == target.Block() && index(call) < index(target) {
		return true
	}
	aliases := errAliases(errv)
	follow := func(b *ssa.BasicBlock) []*ssa.BasicBlock {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || len(b.Succs) != 2 {
			return b.Succs
		}
		bin, ok := iff.Cond.(*ssa.BinOp)
		if !ok || (!aliases[bin.X] && !aliases[bin.Y]) {
			return b.Succs
		}
		if bin.Op == token.NEQ {
			return b.Succs[:1]
		}
		return b.Succs[1:]
	}
	return blockReaches(follow(call.Block()), target.Block(), follow)
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// notFoundTested reports whether to runs only after the true edge of a
// test apierrors.IsNotFound(errv) in fn (the edge dominates it): the code
// deletes again until the delete says the object is gone.
func notFoundTested(s *summary.Summary, fn *ssa.Function, errv ssa.Value, to ssa.Instruction) bool {
	for _, b := range fn.Blocks {
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		call, ok := ifi.Cond.(*ssa.Call)
		if !ok {
			continue
		}
		fc := s.Forward(&call.Call) // through a helper that only tests
		args := ssax.CallArgs(fc)
		if len(args) != 1 || ssax.StripConv(args[0]) != ssax.StripConv(errv) {
			continue
		}
		callee := ssax.CalleeFunc(fc)
		if callee == nil || !apis.IsNotFoundTest(apis.FuncOf(callee)) {
			continue
		}
		if b.Succs[0].Dominates(to.Block()) && len(b.Succs[0].Preds) == 1 {
			return true
		}
	}
	return false
}
