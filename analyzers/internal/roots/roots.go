// Package roots finds the reconcile entry points of a package (checks.md
// §1.2): Reconcile methods of reconcilers (R1), functions converted to
// reconcile.Func (R2), the Reconcile of values passed to
// reconcile.AsReconciler (R3), configured roots (R4), client-go sync
// handlers (R5) and the methods a workqueue worker dispatches its items to
// (R6, dispatch.go). It sits below the model: the summary package calls Find
// while it builds and keeps the roots it returns.
package roots

import (
	"cmp"
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/forward"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Kind says how a reconcile root was recognised (checks.md §1.2).
type Kind int

// Root kinds.
const (
	Request      Kind = iota // R1a: Reconcile(ctx, reconcile.Request)
	Object                   // R1b: Reconcile(ctx, obj) of an ObjectReconciler
	Typed                    // R1c: Reconcile(ctx, Q) of a TypedReconciler[Q]
	Func                     // R2: a func converted to reconcile.Func / TypedFunc[Q]
	AsReconciler             // R3: the Reconcile of a value passed to reconcile.AsReconciler
	Configured               // R4: -reconcilelint.roots or //reconcilelint:root
	SyncHandler              // R5: a client-go sync handler: func(key string) error that splits the key
	Dispatched               // R6: a method a workqueue worker calls through an interface with the queue's item
	Listener                 // R7: the add or update method of a listener type, returning an error its controller retries
	Managed                  // R8: a method a reconciler calls on a manager it has made for the object it read
)

var kindNames = [...]string{
	Request: "R1a Reconcile(ctx, Request)", Object: "R1b ObjectReconciler", Typed: "R1c TypedReconciler",
	Func: "R2 reconcile.Func", AsReconciler: "R3 AsReconciler", Configured: "R4 configured root",
	SyncHandler: "R5 client-go sync handler", Dispatched: "R6 method a workqueue worker dispatches to",
	Listener: "R7 listener method", Managed: "R8 method of a manager made for the object",
}

// String describes the kind.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Root is a reconcile entry point.
type Root struct {
	Fn   *ssa.Function
	Kind Kind
	// Request is the input of Fn that identifies what to reconcile (the
	// request or, for R1b, the object): a parameter, or, for a root whose
	// body is a closure (delegate), the free variable through which the
	// closure reads the request; nil for configured roots without one.
	// ssax.InputIndex numbers both.
	Request ssa.Value
	// Entry is the function the framework calls: Fn itself, or the
	// function that delegated to Fn. Messages name it.
	Entry *ssa.Function
	// Guarded says the framework calls the root only under a condition
	// of its own (Dispatch.Guarded): what the root does is not done on
	// every pass, as if a guard the model cannot see stood before it.
	Guarded bool
}

// RequestType is the type of the request (not of the cell a closure
// reads it through), or nil when the root has none.
func (r *Root) RequestType() types.Type {
	switch x := r.Request.(type) {
	case nil:
		return nil
	case *ssa.FreeVar:
		return ssax.Deref(x.Type())
	default:
		return x.Type()
	}
}

// IsRequestKeyed reports whether the root receives a request key rather
// than the object itself (R1a, R1c, R2, and configured roots).
func (r *Root) IsRequestKeyed() bool {
	return r.Request != nil && !r.ReceivesObject() && r.Kind != AsReconciler
}

// ReceivesObject reports whether the root's request is the object itself,
// as the framework read it (R1b, R7), rather than a key to read it by.
func (r *Root) ReceivesObject() bool { return r.Kind == Object || r.Kind == Listener }

// Find recognises R1–R7 among funcs, the source functions of pkg (the SSA
// form of pass's package). configured lists the extra roots of the
// -reconcilelint.roots option (pkgpath.Func or pkgpath.Type.Method).
// forward sees a call through forwarders (summary.Forward): a key split
// or an AsReconciler call wrapped in a helper is still one. dispatch
// gives, for an interface method, 1 + the index of the parameter through
// which a workqueue worker passes it the queue's item, or 0 (Dispatches,
// and the model's facts for workers of other packages). funcOf gives the
// function a function value holds (summary.FuncValue: a closure, a method
// value, a factory's closure).
func Find(pass *analysis.Pass, pkg *ssa.Package, funcs []*ssa.Function, configured []string, forward func(*ssa.CallCommon) *ssa.CallCommon, dispatch func(*types.Func) Dispatch, fieldDispatch func(*types.Var) int, funcOf func(ssa.Value) *ssa.Function) []*Root {
	var roots []*Root
	seen := make(map[*ssa.Function]bool)
	add := func(fn *ssa.Function, k Kind) {
		if fn == nil || seen[fn] || len(fn.Blocks) == 0 {
			return
		}
		seen[fn] = true
		r := &Root{Fn: fn, Kind: k, Entry: fn}
		params := fn.Params
		if fn.Signature.Recv() != nil && len(params) > 0 {
			params = params[1:]
		}
		switch {
		case len(params) >= 2 && apis.IsContext(params[0].Type()):
			r.Request = params[1]
		case len(params) == 1 && k == Request:
			r.Request = params[0] // Reconcile(reconcile.Request) of controller-runtime before v0.7
		}
		roots = append(roots, r)
	}
	marked := configuredRoots(pass, pkg.Prog, configured)
	for _, fn := range funcs {
		if marked[fn] {
			add(fn, Configured)
			continue
		}
		if k, ok := reconcileMethodKind(fn); ok {
			add(fn, k)
		}
	}
	// R2 and R3 are found at their use: a conversion to reconcile.Func or a
	// call of reconcile.AsReconciler.
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.ChangeType:
					if apis.IsReconcileFunc(x.Type()) {
						add(funcOf(x.X), Func)
					}
				case *ssa.Call:
					fc := forward(&x.Call)
					callee := ssax.CalleeFunc(fc)
					if callee == nil {
						continue
					}
					f := apis.FuncOf(callee)
					if f.Pkg == apis.Reconcile && f.Recv == "" && f.Name == "AsReconciler" && len(fc.Args) == 2 {
						if m := ssax.MethodOfValue(pkg.Prog, fc.Args[1], apis.ReconcileMethod); m != nil && m.Pkg == pkg {
							add(m, AsReconciler)
						}
					}
				}
			}
		}
	}
	// R5: client-go workers hand the queue's key to a sync handler, which
	// splits it with cache.SplitMetaNamespaceKey (or takes a
	// cache.ObjectName) and returns an error.
	for _, fn := range funcs {
		if p := syncHandlerKey(fn, forward); p != nil && !seen[fn] {
			add(fn, SyncHandler)
			roots[len(roots)-1].Request = p
		}
	}
	// R6: the methods a workqueue worker calls through an interface with
	// the queue's item, keyed by the parameter that receives it.
	disp := dispatched(pkg, funcs, dispatch)
	for _, fn := range slices.SortedFunc(maps.Keys(disp), func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		d := disp[fn]
		k := d.Key
		if seen[fn] || k >= len(fn.Params) {
			continue
		}
		if k == HeldKey {
			// The receiver holds the object (a manager made for it): the
			// root reads no request of its own.
			add(fn, Managed)
			roots[len(roots)-1].Request = nil
			roots[len(roots)-1].Guarded = d.Guarded
			continue
		}
		add(fn, Dispatched)
		roots[len(roots)-1].Request = fn.Params[k] // receiver first: parameter k-1 of the method
		roots[len(roots)-1].Guarded = d.Guarded
	}
	// R6 through a function value: a function stored into a struct field
	// that a worker calls with the item (a runner's Fn).
	fd := FieldDispatched(funcs, fieldDispatch, funcOf)
	for _, fn := range slices.SortedFunc(maps.Keys(fd), func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) }) {
		if seen[fn] {
			continue
		}
		add(fn, Dispatched)
		roots[len(roots)-1].Request = fn.Params[fd[fn]]
	}
	// R7: the add and update methods of the package's listener types
	// that return an error (their controller retries it), keyed by the
	// object they receive (the new one, for an update).
	for _, fn := range listenerMethods(pkg) {
		if seen[fn] {
			continue
		}
		add(fn, Listener)
		roots[len(roots)-1].Request = fn.Params[len(fn.Params)-1]
	}
	// An R1 method may also be passed to AsReconciler; keep the more
	// specific kind.
	for _, r := range roots {
		if r.Kind == Object || r.Kind == Listener {
			continue
		}
		if r.Request != nil && apis.IsObject(r.RequestType()) && r.Kind != Configured {
			r.Kind = Object
		}
	}
	for _, r := range roots {
		delegate(r, pkg)
	}
	return roots
}

// delegate moves root r to the function of the package that its whole
// body hands the request to: a Reconcile that only returns
// r.reconcile(ctx, req), or the same through a generic function, or a
// body that is a closure called at once. The request is the parameter it
// is passed as, or the free variable through which the closure reads it
// (when it only reads it). A root whose body does anything else, or that
// passes the request in any other way (inside a struct, say), stays where
// it is.
func delegate(r *Root, pkg *ssa.Package) {
	fn, req := r.Fn, r.Request
	for range 4 {
		if inner := forward.ClosureBody(fn); inner != nil {
			next, ok := capturedAs(fn, inner, req)
			if !ok {
				break
			}
			fn, req = inner, next
			continue
		}
		f := forward.Of(fn)
		if f == nil || f.Call.IsInvoke() {
			break
		}
		callee := f.Call.StaticCallee()
		if callee == nil || ssax.PkgOf(callee) != pkg || callee.Parent() != nil || len(callee.Blocks) == 0 {
			break
		}
		next := ssa.Value(nil)
		if req != nil {
			for i := range f.Call.Args {
				if p := f.Param(i); p >= 0 && fn.Params[p] == req && i < len(callee.Params) {
					next = callee.Params[i]
				}
			}
			if next == nil {
				break
			}
		}
		fn, req = callee, next
		if o := fn.Origin(); o != nil && len(o.Blocks) > 0 && forward.Of(fn) == nil && forward.ClosureBody(fn) == nil {
			break
		}
	}
	if fn != r.Fn && forward.Of(fn) == nil && forward.ClosureBody(fn) == nil {
		r.Fn, r.Request = fn, req
	}
}

// capturedAs returns the free variable of inner, a closure that is fn's
// whole body, through which it reads req, a parameter of fn, and whether
// it reads it only (ssax.ReadOnlyCell). A nil req is passed on.
func capturedAs(fn, inner *ssa.Function, req ssa.Value) (ssa.Value, bool) {
	if req == nil {
		return nil, true
	}
	if _, ok := req.(*ssa.Parameter); !ok {
		return nil, false
	}
	for _, fv := range inner.FreeVars {
		if ssax.ReadOnlyCell(fv) == req {
			return fv, true
		}
	}
	return nil, false
}

// reconcileMethodKind recognises R1: a method named Reconcile with the
// signature func(context.Context, Q) (reconcile.Result, error).
func reconcileMethodKind(fn *ssa.Function) (Kind, bool) {
	if fn.Name() != apis.ReconcileMethod || fn.Signature.Recv() == nil {
		return 0, false
	}
	sig := fn.Signature
	if sig.Results().Len() != 2 || !apis.IsResult(sig.Results().At(0).Type()) || !apis.IsError(sig.Results().At(1).Type()) {
		return 0, false
	}
	if sig.Params().Len() == 1 && apis.IsRequest(sig.Params().At(0).Type()) {
		return Request, true // Reconcile(reconcile.Request), controller-runtime before v0.7
	}
	if sig.Params().Len() != 2 || !apis.IsContext(sig.Params().At(0).Type()) {
		return 0, false
	}
	q := sig.Params().At(1).Type()
	switch {
	case apis.IsRequest(q):
		return Request, true
	case apis.IsObject(q):
		return Object, true
	case types.Comparable(q):
		return Typed, true
	}
	return 0, false
}

// configuredRoots returns the functions named by configured (the
// -reconcilelint.roots option) or marked with a //reconcilelint:root
// comment.
func configuredRoots(pass *analysis.Pass, prog *ssa.Program, configured []string) map[*ssa.Function]bool {
	out := make(map[*ssa.Function]bool)
	pkgPath := pass.Pkg.Path()
	want := make(map[string]bool)
	for _, r := range configured {
		if strings.HasPrefix(r, pkgPath+".") {
			want[strings.TrimPrefix(r, pkgPath+".")] = true
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				name = ssax.RecvTypeName(fd.Recv.List[0].Type) + "." + name
			}
			marked := want[name]
			if fd.Doc != nil {
				for _, c := range fd.Doc.List {
					if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(c.Text, "//")), "reconcilelint:root") {
						marked = true
					}
				}
			}
			if !marked {
				continue
			}
			if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				if fn := prog.FuncValue(obj); fn != nil {
					out[fn] = true
				}
			}
		}
	}
	return out
}

// syncHandlerKey returns the key parameter of an R5 sync handler: a
// function whose last result is an error and that passes a string
// parameter to cache.SplitMetaNamespaceKey, or that takes a
// cache.ObjectName. Closures are not handlers.
func syncHandlerKey(fn *ssa.Function, resolve func(*ssa.CallCommon) *ssa.CallCommon) *ssa.Parameter {
	sig := fn.Signature
	if fn.Parent() != nil || sig.Results().Len() == 0 || !apis.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return nil
	}
	for _, p := range fn.Params {
		if apis.IsObjectNameKey(p.Type()) {
			return p
		}
	}
	// The split may be in a closure that holds the whole body, on the
	// parameter it captures.
	body := fn
	if inner := forward.ClosureBody(fn); inner != nil {
		body = inner
	}
	for _, b := range body.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fc := resolve(&c.Call)
			callee := ssax.CalleeFunc(fc)
			if callee == nil || len(fc.Args) != 1 {
				continue
			}
			if !apis.IsSplitKey(apis.FuncOf(callee)) {
				continue
			}
			if p := ssax.CapturedParam(fc.Args[0]); p != nil && p.Parent() == fn && ssax.IsString(p.Type()) {
				return p
			}
		}
	}
	return nil
}

// listenerMethods returns the add and update methods of the listener types
// of pkg (apis.ListenerMethods) whose last result is an error, in source
// order.
func listenerMethods(pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	for _, lt := range apis.PackageListeners(pkg.Pkg, pkg.Prog.MethodSets.MethodSet) {
		byEvent := lt.Methods
		for _, ev := range []string{apis.EventAdded, apis.EventModified} {
			f := byEvent[ev]
			if f == nil {
				continue
			}
			if !apis.ReturnsError(f.Type().(*types.Signature)) {
				continue
			}
			if fn := pkg.Prog.FuncValue(f); fn != nil && fn.Pkg == pkg && len(fn.Params) > 0 {
				out = append(out, fn)
			}
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}
