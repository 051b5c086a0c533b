package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
)

// NotFoundLeak is a return of a request-keyed reconcile root whose error
// may be the NotFound of the Get of the requested object (RL5001).
type NotFoundLeak struct {
	Root   *Root
	Return *ssa.Return
	// Err is the returned error value.
	Err ssa.Value
	// Get is the position of the Get (or of the call of the helper that
	// performs it, when Helper is set).
	Get token.Pos
	// Helper is the function (of this or another package) that performs
	// the Get and returns its error; Site is the Get inside it.
	Helper *types.Func
	Site   string
	// Direct says the returned expression is the Get's error itself or an
	// error wrapped with %w / pkg/errors, so client.IgnoreNotFound around
	// it is a correct fix.
	Direct bool
}

// nfLeak is an intermediate result: the error result of fn may carry the
// unhandled NotFound of a Get keyed by parameter param.
type nfLeak struct {
	ret    *ssa.Return
	err    ssa.Value
	param  int
	site   string
	get    token.Pos
	helper *types.Func
	direct bool
}

// nfOrigin is a source of an error value: a Get (or a helper that returns
// a Get's error) with the key it looked up.
type nfOrigin struct {
	errVal ssa.Value // the error value as produced in this function
	key    ssa.Value
	get    token.Pos
	site   string
	helper *types.Func
	direct bool
}

// findNotFoundLeaks computes NotFoundLeaks for the request-keyed roots.
func (s *Summary) findNotFoundLeaks() {
	for _, r := range s.Roots {
		if !r.IsRequestKeyed() {
			continue
		}
		reqIdx := paramIndex(r.Fn, r.Request)
		for _, l := range s.nfLeaks(r.Fn) {
			if l.param != reqIdx {
				continue
			}
			s.NotFoundLeaks = append(s.NotFoundLeaks, &NotFoundLeak{
				Root: r, Return: l.ret, Err: l.err, Get: l.get, Helper: l.helper, Site: l.site, Direct: l.direct,
			})
		}
	}
}

// nfLeaks returns the returns of fn whose error result may carry an
// unhandled NotFound of a Get keyed by one of fn's parameters.
func (s *Summary) nfLeaks(fn *ssa.Function) []nfLeak {
	if s.nfMemo == nil {
		s.nfMemo = make(map[*ssa.Function][]nfLeak)
	}
	if l, ok := s.nfMemo[fn]; ok {
		return l
	}
	s.nfMemo[fn] = nil // recursion guard
	res := fn.Signature.Results()
	if res.Len() == 0 || !apis.IsError(res.At(res.Len()-1).Type()) || len(fn.Blocks) == 0 {
		return nil
	}
	fi := s.Func(fn)
	var out []nfLeak
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		errv := ret.Results[len(ret.Results)-1]
		for _, o := range s.errOrigins(errv, true, make(map[ssa.Value]bool)) {
			param := s.keyParam(fn, o.key, make(map[ssa.Value]int))
			if param < 0 {
				continue
			}
			if s.notFoundHandled(fi, b, o.errVal) {
				continue
			}
			out = append(out, nfLeak{ret: ret, err: errv, param: param, site: o.site, get: o.get, helper: o.helper, direct: o.direct})
		}
	}
	s.nfMemo[fn] = out
	return out
}

// errOrigins walks an error value backwards to the Gets (or helpers
// returning a Get's error) it may come from. direct is false once the walk
// has passed a wrapper that hides the error from errors.As.
func (s *Summary) errOrigins(v ssa.Value, direct bool, seen map[ssa.Value]bool) []nfOrigin {
	w := &errWalker[nfOrigin]{s: s, seen: seen, leaf: s.callOrigins}
	return w.walk(v, direct)
}

// callOrigins handles an error produced by a call that is not a wrapper
// (errWalker handles those): a Get or a helper.
func (s *Summary) callOrigins(c *ssa.Call, errVal ssa.Value, index int, direct bool) []nfOrigin {
	callee := calleeFunc(&c.Call)
	if callee == nil && s.localFunc(s.callee(&c.Call)) == nil {
		return nil // a dynamic call; a closure of the package goes on
	}
	f := apis.FuncOf(callee)
	args := callArgs(&c.Call)
	switch {
	case apis.IsReaderGet(f):
		if len(args) >= 2 {
			return []nfOrigin{{errVal: errVal, key: args[1], get: c.Pos(), site: s.Position(c.Pos()), direct: direct}}
		}
		return nil
	case apis.IsTypedGet(f):
		// Get(ctx, name, opts) of typed clients, Get(name) of listers.
		for _, a := range args {
			if b, ok := a.Type().Underlying().(*types.Basic); ok && b.Kind() == types.String {
				return []nfOrigin{{errVal: errVal, key: a, get: c.Pos(), site: s.Position(c.Pos()), direct: direct}}
			}
		}
		return nil
	case apis.IsIgnoreNotFound(f):
		return nil
	}
	// A helper: its summary maps the error result to a keyed parameter.
	fn := s.callee(&c.Call)
	if fn == nil || c.Call.IsInvoke() {
		return nil
	}
	res := fn.Signature.Results()
	if index != res.Len()-1 {
		return nil
	}
	if local := s.localFunc(fn); local != nil {
		var out []nfOrigin
		for _, l := range s.nfLeaks(local) {
			if key := closureArg(&c.Call, local, l.param); key != nil {
				out = append(out, nfOrigin{errVal: errVal, key: key, get: c.Pos(), site: l.site, helper: callee, direct: direct})
			}
		}
		return out
	}
	if fs := s.factOf(callee); fs != nil && fs.ErrResult.UnhandledNotFoundOfParam >= 0 {
		p := fs.ErrResult.UnhandledNotFoundOfParam
		if p < len(c.Call.Args) {
			return []nfOrigin{{errVal: errVal, key: c.Call.Args[p], get: c.Pos(), site: fs.ErrResult.Site, helper: callee, direct: direct}}
		}
	}
	return nil
}

// keyParam returns the index of the parameter of fn that a Get key is
// derived from (req.NamespacedName, client.ObjectKey{Name: req.Name, …},
// req.Name), or -1.
func (s *Summary) keyParam(fn *ssa.Function, v ssa.Value, memo map[ssa.Value]int) int {
	if v == nil {
		return -1
	}
	if p, ok := memo[v]; ok {
		return p // -1 while in progress: a cycle
	}
	memo[v] = -1
	p := s.keyParam1(fn, v, memo)
	memo[v] = p
	return p
}

func (s *Summary) keyParam1(fn *ssa.Function, v ssa.Value, seen map[ssa.Value]int) int {
	switch x := v.(type) {
	case *ssa.Parameter:
		if x.Parent() == fn {
			return paramIndex(fn, x)
		}
	case *ssa.FreeVar:
		// A closure's captured variable: numbered after the parameters
		// (see closureArg).
		if x.Parent() == fn {
			for i, fv := range fn.FreeVars {
				if fv == x {
					return len(fn.Params) + i
				}
			}
		}
	case *ssa.Field:
		return s.keyParam(fn, x.X, seen)
	case *ssa.FieldAddr:
		return s.keyParam(fn, x.X, seen)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return s.keyParam(fn, x.X, seen)
		}
	case *ssa.ChangeType:
		return s.keyParam(fn, x.X, seen)
	case *ssa.MakeInterface:
		return s.keyParam(fn, x.X, seen)
	case *ssa.ChangeInterface:
		return s.keyParam(fn, x.X, seen)
	case *ssa.Phi:
		idx := -1
		for _, e := range x.Edges {
			p := s.keyParam(fn, e, seen)
			if p < 0 || (idx >= 0 && p != idx) {
				return -1
			}
			idx = p
		}
		return idx
	case *ssa.Alloc:
		// A local copy of a parameter (*t0 = req), or a composite key:
		// every field stored into it must come from the same parameter,
		// and the Name field must be among them.
		idx, sawName := -1, false
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				p := s.keyParam(fn, st.Val, seen)
				if p < 0 || (idx >= 0 && p != idx) {
					return -1
				}
				idx, sawName = p, true
			}
		}
		for _, r := range *x.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok {
				continue
			}
			for _, rr := range *fa.Referrers() {
				st, ok := rr.(*ssa.Store)
				if !ok || st.Addr != fa {
					continue
				}
				p := s.keyParam(fn, st.Val, seen)
				if p < 0 || (idx >= 0 && p != idx) {
					return -1
				}
				idx = p
				if fieldName(x.Type(), fa.Field) == "Name" {
					sawName = true
				}
			}
		}
		if sawName {
			return idx
		}
	}
	return -1
}

// notFoundHandled reports whether the return in block b is controlled by a
// condition that looks at errVal other than a plain nil test: an
// apierrors.IsNotFound, an IgnoreNotFound, or anything unknown.
func (s *Summary) notFoundHandled(fi *FuncInfo, b *ssa.BasicBlock, errVal ssa.Value) bool {
	if fi.Graph == nil {
		return true
	}
	for _, d := range fi.Graph.ControlDeps(b) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		if !mentions(ifi.Cond, errVal, make(map[ssa.Value]bool)) {
			continue
		}
		if !isPlainNilTest(ifi.Cond, errVal) {
			return true
		}
	}
	return false
}

// mentions reports whether cond is computed from target.
func mentions(v, target ssa.Value, seen map[ssa.Value]bool) bool {
	if v == target {
		return true
	}
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.UnOp:
		return mentions(x.X, target, seen)
	case *ssa.BinOp:
		return mentions(x.X, target, seen) || mentions(x.Y, target, seen)
	case *ssa.MakeInterface:
		return mentions(x.X, target, seen)
	case *ssa.ChangeInterface:
		return mentions(x.X, target, seen)
	case *ssa.ChangeType:
		return mentions(x.X, target, seen)
	case *ssa.TypeAssert:
		return mentions(x.X, target, seen)
	case *ssa.Extract:
		return mentions(x.Tuple, target, seen)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if mentions(e, target, seen) {
				return true
			}
		}
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if mentions(a, target, seen) {
				return true
			}
		}
		if x.Call.IsInvoke() {
			return mentions(x.Call.Value, target, seen)
		}
	}
	return false
}

// isPlainNilTest reports whether cond is err != nil or err == nil (possibly
// negated) of target itself.
func isPlainNilTest(cond, target ssa.Value) bool {
	for {
		u, ok := cond.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			break
		}
		cond = u.X
	}
	b, ok := cond.(*ssa.BinOp)
	if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
		return false
	}
	x, y := b.X, b.Y
	if isNil(x) {
		x, y = y, x
	}
	if !isNil(y) {
		return false
	}
	for i := 0; i < 4; i++ {
		if x == target {
			return true
		}
		switch v := x.(type) {
		case *ssa.MakeInterface:
			x = v.X
		case *ssa.ChangeInterface:
			x = v.X
		case *ssa.ChangeType:
			x = v.X
		default:
			return false
		}
	}
	return false
}

// closureArg returns the value a call of fn gives to fn's parameter i, or,
// for i >= len(fn.Params), to its free variable i-len(fn.Params) (the
// binding of the closure the call calls); nil when the call does not say.
func closureArg(c *ssa.CallCommon, fn *ssa.Function, i int) ssa.Value {
	if i < len(fn.Params) {
		if i < len(c.Args) {
			return c.Args[i]
		}
		return nil
	}
	i -= len(fn.Params)
	if mc, ok := c.Value.(*ssa.MakeClosure); ok && mc.Fn == fn && i < len(mc.Bindings) {
		return mc.Bindings[i]
	}
	return nil
}
