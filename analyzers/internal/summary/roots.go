package summary

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// RootKind says how a reconcile root was recognised (checks.md §1.2).
type RootKind int

// Root kinds.
const (
	RootRequest      RootKind = iota // R1a: Reconcile(ctx, reconcile.Request)
	RootObject                       // R1b: Reconcile(ctx, obj) of an ObjectReconciler
	RootTyped                        // R1c: Reconcile(ctx, Q) of a TypedReconciler[Q]
	RootFunc                         // R2: a func converted to reconcile.Func / TypedFunc[Q]
	RootAsReconciler                 // R3: the Reconcile of a value passed to reconcile.AsReconciler
	RootConfigured                   // R4: -reconcilelint.roots or //reconcilelint:root
	RootSyncHandler                  // R5: a client-go sync handler: func(key string) error that splits the key
)

var rootKindNames = [...]string{
	RootRequest: "R1a Reconcile(ctx, Request)", RootObject: "R1b ObjectReconciler", RootTyped: "R1c TypedReconciler",
	RootFunc: "R2 reconcile.Func", RootAsReconciler: "R3 AsReconciler", RootConfigured: "R4 configured root",
	RootSyncHandler: "R5 client-go sync handler",
}

// String describes the kind.
func (k RootKind) String() string {
	if int(k) < len(rootKindNames) {
		return rootKindNames[k]
	}
	return "?"
}

// Root is a reconcile entry point.
type Root struct {
	Fn   *ssa.Function
	Kind RootKind
	// Request is the parameter that identifies what to reconcile (the
	// request or, for R1b, the object); nil for configured roots without one.
	Request *ssa.Parameter
}

// IsRequestKeyed reports whether the root receives a request key rather
// than the object itself (R1a, R1c, R2, and configured roots).
func (r *Root) IsRequestKeyed() bool {
	return r.Request != nil && r.Kind != RootObject && r.Kind != RootAsReconciler
}

// findRoots recognises R1–R4 in the package's functions.
func (s *Summary) findRoots() {
	seen := make(map[*ssa.Function]bool)
	add := func(fn *ssa.Function, k RootKind) {
		if fn == nil || seen[fn] || len(fn.Blocks) == 0 {
			return
		}
		seen[fn] = true
		r := &Root{Fn: fn, Kind: k}
		params := fn.Params
		if fn.Signature.Recv() != nil && len(params) > 0 {
			params = params[1:]
		}
		switch {
		case len(params) >= 2 && apis.IsContext(params[0].Type()):
			r.Request = params[1]
		case len(params) == 1 && k == RootRequest:
			r.Request = params[0] // Reconcile(reconcile.Request) of controller-runtime before v0.7
		}
		s.Roots = append(s.Roots, r)
	}
	configured := s.configuredRoots()
	for _, fn := range s.srcFunc {
		if configured[fn] {
			add(fn, RootConfigured)
			continue
		}
		if k, ok := reconcileMethodKind(fn); ok {
			add(fn, k)
		}
	}
	// R2 and R3 are found at their use: a conversion to reconcile.Func or a
	// call of reconcile.AsReconciler.
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.ChangeType:
					if apis.IsNamed(x.Type(), apis.Reconcile, "TypedFunc", false) {
						add(ssax.FuncOfValue(x.X), RootFunc)
					}
				case *ssa.Call:
					callee := ssax.CalleeFunc(&x.Call)
					if callee == nil {
						continue
					}
					f := apis.FuncOf(callee)
					if f.Pkg == apis.Reconcile && f.Recv == "" && f.Name == "AsReconciler" && len(x.Call.Args) == 2 {
						if m := s.methodOfValue(x.Call.Args[1], "Reconcile"); m != nil && m.Pkg == s.Pkg {
							add(m, RootAsReconciler)
						}
					}
				}
			}
		}
	}
	// R5: client-go workers hand the queue's key to a sync handler, which
	// splits it with cache.SplitMetaNamespaceKey (or takes a
	// cache.ObjectName) and returns an error.
	for _, fn := range s.srcFunc {
		if p := syncHandlerKey(fn); p != nil && !seen[fn] {
			add(fn, RootSyncHandler)
			s.Roots[len(s.Roots)-1].Request = p
		}
	}
	// An R1 method may also be passed to AsReconciler; keep the more
	// specific kind.
	for _, r := range s.Roots {
		if r.Kind == RootObject {
			continue
		}
		if r.Request != nil && apis.IsObject(r.Request.Type()) && r.Kind != RootConfigured {
			r.Kind = RootObject
		}
	}
}

// reconcileMethodKind recognises R1: a method named Reconcile with the
// signature func(context.Context, Q) (reconcile.Result, error).
func reconcileMethodKind(fn *ssa.Function) (RootKind, bool) {
	if fn.Name() != "Reconcile" || fn.Signature.Recv() == nil {
		return 0, false
	}
	sig := fn.Signature
	if sig.Results().Len() != 2 || !apis.IsResult(sig.Results().At(0).Type()) || !apis.IsError(sig.Results().At(1).Type()) {
		return 0, false
	}
	if sig.Params().Len() == 1 && apis.IsRequest(sig.Params().At(0).Type()) {
		return RootRequest, true // Reconcile(reconcile.Request), controller-runtime before v0.7
	}
	if sig.Params().Len() != 2 || !apis.IsContext(sig.Params().At(0).Type()) {
		return 0, false
	}
	q := sig.Params().At(1).Type()
	switch {
	case apis.IsRequest(q):
		return RootRequest, true
	case apis.IsObject(q):
		return RootObject, true
	case types.Comparable(q):
		return RootTyped, true
	}
	return 0, false
}

// configuredRoots returns the functions named by -reconcilelint.roots or
// marked with a //reconcilelint:root comment.
func (s *Summary) configuredRoots() map[*ssa.Function]bool {
	out := make(map[*ssa.Function]bool)
	pkgPath := s.Pass.Pkg.Path()
	want := make(map[string]bool)
	for _, r := range rootsFlag {
		if strings.HasPrefix(r, pkgPath+".") {
			want[strings.TrimPrefix(r, pkgPath+".")] = true
		}
	}
	for _, file := range s.Pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 {
				name = recvTypeName(fd.Recv.List[0].Type) + "." + name
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
			if obj, ok := s.Pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				if fn := s.Pkg.Prog.FuncValue(obj); fn != nil {
					out[fn] = true
				}
			}
		}
	}
	return out
}

func recvTypeName(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

// MethodOfValue returns the method named name of the concrete type behind
// an interface value made from a known type (through conversions), or nil.
func (s *Summary) MethodOfValue(v ssa.Value, name string) *ssa.Function {
	return s.methodOfValue(v, name)
}

// methodOfValue returns the method named name of the concrete type behind
// an interface value, when the value is a MakeInterface of a known type.
func (s *Summary) methodOfValue(v ssa.Value, name string) *ssa.Function {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			t := x.X.Type()
			ms := s.Pkg.Prog.MethodSets.MethodSet(t)
			for i := 0; i < ms.Len(); i++ {
				if ms.At(i).Obj().Name() == name {
					fn := s.Pkg.Prog.MethodValue(ms.At(i))
					if fn != nil && fn.Synthetic != "" {
						// A value-receiver method through a pointer: the
						// wrapper (*T).M has no body of its own; take T.M.
						if obj, ok := ms.At(i).Obj().(*types.Func); ok {
							if decl := s.Pkg.Prog.FuncValue(obj); decl != nil {
								return decl
							}
						}
					}
					return fn
				}
			}
			return nil
		case *ssa.ChangeType:
			v = x.X
		default:
			return nil
		}
	}
}

// FuncName returns a readable name for fn in messages: "helper",
// "(*WidgetReconciler).Reconcile", or "the func literal in Setup".
func FuncName(fn *ssa.Function) string {
	if fn.Parent() != nil {
		outer := fn
		for outer.Parent() != nil {
			outer = outer.Parent()
		}
		return "the func literal in " + FuncName(outer)
	}
	if recv := fn.Signature.Recv(); recv != nil {
		t := recv.Type()
		star := ""
		if p, ok := types.Unalias(t).(*types.Pointer); ok {
			star, t = "*", p.Elem()
		}
		if name := apis.RecvName(t); name != "" {
			return "(" + star + name + ")." + fn.Name()
		}
	}
	return fn.Name()
}

// syncHandlerKey returns the key parameter of an R5 sync handler: a
// function whose last result is an error and that passes a string
// parameter to cache.SplitMetaNamespaceKey, or that takes a
// cache.ObjectName. Closures are not handlers.
func syncHandlerKey(fn *ssa.Function) *ssa.Parameter {
	sig := fn.Signature
	if fn.Parent() != nil || sig.Results().Len() == 0 || !apis.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return nil
	}
	for _, p := range fn.Params {
		if apis.IsObjectNameKey(p.Type()) {
			return p
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			callee := ssax.CalleeFunc(&c.Call)
			if callee == nil || len(c.Call.Args) != 1 {
				continue
			}
			if !apis.IsSplitKey(apis.FuncOf(callee)) {
				continue
			}
			if p, ok := c.Call.Args[0].(*ssa.Parameter); ok && ssax.IsString(p.Type()) {
				return p
			}
		}
	}
	return nil
}
