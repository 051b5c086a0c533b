package createnotidempotent

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/errflow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// leak is a Create whose AlreadyExists error reaches the error result of
// a reconcile root unhandled, with no existence check before it.
type leak struct {
	root *roots.Root
	// create is the Create site: a direct Create (possibly in a helper of
	// this package) or the call of a helper of another package.
	create *summary.Write
	// ret is the return of the root that carries the error.
	ret *ssa.Return
}

// crOrigin is a Create whose error an error value may carry.
type crOrigin struct {
	errVal ssa.Value
	write  *summary.Write
	direct bool
}

// crLeak is a return of a function whose error result may carry the
// AlreadyExists of the Create write.
type crLeak struct {
	ret    *ssa.Return
	write  *summary.Write
	direct bool
}

// creates is the detection of one package: the Create error flow,
// memoized, and what the facts of helpers of other packages say of their
// Creates.
type creates struct {
	s    *summary.Summary
	errs *errflow.Flow
	memo map[*ssa.Function][]crLeak
	// at maps a call to the (last) Create write it makes.
	at map[ssa.CallInstruction]*summary.Write
	// helpers holds, for each Create made in a helper of another
	// package, what the helper's CreateFact says of it.
	helpers map[*summary.Write]helperCreate
	// byFn holds the Create writes of each function; every memoizes
	// everyPass.
	byFn  map[*ssa.Function][]*summary.Write
	every map[*ssa.Function][]*summary.Write
}

// helperCreate is what the CreateFact of a helper of another package says
// of one of its Creates.
type helperCreate struct {
	generateName, alreadyExistsHandled, everyPass bool
}

// newCreates returns the detection of the package of pass, whose
// analyzer imports the CreateFacts of other packages.
func newCreates(pass *analysis.Pass, s *summary.Summary) *creates {
	d := &creates{s: s, errs: errflow.New(s), memo: make(map[*ssa.Function][]crLeak), at: make(map[ssa.CallInstruction]*summary.Write),
		helpers: make(map[*summary.Write]helperCreate), byFn: make(map[*ssa.Function][]*summary.Write),
		every: make(map[*ssa.Function][]*summary.Write)}
	for _, w := range s.Writes {
		if w.Kind != apis.Create {
			continue
		}
		d.at[w.Call] = w
		d.byFn[w.Fn] = append(d.byFn[w.Fn], w)
		if w.Helper != nil {
			var f CreateFact
			summary.ImportFuncFact(pass, w.Helper, &f)
			d.helpers[w] = helperCreate{
				generateName:         slices.Contains(f.GenerateName, w.HelperSite),
				alreadyExistsHandled: !slices.Contains(f.Leaks, w.HelperSite),
				everyPass:            slices.Contains(f.EveryPass, w.HelperSite),
			}
		}
	}
	return d
}

// exportFacts exports, on pass, the CreateFact of every package-level
// function that has one.
func (d *creates) exportFacts(pass *analysis.Pass) {
	// The sites of the Creates with GenerateName: the package's own, and
	// those the CreateFact of a helper of another package lists (a
	// wrapper of that helper makes the same Create).
	gen := make(map[string]bool)
	for _, w := range d.s.Writes {
		if d.createsGenerateName(w) {
			gen[d.s.SiteOf(w)] = true
		}
		if w.Helper != nil && d.helpers[w].generateName {
			gen[w.HelperSite] = true
		}
	}
	// The writes of each function, from the model's facts.
	writes := make(map[types.Object][]summary.WriteFact)
	for _, f := range d.s.Exported {
		if fs, ok := f.Fact.(*summary.FuncSummary); ok {
			writes[f.Object] = fs.Writes
		}
	}
	d.s.ExportFuncFacts(pass, func(fn *ssa.Function) analysis.Fact {
		var f CreateFact
		for _, w := range writes[d.s.FactObject(fn)] {
			if w.Kind == apis.Create && gen[w.Site] && !slices.Contains(f.GenerateName, w.Site) {
				f.GenerateName = append(f.GenerateName, w.Site)
			}
		}
		for _, l := range d.leaksOf(fn, make(map[*ssa.Function]bool)) {
			if site := d.s.SiteOf(l.write); !slices.Contains(f.Leaks, site) {
				f.Leaks = append(f.Leaks, site)
			}
		}
		for _, w := range d.everyPass(fn, make(map[*ssa.Function]bool)) {
			if site := d.s.SiteOf(w); !slices.Contains(f.EveryPass, site) {
				f.EveryPass = append(f.EveryPass, site)
			}
		}
		if len(f.GenerateName) == 0 && len(f.Leaks) == 0 && len(f.EveryPass) == 0 {
			return nil
		}
		return &f
	})
}

// leaks returns, for every reconcile root, the Creates whose
// AlreadyExists error reaches the root's error result (b). Creates of
// objects with GenerateName are left out: the server picks a new name, so
// they cannot fail with AlreadyExists (see generateNameCreates).
func (d *creates) leaks() []*leak {
	var out []*leak
	for _, r := range d.s.Roots {
		if r.Guarded {
			// Its framework calls it only under a condition of its own
			// (crossplane's Create, when Observe found nothing): that
			// condition is the existence check the model cannot see.
			continue
		}
		for _, l := range d.leaksOf(r.Fn, make(map[*ssa.Function]bool)) {
			out = append(out, &leak{root: r, create: l.write, ret: l.ret})
		}
	}
	return out
}

// leaksOf returns the returns of fn whose error result may carry the
// unhandled AlreadyExists of a Create.
func (d *creates) leaksOf(fn *ssa.Function, busy map[*ssa.Function]bool) []crLeak {
	if l, ok := d.memo[fn]; ok {
		return l
	}
	if busy[fn] || len(fn.Blocks) == 0 {
		return nil
	}
	res := fn.Signature.Results()
	if res.Len() == 0 || !apis.IsError(res.At(res.Len()-1).Type()) || len(d.at) == 0 {
		d.memo[fn] = nil
		return nil
	}
	busy[fn] = true
	defer delete(busy, fn)
	fi := d.s.Func(fn)
	var out []crLeak
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		errv := ret.Results[len(ret.Results)-1]
		leaf := func(c *ssa.Call, errVal ssa.Value, index int, direct bool) []crOrigin {
			return d.createOrigins(c, errVal, index, direct, busy)
		}
		for _, o := range errflow.NewWalker(d.errs, leaf).Walk(errv, true) {
			if errflow.NotFoundHandled(fi, b, o.errVal) {
				continue // an AlreadyExists (or unknown) test of the error decides the return
			}
			out = append(out, crLeak{ret: ret, write: o.write, direct: o.direct})
		}
	}
	d.memo[fn] = out
	return out
}

// createOrigins handles an error produced by a call: a Create, or a helper
// whose error may carry a Create's AlreadyExists.
func (d *creates) createOrigins(c *ssa.Call, errVal ssa.Value, index int, direct bool, busy map[*ssa.Function]bool) []crOrigin {
	res := c.Call.Signature().Results()
	if index != res.Len()-1 {
		return nil
	}
	w := d.at[c]
	if w != nil && w.Helper == nil {
		if d.createsGenerateName(w) || d.freshName(w) || d.existenceChecked(w.Fn, c) {
			return nil
		}
		return []crOrigin{{errVal: errVal, write: w, direct: direct}}
	}
	if w != nil && w.Helper != nil {
		// A helper of another package, called directly or through
		// forwarders of this package.
		if h := d.helpers[w]; h.generateName || h.alreadyExistsHandled {
			return nil
		}
		if d.existenceChecked(c.Parent(), c) {
			return nil
		}
		return []crOrigin{{errVal: errVal, write: w, direct: false}}
	}
	if locals := d.s.LocalCallees(&c.Call); len(locals) > 0 {
		// A helper of the package, or each one a function value may hold
		// (a step of a list, a handler of a map).
		if d.existenceChecked(c.Parent(), c) {
			return nil
		}
		var out []crOrigin
		for _, local := range locals {
			for _, l := range d.leaksOf(local, busy) {
				out = append(out, crOrigin{errVal: errVal, write: l.write, direct: direct && l.direct})
			}
		}
		return out
	}
	return nil
}

// everyPass returns the Creates that fn makes on every call with no
// existence check on the way: direct Creates (and calls of helpers of
// another package whose CreateFact lists their Create as such) that no
// lookup decides, whose AlreadyExists error the code handles as success,
// and those of the helpers and closures of the package fn calls with no
// existence check before the call. Such a Create sends a request on every
// pass once the object exists, which fails with AlreadyExists and
// changes nothing. Creates with GenerateName or a fresh name are left to
// RL2003; one whose AlreadyExists error is not handled fails the pass
// instead (RL2003's leaks) or is ignored with every other error, which
// says nothing of what the code expects.
func (d *creates) everyPass(fn *ssa.Function, busy map[*ssa.Function]bool) []*summary.Write {
	if l, ok := d.every[fn]; ok {
		return l
	}
	if busy[fn] || len(fn.Blocks) == 0 || len(d.at) == 0 {
		return nil
	}
	busy[fn] = true
	defer delete(busy, fn)
	var out []*summary.Write
	for _, w := range d.byFn[fn] {
		if w.Local == summary.FailurePath {
			continue
		}
		if w.Helper != nil {
			// The helper takes AlreadyExists as success itself, or hands
			// it back and this call does.
			h := d.helpers[w]
			if !h.everyPass && (h.alreadyExistsHandled || h.generateName || !d.alreadyExistsHandled(w.Call)) {
				continue
			}
		} else if d.createsGenerateName(w) || d.freshName(w) || !d.alreadyExistsHandled(w.Call) {
			continue
		}
		if !d.existenceChecked(fn, w.Call) {
			out = append(out, w)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok || d.at[c] != nil {
				continue
			}
			locals := d.s.LocalCallees(&c.Call)
			if len(locals) == 0 || d.existenceChecked(fn, c) {
				continue
			}
			handled := d.alreadyExistsHandled(c)
			for _, local := range locals {
				for _, w := range d.everyPass(local, busy) {
					if !slices.Contains(out, w) {
						out = append(out, w)
					}
				}
				if !handled {
					continue
				}
				// The helper hands the AlreadyExists of its Creates back
				// (with no existence check before them: leaksOf), and
				// this call takes it as success.
				for _, l := range d.leaksOf(local, make(map[*ssa.Function]bool)) {
					if !slices.Contains(out, l.write) {
						out = append(out, l.write)
					}
				}
			}
		}
	}
	if len(busy) == 1 {
		// Memoized only from the top of a walk: below it, a cycle may have
		// cut the list short.
		d.every[fn] = out
	}
	return out
}

// EveryPass returns the Creates of the package that a reconcile root
// reaches on every pass (see everyPass), in position order, from the
// result of the facts analyzer a check requires (FactsAnalyzer). Roots
// that their framework calls only under a condition of its own are left
// out: that condition may be the existence check.
func EveryPass(pass *analysis.Pass) []*summary.Write {
	d, ok := pass.ResultOf[FactsAnalyzer].(*creates)
	if !ok || d == nil {
		return nil
	}
	var out []*summary.Write
	for _, r := range d.s.Roots {
		if r.Guarded {
			continue
		}
		for _, w := range d.everyPass(r.Fn, make(map[*ssa.Function]bool)) {
			if !slices.Contains(out, w) {
				out = append(out, w)
			}
		}
	}
	slices.SortFunc(out, func(a, b *summary.Write) int { return int(a.Pos() - b.Pos()) })
	return out
}

// AlreadyExistsTest returns the call that handles the AlreadyExists error
// of the Create call c as success in its function (see
// alreadyExistsHandled), or nil.
func AlreadyExistsTest(s *summary.Summary, c ssa.CallInstruction) *ssa.Call {
	for _, v := range errorsOf(c) {
		if h := alreadyExistsHandler(s, v, make(map[ssa.Value]bool)); h != nil {
			return h
		}
	}
	return nil
}

// alreadyExistsHandled reports whether the error of the Create call c
// reaches, in its function, a test of AlreadyExists or
// client.IgnoreAlreadyExists, directly or through forwarders: the code
// expects the object to exist on a later pass.
func (d *creates) alreadyExistsHandled(c ssa.CallInstruction) bool {
	return AlreadyExistsTest(d.s, c) != nil
}

// errorsOf returns the error result of the call c: the call itself, or
// the extraction of its last result.
func errorsOf(c ssa.CallInstruction) []ssa.Value {
	v := c.Value()
	if v == nil {
		return nil
	}
	res := c.Common().Signature().Results()
	if res.Len() == 1 {
		return []ssa.Value{v}
	}
	var out []ssa.Value
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if x, ok := r.(*ssa.Extract); ok && x.Index == res.Len()-1 {
				out = append(out, x)
			}
		}
	}
	return out
}

// alreadyExistsHandler follows the error v through phis and interface
// conversions to a call of an AlreadyExists handler (through the
// forwarders the model sees: a helper that returns IsAlreadyExists(err)).
func alreadyExistsHandler(s *summary.Summary, v ssa.Value, seen map[ssa.Value]bool) *ssa.Call {
	if seen[v] || len(seen) > 32 {
		return nil
	}
	seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Call:
			if callee := ssax.CalleeFunc(s.Forward(&x.Call)); callee != nil && apis.IsAlreadyExistsHandler(apis.FuncOf(callee)) {
				return x
			}
			// A helper of the package that tests the error it is given
			// (`func ignoreExists(err error) error { if
			// apierrors.IsAlreadyExists(err) { return nil }; return err }`).
			for _, local := range s.LocalCallees(&x.Call) {
				for j, p := range local.Params {
					if s.CallArg(&x.Call, local, j) == v && alreadyExistsHandler(s, p, seen) != nil {
						return x
					}
				}
			}
		case *ssa.Phi:
			if h := alreadyExistsHandler(s, x, seen); h != nil {
				return h
			}
		case *ssa.ChangeInterface:
			if h := alreadyExistsHandler(s, x, seen); h != nil {
				return h
			}
		case *ssa.MakeInterface:
			if h := alreadyExistsHandler(s, x, seen); h != nil {
				return h
			}
		}
	}
	return nil
}

// existenceChecked reports whether call runs only under a test of the
// result of a Get: `if apierrors.IsNotFound(err)`, `if err != nil` after a
// Get, a lister's Get, …, or under a test of other observed state (see
// observedTest). The object was looked up first.
func (d *creates) existenceChecked(fn *ssa.Function, call ssa.Instruction) bool {
	if fn == nil {
		return false
	}
	fi := d.s.Func(fn)
	if fi.Graph == nil {
		return true
	}
	var created ssa.Value
	if ci, ok := call.(ssa.CallInstruction); ok {
		if w := d.at[ci]; w != nil && w.Object != nil {
			created, _ = d.s.RootOf(w.Object)
		}
	}
	for _, dep := range fi.Graph.ControlDeps(call.Block()) {
		ifi := dep.If()
		if ifi == nil {
			continue
		}
		if d.observedTest(ifi.Cond, created) {
			return true
		}
		if !d.mentionsGet(ifi.Cond) {
			continue
		}
		// On the failure edge of the Get's error test (NotFound, say), or
		// under a test of the Get's result the model cannot classify. The
		// success edge (the Get of the reconciled object succeeded) checks
		// nothing about the created object.
		if g := fi.Guard(ifi); g.Kind != summary.ErrorTest || g.FailSucc == dep.Succ {
			return true
		}
	}
	return false
}

// observedTest reports whether a condition tests observed state of the
// object a Create makes, other than through a Get's error:
//   - data filled by a List (controller-runtime's List into a list
//     variable, a typed client's List result): `len(list.Items) == 0`, or a
//     loop over the items that returns when a matching child exists;
//   - an object parameter that the caller read and passed in (the observed
//     object), tested for nil or for a creation timestamp, UID or
//     resourceVersion. The object being created does not count: a fresh
//     object has none of these, so testing it looks nothing up.
func (d *creates) observedTest(cond ssa.Value, created ssa.Value) bool {
	found := false
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if found || v == nil || depth > 12 {
			return
		}

		switch x := v.(type) {
		case *ssa.BinOp:
			if (x.Op == token.EQL || x.Op == token.NEQ) && d.observedParam(summary.NilOperand(x), created) {
				found = true
				return
			}
			walk(x.X, depth+1)
			walk(x.Y, depth+1)
			return
		case *ssa.UnOp:
			if x.Op != token.MUL {
				walk(x.X, depth+1)
				return
			}
		case *ssa.Call:
			fc := d.s.Forward(&x.Call)
			if callee := ssax.CalleeFunc(fc); callee != nil && apis.IsTypedList(apis.FuncOf(callee)) {
				found = true
				return
			}
			for _, a := range ssax.CallArgs(fc) {
				walk(a, depth+1)
			}
			if recv := ssax.CallRecv(fc); recv != nil {
				walk(recv, depth+1)
			}
			return
		case *ssa.Extract:
			walk(x.Tuple, depth+1)
			return
		case *ssa.Phi:
			return
		}
		root, path := d.s.RootOf(v)
		if root == nil {
			return
		}
		if d.listedInto(root) {
			found = true
			return
		}
		if p, ok := root.(*ssa.Parameter); ok && p != created && apis.IsObject(p.Type()) && existencePath(path) {
			found = true
			return
		}
		if c := ssax.ResultCall(root); c != nil && d.listedByHelper(c, 0) {
			found = true // data a helper of the package listed (observed.byZone[zone])
			return
		}
		if c, ok := root.(*ssa.Call); ok && c != v {
			walk(c, depth+1)
		}
	}
	walk(cond, 0)
	return found
}

// listedByHelper reports whether c calls a function of the package that
// lists objects from the API (itself or through its helpers) on the way
// to the value it returns: what the caller tests in it is observed state
// (a set of the existing children, keyed by name).
func (d *creates) listedByHelper(c *ssa.Call, depth int) bool {
	local := d.s.LocalFunc(d.s.Callee(&c.Call))
	if local == nil || depth > 2 {
		return false
	}
	for _, b := range local.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fc := d.s.Forward(&ci.Call)
			if callee := ssax.CalleeFunc(fc); callee != nil {
				if f := apis.FuncOf(callee); apis.IsReaderList(f) || apis.IsTypedList(f) {
					return true
				}
			}
			if d.listedByHelper(ci, depth+1) {
				return true
			}
		}
	}
	return false
}

// observedParam reports whether v is an object parameter other than the
// created object (a pointer compared with nil).
func (d *creates) observedParam(v ssa.Value, created ssa.Value) bool {
	if v == nil {
		return false
	}
	root, path := d.s.RootOf(v)
	p, ok := root.(*ssa.Parameter)
	return ok && len(path) == 0 && p != created && apis.IsObject(p.Type())
}

// existencePath reports whether a field path reads metadata that only an
// object the API server has stored carries (apis.StoredObjectFields).
func existencePath(path []string) bool {
	for _, f := range path {
		if slices.Contains(apis.StoredObjectFields, f) {
			return true
		}
	}
	return false
}

// listedInto reports whether root is a variable that a controller-runtime
// List fills (r.List(ctx, &list, …)): passed as the list argument, whole
// (through the conversion to client.ObjectList).
func (d *creates) listedInto(root ssa.Value) bool {
	if !apis.IsObjectList(root.Type()) {
		return false
	}
	return d.listedThrough(root, root)
}

// listedThrough is listedInto for v, root or a conversion of it.
func (d *creates) listedThrough(root, v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if conv, ok := r.(ssa.Value); ok {
			switch r.(type) {
			case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface:
				if d.listedThrough(root, conv) {
					return true
				}
				continue
			}
		}
		c, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		fc := d.s.Forward(c.Common())
		callee := ssax.CalleeFunc(fc)
		if callee == nil || !apis.IsReaderList(apis.FuncOf(callee)) {
			continue
		}
		for _, a := range ssax.CallArgs(fc) {
			if r, path := d.s.RootOf(a); r == root && len(path) == 0 {
				return true
			}
		}
	}
	return false
}

// mentionsGet reports whether v is computed from the result of a Get (of
// the controller-runtime client, a typed client or a lister), or of a
// helper of this package that performs one (GetStatefulSet(ns, name)).
func (d *creates) mentionsGet(v ssa.Value) bool {
	return mentionsGet(v, make(map[ssa.Value]bool), 0, d.getsInBody, d.s.Forward)
}

// getsInBody reports whether a call calls a function of this package (a
// helper, a closure, a function variable) that calls a Get, directly or
// through its own package helpers (two levels).
func (d *creates) getsInBody(c *ssa.CallCommon) bool {
	return d.getsIn(d.s.LocalCallee(c), 2)
}

func (d *creates) getsIn(fn *ssa.Function, depth int) bool {
	if fn == nil || depth < 0 {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := ssax.CalleeFunc(d.s.Forward(c.Common())); callee != nil {
				if f := apis.FuncOf(callee); apis.IsReaderGet(f) || apis.IsTypedGet(f) {
					return true
				}
			}
			if d.getsIn(d.s.LocalCallee(c.Common()), depth-1) {
				return true
			}
		}
	}
	return false
}

// notFoundTested reports whether v is an error that the function tests
// for NotFound (apierrors.IsNotFound(v), client.IgnoreNotFound(v)). Only a
// lookup answers NotFound, so whatever produced v (a Get helper of another
// package, the project's own informer or cache wrapper) looked the object
// up, and any test of v decides on that lookup.
func notFoundTested(v ssa.Value, fwd func(*ssa.CallCommon) *ssa.CallCommon) bool {
	refs := v.Referrers()
	if refs == nil || !apis.IsError(v.Type()) {
		return false
	}
	for _, r := range *refs {
		if c, ok := r.(*ssa.Call); ok {
			if callee := ssax.CalleeFunc(fwd(&c.Call)); callee != nil {
				if f := apis.FuncOf(callee); apis.IsNotFoundTest(f) || apis.IsIgnoreNotFound(f) {
					return true
				}
			}
		}
	}
	return false
}

func mentionsGet(v ssa.Value, seen map[ssa.Value]bool, depth int, helperGets func(*ssa.CallCommon) bool, fwd func(*ssa.CallCommon) *ssa.CallCommon) bool {
	if v == nil || seen[v] || depth > 16 {
		return false
	}
	seen[v] = true
	if notFoundTested(v, fwd) {
		return true
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return mentionsGet(x.X, seen, depth+1, helperGets, fwd)
	case *ssa.BinOp:
		return mentionsGet(x.X, seen, depth+1, helperGets, fwd) || mentionsGet(x.Y, seen, depth+1, helperGets, fwd)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if mentionsGet(e, seen, depth+1, helperGets, fwd) {
				return true
			}
		}
	case *ssa.Extract:
		return mentionsGet(x.Tuple, seen, depth+1, helperGets, fwd)
	case *ssa.MakeInterface:
		return mentionsGet(x.X, seen, depth+1, helperGets, fwd)
	case *ssa.ChangeInterface:
		return mentionsGet(x.X, seen, depth+1, helperGets, fwd)
	case *ssa.ChangeType:
		return mentionsGet(x.X, seen, depth+1, helperGets, fwd)
	case *ssa.Call:
		if callee := ssax.CalleeFunc(fwd(&x.Call)); callee != nil {
			f := apis.FuncOf(callee)
			if apis.IsReaderGet(f) || apis.IsTypedGet(f) {
				return true
			}
		}
		if !x.Call.IsInvoke() && helperGets != nil && helperGets(&x.Call) {
			return true
		}
		for _, a := range x.Call.Args {
			if mentionsGet(a, seen, depth+1, helperGets, fwd) {
				return true
			}
		}
	}
	return false
}

// generateNameCreates returns the Creates in the reconcile scope whose
// object has GenerateName set and no Name (a), directly or in a helper of
// another package.
func (d *creates) generateNameCreates() []*summary.Write {
	var out []*summary.Write
	for _, w := range d.s.Writes {
		if w.Kind != apis.Create || w.Local == summary.FailurePath {
			continue
		}
		if !d.inScopeOrClosure(w.Fn) {
			continue
		}
		if w.Helper != nil {
			if d.helpers[w].generateName {
				out = append(out, w)
			}
		} else if d.createsGenerateName(w) {
			out = append(out, w)
		}
	}
	return out
}

func (d *creates) inScopeOrClosure(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		if d.s.InScope(f) {
			return d.s.RunsInPass(f)
		}
	}
	return false
}

// createsGenerateName reports whether w is a direct Create whose object is
// given a GenerateName and no Name in the function that builds it.
func (d *creates) createsGenerateName(w *summary.Write) bool {
	if w.Kind != apis.Create || w.Helper != nil || w.Object == nil {
		return false
	}
	return d.generateNameStore(w) != nil
}

// generateNameStore returns the store (or SetGenerateName call) that gives
// the object of the Create w a GenerateName, when no Name is stored.
func (d *creates) generateNameStore(w *summary.Write) ssa.Instruction {
	name, gen := d.nameStores(w)
	if name != nil || gen == nil {
		return nil
	}
	return gen.At
}

// nameStores returns the last stores (or setter calls) of a non-empty Name
// and GenerateName into the object of the Create w, in the function that
// builds it, with the values they store; nil for a field no such store
// sets.
func (d *creates) nameStores(w *summary.Write) (name, gen *summary.FieldStore) {
	if w.Kind != apis.Create || w.Object == nil {
		return nil, nil
	}
	root, _ := d.s.RootOf(w.Object)
	home := summary.ValueHome(root)
	if home == nil || !d.s.IsObjectRoot(root) {
		return nil, nil
	}
	for _, e := range d.s.Effects(home) {
		if e.Kind != summary.StoreEffect || e.Root != root {
			continue
		}
		p := summary.Metaless(e.Path)
		fields := map[string]*summary.FieldStore{}
		switch {
		case len(p) == 1:
			v := e.Value
			if v == nil && !resultStore(e) {
				v = storedValue(e.Instr) // a setter's value argument
			}
			fields[p[0]] = &summary.FieldStore{At: e.Instr, Value: v}
		case len(p) == 0 && len(e.Path) == 1 && e.Path[0] == "ObjectMeta":
			// ObjectMeta: metav1.ObjectMeta{…} is built in a local and copied.
			fields = d.s.StructFields(e.Value)
		}
		if st, ok := fields["Name"]; ok && !ssax.IsEmptyString(st.Value) {
			name = st
		}
		if st, ok := fields["GenerateName"]; ok && !ssax.IsEmptyString(st.Value) {
			gen = st
		}
	}
	return name, gen
}

// freshName reports whether the Create w names its object with a value
// that is new on every call (drawn at random, a UUID, the clock): such a
// name cannot already exist, so the Create cannot fail with AlreadyExists.
// A process identity (a PID) repeats within the process and does not
// count.
func (d *creates) freshName(w *summary.Write) bool {
	name, _ := d.nameStores(w)
	if name == nil {
		return false
	}
	v := name.Value
	return v != nil && d.s.Taints().TaintOf(v).Kinds&(apis.Random|apis.Identity|apis.Clock) != 0
}

// resultStore reports whether e is a store a constructor made into the
// value its call returns (the call is the root, or its tuple holds it):
// its instruction is the call, not a setter.
func resultStore(e *summary.Effect) bool {
	c, ok := e.Instr.(*ssa.Call)
	if !ok {
		return false
	}
	root := e.Root
	if ex, isExtract := root.(*ssa.Extract); isExtract {
		root = ex.Tuple
	}
	return root == ssa.Value(c)
}

// storedValue returns the value a store or setter call stores.
func storedValue(instr ssa.Instruction) ssa.Value {
	switch x := instr.(type) {
	case *ssa.Store:
		return x.Val
	case ssa.CallInstruction:
		if args := ssax.CallArgs(x.Common()); len(args) > 0 {
			return args[len(args)-1]
		}
	}
	return nil
}

// singleChildGuard reports whether the Create w runs only when a List
// found no items: `if len(list.Items) == 0`.
func (d *creates) singleChildGuard(w *summary.Write) bool {
	fi := d.s.Func(w.Fn)
	if fi.Graph == nil {
		return false
	}
	for _, dep := range fi.Graph.ControlDeps(w.Call.Block()) {
		ifi := dep.If()
		if ifi == nil {
			continue
		}
		b, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || b.Op != token.EQL || dep.Succ != 0 {
			continue
		}
		x, y := b.X, b.Y
		if _, ok := x.(*ssa.Const); ok {
			x, y = y, x
		}
		c, ok := y.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int || constant.Sign(c.Value) != 0 {
			continue
		}
		lc, ok := x.(*ssa.Call)
		if !ok {
			continue
		}
		if bi, ok := lc.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" || len(lc.Call.Args) != 1 {
			continue
		}
		if root, path := d.s.RootOf(lc.Call.Args[0]); len(path) == 1 && path[0] == "Items" && apis.IsObjectList(root.Type()) {
			return true
		}
	}
	return false
}
