package wiring

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Wiring is the primary watch of a controller and the reconciler it feeds:
// a builder chain (ctrl.NewControllerManagedBy(mgr).For(…)…Complete(r)) or a
// controller.New whose controller Watches a source.Kind with
// EnqueueRequestForObject.
type Wiring struct {
	// Fn is the function that wires the controller.
	Fn *ssa.Function
	// Builder is set for builder chains (For/WithEventFilter predicates
	// are predicate.Predicate), clear for controller.New + Watch.
	Builder bool
	// Primary is the type of the primary object (a pointer type); nil when
	// it is not known.
	Primary types.Type
	// PrimaryPos is the For call or the source.Kind call.
	PrimaryPos token.Pos
	// Predicates are the predicates of the primary watch: the For
	// option's WithPredicates and every WithEventFilter of a builder, the
	// predicates of source.Kind; controller-runtime ANDs them.
	Predicates []PredEval
	// Reconciler is the value passed to Complete, Build or
	// Options.Reconciler; nil when not found.
	Reconciler ssa.Value
	// Wired is the Complete/Build call or the controller.New call.
	Wired token.Pos
}

// ReconcilerInfo says how a reconciler handles finalizers. It is the fact
// exported for the reconciler types of a package (the receivers of its
// reconcile roots), so that builder code in another package sees it.
type ReconcilerInfo struct {
	// EntryFunc names the reconcile entry, e.g. "(*WidgetReconciler).Reconcile".
	EntryFunc string
	// ManagesFinalizers says the reconcile scope adds, removes or sets
	// finalizers: controllerutil.AddFinalizer/RemoveFinalizer,
	// SetFinalizers, or a store to Finalizers.
	ManagesFinalizers bool
	// FinalizerNames are the constant finalizer names it adds or removes.
	FinalizerNames []string
	// FinalizerKinds are the object types ("pkgpath.Name") whose
	// finalizers it manages.
	FinalizerKinds []string
	// InspectsForeign says it waits for finalizers it does not manage: it
	// tests for finalizers it does not add, or reads len(Finalizers).
	InspectsForeign bool
	// ForeignFinalizers are the constant names of those finalizers.
	ForeignFinalizers []string
	// Site is the first finalizer operation, as "file:line:col".
	Site string

	// Not exported as a fact:
	pos token.Pos       // Site in the current package
	typ *types.TypeName // the reconciler type, for a reconciler of another package
}

// AFact marks ReconcilerInfo as a fact.
func (*ReconcilerInfo) AFact() {}

func (r *ReconcilerInfo) String() string {
	s := "ReconcilerInfo(" + r.EntryFunc
	if r.ManagesFinalizers {
		s += " finalizers=" + strings.Join(r.FinalizerNames, ",")
	}
	return s + ")"
}

// Pos returns the position of the first finalizer operation when it is in
// the current package, or token.NoPos.
func (r *ReconcilerInfo) Pos() token.Pos { return r.pos }

// Type returns the type of a reconciler of another package, whose fact
// the information comes from; nil for a reconciler of the current
// package.
func (r *ReconcilerInfo) Type() *types.TypeName { return r.typ }

// ManagesFinalizersOf reports whether the reconciler manages finalizers on
// objects of type t (the primary type of its watch).
func (r *ReconcilerInfo) ManagesFinalizersOf(t types.Type) bool {
	k := KindKey(t)
	return r != nil && r.ManagesFinalizers && k != "" && slices.Contains(r.FinalizerKinds, k)
}

// KindKey names the object type behind t as "pkgpath.Name", the form of
// ReconcilerInfo.FinalizerKinds and ObjectKinds; "" when t is not a named
// type.
func KindKey(t types.Type) string {
	if t == nil {
		return ""
	}
	pkg, name, ok := apis.NamedOf(t)
	if !ok {
		return ""
	}
	return pkg + "." + name
}

// Wirings returns the package's controller wirings.
func (m *Model) Wirings() []*Wiring { return m.wirings }

// findWirings finds builder chains and controller.New calls.
func (m *Model) findWirings() []*Wiring {
	out := []*Wiring{}
	for _, fn := range m.s.Funcs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				fc := m.s.Forward(&c.Call)
				if isBuilderStart(fc) {
					out = append(out, m.followBuilder(fn, c))
					continue
				}
				if callee := ssax.CalleeFunc(fc); callee != nil {
					if ok, idx := apis.IsControllerNew(apis.FuncOf(callee)); ok {
						out = append(out, m.followController(fn, c, idx)...)
					}
				}
			}
		}
	}
	// A predicate that asserts its objects' type decides by the kind the
	// watch delivers: the primary's.
	for _, w := range out {
		key := KindKey(w.Primary)
		for i := range w.Predicates {
			w.Predicates[i].Value = w.Predicates[i].Value.ForKind(key)
		}
	}
	return out
}

// isBuilderStart recognises builder.ControllerManagedBy,
// TypedControllerManagedBy[Q], and calls through a function variable such
// as ctrl.NewControllerManagedBy (a load of a *ssa.Global).
func isBuilderStart(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return false
	}
	if callee := ssax.CalleeFunc(c); callee != nil {
		return apis.IsBuilderStart(apis.FuncOf(callee))
	}
	if ld, ok := c.Value.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if g, ok := ld.X.(*ssa.Global); ok && g.Object() != nil && g.Object().Pkg() != nil {
			return apis.IsBuilderStartVar(apis.PathOf(g.Object().Pkg()), g.Object().Name())
		}
	}
	return false
}

// followBuilder unifies the builder returned by start with the results of
// its chained methods and records the primary watch and the reconciler.
func (m *Model) followBuilder(fn *ssa.Function, start *ssa.Call) *Wiring {
	w := &Wiring{Fn: fn, Builder: true, Wired: token.NoPos}
	seen := map[ssa.Value]bool{start: true}
	work := []ssa.Value{start}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			var next ssa.Value
			switch r := r.(type) {
			case *ssa.Phi:
				next = r
			case *ssa.Return:
				// A helper that returns the builder: the chain goes on
				// at its call sites.
				if len(r.Results) == 1 {
					for _, c := range m.callSitesOf(r.Parent()) {
						if !seen[c] {
							seen[c] = true
							work = append(work, c)
						}
					}
				}
			case *ssa.Call:
				fc := m.s.Forward(&r.Call) // a forwarder of the method is the method
				if ssax.CallRecv(fc) != v {
					// The builder passed to a helper or closure of the
					// package: the chain goes on at its parameter.
					if local := m.s.LocalFunc(m.s.Callee(&r.Call)); local != nil && !r.Call.IsInvoke() {
						for i, a := range r.Call.Args {
							if a == v && i < len(local.Params) && !seen[local.Params[i]] {
								seen[local.Params[i]] = true
								work = append(work, local.Params[i])
							}
						}
					} else if callee := summary.CalleeObject(m.pass.Pkg, &r.Call); callee != nil && w.Reconciler == nil {
						// A helper of another package that completes the
						// builder it is passed (its CompletesFact).
						var fact CompletesFact
						if summary.ImportFuncFact(m.pass, callee, &fact) {
							for _, cf := range fact.Calls {
								if cf.Builder < len(r.Call.Args) && r.Call.Args[cf.Builder] == v && cf.Reconciler < len(r.Call.Args) {
									w.Reconciler = m.s.ArgValue(r.Call.Args[cf.Reconciler])
									w.Wired = r.Pos()
									break
								}
							}
						}
					}
					continue
				}
				callee := ssax.CalleeFunc(fc)
				if callee == nil {
					continue
				}
				args := slices.Clone(ssax.CallArgs(fc)) // not the instruction's own slice
				for i := range args {
					args[i] = m.s.ArgValue(args[i])
				}
				switch apis.ClassifyBuilderMethod(apis.FuncOf(callee)) {
				case apis.BuilderChain:
					next = r
				case apis.BuilderFor:
					next = r
					if w.Primary == nil && len(args) == 2 {
						w.Primary = ssax.ConcreteType(args[0])
						w.PrimaryPos = r.Pos()
						var exprs []ast.Expr
						if ce := m.callExprAt(r.Pos()); ce != nil && fc == &r.Call && len(ce.Args) > 1 {
							exprs = ce.Args[1:]
						}
						w.Predicates = append(w.Predicates, m.forPredicates(args[1], exprs)...)
					}
				case apis.BuilderFilter:
					next = r
					if len(args) == 1 {
						var expr ast.Expr
						if ce := m.callExprAt(r.Pos()); ce != nil && len(ce.Args) == 1 && fc == &r.Call {
							expr = ce.Args[0]
						}
						w.Predicates = append(w.Predicates, m.evalPredicate(args[0], expr))
					}
				case apis.BuilderComplete:
					if len(args) == 1 && w.Reconciler == nil {
						w.Reconciler = args[0]
						w.Wired = r.Pos()
					}
				}
			}
			if next != nil && !seen[next] {
				seen[next] = true
				work = append(work, next)
			}
		}
	}
	return w
}

// completes returns the parameters of fn (receiver first) that it
// completes as a controller builder with another parameter as the
// reconciler: b.Complete(r) or b.Build(r) with b and r parameters.
func (m *Model) completes(fn *ssa.Function) []CompleteCall {
	var out []CompleteCall
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fc := m.s.Forward(&c.Call)
			callee := ssax.CalleeFunc(fc)
			if callee == nil || apis.ClassifyBuilderMethod(apis.FuncOf(callee)) != apis.BuilderComplete {
				continue
			}
			args := ssax.CallArgs(fc)
			recv := ssax.CallRecv(fc)
			if len(args) != 1 || recv == nil {
				continue
			}
			bp := ssax.ParamIndex(fn, recv)
			rroot, _ := m.s.RootOf(args[0])
			rp := ssax.ParamIndex(fn, rroot)
			if bp >= 0 && rp >= 0 {
				out = append(out, CompleteCall{Builder: bp, Reconciler: rp})
			}
		}
	}
	return out
}

// forPredicates evaluates the predicates of the variadic options of For
// (predEvaluator.option): builder.WithPredicates options, and the options
// functions and variables of the package give; exprs are the source
// expressions of the options, when known (For(obj, a, b), or the slice
// of For(obj, opts()...)).
func (m *Model) forPredicates(opts ssa.Value, exprs []ast.Expr) []PredEval {
	elems, ok := ssax.VariadicElems(opts)
	if !ok {
		var expr ast.Expr
		if len(exprs) == 1 {
			expr = exprs[0]
		}
		return m.preds.optionSlice(opts, expr)
	}
	if len(exprs) != len(elems) {
		exprs = nil
	}
	var out []PredEval
	for i, e := range elems {
		var expr ast.Expr
		if exprs != nil {
			expr = ssax.Unparen(exprs[i])
		}
		out = append(out, m.preds.option(e, expr)...)
	}
	return out
}

// evalVariadicPredicates evaluates the variadic predicate arguments of c,
// which start at argument index first.
func (m *Model) evalVariadicPredicates(c *ssa.Call, first int) []PredEval {
	fc := m.s.Forward(&c.Call)
	args := ssax.CallArgs(fc)
	if first >= len(args) {
		return nil
	}
	elems, ok := ssax.VariadicElems(args[len(args)-1])
	if !ok {
		return nil
	}
	var exprs []ast.Expr
	if ce := m.callExprAt(c.Pos()); ce != nil && !ce.Ellipsis.IsValid() && len(ce.Args) == first+len(elems) && fc == &c.Call {
		exprs = ce.Args[first:]
	}
	var out []PredEval
	for i, e := range elems {
		var expr ast.Expr
		if i < len(exprs) {
			expr = exprs[i]
		}
		out = append(out, m.evalPredicate(e, expr))
	}
	return out
}

// followController handles controller.New(name, mgr, Options{Reconciler:
// r}) and the c.Watch(source.Kind(cache, obj, &EnqueueRequestForObject{},
// preds…)) calls on its result: one wiring per primary watch.
func (m *Model) followController(fn *ssa.Function, newCall *ssa.Call, optIdx int) []*Wiring {
	args := ssax.CallArgs(m.s.Forward(&newCall.Call))
	var rec ssa.Value
	if optIdx < len(args) {
		rec = ssax.StructField(args[optIdx], "Reconciler")
	}
	var ctrls []ssa.Value
	for _, r := range *newCall.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
			ctrls = append(ctrls, ex)
		}
	}
	var out []*Wiring
	for _, cv := range ctrls {
		for _, r := range *cv.Referrers() {
			call, ok := r.(*ssa.Call)
			if !ok {
				continue
			}
			wc := m.s.Forward(&call.Call) // a forwarder of Watch is Watch
			if !wc.IsInvoke() || wc.Value != cv || len(wc.Args) == 0 {
				continue
			}
			if !apis.IsControllerWatch(apis.FuncOf(wc.Method)) {
				continue
			}
			if len(wc.Args) == 3 {
				// controller-runtime < v0.15: Watch(&source.Kind{Type: obj},
				// &handler.EnqueueRequestForObject{}, preds...).
				if w := m.oldWatch(fn, call, rec, newCall); w != nil {
					out = append(out, w)
				}
				continue
			}
			if len(wc.Args) != 1 {
				continue
			}
			src := wc.Args[0]
			for {
				if mi, ok := src.(*ssa.MakeInterface); ok {
					src = mi.X
					continue
				}
				if ci, ok := src.(*ssa.ChangeInterface); ok {
					src = ci.X
					continue
				}
				break
			}
			kc, ok := src.(*ssa.Call)
			if !ok {
				continue
			}
			kfc := m.s.Forward(&kc.Call)
			callee := ssax.CalleeFunc(kfc)
			if callee == nil || !apis.IsSourceKind(apis.FuncOf(callee)) || len(kfc.Args) != 4 {
				continue
			}
			if h := ssax.ConcreteType(kfc.Args[2]); h == nil || !apis.IsEnqueueForObject(h) {
				continue
			}
			out = append(out, &Wiring{
				Fn: fn, Primary: ssax.ConcreteType(kfc.Args[1]), PrimaryPos: kc.Pos(),
				Predicates: m.evalVariadicPredicates(kc, 3),
				Reconciler: rec, Wired: newCall.Pos(),
			})
		}
	}
	return out
}

// oldWatch handles the three-argument Watch of controller-runtime before
// v0.15, whose source is a &source.Kind{Type: obj} literal.
func (m *Model) oldWatch(fn *ssa.Function, call *ssa.Call, rec ssa.Value, newCall *ssa.Call) *Wiring {
	wc := m.s.Forward(&call.Call)
	src := wc.Args[0]
	for {
		if mi, ok := src.(*ssa.MakeInterface); ok {
			src = mi.X
			continue
		}
		break
	}
	alloc, ok := src.(*ssa.Alloc)
	if !ok || !apis.IsOldSourceKind(ssax.Deref(alloc.Type())) {
		return nil
	}
	if h := ssax.ConcreteType(wc.Args[1]); h == nil || !apis.IsEnqueueForObject(h) {
		return nil
	}
	prim := ssax.AllocField(alloc, apis.SourceKindTypeField)
	if prim == nil {
		return nil
	}
	return &Wiring{
		Fn: fn, Primary: ssax.ConcreteType(prim), PrimaryPos: alloc.Pos(),
		Predicates: m.evalVariadicPredicates(call, 2),
		Reconciler: rec, Wired: newCall.Pos(),
	}
}

// ReconcilerOf returns what is known of the reconciler wired by w: from
// its scope when its Reconcile is in this package, from its ReconcilerInfo
// fact otherwise; nil when the reconciler cannot be resolved.
func (m *Model) ReconcilerOf(w *Wiring) *ReconcilerInfo { return m.recOf[w] }

func (m *Model) reconcilerOfValue(v ssa.Value, depth int) *ReconcilerInfo {
	if v == nil || depth > 8 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.FreeVar:
		// Wired in a closure: the reconciler it captured.
		if b := m.s.Binding(x); b != nil {
			return m.reconcilerOfValue(b, depth+1)
		}
		return nil
	case *ssa.Parameter:
		// Wired in a helper: the reconciler its one call passes.
		if a := m.s.ArgValue(x); a != ssa.Value(x) {
			return m.reconcilerOfValue(a, depth+1)
		}
		return nil
	case *ssa.UnOp:
		// A parameter loaded from its spilled cell, or a captured
		// parameter of the closure's maker.
		switch w := ssax.VarOf(x).(type) {
		case *ssa.Parameter:
			return m.reconcilerOfValue(w, depth+1)
		case *ssa.FreeVar:
			if p, ok := ssax.VarOf(m.s.Binding(w)).(*ssa.Parameter); ok {
				return m.reconcilerOfValue(p, depth+1)
			}
		}
		return nil
	case *ssa.ChangeInterface:
		return m.reconcilerOfValue(x.X, depth+1)
	case *ssa.ChangeType:
		if apis.IsReconcileFunc(x.Type()) {
			if v, _ := m.s.FuncValue(x.X); m.s.LocalFunc(v) != nil {
				return m.reconcilerInfo(m.s.LocalFunc(v))
			}
			return nil
		}
		return m.reconcilerOfValue(x.X, depth+1)
	case *ssa.Call:
		fc := m.s.Forward(&x.Call)
		if callee := ssax.CalleeFunc(fc); callee != nil {
			f := apis.FuncOf(callee)
			if f.Pkg == apis.Reconcile && f.Recv == "" && f.Name == "AsReconciler" && len(fc.Args) == 2 {
				return m.reconcilerOfValue(fc.Args[1], depth+1)
			}
		}
		// Middleware: a function that takes one reconciler and returns a
		// reconciler (errors.WithSilentRequeueOnConflict(r), a metrics or
		// tracing wrapper) delegates to the one it wraps.
		if !hasReconcile(x.Type()) {
			return nil
		}
		var inner ssa.Value
		for _, a := range x.Call.Args {
			if hasReconcile(a.Type()) {
				if inner != nil {
					return nil
				}
				inner = a
			}
		}
		if inner == nil {
			// A constructor of the package (a function returning a
			// reconcile.Func closure, or a reconciler behind the
			// reconcile.Reconciler interface): the reconciler each of its
			// returns gives, when they agree.
			return m.returnedReconciler(fc, depth)
		}
		return m.reconcilerOfValue(inner, depth+1)
	case *ssa.MakeInterface:
		t := x.X.Type()
		if apis.IsReconcileFunc(t) {
			// A reconcile.Func: its Reconcile calls the func, whatever
			// gives it (a conversion, a constructor of the package).
			return m.reconcilerOfValue(x.X, depth+1)
		}
		n, ok := types.Unalias(ssax.Deref(t)).(*types.Named)
		if !ok {
			return nil
		}
		if n.Origin().Obj().Pkg() == m.s.Pass.Pkg {
			if meth := m.s.LocalFunc(ssax.MethodOfValue(m.s.Pkg.Prog, x, apis.ReconcileMethod)); meth != nil {
				return m.reconcilerInfo(meth)
			}
			return nil
		}
		obj := n.Origin().Obj()
		if ri := new(ReconcilerInfo); obj.Pkg() != nil && m.pass.ImportObjectFact(obj, ri) {
			ri.typ = obj
			return ri
		}
	}
	return nil
}

// returnedReconciler returns the reconciler a call of a function of the
// package returns: the one each of its returns gives, when they all give
// the same; nil otherwise.
func (m *Model) returnedReconciler(c *ssa.CallCommon, depth int) *ReconcilerInfo {
	fn := m.s.LocalCallee(c)
	if fn == nil {
		return nil
	}
	var out *ReconcilerInfo
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		ri := m.reconcilerOfValue(ret.Results[0], depth+1)
		if ri == nil || out != nil && ri != out {
			return nil
		}
		out = ri
	}
	return out
}

// hasReconcile reports whether values of type t have a Reconcile method
// (a reconciler type, or the reconcile.Reconciler interface).
func hasReconcile(t types.Type) bool {
	if t == nil {
		return false
	}
	for _, tt := range []types.Type{t, types.NewPointer(t)} {
		if _, isPtr := t.Underlying().(*types.Pointer); isPtr && tt != t {
			continue
		}
		ms := types.NewMethodSet(tt)
		for i := 0; i < ms.Len(); i++ {
			if ms.At(i).Obj().Name() == apis.ReconcileMethod {
				return true
			}
		}
	}
	return false
}

// reconcilerInfo computes the finalizer handling of the reconcile scope
// of entry: entry and the package functions it reaches.
func (m *Model) reconcilerInfo(entry *ssa.Function) *ReconcilerInfo {
	if ri, ok := m.recInfo[entry]; ok {
		return ri
	}
	callees := m.s.CallsByCaller()
	scope := map[*ssa.Function]bool{entry: true}
	work := []*ssa.Function{entry}
	var order []*ssa.Function
	for len(work) > 0 {
		fn := work[0]
		work = work[1:]
		order = append(order, fn)
		for _, e := range callees[fn] {
			if c := e.Callee; !scope[c] {
				scope[c] = true
				work = append(work, c)
			}
		}
	}
	ri := &ReconcilerInfo{EntryFunc: ssax.FuncName(entry)}
	managed := map[string]bool{}
	kinds := map[string]bool{}
	var contains []string
	note := func(pos token.Pos, obj ssa.Value, names ...string) {
		ri.ManagesFinalizers = true
		for _, n := range names {
			if n != "" && !managed[n] {
				managed[n] = true
				ri.FinalizerNames = append(ri.FinalizerNames, n)
			}
		}
		for _, k := range m.ObjectKinds(obj) {
			kinds[k] = true
		}
		if !ri.pos.IsValid() && pos.IsValid() {
			ri.pos = pos
			ri.Site = m.s.Position(pos)
		}
	}
	for _, fn := range order {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					if _, path := m.s.RootOf(x.Addr); len(path) > 0 && path[len(path)-1] == apis.FinalizersField {
						note(x.Pos(), x.Addr, appendedStrings(x.Val)...)
					}
				case ssa.CallInstruction:
					c := m.s.Forward(x.Common())
					if bi, ok := c.Value.(*ssa.Builtin); ok && bi.Name() == "len" && len(c.Args) == 1 {
						// len(Finalizers) compared with a constant; not the
						// len of a range loop over them (compared with the
						// loop index).
						if v := x.Value(); v != nil && comparedWithConst(v) && isFinalizersValue(m, c.Args[0]) {
							ri.InspectsForeign = true
						}
						continue
					}
					callee := ssax.CalleeFunc(c)
					f := apis.FuncOf(callee) // the zero Func when there is no static callee
					args := ssax.CallArgs(c)
					switch apis.ClassifyFinalizerCall(f) {
					case apis.FinalizerAdd, apis.FinalizerRemove:
						if len(args) == 2 {
							name, _ := ssax.ConstString(args[1])
							note(x.Pos(), args[0], name)
						}
					case apis.FinalizerSet:
						var names []string
						if len(args) == 1 {
							names = appendedStrings(args[0])
						}
						note(x.Pos(), ssax.CallRecv(c), names...)
					case apis.FinalizerContains:
						if len(args) == 2 {
							if name, ok := ssax.ConstString(args[1]); ok {
								contains = append(contains, name)
							}
						}
					default:
						// A helper of another package that stores the
						// finalizers of its argument (its FuncSummary).
						if fs, _ := m.s.CalleeFact(c); fs != nil {
							for _, st := range fs.Stores {
								if st.Param < len(c.Args) && (st.Path == apis.FinalizersField || strings.HasSuffix(st.Path, "."+apis.FinalizersField)) {
									note(x.Pos(), c.Args[st.Param])
									break
								}
							}
						}
					}
				}
			}
		}
	}
	for _, n := range contains {
		if !managed[n] && !slices.Contains(ri.ForeignFinalizers, n) {
			ri.InspectsForeign = true
			ri.ForeignFinalizers = append(ri.ForeignFinalizers, n)
		}
	}
	for k := range kinds {
		ri.FinalizerKinds = append(ri.FinalizerKinds, k)
	}
	sort.Strings(ri.FinalizerKinds)
	m.scopes[ri] = order
	m.recInfo[entry] = ri
	return ri
}

// isFinalizersValue reports whether v is an object's finalizer list:
// x.Finalizers or x.GetFinalizers().
func isFinalizersValue(m *Model, v ssa.Value) bool {
	if c, ok := v.(*ssa.Call); ok {
		if callee := ssax.CalleeFunc(m.s.Forward(&c.Call)); callee != nil {
			return apis.ClassifyFinalizerCall(apis.FuncOf(callee)) == apis.FinalizerGet
		}
		return false
	}
	_, path := m.s.RootOf(v)
	return len(path) > 0 && path[len(path)-1] == apis.FinalizersField
}

// ObjectKinds returns the object types ("pkgpath.Name", KindKey) behind
// v: its root's type, or, for an interface-typed parameter of a package
// function, the types of the arguments at its call sites.
func (m *Model) ObjectKinds(v ssa.Value) []string {
	if v == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	root, _ := m.s.RootOf(v)
	return m.rootKinds(root, 0)
}

// rootKinds returns the object types of an object root: its type, or for
// a parameter of an interface type (or of type ObjectMeta, the metadata of
// its callers' objects), the types of the arguments passed for it at the
// call sites of its function, through parameters of callers (depth bounds
// the chain).
func (m *Model) rootKinds(root ssa.Value, depth int) []string {
	if root == nil {
		return nil
	}
	if a, ok := root.(*ssa.Alloc); ok {
		// A parameter spilled to the heap because a closure captures it.
		if sp := ssax.SpilledParam(a); sp != nil {
			root = sp
		}
	}
	p, isParam := root.(*ssa.Parameter)
	if t := ssax.ConcreteType(root); t != nil && !(isParam && apis.IsObjectMeta(t)) {
		if k := KindKey(t); k != "" {
			return []string{k}
		}
		return nil
	}
	if !isParam || depth >= 4 {
		return nil
	}
	fn := p.Parent()
	idx := ssax.ParamIndex(fn, p)
	var out []string
	for _, e := range m.s.CallersOf(fn) {
		c, ok := e.Site.(ssa.CallInstruction)
		if !ok || m.s.Callee(c.Common()) == nil || idx < 0 || idx >= len(c.Common().Args) {
			continue
		}
		r, _ := m.s.RootOf(c.Common().Args[idx])
		if r == root {
			continue
		}
		for _, k := range m.rootKinds(r, depth+1) {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// addReconcilerTypes records, for every reconciler type of the package
// (the receiver of a root), its ReconcilerInfo: that of its first root.
func (m *Model) addReconcilerTypes() {
	seen := make(map[*types.TypeName]bool)
	for _, r := range m.s.Roots {
		recv := r.Fn.Signature.Recv()
		if recv == nil {
			continue
		}
		n, ok := types.Unalias(ssax.Deref(recv.Type())).(*types.Named)
		if !ok || n.Obj().Pkg() != m.s.Pass.Pkg {
			continue
		}
		obj := n.Origin().Obj()
		if !seen[obj] {
			seen[obj] = true
			m.recTypes = append(m.recTypes, ReconcilerType{Obj: obj, Info: m.reconcilerInfo(r.Fn)})
		}
	}
}

// appendedStrings returns the constant strings appended by v when it is an
// append call: append(fins, "a", "b").
func appendedStrings(v ssa.Value) []string {
	if ap, ok := v.(*ssa.Call); ok {
		if bi, ok := ap.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && len(ap.Call.Args) == 2 {
			return ssax.VariadicStrings(ap.Call.Args[1])
		}
	}
	return nil
}

// comparedWithConst reports whether v is compared with a constant.
func comparedWithConst(v ssa.Value) bool {
	for _, r := range *v.Referrers() {
		if b, ok := r.(*ssa.BinOp); ok {
			if _, c := b.X.(*ssa.Const); c {
				return true
			}
			if _, c := b.Y.(*ssa.Const); c {
				return true
			}
		}
	}
	return false
}

// callSitesOf returns the calls of fn in the package whose callee is
// known to be fn.
func (m *Model) callSitesOf(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, e := range m.s.CallersOf(fn) {
		if c, ok := e.Site.(*ssa.Call); ok && m.s.LocalCallee(&c.Call) == fn {
			out = append(out, c)
		}
	}
	return out
}
