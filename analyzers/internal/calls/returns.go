package calls

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// maxReturnDepth bounds the chain of forwarders and closures called in
// place that ReturnedField follows.
const maxReturnDepth = 4

// Returns returns the value each return of fn gives, for a function with
// one result: the one walk over a function's returns that the questions
// about what a call returns (a list it builds, a list it hands out from
// its parameter's field) share. ok is false when fn has no body or not
// exactly one result.
func Returns(fn *ssa.Function) (vals []ssa.Value, ok bool) {
	if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return nil, false
	}
	for _, b := range fn.Blocks {
		if ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return); isRet && len(ret.Results) == 1 {
			vals = append(vals, ret.Results[0])
		}
	}
	return vals, true
}

// CopiedList returns the list that the call c copies whole into a new
// one (append([]T(nil), l...)), or nil.
func CopiedList(c *ssa.Call) ssa.Value {
	b, ok := c.Call.Value.(*ssa.Builtin)
	if !ok || b.Name() != "append" || len(c.Call.Args) != 2 || !c.Call.Signature().Variadic() {
		return nil
	}
	if k, ok := c.Call.Args[0].(*ssa.Const); !ok || !k.IsNil() {
		return nil
	}
	return c.Call.Args[1]
}

// ReturnedField returns the parameter of the static call c's callee, and
// the field of it, whose list every return of the callee gives: the list
// itself, a copy of it, appends of its entries (a registry's lists by
// key), or nothing (nil); ok is false for anything else.
func ReturnedField(c *ssa.CallCommon) (param, field int, ok bool) {
	callee := c.StaticCallee()
	if callee == nil {
		return -1, -1, false
	}
	fn := BodyOf(callee)
	if len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return -1, -1, false
	}
	return listField(fn, fn, c.Args, 0)
}

// listField is ReturnedField for the body fn called with args, depth
// calls down a chain of forwarders and closures called in place; the
// parameter is top's (fn itself, or the function a closure fn is runs
// in).
func listField(fn, top *ssa.Function, args []ssa.Value, depth int) (param, field int, ok bool) {
	if depth > maxReturnDepth || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
		return -1, -1, false
	}
	param, field = -1, -1
	// noteParam records that the list is in field f of top's parameter p.
	noteParam := func(p, f int) bool {
		if p < 0 || param >= 0 && (p != param || f != field) {
			return false
		}
		param, field = p, f
		return true
	}
	note := func(v ssa.Value, f int) bool {
		owner, p := ssax.OuterParam(fn, v)
		return owner == top && noteParam(p, f)
	}
	seen := make(map[ssa.Value]bool)
	var from func(v ssa.Value) bool
	from = func(v ssa.Value) bool {
		v = ssax.Unconvert(v)
		if seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			return x.IsNil()
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !from(e) {
					return false
				}
			}
			return true
		case *ssa.Call:
			if b, ok := x.Call.Value.(*ssa.Builtin); ok {
				if b.Name() != "append" {
					return false
				}
				for _, a := range x.Call.Args {
					if !from(a) {
						return false
					}
				}
				return true
			}
			if mc, ok := x.Call.Value.(*ssa.MakeClosure); ok {
				// A closure called in place: its returns, in top's terms.
				body, _ := mc.Fn.(*ssa.Function)
				if body == nil || body.Parent() != fn {
					return false
				}
				p, f, ok := listField(body, top, nil, depth+1)
				return ok && noteParam(p, f)
			}
			// A forwarder: what its returns give, from the argument it
			// is called with.
			callee := x.Call.StaticCallee()
			if callee == nil {
				return false
			}
			body := BodyOf(callee)
			q, f, ok := listField(body, body, x.Call.Args, depth+1)
			return ok && note(x.Call.Args[q], f)
		case *ssa.Lookup:
			if _, ok := x.X.Type().Underlying().(*types.Map); !ok {
				return false
			}
			return from(x.X)
		case *ssa.UnOp:
			fa, ok := x.X.(*ssa.FieldAddr)
			if !ok || x.Op != token.MUL {
				return false
			}
			return note(fa.X, fa.Field)
		}
		return false
	}
	rets, ok := Returns(fn)
	if !ok {
		return -1, -1, false
	}
	for _, r := range rets {
		if !from(r) {
			return -1, -1, false
		}
	}
	return param, field, param >= 0 && (args == nil || param < len(args))
}
