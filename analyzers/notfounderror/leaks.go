package notfounderror

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/errflow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/keys"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// NotFoundFact says that a function's error result may carry the NotFound
// error of a Get keyed by its parameter Param (receiver first), unhandled:
// the fact by which the detection follows helpers of other packages. Site
// is the position of that Get.
type NotFoundFact struct {
	Param int
	Site  string
}

// AFact marks NotFoundFact as a fact.
func (*NotFoundFact) AFact() {}

func (f *NotFoundFact) String() string { return "notfound-of-param-" + ssax.Itoa(f.Param) }

// KeyFact says that result Result of a function is a key made from its
// parameters Params (receiver first; keys.ResultParams): `func
// RequestKey(req ctrl.Request) types.NamespacedName`, `func KeyOf(ns, name
// string) types.NamespacedName`. Callers in other packages follow a key
// made by it to their own request.
type KeyFact struct {
	Result int
	Params []int
}

// AFact marks KeyFact as a fact.
func (*KeyFact) AFact() {}

func (f *KeyFact) String() string {
	out := "key-" + ssax.Itoa(f.Result) + "-of-params"
	for _, p := range f.Params {
		out += "-" + ssax.Itoa(p)
	}
	return out
}

// leaksAnalyzer finds the NotFound leaks of a package's reconcile roots
// and exports the NotFoundFact of its functions. It is apart from the
// check's Analyzer so that the check's tests see the check's diagnostics
// only: analysistest requires a want comment for every fact the analyzer
// under test exports.
var leaksAnalyzer = summary.NewAnalysis("rlnotfound",
	"reconcilelint: the returns of reconcile roots whose error may be the NotFound of the requested object",
	"the NotFound leaks", nil, []analysis.Fact{new(NotFoundFact), new(KeyFact)},
	func() []*NotFoundLeak { return nil }, findLeaks)

// NotFoundLeak is a return of a request-keyed reconcile root whose error
// may be the NotFound of the Get of the requested object.
type NotFoundLeak struct {
	Root   *roots.Root
	Return *ssa.Return
	// Err is the returned error value.
	Err ssa.Value
	// Get is the position of the Get (or of the call of the helper that
	// performs it, when Helper is set).
	Get token.Pos
	// Helper is the function (of this or another package) that performs
	// the Get and returns its error; Site is the Get inside it.
	Helper types.Object
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
	helper types.Object
	direct bool
	// obj is the type of the object the Get reads, when known.
	obj types.Type
	// call is the call of the function that produced the error (the Get,
	// or the helper that returns its error).
	call *ssa.Call
}

// nfOrigin is a source of an error value: a Get (or a helper that returns
// a Get's error) with the key it looked up.
type nfOrigin struct {
	errVal ssa.Value // the error value as produced in this function
	key    ssa.Value
	get    token.Pos
	site   string
	helper types.Object
	direct bool
	obj    types.Type
	call   *ssa.Call
}

// detector finds the NotFound leaks of one package.
type detector struct {
	// pass is the pass of leaksAnalyzer, whose facts it imports.
	pass *analysis.Pass
	s    *summary.Summary
	errs *errflow.Flow
	keys *keys.Keys
	memo map[*ssa.Function][]nfLeak
}

// findLeaks returns the NotFound leaks of the package's roots and exports
// the NotFoundFact of its functions.
func findLeaks(pass *analysis.Pass, s *summary.Summary) ([]*NotFoundLeak, error) {
	d := &detector{pass: pass, s: s, errs: errflow.New(s), keys: keys.New(s), memo: make(map[*ssa.Function][]nfLeak)}
	d.keys.ImportKey = func(fn types.Object) (int, []int, bool) {
		var f KeyFact
		if summary.ImportFuncFact(pass, fn, &f) {
			return f.Result, f.Params, true
		}
		return 0, nil, false
	}
	leaks := d.rootLeaks()
	s.ExportFuncFacts(pass, func(fn *ssa.Function) analysis.Fact {
		if l := d.leaks(fn); len(l) > 0 {
			return &NotFoundFact{Param: l[0].param, Site: l[0].site}
		}
		return nil
	})
	s.ExportFuncFacts(pass, func(fn *ssa.Function) analysis.Fact {
		for i := 0; i < fn.Signature.Results().Len(); i++ {
			if ps := d.keys.ResultParams(fn, i); ps != nil {
				return &KeyFact{Result: i, Params: ps}
			}
		}
		return nil
	})
	return leaks, nil
}

// rootLeaks returns the NotFound leaks of the request-keyed roots.
func (d *detector) rootLeaks() []*NotFoundLeak {
	var out []*NotFoundLeak
	for _, r := range d.s.Roots {
		if !r.IsRequestKeyed() {
			continue
		}
		reqIdx := ssax.InputIndex(r.Fn, r.Request)
		primary := d.requestedType(r.Fn, reqIdx)
		for _, l := range d.leaks(r.Fn) {
			if l.param != reqIdx {
				continue
			}
			if l.obj != nil && primary != nil && !types.Identical(l.obj, primary) {
				continue // another kind read by the same name (a child named after its owner): not the requested object
			}
			if d.readBefore(r.Fn, reqIdx, l.call) {
				// A read again after a first read that the pass passed:
				// NotFound there means a deletion in between, and the
				// next pass's first read ends it (one retry, not forever).
				continue
			}
			out = append(out, &NotFoundLeak{
				Root: r, Return: l.ret, Err: l.err, Get: l.get, Helper: l.helper, Site: l.site, Direct: l.direct,
			})
		}
	}
	return out
}

// readBefore reports whether a Get of fn keyed by its request (input
// reqIdx), other than call, runs before call on every path to it.
func (d *detector) readBefore(fn *ssa.Function, reqIdx int, call *ssa.Call) bool {
	if call == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || c == call || !ssax.Dominates(c, call) {
				continue
			}
			if key, _, ok := d.keys.GetCall(c); ok && d.keys.Param(fn, key) == reqIdx {
				return true
			}
		}
	}
	return false
}

// objectType returns the concrete type of the object a Get reads (its
// object argument, or a typed client's result), or nil.
func objectType(obj ssa.Value) types.Type {
	t := ssax.StripConv(obj).Type()
	if c, ok := obj.(*ssa.Call); ok {
		if res := c.Call.Signature().Results(); res.Len() > 0 {
			t = res.At(0).Type()
		}
	}
	if !apis.IsObject(t) || types.IsInterface(t) {
		return nil
	}
	return ssax.Deref(t)
}

// requestedType returns the type of the requested object of the root fn:
// what the first Get of fn (in source order) keyed by its request (input
// reqIdx) reads, or nil when fn has no such Get or its type is not known.
// Other kinds read by the same name later (a child named after its owner)
// are not the requested object.
func (d *detector) requestedType(fn *ssa.Function, reqIdx int) types.Type {
	var first *ssa.Call
	var firstType types.Type
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || first != nil && c.Pos() >= first.Pos() {
				continue
			}
			key, obj, ok := d.keys.GetCall(c)
			if !ok || d.keys.Param(fn, key) != reqIdx {
				continue
			}
			first, firstType = c, objectType(obj)
		}
	}
	return firstType
}

// leaks returns the returns of fn whose error result may carry an
// unhandled NotFound of a Get keyed by one of fn's parameters.
func (d *detector) leaks(fn *ssa.Function) []nfLeak {
	if l, ok := d.memo[fn]; ok {
		return l
	}
	d.memo[fn] = nil // recursion guard
	res := fn.Signature.Results()
	if res.Len() == 0 || !apis.IsError(res.At(res.Len()-1).Type()) || len(fn.Blocks) == 0 {
		return nil
	}
	fi := d.s.Func(fn)
	var out []nfLeak
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		errv := ret.Results[len(ret.Results)-1]
		for _, o := range errflow.NewWalker(d.errs, d.callOrigins).Walk(errv, true) {
			param := d.keys.Param(fn, o.key)
			if param < 0 {
				continue
			}
			if errflow.NotFoundHandled(fi, b, o.errVal) {
				continue
			}
			out = append(out, nfLeak{ret: ret, err: errv, param: param, site: o.site, get: o.get, helper: o.helper, direct: o.direct, obj: o.obj, call: o.call})
		}
	}
	d.memo[fn] = out
	return out
}

// callOrigins handles an error produced by a call that is not a wrapper
// (errflow's Walker handles those): a Get or a helper.
func (d *detector) callOrigins(c *ssa.Call, errVal ssa.Value, index int, direct bool) []nfOrigin {
	s := d.s
	fc := s.Forward(&c.Call)
	callee := ssax.CalleeFunc(fc)
	held := summary.CalleeObject(d.pass.Pkg, fc) // a function, or a variable of another package that holds one
	if callee == nil && held == nil && s.LocalCallee(&c.Call) == nil {
		return nil // a dynamic call; a closure of the package goes on
	}
	f := apis.FuncOf(callee) // the zero Func when there is no static callee
	var via types.Object     // the forwarder the call names, if any
	if fc != &c.Call {
		via = summary.CalleeObject(d.pass.Pkg, &c.Call)
	}
	switch {
	case apis.IsReaderGet(f) || apis.IsTypedGet(f):
		// Get(ctx, key, obj) of a client; Get(ctx, name, opts) of typed
		// clients, Get(name) of listers.
		if key, obj, ok := d.keys.GetCall(c); ok {
			return []nfOrigin{{errVal: errVal, key: key, get: c.Pos(), site: s.Position(c.Pos()), direct: direct, helper: via, obj: objectType(obj), call: c}}
		}
		return nil
	case apis.IsIgnoreNotFound(f):
		return nil
	}
	// A helper: its leaks (or its fact) map the error result to a keyed
	// parameter.
	if c.Call.IsInvoke() || index != c.Call.Signature().Results().Len()-1 {
		return nil
	}
	if local := s.LocalCallee(&c.Call); local != nil {
		var out []nfOrigin
		for _, l := range d.leaks(local) {
			if key := ssax.ClosureArg(&c.Call, local, l.param); key != nil {
				out = append(out, nfOrigin{errVal: errVal, key: key, get: c.Pos(), site: l.site, helper: summary.FuncObject(callee), direct: direct, obj: l.obj, call: c})
			}
		}
		return out
	}
	var fact NotFoundFact
	if summary.ImportFuncFact(d.pass, held, &fact) && fact.Param >= 0 && fact.Param < len(fc.Args) && !fc.IsInvoke() {
		return []nfOrigin{{errVal: errVal, key: fc.Args[fact.Param], get: c.Pos(), site: fact.Site, helper: held, direct: direct, call: c}}
	}
	return nil
}
