package permanentretry

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/errflow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/keys"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/results"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// PermanentFact says that a function's error result may carry a permanent
// error that is not a reconcile.TerminalError: the error of parsing data
// derived from its parameter Param (receiver first), or, when Param is -1,
// an API error identified as Invalid. What names the source and Site is
// its position. It is the fact by which the detection follows helpers of
// other packages.
type PermanentFact struct {
	Param int
	What  string
	Site  string
}

// AFact marks PermanentFact as a fact.
func (*PermanentFact) AFact() {}

func (f *PermanentFact) String() string { return "permanent-of-param-" + ssax.Itoa(f.Param) }

// leaksAnalyzer finds the permanent errors that a package's reconcile
// roots return and exports the PermanentFact of its functions. It is apart
// from the check's Analyzer so that the check's tests see the check's
// diagnostics only: analysistest requires a want comment for every fact
// the analyzer under test exports.
var leaksAnalyzer = summary.NewAnalysis("rlpermanent",
	"reconcilelint: the returns of reconcile roots whose error may be a permanent error that is not terminal",
	"the permanent errors", nil, []analysis.Fact{new(PermanentFact)},
	func() []*PermanentLeak { return nil }, findLeaks)

// PermanentLeak is a return of a reconcile root whose error may be a
// permanent one, retried forever because it is not wrapped in
// reconcile.TerminalError: the error of parsing the reconciled
// object's own spec, labels or annotations, or an API error that an
// apierrors.IsInvalid (IsBadRequest, …) test on the path identified.
type PermanentLeak struct {
	Root   *roots.Root
	Return *ssa.Return
	// Err is the returned error value.
	Err ssa.Value
	// Pos is the position of the parse (or of the call of the helper that
	// leads to it, when Helper is set), or of the apierrors test.
	Pos token.Pos
	// What names the source: "resource.ParseQuantity", "apierrors.IsInvalid".
	What string
	// Invalid says the source is an API error test, not a parse.
	Invalid bool
	// Helper is the function (of this or another package) whose error
	// result carries the permanent error; Site is the source inside it.
	Helper types.Object
	Site   string
	// Only says every source of the returned error is this permanent
	// source, in the root itself: wrapping the returned expression in
	// reconcile.TerminalError turns no transient error terminal.
	Only bool
}

// permLeak is an intermediate result: the error result of a function may
// carry a permanent error. param is the index (receiver first) of the
// parameter the parsed data derives from (the parameter itself, or the
// object fetched with a Get keyed by it), or -1 when the error is permanent
// whatever the arguments (an Invalid API error).
type permLeak struct {
	ret     *ssa.Return
	err     ssa.Value
	param   int
	pos     token.Pos
	what    string
	invalid bool
	site    string
	helper  types.Object
	only    bool
}

// permOrigin is a permanent source of an error value.
type permOrigin struct {
	param   int
	pos     token.Pos
	what    string
	invalid bool
	site    string
	helper  types.Object
}

// Sentinels of dataParam.
const (
	noParam      = -1 // not derived from one parameter: unknown or mixed
	neutralParam = -3 // a constant or configuration: derived from nothing
)

// detector finds the permanent errors of one package.
type detector struct {
	// pass is the pass of leaksAnalyzer, whose facts it imports.
	pass *analysis.Pass
	s    *summary.Summary
	errs *errflow.Flow
	keys *keys.Keys
	memo map[*ssa.Function][]permLeak
}

// findLeaks returns the permanent-error leaks of the package's roots and
// exports the PermanentFact of its functions.
func findLeaks(pass *analysis.Pass, s *summary.Summary) ([]*PermanentLeak, error) {
	d := &detector{pass: pass, s: s, errs: errflow.New(s), keys: keys.New(s), memo: make(map[*ssa.Function][]permLeak)}
	leaks := d.rootLeaks()
	s.ExportFuncFacts(pass, d.fact)
	return leaks, nil
}

// fact returns the PermanentFact of fn, or nil: its first leak, or the
// first that is permanent whatever the arguments.
func (d *detector) fact(fn *ssa.Function) analysis.Fact {
	leaks := d.leaks(fn)
	if len(leaks) == 0 {
		return nil
	}
	best := leaks[0]
	for _, l := range leaks {
		if l.param == noParam {
			best = l
			break
		}
	}
	return &PermanentFact{Param: best.param, What: best.what, Site: best.site}
}

// rootLeaks returns the returns of the reconcile roots whose error may be
// a permanent error that is not a reconcile.TerminalError.
func (d *detector) rootLeaks() []*PermanentLeak {
	var out []*PermanentLeak
	for _, r := range d.s.Roots {
		if r.Request == nil || !results.ReturnsResultErr(r.Fn) {
			continue
		}
		reqIdx := ssax.InputIndex(r.Fn, r.Request)
		for _, l := range d.leaks(r.Fn) {
			if l.param != reqIdx && l.param != noParam {
				continue
			}
			out = append(out, &PermanentLeak{
				Root: r, Return: l.ret, Err: l.err, Pos: l.pos, What: l.what, Invalid: l.invalid, Helper: l.helper, Site: l.site,
				Only: l.only,
			})
		}
	}
	return out
}

// leaks returns the returns of fn whose error result may carry a
// permanent error.
func (d *detector) leaks(fn *ssa.Function) []permLeak {
	if l, ok := d.memo[fn]; ok {
		return l
	}
	d.memo[fn] = nil // recursion guard
	res := fn.Signature.Results()
	if res.Len() == 0 || !apis.IsError(res.At(res.Len()-1).Type()) || len(fn.Blocks) == 0 {
		return nil
	}
	fi := d.s.Func(fn)
	var out []permLeak
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		errv := ret.Results[len(ret.Results)-1]
		w := errflow.NewWalker(d.errs, func(c *ssa.Call, errVal ssa.Value, index int, direct bool) []permOrigin {
			return d.callOrigins(fn, c, index)
		})
		origins := w.Walk(errv, true)
		only := !w.Opaque() && len(origins) == 1 && origins[0].helper == nil
		if o, ok := d.invalidTest(fi, b, w); ok {
			origins = append(origins, o)
			only = true // the test identified the returned error itself
		}
		for _, o := range origins {
			out = append(out, permLeak{ret: ret, err: errv, param: o.param, pos: o.pos, what: o.what, invalid: o.invalid, site: o.site, helper: o.helper, only: only})
		}
	}
	d.memo[fn] = out
	return out
}

// callOrigins classifies a call that produces an error in fn: a parse of
// parameter-derived data, or a helper whose error carries one.
func (d *detector) callOrigins(fn *ssa.Function, c *ssa.Call, index int) []permOrigin {
	fc := d.s.Forward(&c.Call)
	callee := ssax.CalleeFunc(fc)
	held := summary.CalleeObject(d.pass.Pkg, fc) // a function, or a variable of another package that holds one
	if callee == nil && held == nil && d.s.LocalCallee(&c.Call) == nil {
		return nil // a dynamic call; a closure of the package goes on
	}
	f := apis.FuncOf(callee) // the zero Func when there is no static callee
	if apis.IsTerminalError(f) {
		return nil
	}
	args := ssax.CallArgs(fc)
	if i, ok := apis.ParseArg(f); ok {
		if i >= len(args) {
			return nil
		}
		p := d.dataParam(fn, args[i], make(map[ssa.Value]bool))
		if p < 0 {
			return nil
		}
		return []permOrigin{{param: p, pos: c.Pos(), what: funcLabel(callee), site: d.s.Position(c.Pos())}}
	}
	if c.Call.IsInvoke() || index != c.Call.Signature().Results().Len()-1 {
		return nil
	}
	mapParam := func(p int) int {
		if p < 0 {
			return noParam
		}
		arg := ssax.CallInput(&c.Call, p)
		if arg == nil {
			return -2
		}
		return d.dataParam(fn, arg, make(map[ssa.Value]bool))
	}
	var out []permOrigin
	if local := d.s.LocalCallee(&c.Call); local != nil {
		for _, l := range d.leaks(local) {
			p := mapParam(l.param)
			if p == -2 || (l.param >= 0 && p < 0) {
				continue
			}
			out = append(out, permOrigin{param: p, pos: c.Pos(), what: l.what, invalid: l.invalid, site: l.site, helper: summary.FuncObject(callee)})
		}
		return out
	}
	var fact PermanentFact
	if summary.ImportFuncFact(d.pass, held, &fact) {
		p := mapParam(fact.Param)
		if p == -2 || (fact.Param >= 0 && p < 0) {
			return nil
		}
		out = append(out, permOrigin{param: p, pos: c.Pos(), what: fact.What, site: fact.Site, helper: held,
			invalid: fact.Param < 0})
	}
	return out
}

// invalidTest reports whether the return in block b is controlled by the
// true edge of apierrors.IsInvalid (IsBadRequest, …) of an error that the
// walk w reached from the returned error.
func (d *detector) invalidTest(fi *summary.FuncInfo, b *ssa.BasicBlock, w *errflow.Walker[permOrigin]) (permOrigin, bool) {
	if fi.Graph == nil {
		return permOrigin{}, false
	}
	for _, dep := range fi.Graph.ControlDeps(b) {
		ifi := dep.If()
		if ifi == nil {
			continue
		}
		cond, trueSucc := ifi.Cond, 0
		for {
			u, ok := cond.(*ssa.UnOp)
			if !ok || u.Op != token.NOT {
				break
			}
			cond, trueSucc = u.X, 1-trueSucc
		}
		c, ok := cond.(*ssa.Call)
		if !ok || dep.Succ != trueSucc {
			continue
		}
		fc := d.s.Forward(&c.Call)
		callee := ssax.CalleeFunc(fc)
		if callee == nil || !apis.IsPermanentAPIErrorTest(apis.FuncOf(callee)) {
			continue
		}
		args := ssax.CallArgs(fc)
		if len(args) != 1 || !w.Reached(args[0]) {
			continue
		}
		return permOrigin{param: noParam, pos: c.Pos(), what: "apierrors." + callee.Name(), invalid: true, site: d.s.Position(c.Pos())}, true
	}
	return permOrigin{}, false
}

// funcLabel names a function for messages: "resource.ParseQuantity",
// "(*template.Template).Parse".
func funcLabel(fn *types.Func) string {
	name := fn.Name()
	sig, _ := fn.Type().(*types.Signature)
	if sig != nil && sig.Recv() != nil {
		if r := apis.RecvName(sig.Recv().Type()); r != "" {
			if fn.Pkg() != nil {
				r = pkgLabel(fn.Pkg()) + "." + r
			}
			return "(*" + r + ")." + name
		}
	}
	if fn.Pkg() != nil {
		return pkgLabel(fn.Pkg()) + "." + name
	}
	return name
}

// pkgLabel is the conventional import name of a package: its name, with
// the parent directory prepended to version names (meta/v1 is "metav1").
func pkgLabel(p *types.Package) string {
	name := p.Name()
	if len(name) > 1 && name[0] == 'v' && name[1] >= '0' && name[1] <= '9' {
		path := apis.PathOf(p)
		if i := strings.LastIndex(path, "/"); i > 0 {
			parent := path[:i]
			if j := strings.LastIndex(parent, "/"); j >= 0 {
				parent = parent[j+1:]
			}
			return parent + name
		}
	}
	return name
}

// dataParam returns the index (receiver first) of the parameter of fn that
// v derives from: the parameter itself, data loaded from it, or data of an
// object that a Get keyed by it filled; through field loads, map lookups,
// indexing, conversions, string transforms and object getters. It returns
// noParam when v derives from anything else, and neutralParam for
// constants and the reconciler's configuration.
func (d *detector) dataParam(fn *ssa.Function, v ssa.Value, seen map[ssa.Value]bool) int {
	if v == nil {
		return noParam
	}
	if seen[v] {
		return neutralParam
	}
	seen[v] = true
	if p, ok := d.keys.ObjectParams(fn)[v]; ok {
		return p
	}
	join := func(vals ...ssa.Value) int {
		out := neutralParam
		for _, x := range vals {
			p := d.dataParam(fn, x, seen)
			switch {
			case p == neutralParam:
			case p < 0:
				return noParam
			case out == neutralParam:
				out = p
			case out != p:
				return noParam
			}
		}
		return out
	}
	switch x := v.(type) {
	case *ssa.Const:
		return neutralParam
	case *ssa.Parameter:
		if x.Parent() == fn {
			if i := ssax.ParamIndex(fn, x); i >= 0 {
				return i
			}
		}
		return noParam
	case *ssa.FreeVar:
		// A closure's captured variable: its data is the caller's.
		if i := ssax.InputIndex(fn, x); i >= 0 {
			return i
		}
		return noParam
	case *ssa.Global:
		return neutralParam
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return noParam
		}
		return join(x.X)
	case *ssa.FieldAddr:
		return join(x.X)
	case *ssa.Field:
		return join(x.X)
	case *ssa.IndexAddr:
		return join(x.X)
	case *ssa.Index:
		return join(x.X)
	case *ssa.Lookup:
		return join(x.X)
	case *ssa.Slice:
		return join(x.X)
	case *ssa.Convert:
		return join(x.X)
	case *ssa.ChangeType:
		return join(x.X)
	case *ssa.MakeInterface:
		return join(x.X)
	case *ssa.ChangeInterface:
		return join(x.X)
	case *ssa.TypeAssert:
		return join(x.X)
	case *ssa.BinOp:
		return join(x.X, x.Y)
	case *ssa.Phi:
		return join(x.Edges...)
	case *ssa.Extract:
		if p, ok := d.keys.ObjectParams(fn)[x.Tuple]; ok && x.Index == 0 {
			return p // the object returned by a typed client's Get
		}
		switch t := x.Tuple.(type) {
		case *ssa.Lookup:
			return join(t.X)
		case *ssa.Call:
			return d.dataParamCall(fn, t, join)
		}
	case *ssa.Call:
		return d.dataParamCall(fn, x, join)
	case *ssa.Alloc:
		// A local holding data: what is stored into it, whole or by
		// element (the array behind a variadic argument).
		var vals []ssa.Value
		for _, r := range *x.Referrers() {
			switch y := r.(type) {
			case *ssa.Store:
				if y.Addr == x {
					vals = append(vals, y.Val)
				}
			case *ssa.IndexAddr:
				for _, rr := range *y.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == y {
						vals = append(vals, st.Val)
					}
				}
			}
		}
		if len(vals) == 0 {
			return noParam
		}
		return join(vals...)
	}
	return noParam
}

// dataParamCall handles a call in dataParam: a string transform, or a
// getter of an object's own data.
func (d *detector) dataParamCall(fn *ssa.Function, c *ssa.Call, join func(...ssa.Value) int) int {
	fc := d.s.Forward(&c.Call)
	callee := ssax.CalleeFunc(fc)
	if callee == nil {
		return noParam
	}
	f := apis.FuncOf(callee)
	switch {
	case apis.IsStringTransform(f):
		return join(ssax.CallArgs(fc)...)
	case apis.IsObjectDataGetter(f.Name):
		// obj.GetLabels(), or (&obj.ObjectMeta).GetLabels() after method
		// promotion: the receiver must trace to the object.
		if recv := ssax.CallRecv(fc); recv != nil {
			return join(recv)
		}
	}
	return noParam
}
