package roots

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Dispatches finds the interface methods that funcs call with an item
// taken from a client-go workqueue (a generic worker that runs
// handler.Sync(ctx, key) for whichever controller it was given), or with
// a reconcile request, its key, or the object read by it (a generic
// reconciler that hands each request, or the object it names, to the
// Sync or ReconcileKind of the controller it wraps). It maps
// each such method to 1 + the index (in the method's parameters, without
// the receiver) of the argument that carries the item. Every
// implementation of the method is then a reconcile root (R6) keyed by
// that parameter, wherever the worker lives (Find, with the model's facts
// for the workers of other packages).
// Dispatch says how a worker or generic reconciler calls an interface
// method with the item (Dispatches): Key is 1 + the index of the
// parameter that receives it, or HeldKey; Guarded says that every such
// call runs only under a condition on what the caller learned about the
// item from another call (crossplane's managed reconciler calls an
// external client's Update only when Observe found it out of date), so
// the implementation does not run on every pass.
type Dispatch struct {
	Key     int
	Guarded bool
}

// The second map says which of the methods are called only under a
// condition on what the caller learned about the item from another call
// it gave it (Dispatch.Guarded): `if !obs.ResourceExists { ext.Create(ctx,
// mg) }` after `obs, err := ext.Observe(ctx, mg)`. A test of the item's own
// fields (its deletion mark, its spec) or of the queue's state is no such
// condition: the method still runs on every pass that gets past it.
//
// The third map gives, for a func-typed field of a struct that the
// worker calls with the item (a runner's `r.Fn(ctx, req)`), 1 + the
// index of the argument that carries it: every function stored into
// that field is a root (FieldDispatched).
func Dispatches(funcs []*ssa.Function) (map[*types.Func]int, map[*types.Func]bool, map[*types.Var]int) {
	q := &queueItems{sites: map[*ssa.Function][]*ssa.CallCommon{}, closures: map[*ssa.Function][]*ssa.MakeClosure{}}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case ssa.CallInstruction:
					if callee := x.Common().StaticCallee(); callee != nil {
						q.sites[callee] = append(q.sites[callee], x.Common())
					}
				case *ssa.MakeClosure:
					if f, ok := x.Fn.(*ssa.Function); ok {
						q.closures[f] = append(q.closures[f], x)
					}
				}
			}
		}
	}
	out := map[*types.Func]int{}
	fields := map[*types.Var]int{}
	guarded, unguarded := map[*types.Func]bool{}, map[*types.Func]bool{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if f := funcField(c.Common()); f != nil {
					// r.Fn(ctx, req): a function a struct field holds,
					// called with the item itself (the request, the
					// queue's key), not a part of it or an object read
					// by it: a helper held in a field is no entry.
					for j, a := range c.Common().Args {
						if q.wholeItem(a) && q.from(a, 0) {
							fields[f] = j + 1
							break
						}
					}
					continue
				}
				if !c.Common().IsInvoke() {
					continue
				}
				if m := c.Common().Method; m.Pkg() == nil || apis.DescribedByTables(apis.PathOf(m.Pkg())) {
					// A method of the API libraries (client.Reader.Get with
					// the request's key): its implementations are clients,
					// not the controller the worker runs.
					continue
				}
				m := c.Common().Method
				found := false
				for j, a := range c.Common().Args {
					if q.from(a, 0) {
						out[m] = j + 1
						found = true
						break
					}
				}
				if !found && out[m] == 0 && q.made(c.Common().Value, 0) {
					// f.NewManager(obj).Sync(ctx): the receiver holds the item.
					out[m] = HeldKey
					found = true
				}
				if found && q.learnedGuard(c) {
					guarded[m] = true
				} else if found {
					unguarded[m] = true
				}
			}
		}
	}
	g := map[*types.Func]bool{}
	for m := range guarded {
		g[m] = !unguarded[m]
	}
	return out, g, fields
}

// HeldKey is the dispatch key of an interface method called on a value
// made from the item (a manager a factory builds for each object,
// f.NewManager(obj).Sync(ctx)): the implementation's receiver holds
// what it reconciles, so the root has no request parameter.
const HeldKey = -1

// made reports whether v, the receiver of an interface call, is the
// result of a call given an item (from): a manager made for the object,
// as it is or converted, held in a local variable, or a Phi of such.
func (q *queueItems) made(v ssa.Value, depth int) bool {
	if depth > 4 || v == nil {
		return false
	}
	switch x := v.(type) {
	case *ssa.Extract:
		if x.Index == 0 {
			return q.made(x.Tuple, depth+1)
		}
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if q.from(a, 0) {
				return true
			}
		}
	case *ssa.ChangeType:
		return q.made(x.X, depth+1)
	case *ssa.MakeInterface:
		return q.made(x.X, depth+1)
	case *ssa.TypeAssert:
		return q.made(x.X, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if a, ok := x.X.(*ssa.Alloc); ok {
				return q.made(ssax.SingleStored(a), depth+1)
			}
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !q.made(e, depth+1) {
				if _, isConst := e.(*ssa.Const); !isConst {
					return false
				}
			}
		}
		return len(x.Edges) > 0
	}
	return false
}

// queueItems tells whether a value is an item a worker took from a
// workqueue, following it into the package's helpers and closures: the
// common worker hands the item to an immediately called closure or a
// processing method before it dispatches it.
type queueItems struct {
	sites    map[*ssa.Function][]*ssa.CallCommon // static call sites by callee
	closures map[*ssa.Function][]*ssa.MakeClosure
}

// from reports whether v is the item of a workqueue Get, as it is or
// converted (key.(string), string(key), cache.ObjectName(key)), directly
// or through a parameter (some call site passes an item) or a captured
// variable (the closure captures one); or a reconcile.Request parameter,
// a field of it (its NamespacedName), or an object a client Get filled
// by such a key.
func (q *queueItems) from(v ssa.Value, depth int) bool {
	if depth > 8 || v == nil {
		return false
	}
	if p, ok := v.(*ssa.Parameter); ok && apis.IsRequest(p.Type()) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Field:
		return apis.IsRequest(x.X.Type()) && q.from(x.X, depth+1)
	case *ssa.FieldAddr:
		return apis.IsRequest(ssax.Deref(x.X.Type())) && q.from(x.X, depth+1)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			if callee := ssax.CalleeFunc(&c.Call); callee != nil && apis.IsQueueGet(apis.FuncOf(callee)) {
				return true
			}
		}
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			return q.from(ta.X, depth+1)
		}
	case *ssa.TypeAssert:
		return q.from(x.X, depth+1)
	case *ssa.ChangeType:
		return q.from(x.X, depth+1)
	case *ssa.Convert:
		return q.from(x.X, depth+1)
	case *ssa.MakeInterface:
		return q.from(x.X, depth+1)
	case *ssa.UnOp:
		return x.Op == token.MUL && q.from(x.X, depth+1)
	case *ssa.Alloc:
		if apis.IsRequest(ssax.Deref(x.Type())) {
			return q.from(ssax.SingleStored(x), depth+1) // a request held in a variable
		}
		return q.from(ssax.SingleStored(x), depth+1) || q.readByKey(x, depth) // a variable captured by a closure
	case *ssa.Call:
		// An object a factory made (mg := r.newManaged()) that a Get
		// then fills by the item's key.
		return objectLike(x.Type()) && q.readByKey(x, depth)
	case *ssa.Parameter:
		i := slices.Index(x.Parent().Params, x)
		for _, c := range q.sites[x.Parent()] {
			if i >= 0 && i < len(c.Args) && q.from(c.Args[i], depth+1) {
				return true
			}
		}
	case *ssa.FreeVar:
		i := slices.Index(x.Parent().FreeVars, x)
		for _, mc := range q.closures[x.Parent()] {
			if i >= 0 && i < len(mc.Bindings) && q.from(mc.Bindings[i], depth+1) {
				return true
			}
		}
	}
	return false
}

// readByKey reports whether a client Get fills the object obj with the
// key of a request or queue item: c.Get(ctx, req.NamespacedName, obj).
func (q *queueItems) readByKey(obj ssa.Value, depth int) bool {
	fn := obj.Parent()
	if fn == nil {
		return false
	}
	// Every call of the function (the object's conversions to
	// client.Object are not always among its referrers in a generic
	// body): a Get into the object, through any conversion.
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := ssax.CalleeFunc(c.Common())
			args := ssax.CallArgs(c.Common())
			if callee == nil || !apis.IsReaderGet(apis.FuncOf(callee)) || len(args) < 3 || !isValue(args[2], obj) {
				continue
			}
			if q.from(args[1], depth+1) {
				return true
			}
		}
	}
	return false
}

// dispatched returns the methods of the package's types that a worker
// calls through an interface with a queue item (Dispatches; dispatch
// gives, for a method of an interface of any package, 1 + the index of
// its item parameter, or 0): each conversion of a package type to such an
// interface makes the type's implementation a root, keyed by the
// parameter that receives the item.
func dispatched(pkg *ssa.Package, funcs []*ssa.Function, dispatch func(*types.Func) Dispatch) map[*ssa.Function]Dispatch {
	out := map[*ssa.Function]Dispatch{}
	prog := pkg.Prog
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				mi, ok := instr.(*ssa.MakeInterface)
				if !ok {
					continue
				}
				iface, ok := mi.Type().Underlying().(*types.Interface)
				if !ok {
					continue
				}
				for i := 0; i < iface.NumMethods(); i++ {
					m := iface.Method(i)
					d := dispatch(m)
					if d.Key == 0 {
						continue
					}
					sel := prog.MethodSets.MethodSet(mi.X.Type()).Lookup(m.Pkg(), m.Name())
					if sel == nil {
						continue
					}
					impl := prog.MethodValue(sel)
					if impl == nil || impl.Pkg != pkg || len(impl.Blocks) == 0 || impl.Synthetic != "" {
						continue
					}
					out[impl] = d
				}
			}
		}
	}
	return out
}

// isValue reports whether a is v, through conversions to other types and
// interfaces.
func isValue(a, v ssa.Value) bool {
	for range 4 {
		a = ssax.Unconvert(a)
		switch x := a.(type) {
		case *ssa.ChangeInterface:
			a = x.X
			continue
		case *ssa.MultiConvert:
			a = x.X
			continue
		}
		break
	}
	return a == v
}

// learnedGuard reports whether the call c runs only on one edge of an if
// whose condition reads the result of a call given the item (from): its
// block is dominated by that edge's successor.
func (q *queueItems) learnedGuard(c ssa.CallInstruction) bool {
	b := c.Block()
	fn := c.Parent()
	for _, blk := range fn.Blocks {
		ifi, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok || blk == b || !blk.Dominates(b) || !q.fromItemCall(ifi.Cond, 0) {
			continue
		}
		for _, succ := range blk.Succs {
			if succ.Dominates(b) && len(succ.Preds) == 1 {
				return true
			}
		}
	}
	return false
}

// fromItemCall reports whether v reads the result of a call that was given
// the item (an interface method's report about it: obs.ResourceExists).
func (q *queueItems) fromItemCall(v ssa.Value, depth int) bool {
	if depth > 6 || v == nil || apis.IsError(v.Type()) {
		return false // an error test: the call failed, not what it reported
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		return q.fromItemCall(x.X, depth+1)
	case *ssa.BinOp:
		return q.fromItemCall(x.X, depth+1) || q.fromItemCall(x.Y, depth+1)
	case *ssa.Field:
		return q.fromItemCall(x.X, depth+1)
	case *ssa.FieldAddr:
		return q.fromItemCall(x.X, depth+1)
	case *ssa.Extract:
		return q.fromItemCall(x.Tuple, depth+1)
	case *ssa.Alloc:
		return q.fromItemCall(ssax.SingleStored(x), depth+1)
	case *ssa.Call:
		if !x.Call.IsInvoke() {
			return false
		}
		for _, a := range x.Call.Args {
			if q.from(a, 0) {
				return true
			}
		}
	}
	return false
}

// objectLike reports whether a value of type t is an API object: t is
// one, or a type parameter whose constraint makes it one
// (Reconciler[T client.Object]).
func objectLike(t types.Type) bool {
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		return apis.IsObject(tp.Constraint())
	}
	return apis.IsObject(t)
}

// funcField returns the struct field whose function c calls (r.Fn(…)),
// or nil.
func funcField(c *ssa.CallCommon) *types.Var {
	if c.IsInvoke() {
		return nil
	}
	switch x := c.Value.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fieldVar(fa.X.Type(), fa.Field)
		}
	case *ssa.Field:
		return fieldVar(x.X.Type(), x.Field)
	}
	return nil
}

// fieldVar returns field i of the struct type t (or of what t points to).
func fieldVar(t types.Type, i int) *types.Var {
	st, ok := ssax.Deref(t).Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// FieldDispatched returns the functions of the package stored into a
// struct field that a worker calls with the item (fieldDispatch gives
// 1 + the index of the argument that carries it, from the package's own
// workers or the facts of the field's package), each with the index of
// its parameter that receives the item (receiver first for a method).
func FieldDispatched(funcs []*ssa.Function, fieldDispatch func(*types.Var) int, funcOf func(ssa.Value) *ssa.Function) map[*ssa.Function]int {
	out := map[*ssa.Function]int{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				f := fieldVar(fa.X.Type(), fa.Field)
				if f == nil {
					continue
				}
				k := fieldDispatch(f)
				if k <= 0 {
					continue
				}
				target := funcOf(st.Val)
				if target == nil || len(target.Blocks) == 0 {
					continue
				}
				i := k - 1
				if target.Signature.Recv() != nil {
					i = k // the receiver is parameter 0 of a method value's target
				}
				if i < len(target.Params) {
					out[target] = i
				}
			}
		}
	}
	return out
}

// wholeItem reports whether v is a whole item rather than a part of one:
// a reconcile request, or the value a workqueue's Get returned, as it is
// or converted.
func (q *queueItems) wholeItem(v ssa.Value) bool {
	for range 4 {
		v = ssax.Unconvert(v)
		switch x := v.(type) {
		case *ssa.TypeAssert:
			v = x.X
			continue
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
				if callee := ssax.CalleeFunc(&c.Call); callee != nil && apis.IsQueueGet(apis.FuncOf(callee)) {
					return true
				}
			}
			if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
				v = ta.X
				continue
			}
		}
		break
	}
	return apis.IsRequest(v.Type())
}
