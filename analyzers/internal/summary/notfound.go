package summary

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
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
		reqIdx := ssax.ParamIndex(r.Fn, r.Request)
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
			if s.NotFoundHandled(fi, b, o.errVal) {
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
	callee := ssax.CalleeFunc(&c.Call)
	if callee == nil && s.localFunc(s.callee(&c.Call)) == nil {
		return nil // a dynamic call; a closure of the package goes on
	}
	f := apis.FuncOf(callee)
	args := ssax.CallArgs(&c.Call)
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
			if key := ssax.ClosureArg(&c.Call, local, l.param); key != nil {
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
