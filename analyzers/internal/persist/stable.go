package persist

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fieldpath"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Stable conditions.
//
// §1.5 counts every comparison of object data as a guard, and silence
// follows. For a value that differs on every pass that is too strong. The
// pass that persists such a value writes a real change; the write's watch
// event starts the next pass, which takes the same path again — and writes
// again — unless a condition on that path reads data the pass changes. A
// condition is therefore stable, and does not guard the non-deterministic
// write, when
//
//   - it is a change reporter (G3) or a symmetric equality (G1) taken on
//     its settled edge: AddFinalizer returned false, DeepEqual returned
//     true — nothing differed, and after the write nothing will; or
//   - every datum it reads is a constant, the reconciler's configuration,
//     the request, or a field of an object that no code of the package
//     stores into (by object type and field path), nor a server-managed
//     field of a written object (resourceVersion, generation): a
//     comparison of another object's field, such as "wait until the
//     MachinePool has bootstrap data", keeps its outcome after the write.
//
// Everything else — data the package stores into, values of unknown
// origin, parameters whose arguments are not known, non-determinism —
// keeps the condition a guard. The stores of helpers of other packages are
// known from their facts; a store made by code without a summary (a method
// called through an interface) is not seen, as for every check.

// stableModel holds what stable.go computes once per package.
type stableModel struct {
	changed map[string][][]string // object type → field paths stored into (or written by the server)
	reach   map[*ssa.Function]bool
	cond    map[ssa.Value]bool
}

func (md *Model) stableState() *stableModel {
	if md.stable != nil {
		return md.stable
	}
	m := &stableModel{changed: make(map[string][][]string), cond: make(map[ssa.Value]bool)}
	md.stable = m
	add := func(root ssa.Value, path []string) {
		if k, ok := objectTypeKey(root); ok {
			m.changed[k] = append(m.changed[k], path)
		}
	}
	for _, fn := range md.s.Funcs() {
		for _, e := range md.s.Effects(fn) {
			switch e.Kind {
			case summary.StoreEffect:
				add(e.Root, e.Path)
			case summary.WriteEffect:
				for _, f := range apis.ServerWrittenFields {
					add(e.Root, []string{"ObjectMeta", f})
				}
			}
		}
	}
	m.reach = md.stableReach()
	return m
}

// objectTypeKey names the type of an object root, e.g.
// "k8s.io/api/apps/v1.Deployment".
func objectTypeKey(root ssa.Value) (string, bool) {
	if root == nil {
		return "", false
	}
	pkg, name, ok := apis.NamedOf(root.Type())
	if !ok {
		return "", false
	}
	return pkg + "." + name, true
}

// stableReach returns the functions reached from a reconcile root through
// call sites on the steady-state path whose conditions are all stable.
func (md *Model) stableReach() map[*ssa.Function]bool {
	reach := make(map[*ssa.Function]bool)
	for _, r := range md.s.Roots {
		reach[r.Fn] = true
	}
	for changed := true; changed; {
		changed = false
		for _, callee := range md.s.Funcs() {
			if reach[callee] {
				continue
			}
			for _, e := range md.s.CallersOf(callee) {
				if reach[e.Caller] && md.stableBlock(md.s.Func(e.Caller), e.Site.Block()) {
					reach[callee] = true
					changed = true
					break
				}
			}
		}
	}
	return reach
}

// stablyReached reports whether fn is reached from a reconcile root
// through stable conditions only (see the comment at the top of the file).
func (md *Model) stablyReached(fn *ssa.Function) bool {
	return md.stableState().reach[fn]
}

// stableBlock reports whether block b runs on the steady-state path under
// stable conditions only.
func (md *Model) stableBlock(fi *summary.FuncInfo, b *ssa.BasicBlock) bool {
	st, guards := fi.StatusOf(b)
	if st == summary.FailurePath {
		return false
	}
	for _, d := range guards {
		if !md.stableDep(fi, d) {
			return false
		}
	}
	return true
}

// stableEffect reports whether the conditions deciding effect e of fn —
// those of its block, and for an effect mapped from a package helper those
// inside the helper — are all stable or only filter the elements of an
// ordered append (effectConds). An effect that a helper of another package
// makes under conditions its facts do not show is not stable.
func (md *Model) stableEffect(fi *summary.FuncInfo, e *summary.Effect) bool {
	if e.Opaque || e.Status == summary.FailurePath || e.Instr.Parent() != fi.Fn {
		return false
	}
	if st, _ := fi.StatusOf(e.Instr.Block()); st == summary.FailurePath {
		return false
	}
	for _, c := range md.s.EffectConds(fi, e) {
		if !c.Filter && !md.stableDep(c.FI, c.Dep) {
			return false
		}
	}
	return true
}

// stableDep reports whether the condition of d is stable.
func (md *Model) stableDep(fi *summary.FuncInfo, d flow.Dep) bool {
	ifi := d.If()
	if ifi == nil {
		return false
	}
	g := fi.Guard(ifi)
	if !g.Kind.Guards() {
		return true
	}
	if (g.Kind == summary.Change || g.Kind == summary.Equality) && md.settledSucc(ifi.Cond, 0) == d.Succ {
		return true
	}
	return md.stableCond(ifi.Cond)
}

// settledSucc returns the successor (0 true, 1 false) a condition takes
// when a change reporter reported no change or a symmetric equality held,
// or -1.
func (md *Model) settledSucc(v ssa.Value, depth int) int {
	if depth > 8 {
		return -1
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			if r := md.settledSucc(x.X, depth+1); r >= 0 {
				return 1 - r
			}
		}
	case *ssa.Call:
		fc := md.s.Forward(&x.Call)
		callee := ssax.CalleeFunc(fc)
		fs, _ := md.s.CalleeFact(fc)
		if callee == nil && fs == nil && md.s.LocalCallee(&x.Call) == nil {
			return -1 // a dynamic call; a closure of the package or a variable of another goes on
		}
		f := apis.FuncOf(callee)
		switch {
		case apis.IsChangeReporter(f):
			return 1
		case apis.IsSymmetricEquality(f):
			return 0
		}
		if fs != nil && fs.ReportsChange {
			return 1
		}
		if local := md.s.LocalCallee(&x.Call); local != nil {
			if _, reports := md.s.BoolResultKind(local); reports {
				return 1
			}
		}
	case *ssa.BinOp:
		if pkg, name, ok := apis.NamedOf(x.X.Type()); ok && apis.IsOperationResult(pkg, name) {
			none := ssax.IsConstString(x.X, apis.OperationResultNone) || ssax.IsConstString(x.Y, apis.OperationResultNone)
			switch {
			case x.Op == token.NEQ && none, x.Op == token.EQL && !none:
				return 1
			case x.Op == token.EQL && none:
				return 0
			}
		}
	case *ssa.Phi:
		return md.settledFlag(x, depth)
	}
	return -1
}

// settledFlag is settledSucc of a boolean flag (changed := a || b;
// changed := false; if AddFinalizer(…) { changed = true }): false means
// nothing changed when every edge is a change report or false, and every
// true edge comes from the change edge of a reporter.
func (md *Model) settledFlag(phi *ssa.Phi, depth int) int {
	fi := md.s.Func(phi.Parent())
	if fi.Graph == nil {
		return -1
	}
	for i, e := range phi.Edges {
		c, isConst := e.(*ssa.Const)
		switch {
		case !isConst:
			if md.settledSucc(e, depth+1) != 1 {
				return -1
			}
		case c.Value == nil || c.Value.Kind() != constant.Bool:
			return -1
		case constant.BoolVal(c.Value):
			if i >= len(phi.Block().Preds) {
				return -1
			}
			pred := phi.Block().Preds[i]
			deps := fi.Graph.Direct(pred)
			if ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If); ok && ifi != nil {
				deps = []flow.Dep{{Block: pred, Succ: slices.Index(pred.Succs, phi.Block())}}
			}
			if len(deps) == 0 {
				return -1
			}
			for _, d := range deps {
				ifi := d.If()
				if ifi == nil {
					return -1
				}
				if r := md.settledSucc(ifi.Cond, depth+1); r < 0 || r == d.Succ {
					return -1
				}
			}
		}
	}
	return 1
}

// stableCond reports whether every datum a condition reads is stable.
func (md *Model) stableCond(v ssa.Value) bool {
	m := md.stableState()
	if r, ok := m.cond[v]; ok {
		return r
	}
	m.cond[v] = false
	r := md.s.Taints().TaintOf(v).Kinds&apis.NonDet == 0 && md.stableValue(v, make(map[ssa.Value]bool), 0)
	m.cond[v] = r
	return r
}

func (md *Model) stableValue(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || depth > 24 {
		return false
	}
	if seen[v] {
		return true
	}
	seen[v] = true
	if md.s.IsConfigValue(v) {
		return true
	}
	// Object data: stable unless the package stores into it.
	if root, path := md.s.RootOf(v); root != v || len(path) > 0 {
		if a, ok := root.(*ssa.Alloc); ok && !md.s.IsObjectRoot(a) {
			// A local copy of object data (for _, c := range list { if
			// c.Name == name … }): what it copied, at the path.
			if ld, ok := ssax.SingleStored(a).(*ssa.UnOp); ok && ld.Op == token.MUL {
				if r, p := md.s.RootOf(ld.X); r != nil && md.s.IsObjectRoot(r) {
					root, path = r, append(slices.Clone(p), path...)
				}
			}
		}
		if md.s.IsObjectRoot(root) {
			return md.unchangedData(root, path)
		}
	} else if md.s.IsObjectRoot(v) {
		return md.unchangedData(v, nil)
	}
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global:
		return true
	case *ssa.Parameter:
		return md.isRootRequest(x)
	case *ssa.FreeVar:
		if b := md.s.Binding(x); b != nil {
			return md.stableValue(b, seen, depth+1)
		}
		return false
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return false
		}
		if x.Op == token.MUL {
			if root, path := md.s.RootOf(x.X); len(path) == 0 {
				if _, ok := root.(*ssa.Alloc); ok {
					for _, val := range md.s.Taints().StoredValues(root) {
						if !md.stableValue(val, seen, depth+1) {
							return false
						}
					}
					return true
				}
			}
		}
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.BinOp:
		return md.stableValue(x.X, seen, depth+1) && md.stableValue(x.Y, seen, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !md.stableValue(e, seen, depth+1) {
				return false
			}
		}
		// Which edge flows in is data too (changed := false; if x != y {
		// changed = true }): the conditions that choose the predecessor.
		return md.stableChoice(x, seen, depth)
	case *ssa.FieldAddr:
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.Field:
		if ld, ok := x.X.(*ssa.UnOp); ok && ld.Op == token.MUL {
			// A field of an element loaded whole (c.Name of a range
			// value): that field of the object's data, not its siblings.
			if root, path := md.s.RootOf(ld.X); root != nil && md.s.IsObjectRoot(root) {
				if st, ok := x.X.Type().Underlying().(*types.Struct); ok {
					return md.unchangedData(root, append(slices.Clone(path), st.Field(x.Field).Name()))
				}
			}
		}
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.IndexAddr:
		return md.stableValue(x.X, seen, depth+1) && md.stableValue(x.Index, seen, depth+1)
	case *ssa.Index:
		return md.stableValue(x.X, seen, depth+1) && md.stableValue(x.Index, seen, depth+1)
	case *ssa.Lookup:
		return md.stableValue(x.X, seen, depth+1) && md.stableValue(x.Index, seen, depth+1)
	case *ssa.Slice:
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.Extract:
		return md.stableValue(x.Tuple, seen, depth+1)
	case *ssa.ChangeType:
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.Convert:
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.MakeInterface:
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.ChangeInterface:
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.TypeAssert:
		return md.stableValue(x.X, seen, depth+1)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") && len(x.Call.Args) == 1 {
			// The length of a list of object data: stores into its
			// elements leave it as it was.
			if root, path := md.s.RootOf(x.Call.Args[0]); root != nil && md.s.IsObjectRoot(root) && len(path) > 0 {
				return md.unchangedData(root, append(slices.Clone(path), fieldpath.Len))
			}
		}
		// A helper of the package whose result reads known parts of its
		// parameters: those parts of the object arguments.
		if local := md.s.LocalCallee(&x.Call); local != nil && !x.Call.IsInvoke() {
			if reads, ok := md.s.HelperReads(local); ok {
				return md.stableArgs(x.Call.Args, reads, seen, depth)
			}
		}
		// A function of stable inputs: its receiver and arguments. An
		// object argument stands for all of its data.
		if x.Call.IsInvoke() && !md.stableValue(x.Call.Value, seen, depth+1) {
			return false
		}
		if _, ok := x.Call.Value.(*ssa.Function); !ok && !x.Call.IsInvoke() {
			if _, ok := x.Call.Value.(*ssa.Builtin); !ok {
				return false // a function value of unknown origin
			}
		}
		for _, a := range x.Call.Args {
			if !md.stableValue(a, seen, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Alloc:
		for _, val := range md.s.Taints().StoredValues(x) {
			if !md.stableValue(val, seen, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// stableArgs reports whether the arguments of a call of a helper that
// reads the paths reads of its parameters are stable: an object argument
// by those paths below it, any other by its value.
func (md *Model) stableArgs(args []ssa.Value, reads [][]string, seen map[ssa.Value]bool, depth int) bool {
	for _, a := range args {
		root, path := md.s.RootOf(a)
		if root == nil || !md.s.IsObjectRoot(root) {
			if !md.stableValue(a, seen, depth+1) {
				return false
			}
			continue
		}
		for _, r := range reads {
			if !md.unchangedData(root, append(slices.Clone(path), r...)) {
				return false
			}
		}
	}
	return true
}

// stableChoice reports whether the conditions that decide which
// predecessor of phi's block runs are stable.
func (md *Model) stableChoice(phi *ssa.Phi, seen map[ssa.Value]bool, depth int) bool {
	fi := md.s.Func(phi.Parent())
	if fi.Graph == nil {
		return false
	}
	for _, p := range phi.Block().Preds {
		deps := fi.Graph.ControlDeps(p)
		if len(p.Succs) > 1 {
			deps = append(deps, flow.Dep{Block: p})
		}
		for _, d := range deps {
			ifi := d.If()
			if ifi == nil {
				return false
			}
			if !fi.Guard(ifi).Kind.Guards() {
				continue // an error or lifecycle test: the steady-state path takes the same edge every pass
			}
			if !md.stableValue(ifi.Cond, seen, depth+1) {
				return false
			}
		}
	}
	return true
}

// unchangedData reports whether the data at path of an object root is
// something the package never stores into (nor the server changes on a
// write): no stored path of the same object type overlaps it.
func (md *Model) unchangedData(root ssa.Value, path []string) bool {
	k, ok := objectTypeKey(root)
	if !ok {
		return false
	}
	for _, p := range md.stableState().changed[k] {
		if fieldpath.Compatible(p, path) {
			return false
		}
	}
	return true
}

// isRootRequest reports whether p is a parameter of a reconcile root: the
// context or the request, the same on every pass for the same object.
func (md *Model) isRootRequest(p *ssa.Parameter) bool {
	for _, r := range md.s.Roots {
		if r.Fn == p.Parent() {
			return true
		}
	}
	return false
}
