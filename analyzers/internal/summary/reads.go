package summary

import (
	"go/token"
	"go/types"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"golang.org/x/tools/go/ssa"
)

// Metaless drops the embedded ObjectMeta/TypeMeta elements of a path.
func Metaless(p []string) []string {
	var out []string
	for _, e := range p {
		if e != "ObjectMeta" && e != "TypeMeta" {
			out = append(out, e)
		}
	}
	return out
}

// ValueHome returns the function that defines v.
func ValueHome(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Parameter:
		return x.Parent()
	case ssa.Instruction:
		return x.Parent()
	}
	return nil
}

// readResult returns the call of a package helper whose result v is, when
// the helper returns, on every path that returns an object, an object it
// read from the API (getObject(key) (*T, error) { …Get…; return obj }).
func (s *Summary) readResult(v ssa.Value) *ssa.Call {
	c, i := resultCall(v)
	if c == nil || c.Call.IsInvoke() || i >= 64 {
		return nil
	}
	local := s.LocalFunc(s.Callee(&c.Call))
	if local == nil || s.readResults(local)&(1<<uint(i)) == 0 {
		return nil
	}
	return c
}

// readResults returns the bit set of fn's results that are objects fn
// read from the API on every return that does not return nil.
func (s *Summary) readResults(fn *ssa.Function) uint64 {
	if r, ok := s.readRes.Get(fn); ok {
		return r // 0 while in progress
	}
	s.readRes.Put(fn, 0)
	var out uint64
	n := fn.Signature.Results().Len()
	for i := 0; i < n && i < 64; i++ {
		all, some := ssax.EveryReturn(fn, i, func(ret *ssa.Return, v ssa.Value) bool {
			root, path := s.RootOf(v)
			_, read := s.ReadBefore(fn, root, ret)
			return read && len(path) == 0 && s.IsObjectRoot(root)
		})
		if some && all {
			out |= 1 << uint(i)
		}
	}
	s.readRes.Put(fn, out)
	return out
}

// readCallOf returns the typed-client, lister or indexer call whose result
// v is, or nil.
func (s *Summary) readCallOf(v ssa.Value) *ssa.Call {
	c := ssax.ResultCall(v)
	if c == nil {
		return nil
	}
	callee := ssax.CalleeFunc(s.Forward(&c.Call))
	if callee == nil {
		return nil
	}
	f := apis.FuncOf(callee)
	if apis.IsTypedGet(f) || apis.IsTypedList(f) || apis.IsCacheRead(f) {
		return c
	}
	return nil
}

// boxedValue returns the value of a heap-allocated variable that holds a
// pointer or interface and is assigned exactly once, when closures that
// capture it never assign it: a variable boxed only because a closure
// reads it. It returns nil otherwise.
func boxedValue(a *ssa.Alloc) ssa.Value {
	if !a.Heap {
		return nil
	}
	switch ssax.Deref(a.Type()).Underlying().(type) {
	case *types.Pointer, *types.Interface:
	default:
		return nil
	}
	var val ssa.Value
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != a || val != nil {
				return nil
			}
			val = x.Val
		case *ssa.UnOp:
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			if fn == nil {
				return nil
			}
			for i, b := range x.Bindings {
				if b == a && i < len(fn.FreeVars) && storedThrough(fn.FreeVars[i]) {
					return nil
				}
			}
		default:
			return nil
		}
	}
	return val
}

// ReadBefore reports whether root, an object of fn, was filled from the
// API before site: a Get or List into it, a typed-client, lister or
// indexer read whose result it is, or a package helper that returns an
// object it read. It returns where.
func (s *Summary) ReadBefore(fn *ssa.Function, root ssa.Value, site ssa.Instruction) (token.Pos, bool) {
	for _, e := range s.Effects(fn) {
		if e.Kind == ReadEffect && e.Root == root && ssax.Reaches(e.Instr, site) {
			return e.Instr.Pos(), true
		}
	}
	if c := s.readCallOf(root); c != nil && ssax.Reaches(c, site) {
		return c.Pos(), true
	}
	if c := s.readResult(root); c != nil && ssax.Reaches(c, site) {
		return c.Pos(), true
	}
	return token.NoPos, false
}

// storedThrough reports whether a closure (or a closure it creates and
// hands the variable to) assigns its free variable, or passes it on in a
// way the model does not follow.
func storedThrough(fv *ssa.FreeVar) bool {
	return storedThroughDepth(fv, 0)
}

func storedThroughDepth(fv *ssa.FreeVar, depth int) bool {
	if depth > 4 {
		return true
	}
	for _, r := range *fv.Referrers() {
		switch x := r.(type) {
		case *ssa.UnOp:
		case *ssa.Store:
			if x.Addr == fv {
				return true
			}
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			if fn == nil {
				return true
			}
			for i, b := range x.Bindings {
				if b == fv && (i >= len(fn.FreeVars) || storedThroughDepth(fn.FreeVars[i], depth+1)) {
					return true
				}
			}
		default:
			return true
		}
	}
	return false
}

// ReadsAPI reports whether c reads objects of the API: Get or List of a
// controller-runtime client, of a client-go typed or generated client, of
// the dynamic client or of a lister, or a read of an informer cache.
func (s *Summary) ReadsAPI(c *ssa.CallCommon) bool {
	callee := ssax.CalleeFunc(s.Forward(c))
	if callee == nil {
		return false
	}
	f := apis.FuncOf(callee)
	return apis.IsReaderGet(f) || apis.IsReaderList(f) || apis.IsTypedGet(f) || apis.IsTypedList(f) || apis.IsCacheRead(f)
}
