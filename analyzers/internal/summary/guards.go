package summary

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// GuardKind classifies the condition of an If (checks.md §1.5).
type GuardKind int

// Guard kinds. G1–G3 and Unknown guard the code they control; the others
// do not.
const (
	Unknown   GuardKind = iota // unclassified: treated as a guard (silence beats a guess)
	Equality                   // G1: DeepEqual, cmp.Equal, slices.Contains, ContainsFinalizer, ...
	Observed                   // G2: a comparison of data derived from an API object
	Change                     // G3: the result of AddFinalizer, SetStatusCondition, ...
	ErrorTest                  // err != nil, apierrors.Is*, errors.Is/As
	Lifecycle                  // a test of the deletion timestamp
	Config                     // a test of the reconciler's own configuration or a constant
	Loop                       // a loop condition
	Presence                   // a nil test of a value not derived from an object, or a test of a reconcile.Result
	DiffTest                   // a length or nil test of a diff library's patch, which is "{}" when nothing differs
)

var guardKindNames = [...]string{
	Unknown: "unknown", Equality: "G1 equality", Observed: "G2 observed comparison", Change: "G3 change reporter",
	ErrorTest: "error test", Lifecycle: "lifecycle test", Config: "configuration test", Loop: "loop condition",
	Presence: "presence or result test", DiffTest: "length test of a diff patch",
}

// String returns a short description.
func (k GuardKind) String() string {
	if int(k) < len(guardKindNames) {
		return guardKindNames[k]
	}
	return "?"
}

// Guards reports whether conditions of this kind guard the code they
// control.
func (k GuardKind) Guards() bool {
	switch k {
	case Unknown, Equality, Observed, Change:
		return true
	}
	return false
}

// Guard is the classification of one If.
type Guard struct {
	Kind GuardKind
	// FailSucc is, for an ErrorTest, the successor index (0 true, 1 false)
	// taken when there is an error; -1 otherwise.
	FailSucc int
	// Operand is the value the test is about: the error of an ErrorTest,
	// the compared object data of an Observed guard; may be nil.
	Operand ssa.Value
}

// Status says how a site runs relative to the guards that control it.
type Status int

// Site statuses.
const (
	Unguarded   Status = iota // on the steady-state path and not under any guard
	Guarded                   // under a G1–G3 guard or a condition of unknown kind
	FailurePath               // only on the failure edge of an error test
)

// String returns a short description.
func (st Status) String() string {
	switch st {
	case Unguarded:
		return "unguarded"
	case Guarded:
		return "guarded"
	case FailurePath:
		return "failure path"
	}
	return "?"
}

// Guard classifies the condition of ifi.
func (fi *FuncInfo) Guard(ifi *ssa.If) Guard {
	if g, ok := fi.guards.Get(ifi); ok {
		return g
	}
	g := Guard{Kind: Unknown, FailSucc: -1}
	fi.guards.Put(ifi, g) // break cycles through Phis
	if flow.IsLoopHeader(ifi.Block()) {
		g = Guard{Kind: Loop, FailSucc: -1}
	} else {
		g = fi.s.classifyCond(ifi.Cond, make(map[ssa.Value]bool))
	}
	fi.guards.Put(ifi, g)
	return g
}

// StatusOf returns the status of block b within its function, and the
// guard conditions that decide it.
func (fi *FuncInfo) StatusOf(b *ssa.BasicBlock) (Status, []flow.Dep) {
	if fi.Graph == nil || b == nil {
		return Guarded, nil
	}
	// A block is on a failure path when every path from the entry takes
	// the failure edge of an error test: code after `if err != nil &&
	// !IsNotFound(err) { return err }` joins the success path again.
	if b != fi.Fn.Recover && !fi.Steady.FromEntry(b) {
		for _, d := range fi.Graph.ControlDeps(b) {
			if ifi := d.If(); ifi != nil {
				if g := fi.Guard(ifi); g.Kind == ErrorTest && g.FailSucc == d.Succ {
					return FailurePath, []flow.Dep{d}
				}
			}
		}
		return FailurePath, nil
	}
	st := Unguarded
	var guards []flow.Dep
	for _, d := range fi.Steady.ControlDeps(b) {
		if ifi := d.If(); ifi != nil && fi.Guard(ifi).Kind.Guards() {
			st = Guarded
			guards = append(guards, d)
		}
	}
	return st, guards
}

// conds returns the guard conditions that decide block b (as Conds).
func (fi *FuncInfo) conds(b *ssa.BasicBlock) []Cond {
	_, deps := fi.StatusOf(b)
	out := make([]Cond, len(deps))
	for i, d := range deps {
		out[i] = Cond{FI: fi, Dep: d}
	}
	return out
}

// classifyCond classifies a boolean value used as a condition.
func (s *Summary) classifyCond(v ssa.Value, seen map[ssa.Value]bool) Guard {
	unknown := Guard{Kind: Unknown, FailSucc: -1}
	// seen holds the values on the path being classified: a value met
	// again on that path is a cycle (a loop Phi), while a sibling may
	// classify a value another sibling already did (two flag setters
	// under the same error test).
	if seen[v] {
		return unknown
	}
	seen[v] = true
	defer delete(seen, v)
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op == token.NOT {
			g := s.classifyCond(v.X, seen)
			if g.FailSucc >= 0 {
				g.FailSucc = 1 - g.FailSucc
			}
			return g
		}
		if v.Op == token.MUL {
			return s.classifyValueTest(v)
		}
	case *ssa.Const:
		return Guard{Kind: Config, FailSucc: -1}
	case *ssa.Phi:
		// changed := a || b: the strongest classification among the
		// non-constant edges.
		//
		// changed := false; if cond { changed = true }: a flag is as strong
		// as the conditions that set it to true, on every path that does.
		// A path that sets it under no test of the object (no condition, or
		// only configuration) makes it true without a change, so the flag
		// guards nothing: it is spoiled, and so is a flag that takes the
		// value of a spoiled one. A path set under an error or lifecycle
		// test (a failure or a deletion to record) neither guards nor
		// spoils it.
		best := Guard{Kind: Config, FailSucc: -1}
		var guard *Guard
		spoiled := false
		var trueEdges []int
		for i, e := range v.Edges {
			if c, ok := e.(*ssa.Const); ok {
				if c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) {
					trueEdges = append(trueEdges, i)
				}
				continue
			}
			g := s.classifyCond(e, seen)
			switch {
			case g.Kind == Equality || g.Kind == Change || g.Kind == Observed:
				if guard == nil {
					guard = &Guard{Kind: g.Kind, FailSucc: -1, Operand: g.Operand}
				}
			case g.Kind == Config && ssax.IsPhi(e):
				spoiled = true
			case g.Kind == Unknown:
				best = unknown
			case best.Kind == Config:
				best = Guard{Kind: g.Kind, FailSucc: -1}
			case best.Kind != g.Kind:
				best = unknown
			}
		}
		for _, i := range trueEdges {
			g := s.flagSetter(v, i, seen)
			switch g.Kind {
			case Equality, Change, Observed:
				if guard == nil {
					guard = &Guard{Kind: g.Kind, FailSucc: -1, Operand: g.Operand}
				}
			case Unknown:
				best = unknown
			case Config:
				spoiled = true
			}
		}
		switch {
		case spoiled:
			return Guard{Kind: Config, FailSucc: -1}
		case guard != nil:
			return *guard
		}
		return best
	case *ssa.BinOp:
		return s.classifyCompare(v)
	case *ssa.Call:
		return s.classifyCall(v)
	case *ssa.Extract:
		// v, ok := m[k]; ok from a map lookup on object data.
		if lk, ok := v.Tuple.(*ssa.Lookup); ok && s.DerivesFromObject(lk.X) {
			return Guard{Kind: Observed, FailSucc: -1, Operand: lk.X}
		}
		if lk, ok := v.Tuple.(*ssa.Lookup); ok && handlerTable(lk.X.Type()) && s.isConfigValue(lk.X, make(map[ssa.Value]bool)) {
			// handle, ok := r.handlers[phase]: a table of functions the
			// reconciler was configured with says which one runs, not
			// whether anything changed.
			return Guard{Kind: Config, FailSucc: -1}
		}
		if c, ok := v.Tuple.(*ssa.Call); ok {
			if g := s.classifyCall(c); g.Kind != Unknown {
				return g
			}
		}
	case *ssa.Field:
		return s.classifyValueTest(v)
	}
	return unknown
}

// handlerTable reports whether t is a map of functions (or of interface
// values, handlers by another name).
func handlerTable(t types.Type) bool {
	m, ok := t.Underlying().(*types.Map)
	if !ok {
		return false
	}
	switch m.Elem().Underlying().(type) {
	case *types.Signature, *types.Interface:
		return true
	}
	return false
}

// classifyValueTest classifies a boolean loaded from memory or a field.
func (s *Summary) classifyValueTest(v ssa.Value) Guard {
	if s.isDeletionTimestamp(v) {
		return Guard{Kind: Lifecycle, FailSucc: -1}
	}
	if s.DerivesFromObject(v) {
		return Guard{Kind: Observed, FailSucc: -1, Operand: v}
	}
	if g, ok := s.flagField(v); ok {
		return g
	}
	if s.isConfigValue(v, make(map[ssa.Value]bool)) {
		return Guard{Kind: Config, FailSucc: -1}
	}
	return Guard{Kind: Unknown, FailSucc: -1}
}

// flagField classifies a bool field of a struct that is no API object
// (a per-reconcile manager's or scope's dirty flag, m.dirty) by the stores
// of the package that set it to true, as a local changed flag is by the
// paths that set it (flagSetter): a flag set only under tests of a change
// says whether something changed. ok is false when v is no such field, or
// when nothing in the package sets it to true.
func (s *Summary) flagField(v ssa.Value) (Guard, bool) {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return Guard{}, false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok || apis.IsObject(fa.X.Type()) {
		return Guard{}, false
	}
	if b, ok := fa.Type().(*types.Pointer).Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return Guard{}, false
	}
	st := ssax.Deref(fa.X.Type())
	field := ssax.FieldVar(fa.X.Type(), fa.Field)
	if field == nil {
		return Guard{}, false
	}
	if fg, ok := s.flags.Get(field); ok {
		return fg.g, fg.ok
	}
	s.flags.Put(field, flagGuard{Guard{Kind: Unknown, FailSucc: -1}, true}) // a setter tested on the flag itself
	g, ok := s.flagSetters(fa, st)
	s.flags.Put(field, flagGuard{g, ok})
	return g, ok
}

// flagGuard is flagField's answer for a field.
type flagGuard struct {
	g  Guard
	ok bool
}

// flagSetters classifies the stores of true into the field of st that fa
// addresses (flagField).
func (s *Summary) flagSetters(fa *ssa.FieldAddr, st types.Type) (Guard, bool) {
	var out *Guard
	unknown := false
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				store, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				sfa, ok := store.Addr.(*ssa.FieldAddr)
				if !ok || sfa.Field != fa.Field || !types.Identical(ssax.Deref(sfa.X.Type()), st) {
					continue
				}
				c, ok := store.Val.(*ssa.Const)
				if !ok || c.Value == nil || c.Value.Kind() != constant.Bool || !constant.BoolVal(c.Value) {
					continue // a reset, or a value computed: the flag's setters are the true stores
				}
				g := s.storeSetter(store)
				switch g.Kind {
				case Equality, Change, Observed:
					if out == nil {
						out = &Guard{Kind: g.Kind, FailSucc: -1, Operand: g.Operand}
					}
				case Unknown:
					unknown = true
				default:
					return Guard{Kind: Config, FailSucc: -1}, true // set without a change: it guards nothing
				}
			}
		}
	}
	switch {
	case unknown:
		return Guard{Kind: Unknown, FailSucc: -1}, true
	case out == nil:
		return Guard{}, false
	}
	return *out, true
}

// storeSetter classifies the strongest test of a change that decides
// whether the store runs in its function.
func (s *Summary) storeSetter(store *ssa.Store) Guard {
	out := Guard{Kind: Config, FailSucc: -1}
	// Func, not funcInfo: the store's function may not have been asked
	// about yet (a setter that nothing before the flag's test classified).
	fi := s.Func(store.Parent())
	if fi.Graph == nil {
		return out
	}
	for _, d := range fi.Graph.ControlDeps(store.Block()) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		switch g := s.classifyCond(ifi.Cond, make(map[ssa.Value]bool)); g.Kind {
		case Equality, Change, Observed:
			return g
		case Unknown:
			out = Guard{Kind: Unknown, FailSucc: -1}
		}
	}
	if out.Kind == Config && s.incrementedBefore(store) {
		return Guard{Kind: Change, FailSucc: -1}
	}
	return out
}

// incrementedBefore reports whether every path to instr in its function
// first changes an object by a counter step: a field of the object, or an
// element of a value the function stores into the object, incremented or
// decremented by a nonzero constant (w.Status.Restarts++; counts[i]++
// before setCounts(w, counts)). The step changes the object whatever it
// held, so a flag set after it says that something changed.
func (s *Summary) incrementedBefore(instr ssa.Instruction) bool {
	fn := instr.Parent()
	var stores []*Effect
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			st, ok := x.(*ssa.Store)
			if !ok || !counterStep(st) || !ssax.Dominates(st, instr) {
				continue
			}
			root, _ := s.RootOf(st.Addr)
			if s.IsObjectRoot(root) {
				return true
			}
			if stores == nil {
				stores = s.Effects(fn)
			}
			for _, e := range stores {
				if e.Kind != StoreEffect || e.Value == nil || !s.IsObjectRoot(e.Root) || !ssax.Dominates(st, e.Instr) {
					continue
				}
				if r, _ := s.RootOf(e.Value); r == root {
					return true // the stepped value goes into the object
				}
			}
		}
	}
	return false
}

// counterStep reports whether st stores, at its address, the value loaded
// from that address plus or minus a nonzero constant (x++, x -= 2).
func counterStep(st *ssa.Store) bool {
	b, ok := st.Val.(*ssa.BinOp)
	if !ok || b.Op != token.ADD && b.Op != token.SUB {
		return false
	}
	ld, c := b.X, b.Y
	if _, isConst := ld.(*ssa.Const); isConst {
		ld, c = c, ld
	}
	k, ok := c.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int || constant.Sign(k.Value) == 0 {
		return false
	}
	load, ok := ld.(*ssa.UnOp)
	return ok && load.Op == token.MUL && sameAddr(load.X, st.Addr)
}

// sameAddr reports whether a and b compute the same address: the same
// value, or the same field or element of the same address.
func sameAddr(a, b ssa.Value) bool {
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameAddr(x.X, y.X)
	case *ssa.IndexAddr:
		y, ok := b.(*ssa.IndexAddr)
		return ok && x.Index == y.Index && sameAddr(x.X, y.X)
	}
	return false
}

// ChangeReporter returns the change reporter of the API that call c is
// (controllerutil.AddFinalizer, meta.SetStatusCondition, …), directly or
// through helpers of the package that return its report on their own
// parameters (three levels), with the argument c passes for the object
// whose change it reports; ok is false for any other call.
func (s *Summary) ChangeReporter(c *ssa.CallCommon) (fn *types.Func, obj ssa.Value, ok bool) {
	return s.changeReporter(c, 0)
}

func (s *Summary) changeReporter(c *ssa.CallCommon, depth int) (*types.Func, ssa.Value, bool) {
	if fc := s.Forward(c); ssax.CalleeFunc(fc) != nil && apis.IsChangeReporter(apis.FuncOf(ssax.CalleeFunc(fc))) {
		callee := ssax.CalleeFunc(fc)
		if args := ssax.RecvFirstArgs(fc); len(args) > 0 {
			return callee, args[0], true
		}
		return nil, nil, false
	}
	local := s.LocalCallee(c)
	if local == nil || depth >= 3 {
		return nil, nil, false
	}
	var rep *types.Func
	param := -1
	for _, b := range local.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if len(ret.Results) != 1 {
			return nil, nil, false
		}
		inner, ok := ret.Results[0].(*ssa.Call)
		if !ok {
			return nil, nil, false
		}
		f, o, ok := s.changeReporter(&inner.Call, depth+1)
		if !ok {
			return nil, nil, false
		}
		root, path := s.RootOf(o)
		p, prefix := paramRoot(local, root)
		if p < 0 || len(path) > 0 || prefix != nil || rep != nil && (f != rep || p != param) {
			return nil, nil, false
		}
		rep, param = f, p
	}
	if rep == nil {
		return nil, nil, false
	}
	arg := ssax.ClosureArg(c, local, param)
	if arg == nil {
		return nil, nil, false
	}
	return rep, arg, true
}

// classifyCall classifies a boolean-valued call.
func (s *Summary) classifyCall(c *ssa.Call) Guard {
	return s.classifyCallIn(c, 0)
}

// IsEqualityCall reports whether the call is a comparison of its
// arguments (G1): DeepEqual, cmp.Equal, cmp.Diff, slices.Contains, or a
// helper whose result only reports such a comparison.
func (s *Summary) IsEqualityCall(c *ssa.Call) bool {
	return s.classifyCall(c).Kind == Equality
}

func (s *Summary) classifyCallIn(c *ssa.Call, depth int) Guard {
	if g, ok := s.emptinessCall(c); ok {
		return g
	}
	if local := s.LocalFunc(s.Callee(&c.Call)); local != nil && !c.Call.IsInvoke() && depth < 3 {
		if g, ok := s.classifyHelperCall(c, local, depth); ok {
			return g
		}
	}
	cc := s.Forward(&c.Call)
	callee := ssax.CalleeFunc(cc)
	f := apis.FuncOf(callee) // the zero Func when there is no static callee
	switch {
	case callee == nil:
	case apis.IsErrorTestFunc(f):
		var op ssa.Value
		if args := ssax.CallArgs(cc); len(args) > 0 {
			op = args[0]
		}
		return Guard{Kind: ErrorTest, FailSucc: 0, Operand: op}
	case apis.IsChangeReporter(f):
		return Guard{Kind: Change, FailSucc: -1}
	case apis.IsEqualityFunc(f):
		return Guard{Kind: Equality, FailSucc: -1}
	case f.Name == "IsZero" && f.Pkg == apis.MetaV1 && f.Recv == "Time":
		if recv := ssax.CallRecv(cc); recv != nil && s.isDeletionTimestamp(recv) {
			return Guard{Kind: Lifecycle, FailSucc: -1}
		}
		return Guard{Kind: Observed, FailSucc: -1}
	}
	if fs, _ := s.CalleeFact(cc); fs != nil {
		if fs.IsEquality {
			return Guard{Kind: Equality, FailSucc: -1}
		}
		if fs.ReportsChange {
			return Guard{Kind: Change, FailSucc: -1}
		}
	}
	return Guard{Kind: Unknown, FailSucc: -1}
}

// flagSetter classifies the conditions under which edge i of a boolean
// Phi carries the constant true: the ifs its predecessor block is
// control-dependent on. The strongest guard wins; an unknown condition
// makes the flag unknown; the failure edge of an error test, or a
// lifecycle test (and no guard), gives that kind; no condition, or only
// configuration and presence tests and the success edges of error tests,
// give Config.
func (s *Summary) flagSetter(phi *ssa.Phi, i int, seen map[ssa.Value]bool) Guard {
	out := Guard{Kind: Config, FailSucc: -1}
	fi := s.funcInfo(phi.Parent())
	if fi == nil || fi.Graph == nil || i >= len(phi.Block().Preds) {
		return out
	}
	pred := phi.Block().Preds[i]
	deps := fi.Graph.ControlDeps(pred)
	if len(pred.Succs) > 1 {
		// The predecessor branches itself: the edge into the Phi is the
		// condition.
		if _, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If); ok {
			deps = append(deps, flow.Dep{Block: pred, Succ: slices.Index(pred.Succs, phi.Block())})
		}
	}
	for _, d := range deps {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		g := s.classifyCond(ifi.Cond, seen)
		switch g.Kind {
		case Equality, Change, Observed:
			return g
		case Unknown:
			out = Guard{Kind: Unknown, FailSucc: -1}
		case ErrorTest:
			// Set on the failure edge: a failure to record. On the
			// success edge the test says nothing of a change.
			if d.Succ == g.FailSucc && out.Kind == Config {
				out = Guard{Kind: ErrorTest, FailSucc: -1}
			}
		case Lifecycle:
			if out.Kind == Config {
				out = Guard{Kind: Lifecycle, FailSucc: -1}
			}
		}
	}
	if out.Kind == Config && len(pred.Instrs) > 0 && s.incrementedBefore(pred.Instrs[len(pred.Instrs)-1]) {
		return Guard{Kind: Change, FailSucc: -1}
	}
	return out
}

// classifyCompare classifies a comparison.
func (s *Summary) classifyCompare(b *ssa.BinOp) Guard {
	unknown := Guard{Kind: Unknown, FailSucc: -1}
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return unknown
	}
	x, y := b.X, b.Y
	if ssax.IsNil(x) {
		x, y = y, x
	}
	// Error tests: err != nil / err == nil.
	if ssax.IsNil(y) && apis.IsError(x.Type()) {
		fail := 0 // true edge of !=
		if b.Op == token.EQL {
			fail = 1
		}
		return Guard{Kind: ErrorTest, FailSucc: fail, Operand: x}
	}
	// Presence: obj == nil, where obj is the API object pointer itself (a
	// "was it found" test, as after a getter that returns nil on NotFound),
	// or a nil test of a value that does not derive from an object
	// (checks.md §1.5). It compares no state, so it guards nothing.
	if ssax.IsNil(y) && (apis.IsObject(x.Type()) || !s.DerivesFromObject(x) && !fromDataParam(x, make(map[ssa.Value]bool), 0)) {
		return Guard{Kind: Presence, FailSucc: -1}
	}
	// A reconcile.Result compared with another (result != ctrl.Result{})
	// is control flow between helpers, not a change check.
	if apis.IsResult(x.Type()) || apis.IsResult(y.Type()) {
		return Guard{Kind: Presence, FailSucc: -1}
	}
	// Lifecycle: x.DeletionTimestamp == nil, GetDeletionTimestamp() != nil.
	if s.isDeletionTimestamp(x) || s.isDeletionTimestamp(y) {
		return Guard{Kind: Lifecycle, FailSucc: -1}
	}
	// A length or nil test of a diff library's patch: the patch is "{}",
	// not empty, when nothing differs, so the test passes on every pass.
	if p := s.diffTested(b); p != nil {
		return Guard{Kind: DiffTest, FailSucc: -1, Operand: p}
	}
	// G1: slices.Index(...) >= 0, cmp.Diff(a, b) != "".
	for _, op := range []ssa.Value{x, y} {
		if c, ok := op.(*ssa.Call); ok {
			if g := s.classifyCall(c); g.Kind == Equality {
				return g
			}
		}
	}
	// G3: a comparison of a controllerutil.OperationResult.
	if pkg, name, ok := apis.NamedOf(x.Type()); ok && apis.IsOperationResult(pkg, name) {
		return Guard{Kind: Change, FailSucc: -1}
	}
	// G2: either side derives from an API object.
	for _, op := range []ssa.Value{x, y} {
		if s.DerivesFromObject(op) {
			return Guard{Kind: Observed, FailSucc: -1, Operand: op}
		}
	}
	// Configuration: both sides are constants or configuration.
	if s.isConfigValue(x, make(map[ssa.Value]bool)) && s.isConfigValue(y, make(map[ssa.Value]bool)) {
		return Guard{Kind: Config, FailSucc: -1}
	}
	return unknown
}

// emptinessCall classifies a call of a helper whose bool result only
// tests the length or nil-ness of a parameter (HasChanges(patch)), of the
// package or of another through its facts: a DiffTest guard when the
// argument is a diff library's patch.
func (s *Summary) emptinessCall(c *ssa.Call) (Guard, bool) {
	arg := s.emptinessArg(c, 0)
	if a, ok := arg.(*ssa.Alloc); ok {
		arg = ssax.SingleStored(a) // a captured local
	}
	if arg == nil || s.taints.CallKinds(arg)&apis.Diff == 0 {
		return Guard{}, false
	}
	return Guard{Kind: DiffTest, FailSucc: -1, Operand: arg}, true
}

// emptinessArg returns the argument (or captured value) of call c whose
// length or nil-ness the callee's bool result tests, or nil.
func (s *Summary) emptinessArg(c *ssa.Call, depth int) ssa.Value {
	if c.Call.IsInvoke() {
		return nil
	}
	if local := s.LocalFunc(s.Callee(&c.Call)); local != nil {
		if i := s.emptinessParam(local, depth+1); i >= 0 {
			return ssax.ClosureArg(&c.Call, local, i)
		}
		return nil
	}
	if fs, _ := s.CalleeFact(s.Forward(&c.Call)); fs != nil && fs.EmptinessTest > 0 && fs.EmptinessTest-1 < len(c.Call.Args) {
		return c.Call.Args[fs.EmptinessTest-1]
	}
	return nil
}

// emptinessParam returns the index of the parameter of fn (its free
// variables counted after the parameters) whose length or nil-ness every
// return of its one bool result tests: return len(p) > 0, return p !=
// nil, or a returned call of a helper or closure that does, depth levels
// down at most; -1 otherwise.
func (s *Summary) emptinessParam(fn *ssa.Function, depth int) int {
	res := fn.Signature.Results()
	if depth > 3 || res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.Bool]) {
		return -1
	}
	param := -1
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		v := ret.Results[0]
		if u, ok := v.(*ssa.UnOp); ok && u.Op == token.NOT {
			v = u.X
		}
		var tested ssa.Value
		switch x := v.(type) {
		case *ssa.BinOp:
			tested = ssax.EmptinessOperand(x)
		case *ssa.Call:
			tested = s.emptinessArg(x, depth)
		}
		i := paramOrFreeVar(fn, tested)
		if i < 0 || param >= 0 && i != param {
			return -1
		}
		param = i
	}
	return param
}

// paramOrFreeVar returns the index of v among fn's parameters, then its
// free variables, or -1.
func paramOrFreeVar(fn *ssa.Function, v ssa.Value) int {
	switch x := ssax.VarOf(v).(type) {
	case *ssa.Parameter:
		return ssax.ParamIndex(fn, x)
	case *ssa.FreeVar:
		if i := slices.Index(fn.FreeVars, x); i >= 0 {
			return len(fn.Params) + i
		}
	}
	return -1
}

// diffTested returns the patch that comparison b tests for emptiness
// (ssax.EmptinessOperand: len(p) against 0, or p against nil) when p is a diff
// library's result (the Diff kind of a call's result, through helpers);
// nil otherwise. Guards are classified while the model is built, so it
// asks CallKinds, which needs no effects.
func (s *Summary) diffTested(b *ssa.BinOp) ssa.Value {
	if p := ssax.EmptinessOperand(b); p != nil && s.taints.CallKinds(p)&apis.Diff != 0 {
		return p
	}
	return nil
}

// isDeletionTimestamp reports whether v is (derived from) an object's
// deletion timestamp: x.DeletionTimestamp, x.GetDeletionTimestamp().
func (s *Summary) isDeletionTimestamp(v ssa.Value) bool {
	return s.isDeletionTimestampIn(v, make(map[ssa.Value]bool), 0)
}

// isDeletionTimestampIn follows parameters of package helpers to their
// arguments: a helper that tests its *metav1.Time parameter tests the
// deletion mark when every call passes one.
func (s *Summary) isDeletionTimestampIn(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Parameter:
		args := s.ParamArgs(x)
		if len(args) == 0 || depth >= 3 {
			return false
		}
		for _, a := range args {
			if !s.isDeletionTimestampIn(a, seen, depth+1) {
				return false
			}
		}
		return true
	case *ssa.UnOp:
		return x.Op == token.MUL && s.isDeletionTimestampIn(x.X, seen, depth)
	case *ssa.FieldAddr:
		return ssax.FieldName(x.X.Type(), x.Field) == apis.DeletionTimestampField
	case *ssa.Field:
		return ssax.FieldName(x.X.Type(), x.Field) == apis.DeletionTimestampField
	case *ssa.Call:
		if callee := ssax.CalleeFunc(s.Forward(&x.Call)); callee != nil {
			return apis.IsDeletionTimestampAccess(apis.FuncOf(callee))
		}
		return false
	case *ssa.ChangeType:
		return s.isDeletionTimestampIn(x.X, seen, depth)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !ssax.IsNil(e) && s.isDeletionTimestampIn(e, seen, depth) {
				return true
			}
		}
	}
	return false
}

// IsConfigValue reports whether v derives only from constants, package
// variables and non-object fields of a method receiver: the reconciler's
// own configuration.
func (s *Summary) IsConfigValue(v ssa.Value) bool {
	return s.isConfigValue(v, make(map[ssa.Value]bool))
}

// isConfigValue reports whether v derives only from constants, package
// variables and non-object fields of a method receiver: the reconciler's
// own configuration.
func (s *Summary) isConfigValue(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global:
		return true
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return false
		}
		return s.isConfigValue(x.X, seen)
	case *ssa.FieldAddr:
		return !apis.IsObject(x.X.Type()) && s.isConfigValue(x.X, seen)
	case *ssa.Field:
		return s.isConfigValue(x.X, seen)
	case *ssa.Parameter:
		fn := x.Parent()
		if apis.IsObject(x.Type()) {
			return false
		}
		if fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == x {
			return true
		}
		// A helper's parameter that every call of the package passes
		// configuration (the receiver, handed to a helper or a generic
		// function that holds the body).
		args := s.ParamArgs(x)
		for _, a := range args {
			if !s.isConfigValue(a, seen) {
				return false
			}
		}
		return len(args) > 0
	case *ssa.FreeVar:
		if b := s.Binding(x); b != nil {
			return s.isConfigValue(b, seen)
		}
		return false
	case *ssa.Alloc:
		// A local holding the receiver (captured by a closure, say).
		stored := false
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				if !s.isConfigValue(st.Val, seen) {
					return false
				}
				stored = true
			}
		}
		return stored
	case *ssa.ChangeType:
		return s.isConfigValue(x.X, seen)
	case *ssa.Convert:
		return s.isConfigValue(x.X, seen)
	case *ssa.BinOp:
		return s.isConfigValue(x.X, seen) && s.isConfigValue(x.Y, seen)
	}
	return false
}

// DerivesFromObject reports whether v is data derived from an API object
// or list (through loads, fields, indexing, len, map lookups, getter
// methods and pure calls on such data): the operand of a G2 guard.
func (s *Summary) DerivesFromObject(v ssa.Value) bool {
	return s.derives(v, make(map[ssa.Value]bool), 0)
}

func (s *Summary) derives(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > 24 {
		return false
	}
	seen[v] = true
	t := v.Type()
	if apis.IsObject(t) || apis.IsObjectList(t) || apis.IsObjectStruct(ssax.Deref(t)) {
		switch v.(type) {
		case *ssa.Const, *ssa.Global:
			return false
		}
		return true
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return false
		}
		return s.derives(x.X, seen, depth+1)
	case *ssa.FieldAddr:
		return s.derives(x.X, seen, depth+1)
	case *ssa.Field:
		return s.derives(x.X, seen, depth+1)
	case *ssa.IndexAddr:
		return s.derives(x.X, seen, depth+1)
	case *ssa.Index:
		return s.derives(x.X, seen, depth+1)
	case *ssa.Lookup:
		return s.derives(x.X, seen, depth+1)
	case *ssa.Slice:
		return s.derives(x.X, seen, depth+1)
	case *ssa.Extract:
		return s.derives(x.Tuple, seen, depth+1)
	case *ssa.ChangeType:
		return s.derives(x.X, seen, depth+1)
	case *ssa.Convert:
		return s.derives(x.X, seen, depth+1)
	case *ssa.MakeInterface:
		return s.derives(x.X, seen, depth+1)
	case *ssa.ChangeInterface:
		return s.derives(x.X, seen, depth+1)
	case *ssa.TypeAssert:
		return s.derives(x.X, seen, depth+1)
	case *ssa.BinOp:
		return s.derives(x.X, seen, depth+1) || s.derives(x.Y, seen, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if s.derives(e, seen, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		// Getters and pure functions of object data: len(x.Items),
		// obj.GetGeneration(), hash(obj.Spec), FindStatusCondition(...).
		if x.Call.IsInvoke() && s.derives(x.Call.Value, seen, depth+1) {
			return true
		}
		for _, a := range x.Call.Args {
			if s.derives(a, seen, depth+1) {
				return true
			}
		}
	case *ssa.Alloc:
		// A local holding object data: look at what is stored into it.
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && s.derives(st.Val, seen, depth+1) {
				return true
			}
		}
	}
	return false
}

// fromDataParam reports whether v derives from a data parameter of its
// function: one that is neither the method receiver (the reconciler, its
// clients and configuration) nor a context. In a helper such as
// meta.SetStatusCondition(conditions, …), `FindStatusCondition(*conditions,
// t) == nil` tests the caller's object data, so it stays a guard.
func fromDataParam(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > 16 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Parameter:
		fn := x.Parent()
		if fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == x {
			return false
		}
		return !apis.IsContext(x.Type())
	case *ssa.UnOp:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.FieldAddr:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.Field:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.IndexAddr:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.Index:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.Lookup:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.Extract:
		return fromDataParam(x.Tuple, seen, depth+1)
	case *ssa.TypeAssert:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.ChangeType:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.MakeInterface:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.Slice:
		return fromDataParam(x.X, seen, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if fromDataParam(e, seen, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		if x.Call.IsInvoke() && fromDataParam(x.Call.Value, seen, depth+1) {
			return true
		}
		for _, a := range x.Call.Args {
			if fromDataParam(a, seen, depth+1) {
				return true
			}
		}
	}
	return false
}

// GuardedOn reports whether a guard of block b in fn, or of a call site on
// the least guarded call chain from a reconcile root to fn, reads the
// given state of an object: apis.FinalizersField (a finalizer field,
// getter or test) or apis.ConditionsField (the conditions field or a
// condition test). It tells a change report whose write is already
// decided by a test of the same state.
func (s *Summary) GuardedOn(fn *ssa.Function, b *ssa.BasicBlock, state string) bool {
	if s.guardReads(fn, b, state) {
		return true
	}
	for _, via := range s.Chain(fn) {
		if s.guardReads(via.Parent(), via.Block(), state) {
			return true
		}
	}
	return false
}

func (s *Summary) guardReads(fn *ssa.Function, b *ssa.BasicBlock, state string) bool {
	if fn == nil || b == nil {
		return false
	}
	_, guards := s.Func(fn).StatusOf(b)
	for _, d := range guards {
		if ifi := d.If(); ifi != nil && s.readsState(ifi.Cond, state, make(map[ssa.Value]bool), 0) {
			return true
		}
	}
	return false
}

// readsState reports whether v is computed from the state (see GuardedOn).
func (s *Summary) readsState(v ssa.Value, state string, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > 12 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.FieldAddr:
		if ssax.FieldName(x.X.Type(), x.Field) == state {
			return true
		}
	case *ssa.Field:
		if ssax.FieldName(x.X.Type(), x.Field) == state {
			return true
		}
	case *ssa.Call:
		if callee := ssax.CalleeFunc(s.Forward(&x.Call)); callee != nil {
			f := apis.FuncOf(callee)
			switch {
			case state == apis.FinalizersField && apis.ClassifyFinalizerCall(f) != apis.NoFinalizerOp:
				return true
			case state == apis.ConditionsField && apis.IsConditionTest(f):
				return true
			}
		}
	}
	var ops []*ssa.Value
	if instr, ok := v.(ssa.Instruction); ok {
		ops = instr.Operands(ops)
	}
	for _, op := range ops {
		if op != nil && s.readsState(*op, state, seen, depth+1) {
			return true
		}
	}
	return false
}

// classifyHelperCall classifies a call of a helper or closure of the
// package whose every return gives the result of one classified call
// (func isGone(err error) bool { return apierrors.IsNotFound(err) }): the
// call is that test, with the helper's parameter or captured variable
// replaced by what the call gives it.
func (s *Summary) classifyHelperCall(c *ssa.Call, fn *ssa.Function, depth int) (Guard, bool) {
	if fn.Signature.Results().Len() != 1 {
		return Guard{}, false
	}
	var inner *ssa.Call
	var flag ssa.Value
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if ld, ok := ret.Results[0].(*ssa.UnOp); ok && ld.Op == token.MUL && inner == nil && flag == nil {
			if _, isFlag := s.flagField(ld); isFlag {
				flag = ld // a getter of a changed flag (func (s *syncer) changed() bool { return s.dirty })
				continue
			}
		}
		rc, ok := ret.Results[0].(*ssa.Call)
		if !ok || flag != nil || inner != nil && inner != rc {
			return Guard{}, false
		}
		inner = rc
	}
	if flag != nil {
		g, _ := s.flagField(flag)
		return g, true
	}
	if inner == nil {
		return Guard{}, false
	}
	g := s.classifyCallIn(inner, depth+1)
	if g.Kind == Unknown {
		return Guard{}, false
	}
	if g.Operand != nil {
		op := ssax.Unconvert(g.Operand)
		idx := -1
		switch x := op.(type) {
		case *ssa.Parameter:
			idx = ssax.ParamIndex(fn, x)
		case *ssa.FreeVar:
			for i, fv := range fn.FreeVars {
				if fv == x {
					idx = len(fn.Params) + i
				}
			}
		}
		if idx < 0 {
			return Guard{}, false // a test of the helper's own state
		}
		g.Operand = ssax.ClosureArg(&c.Call, fn, idx)
		if g.Operand == nil {
			return Guard{}, false
		}
	}
	return g, true
}

// DeletionRegion returns the membership test of the blocks of fn that run
// only while the object is being deleted: those dominated by the
// "deleting" edge of a test of the deletion mark (`!x.DeletionTimestamp.
// IsZero()`, `x.GetDeletionTimestamp() != nil`, their negations, and bool
// helpers of the package that return such a test of their parameter).
// It returns nil when fn tests no deletion mark (a finalize helper whose
// whole body is the deletion path), unless a helper of the package that fn
// calls tests it: then the helper decides when the object is being
// deleted (`deleted, err := removeFinalizer(ctx, obj)`), fn runs on every
// pass, and no block of fn is known to be on the deletion path.
func (s *Summary) DeletionRegion(fn *ssa.Function) func(*ssa.BasicBlock) bool {
	heads := s.deletionHeads(fn)
	if len(heads) == 0 {
		if s.delegatesDeletionTest(fn, 0) {
			return func(*ssa.BasicBlock) bool { return false }
		}
		return nil
	}
	return func(b *ssa.BasicBlock) bool {
		for _, h := range heads {
			if h.Dominates(b) {
				return true
			}
		}
		return false
	}
}

// DeletingTypes returns the types of the objects whose deletion the
// deletion path of fn handles (DeletionRegion): the API object types a
// deletion test of fn reads, or, for a function with no test of its own
// (a finalize helper its caller runs while deleting), the types of its API
// object parameters. nil when they are not known: no test and no such
// parameter, or an object of an interface type.
func (s *Summary) DeletingTypes(fn *ssa.Function) []types.Type {
	var out []types.Type
	known := true
	add := func(t types.Type) {
		if types.IsInterface(t) {
			known = false
			return
		}
		if !slices.ContainsFunc(out, func(u types.Type) bool { return types.Identical(u, t) }) {
			out = append(out, t)
		}
	}
	heads := false
	for _, b := range fn.Blocks {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		if _, ok := s.deletingWhen(iff.Cond, 0); ok {
			heads = true
			objectTypesIn(iff.Cond, add, make(map[ssa.Value]bool), 0)
		}
	}
	if !heads {
		// The objects it is given: its parameters, and for a closure the
		// variables it captures (a captured cell holds a pointer to one).
		inputs := make([]ssa.Value, 0, len(fn.Params)+len(fn.FreeVars))
		for _, p := range fn.Params {
			inputs = append(inputs, p)
		}
		for _, fv := range fn.FreeVars {
			inputs = append(inputs, fv)
		}
		for _, in := range inputs {
			t := in.Type()
			if _, cell := in.(*ssa.FreeVar); cell && !apis.IsObject(t) && !apis.IsObjectStruct(ssax.Deref(t)) {
				t = ssax.Deref(t)
			}
			if apis.IsObject(t) || apis.IsObjectStruct(ssax.Deref(t)) {
				add(ssax.Deref(t))
			}
		}
	}
	if !known {
		return nil
	}
	return out
}

// objectTypesIn calls add with the type of each API object that v is read
// from: the operands of a deletion test (`w.DeletionTimestamp`,
// `obj.GetDeletionTimestamp()`, `isDeleting(obj)`).
func objectTypesIn(v ssa.Value, add func(types.Type), seen map[ssa.Value]bool, depth int) {
	if v == nil || seen[v] || depth > 6 {
		return
	}
	seen[v] = true
	t := v.Type()
	if apis.IsObject(t) && !types.IsInterface(t) || apis.IsObjectStruct(ssax.Deref(t)) {
		add(ssax.Deref(t))
		return
	}
	if types.IsInterface(t) && apis.IsObject(t) {
		add(t)
		return
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		objectTypesIn(x.X, add, seen, depth+1)
	case *ssa.BinOp:
		objectTypesIn(x.X, add, seen, depth+1)
		objectTypesIn(x.Y, add, seen, depth+1)
	case *ssa.FieldAddr:
		objectTypesIn(x.X, add, seen, depth+1)
	case *ssa.Field:
		objectTypesIn(x.X, add, seen, depth+1)
	case *ssa.ChangeType:
		objectTypesIn(x.X, add, seen, depth+1)
	case *ssa.MakeInterface:
		objectTypesIn(x.X, add, seen, depth+1)
	case *ssa.Call:
		for _, a := range ssax.CallArgs(&x.Call) {
			objectTypesIn(a, add, seen, depth+1)
		}
	}
}

// deletionHeads returns the blocks of fn entered on the "deleting" edge of
// a test of the deletion mark.
func (s *Summary) deletionHeads(fn *ssa.Function) []*ssa.BasicBlock {
	var heads []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		if whenTrue, ok := s.deletingWhen(iff.Cond, 0); ok {
			if whenTrue {
				heads = append(heads, b.Succs[0])
			} else {
				heads = append(heads, b.Succs[1])
			}
		}
	}
	return heads
}

// delegatesDeletionTest reports whether fn calls a function of the package
// that tests the deletion mark, itself or through its own calls (depth
// bounds the nesting).
func (s *Summary) delegatesDeletionTest(fn *ssa.Function, depth int) bool {
	if depth >= 2 {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			for _, local := range s.LocalCallees(&call.Call) {
				if local != fn && (len(s.deletionHeads(local)) > 0 || s.delegatesDeletionTest(local, depth+1)) {
					return true
				}
			}
		}
	}
	return false
}

// deletingWhen says whether cond tests the deletion mark, and whether it
// is true when the object is being deleted.
func (s *Summary) deletingWhen(cond ssa.Value, depth int) (whenTrue, ok bool) {
	switch x := cond.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			d, ok := s.deletingWhen(x.X, depth)
			return !d, ok
		}
	case *ssa.BinOp:
		if x.Op != token.EQL && x.Op != token.NEQ {
			return false, false
		}
		if op := NilOperand(x); op != nil && s.isDeletionTimestamp(op) {
			return x.Op == token.NEQ, true // set (non-nil) while deleting
		}
	case *ssa.Call:
		fc := s.Forward(&x.Call)
		callee := ssax.CalleeFunc(fc)
		if callee != nil && apis.IsTimeIsZero(apis.FuncOf(callee)) {
			if recv := ssax.CallRecv(fc); recv != nil && s.isDeletionTimestamp(recv) {
				return false, true // zero while not deleting
			}
			return false, false
		}
		// A bool helper of another package whose fact says it tests the
		// deletion mark of an argument.
		local := s.LocalCallee(&x.Call)
		if local == nil {
			if fs, _ := s.CalleeFact(fc); fs != nil && fs.DeletionTest.Tests {
				dt := fs.DeletionTest
				if dt.Param >= len(x.Call.Args) || dt.OfTime && !s.isDeletionTimestamp(x.Call.Args[dt.Param]) {
					return false, false
				}
				return dt.WhenTrue, true
			}
		}
		// A bool helper of the package that returns one deletion test.
		if local == nil || depth >= 3 {
			return false, false
		}
		first := true
		var when bool
		for _, b := range local.Blocks {
			ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !isRet {
				continue
			}
			if len(ret.Results) != 1 {
				return false, false
			}
			w, ok := s.deletingWhen(ret.Results[0], depth+1)
			if !ok || !first && w != when {
				return false, false
			}
			when, first = w, false
		}
		return when, !first
	}
	return false, false
}

// paramDeletionTest returns the DeletionTest fact of fn: every return of
// its one bool result is the same test of a parameter's deletion mark, or
// of a *metav1.Time parameter's zero value.
func (s *Summary) paramDeletionTest(fn *ssa.Function) DeletionTestFact {
	res := fn.Signature.Results()
	if res.Len() != 1 || !ssax.IsBool(res.At(0).Type()) {
		return DeletionTestFact{}
	}
	var out DeletionTestFact
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		dt, ok := s.paramDeletionTestOf(fn, ret.Results[0])
		if !ok || out.Tests && out != dt {
			return DeletionTestFact{}
		}
		out = dt
	}
	return out
}

func (s *Summary) paramDeletionTestOf(fn *ssa.Function, v ssa.Value) (DeletionTestFact, bool) {
	// paramOf returns the parameter behind a deletion timestamp (ofTime
	// false: the object's) or a *metav1.Time parameter (ofTime true).
	paramOf := func(t ssa.Value) (int, bool, bool) {
		if p := ssax.ParamIndex(fn, t); p >= 0 && apis.IsNamed(t.Type(), apis.MetaV1, "Time", true) {
			return p, true, true
		}
		if s.isDeletionTimestamp(t) {
			root, _ := s.RootOf(t)
			if c, ok := root.(*ssa.Call); ok {
				if r := ssax.CallRecv(&c.Call); r != nil {
					root, _ = s.RootOf(r)
				}
			}
			if p, _ := paramRoot(fn, root); p >= 0 {
				return p, false, true
			}
		}
		return 0, false, false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.NOT {
			dt, ok := s.paramDeletionTestOf(fn, x.X)
			dt.WhenTrue = !dt.WhenTrue
			return dt, ok
		}
	case *ssa.BinOp:
		if op := NilOperand(x); op != nil && (x.Op == token.EQL || x.Op == token.NEQ) {
			if p, ofTime, ok := paramOf(op); ok {
				return DeletionTestFact{Tests: true, Param: p, WhenTrue: x.Op == token.NEQ, OfTime: ofTime}, true
			}
		}
	case *ssa.Call:
		if fc := s.Forward(&x.Call); ssax.CalleeFunc(fc) != nil && apis.IsTimeIsZero(apis.FuncOf(ssax.CalleeFunc(fc))) {
			if recv := ssax.CallRecv(fc); recv != nil {
				if p, ofTime, ok := paramOf(recv); ok {
					return DeletionTestFact{Tests: true, Param: p, WhenTrue: false, OfTime: ofTime}, true
				}
			}
		}
	}
	return DeletionTestFact{}, false
}

// NilOperand returns the operand of a comparison with nil, or nil.
func NilOperand(b *ssa.BinOp) ssa.Value {
	if c, ok := b.Y.(*ssa.Const); ok && c.IsNil() {
		return b.X
	}
	if c, ok := b.X.(*ssa.Const); ok && c.IsNil() {
		return b.Y
	}
	return nil
}
