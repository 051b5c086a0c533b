package summary

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

// ReconcilerInfo says how a reconciler handles finalizers (checks.md §1.7:
// TypeInfo.Reconciler), so that builder code in another package can be
// checked (RL4001).
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
	// MetadataReads are the labels and annotations whose values decide
	// what the reconcile scope does (metareads.go); MetadataWrites are the
	// constant label and annotation keys it sets.
	MetadataReads, MetadataWrites []MetadataKey

	pos token.Pos // Site in the current package; not exported as a fact
}

// Pos returns the position of the first finalizer operation when it is in
// the current package, or token.NoPos.
func (r *ReconcilerInfo) Pos() token.Pos { return r.pos }

// ManagesFinalizersOf reports whether the reconciler manages finalizers on
// objects of type t (the primary type of its watch).
func (r *ReconcilerInfo) ManagesFinalizersOf(t types.Type) bool {
	k := kindKey(t)
	return r != nil && r.ManagesFinalizers && k != "" && slices.Contains(r.FinalizerKinds, k)
}

func kindKey(t types.Type) string {
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
func (s *Summary) Wirings() []*Wiring {
	if s.wirings == nil {
		s.wirings = s.findWirings()
	}
	return s.wirings
}

// findWirings finds builder chains and controller.New calls.
func (s *Summary) findWirings() []*Wiring {
	out := []*Wiring{}
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				if isBuilderStart(&c.Call) {
					out = append(out, s.followBuilder(fn, c))
					continue
				}
				if callee := ssax.CalleeFunc(&c.Call); callee != nil {
					if ok, idx := apis.IsControllerNew(apis.FuncOf(callee)); ok {
						out = append(out, s.followController(fn, c, idx)...)
					}
				}
			}
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
			return apis.IsBuilderStartVar(g.Object().Pkg().Path(), g.Object().Name())
		}
	}
	return false
}

// followBuilder unifies the builder returned by start with the results of
// its chained methods and records the primary watch and the reconciler.
func (s *Summary) followBuilder(fn *ssa.Function, start *ssa.Call) *Wiring {
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
					for _, c := range s.callSitesOf(r.Parent()) {
						if !seen[c] {
							seen[c] = true
							work = append(work, c)
						}
					}
				}
			case *ssa.Call:
				if ssax.CallRecv(&r.Call) != v {
					// The builder passed to a helper or closure of the
					// package: the chain goes on at its parameter.
					if local := s.localFunc(s.callee(&r.Call)); local != nil && !r.Call.IsInvoke() {
						for i, a := range r.Call.Args {
							if a == v && i < len(local.Params) && !seen[local.Params[i]] {
								seen[local.Params[i]] = true
								work = append(work, local.Params[i])
							}
						}
					} else if callee := ssax.CalleeFunc(&r.Call); callee != nil && !r.Call.IsInvoke() && w.Reconciler == nil {
						// A helper of another package that completes the
						// builder it is passed (its CompletesFact).
						if fs := s.factOf(callee); fs != nil {
							for _, cf := range fs.Completes {
								if cf.Builder < len(r.Call.Args) && r.Call.Args[cf.Builder] == v && cf.Reconciler < len(r.Call.Args) {
									w.Reconciler = s.argValue(r.Call.Args[cf.Reconciler], 0)
									w.Wired = r.Pos()
									break
								}
							}
						}
					}
					continue
				}
				callee := ssax.CalleeFunc(&r.Call)
				if callee == nil {
					continue
				}
				args := slices.Clone(ssax.CallArgs(&r.Call)) // not the instruction's own slice
				for i := range args {
					args[i] = s.argValue(args[i], 0)
				}
				switch apis.ClassifyBuilderMethod(apis.FuncOf(callee)) {
				case apis.BuilderChain:
					next = r
				case apis.BuilderFor:
					next = r
					if w.Primary == nil && len(args) == 2 {
						w.Primary = ssax.ConcreteType(args[0])
						w.PrimaryPos = r.Pos()
						w.Predicates = append(w.Predicates, s.forPredicates(args[1])...)
					}
				case apis.BuilderFilter:
					next = r
					if len(args) == 1 {
						var expr ast.Expr
						if ce := s.CallExprAt(r.Pos()); ce != nil && len(ce.Args) == 1 {
							expr = ce.Args[0]
						}
						w.Predicates = append(w.Predicates, s.EvalPredicate(args[0], expr))
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
func (s *Summary) completes(fn *ssa.Function) []CompletesFact {
	var out []CompletesFact
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := ssax.CalleeFunc(&c.Call)
			if callee == nil || apis.ClassifyBuilderMethod(apis.FuncOf(callee)) != apis.BuilderComplete {
				continue
			}
			args := ssax.CallArgs(&c.Call)
			recv := ssax.CallRecv(&c.Call)
			if len(args) != 1 || recv == nil {
				continue
			}
			bp := ssax.ParamIndex(fn, recv)
			rroot, _ := s.RootOf(args[0])
			rp := ssax.ParamIndex(fn, rroot)
			if bp >= 0 && rp >= 0 {
				out = append(out, CompletesFact{Builder: bp, Reconciler: rp})
			}
		}
	}
	return out
}

// forPredicates evaluates the builder.WithPredicates options among the
// variadic options of For.
func (s *Summary) forPredicates(opts ssa.Value) []PredEval {
	elems, ok := ssax.VariadicElems(opts)
	if !ok {
		return nil
	}
	var out []PredEval
	for _, e := range elems {
		for {
			if mi, ok := e.(*ssa.MakeInterface); ok {
				e = mi.X
				continue
			}
			break
		}
		c, ok := e.(*ssa.Call)
		if !ok {
			continue
		}
		callee := ssax.CalleeFunc(&c.Call)
		if callee == nil || !apis.IsWithPredicates(apis.FuncOf(callee)) || len(c.Call.Args) != 1 {
			continue
		}
		out = append(out, s.evalVariadicPredicates(c, 0)...)
	}
	return out
}

// evalVariadicPredicates evaluates the variadic predicate arguments of c,
// which start at argument index first.
func (s *Summary) evalVariadicPredicates(c *ssa.Call, first int) []PredEval {
	args := ssax.CallArgs(&c.Call)
	if first >= len(args) {
		return nil
	}
	elems, ok := ssax.VariadicElems(args[len(args)-1])
	if !ok {
		return nil
	}
	var exprs []ast.Expr
	if ce := s.CallExprAt(c.Pos()); ce != nil && !ce.Ellipsis.IsValid() && len(ce.Args) == first+len(elems) {
		exprs = ce.Args[first:]
	}
	var out []PredEval
	for i, e := range elems {
		var expr ast.Expr
		if i < len(exprs) {
			expr = exprs[i]
		}
		out = append(out, s.EvalPredicate(e, expr))
	}
	return out
}

// followController handles controller.New(name, mgr, Options{Reconciler:
// r}) and the c.Watch(source.Kind(cache, obj, &EnqueueRequestForObject{},
// preds…)) calls on its result: one wiring per primary watch.
func (s *Summary) followController(fn *ssa.Function, newCall *ssa.Call, optIdx int) []*Wiring {
	args := ssax.CallArgs(&newCall.Call)
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
			if !ok || !call.Call.IsInvoke() || call.Call.Value != cv || len(call.Call.Args) == 0 {
				continue
			}
			if !apis.IsControllerWatch(apis.FuncOf(call.Call.Method)) {
				continue
			}
			if len(call.Call.Args) == 3 {
				// controller-runtime < v0.15: Watch(&source.Kind{Type: obj},
				// &handler.EnqueueRequestForObject{}, preds...).
				if w := s.oldWatch(fn, call, rec, newCall); w != nil {
					out = append(out, w)
				}
				continue
			}
			if len(call.Call.Args) != 1 {
				continue
			}
			src := call.Call.Args[0]
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
			callee := ssax.CalleeFunc(&kc.Call)
			if callee == nil || !apis.IsSourceKind(apis.FuncOf(callee)) || len(kc.Call.Args) != 4 {
				continue
			}
			if h := ssax.ConcreteType(kc.Call.Args[2]); h == nil || !apis.IsEnqueueForObject(h) {
				continue
			}
			out = append(out, &Wiring{
				Fn: fn, Primary: ssax.ConcreteType(kc.Call.Args[1]), PrimaryPos: kc.Pos(),
				Predicates: s.evalVariadicPredicates(kc, 3),
				Reconciler: rec, Wired: newCall.Pos(),
			})
		}
	}
	return out
}

// oldWatch handles the three-argument Watch of controller-runtime before
// v0.15, whose source is a &source.Kind{Type: obj} literal.
func (s *Summary) oldWatch(fn *ssa.Function, call *ssa.Call, rec ssa.Value, newCall *ssa.Call) *Wiring {
	src := call.Call.Args[0]
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
	if h := ssax.ConcreteType(call.Call.Args[1]); h == nil || !apis.IsEnqueueForObject(h) {
		return nil
	}
	prim := ssax.AllocField(alloc, apis.SourceKindTypeField)
	if prim == nil {
		return nil
	}
	return &Wiring{
		Fn: fn, Primary: ssax.ConcreteType(prim), PrimaryPos: alloc.Pos(),
		Predicates: s.evalVariadicPredicates(call, 2),
		Reconciler: rec, Wired: newCall.Pos(),
	}
}

// ReconcilerOf returns what is known of the reconciler wired by w: from
// its scope when its Reconcile is in this package, from its TypeInfo fact
// otherwise; nil when the reconciler cannot be resolved.
func (s *Summary) ReconcilerOf(w *Wiring) *ReconcilerInfo {
	return s.reconcilerOfValue(w.Reconciler, 0)
}

func (s *Summary) reconcilerOfValue(v ssa.Value, depth int) *ReconcilerInfo {
	if v == nil || depth > 8 {
		return nil
	}
	switch x := v.(type) {
	case *ssa.FreeVar:
		// Wired in a closure: the reconciler it captured.
		if b := s.binding(x); b != nil {
			return s.reconcilerOfValue(b, depth+1)
		}
		return nil
	case *ssa.Parameter:
		// Wired in a helper: the reconciler its one call passes.
		if a := s.argValue(x, 0); a != ssa.Value(x) {
			return s.reconcilerOfValue(a, depth+1)
		}
		return nil
	case *ssa.UnOp:
		if a, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			if p := spilledParam(a); p != nil {
				return s.reconcilerOfValue(p, depth+1)
			}
		}
		if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
			if b := s.binding(fv); b != nil {
				if a, ok := b.(*ssa.Alloc); ok {
					if p := spilledParam(a); p != nil {
						return s.reconcilerOfValue(p, depth+1)
					}
				}
			}
		}
		return nil
	case *ssa.ChangeInterface:
		return s.reconcilerOfValue(x.X, depth+1)
	case *ssa.ChangeType:
		if apis.IsNamed(x.Type(), apis.Reconcile, "TypedFunc", false) {
			if fn := s.localFunc(ssax.FuncOfValue(x.X)); fn != nil {
				return s.reconcilerInfo(fn)
			}
			return nil
		}
		return s.reconcilerOfValue(x.X, depth+1)
	case *ssa.Call:
		callee := ssax.CalleeFunc(&x.Call)
		if callee != nil {
			f := apis.FuncOf(callee)
			if f.Pkg == apis.Reconcile && f.Recv == "" && f.Name == "AsReconciler" && len(x.Call.Args) == 2 {
				return s.reconcilerOfValue(x.Call.Args[1], depth+1)
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
			return nil
		}
		return s.reconcilerOfValue(inner, depth+1)
	case *ssa.MakeInterface:
		t := x.X.Type()
		if ch, ok := x.X.(*ssa.ChangeType); ok && apis.IsNamed(ch.Type(), apis.Reconcile, "TypedFunc", false) {
			return s.reconcilerOfValue(ch, depth+1)
		}
		n, ok := types.Unalias(ssax.Deref(t)).(*types.Named)
		if !ok {
			return nil
		}
		if n.Origin().Obj().Pkg() == s.Pass.Pkg {
			if m := s.localFunc(s.methodOfValue(x, "Reconcile")); m != nil {
				return s.reconcilerInfo(m)
			}
			return nil
		}
		if ti := s.TypeInfoOf(t); ti != nil {
			return ti.Reconciler
		}
	}
	return nil
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
			if ms.At(i).Obj().Name() == "Reconcile" {
				return true
			}
		}
	}
	return false
}

// reconcilerInfo computes the finalizer handling of the reconcile scope
// of entry: entry and the package functions it reaches.
func (s *Summary) reconcilerInfo(entry *ssa.Function) *ReconcilerInfo {
	if s.recInfo == nil {
		s.recInfo = make(map[*ssa.Function]*ReconcilerInfo)
	}
	if ri, ok := s.recInfo[entry]; ok {
		return ri
	}
	callees := make(map[*ssa.Function][]*ssa.Function)
	for callee, edges := range s.calls {
		for _, e := range edges {
			callees[e.caller] = append(callees[e.caller], callee)
		}
	}
	scope := map[*ssa.Function]bool{entry: true}
	work := []*ssa.Function{entry}
	var order []*ssa.Function
	for len(work) > 0 {
		fn := work[0]
		work = work[1:]
		order = append(order, fn)
		for _, c := range callees[fn] {
			if !scope[c] {
				scope[c] = true
				work = append(work, c)
			}
		}
	}
	ri := &ReconcilerInfo{EntryFunc: FuncName(entry)}
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
		for _, k := range s.objectKinds(obj) {
			kinds[k] = true
		}
		if !ri.pos.IsValid() && pos.IsValid() {
			ri.pos = pos
			ri.Site = s.Position(pos)
		}
	}
	for _, fn := range order {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					if _, path := s.RootOf(x.Addr); len(path) > 0 && path[len(path)-1] == apis.FinalizersField {
						note(x.Pos(), x.Addr, appendedStrings(x.Val)...)
					}
				case ssa.CallInstruction:
					c := x.Common()
					if bi, ok := c.Value.(*ssa.Builtin); ok && bi.Name() == "len" && len(c.Args) == 1 {
						// len(Finalizers) compared with a constant; not the
						// len of a range loop over them (compared with the
						// loop index).
						if v := x.Value(); v != nil && comparedWithConst(v) && isFinalizersValue(s, c.Args[0]) {
							ri.InspectsForeign = true
						}
						continue
					}
					callee := ssax.CalleeFunc(c)
					if callee == nil {
						continue
					}
					args := ssax.CallArgs(c)
					switch apis.ClassifyFinalizerCall(apis.FuncOf(callee)) {
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
						if fs := s.factOf(callee); fs != nil && !c.IsInvoke() {
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
	ri.MetadataReads, ri.MetadataWrites = s.metadataOf(order)
	s.recInfo[entry] = ri
	return ri
}

// isFinalizersValue reports whether v is an object's finalizer list:
// x.Finalizers or x.GetFinalizers().
func isFinalizersValue(s *Summary, v ssa.Value) bool {
	if c, ok := v.(*ssa.Call); ok {
		if callee := ssax.CalleeFunc(&c.Call); callee != nil {
			return apis.ClassifyFinalizerCall(apis.FuncOf(callee)) == apis.FinalizerGet
		}
		return false
	}
	_, path := s.RootOf(v)
	return len(path) > 0 && path[len(path)-1] == apis.FinalizersField
}

// objectKinds returns the object types ("pkgpath.Name") behind v: its
// root's type, or, for an interface-typed parameter of a package function,
// the types of the arguments at its call sites.
func (s *Summary) objectKinds(v ssa.Value) []string {
	if v == nil {
		return nil
	}
	root, _ := s.RootOf(v)
	return s.rootKinds(root, 0)
}

// rootKinds returns the object types of an object root: its type, or for
// a parameter of an interface type (or of type ObjectMeta, the metadata of
// its callers' objects), the types of the arguments passed for it at the
// call sites of its function, through parameters of callers (depth bounds
// the chain).
func (s *Summary) rootKinds(root ssa.Value, depth int) []string {
	if root == nil {
		return nil
	}
	if a, ok := root.(*ssa.Alloc); ok {
		// A parameter spilled to the heap because a closure captures it.
		if sp := spilledParam(a); sp != nil {
			root = sp
		}
	}
	p, isParam := root.(*ssa.Parameter)
	if t := ssax.ConcreteType(root); t != nil && !(isParam && apis.IsObjectMeta(t)) {
		if k := kindKey(t); k != "" {
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
	for _, e := range s.calls[fn] {
		c, ok := e.site.(ssa.CallInstruction)
		if !ok || s.callee(c.Common()) == nil || idx < 0 || idx >= len(c.Common().Args) {
			continue
		}
		r, _ := s.RootOf(c.Common().Args[idx])
		if r == root {
			continue
		}
		for _, k := range s.rootKinds(r, depth+1) {
			if !slices.Contains(out, k) {
				out = append(out, k)
			}
		}
	}
	return out
}

// addReconcilerTypes records, for every reconciler type of the package
// (the receiver of a root), its ReconcilerInfo in the TypeInfo fact.
func (s *Summary) addReconcilerTypes() {
	local := s.localTypes()
	for _, r := range s.Roots {
		recv := r.Fn.Signature.Recv()
		if recv == nil {
			continue
		}
		n, ok := types.Unalias(ssax.Deref(recv.Type())).(*types.Named)
		if !ok || n.Obj().Pkg() != s.Pass.Pkg {
			continue
		}
		obj := n.Origin().Obj()
		ti := local[obj]
		if ti == nil {
			ti = &TypeInfo{}
			local[obj] = ti
		}
		if ti.Reconciler == nil {
			ti.Reconciler = s.reconcilerInfo(r.Fn)
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
func (s *Summary) callSitesOf(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, e := range s.calls[fn] {
		if c, ok := e.site.(*ssa.Call); ok && !c.Call.IsInvoke() && s.localFunc(s.callee(&c.Call)) == fn {
			out = append(out, c)
		}
	}
	return out
}
