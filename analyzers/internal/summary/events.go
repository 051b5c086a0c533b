package summary

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// EventBranch is an if or switch statement that compares a
// watch.EventType with Added, Modified or Deleted (RL3001).
type EventBranch struct {
	Fn *ssa.Function
	// Pos is the position of the statement: the switch, or the first if
	// of an else-if chain.
	Pos token.Pos
	// Arms maps "ADDED", "MODIFIED" and "DELETED" to the side effects
	// (SideAny) of the code that runs for that event type.
	Arms map[string][]*SideEffect
	// Explicit says which event types the statement compares with; the
	// others take the default (or else) arm.
	Explicit map[string]bool
	// Field is set when the statement compares a field of the program's
	// own that carries the event kind (constants set per informer
	// callback, see eventKinds) instead of a watch.EventType; Values then
	// maps each event type to the constant that stands for it, and
	// KindStores are where the handlers set them.
	Field      *types.Var
	Values     map[string]string
	KindStores []RelatedPos
	// DeletedOnly are the side effects of the Deleted arm that nothing
	// else in the function does (computed when Field is set): cleanup that
	// runs only if the Deleted event is processed.
	DeletedOnly []*SideEffect
}

// evCmp is one comparison of a watch.EventType (or of an event-kind
// field) with a constant that decides an If.
type evCmp struct {
	block  *ssa.BasicBlock
	value  string // "ADDED", ...; for an event-kind field, "" for the constants no callback sets
	eqSucc int    // the successor taken when the value matches
	field  *types.Var
	konst  string // the constant compared with, as written by ExactString
}

// EventBranches returns the branches on watch.EventType of the package's
// functions, in source order.
func (s *Summary) EventBranches() []*EventBranch {
	if s.Pkg == nil {
		return nil
	}
	var out []*EventBranch
	for _, fn := range s.srcFunc {
		groups := make(map[token.Pos][]evCmp)
		var order []token.Pos
		for _, b := range fn.Blocks {
			if len(b.Instrs) == 0 {
				continue
			}
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			cmp, pos, ok := s.eventCompare(ifi.Cond)
			if !ok {
				continue
			}
			stmt := s.branchStmt(pos)
			if !stmt.IsValid() {
				continue
			}
			if _, seen := groups[stmt]; !seen {
				order = append(order, stmt)
			}
			cmp.block = b
			groups[stmt] = append(groups[stmt], cmp)
		}
		for _, stmt := range order {
			if br := s.eventBranch(fn, stmt, groups[stmt]); br != nil {
				out = append(out, br)
			}
		}
	}
	return out
}

// eventCompare recognises cond as x == C or x != C (possibly negated)
// with x a watch.EventType, or an event-kind field, and C a constant.
func (s *Summary) eventCompare(cond ssa.Value) (evCmp, token.Pos, bool) {
	if value, eq, pos, ok := watchCompare(cond); ok {
		return evCmp{value: value, eqSucc: eq}, pos, true
	}
	f := comparedField(cond)
	kinds := s.eventKinds(f)
	if kinds == nil {
		return evCmp{}, token.NoPos, false
	}
	cond, neg := stripNot(cond)
	bin := cond.(*ssa.BinOp) // comparedField checked the shape
	c, isConst := bin.Y.(*ssa.Const)
	if !isConst {
		c = bin.X.(*ssa.Const)
	}
	eq := 0
	if (bin.Op == token.NEQ) != neg {
		eq = 1
	}
	k := c.Value.ExactString()
	return evCmp{value: kinds[k], eqSucc: eq, field: f, konst: k}, bin.Pos(), true
}

// stripNot looks through up to four negations of a condition and says
// whether their number is odd.
func stripNot(cond ssa.Value) (ssa.Value, bool) {
	neg := false
	for i := 0; i < 4; i++ {
		u, isNot := cond.(*ssa.UnOp)
		if !isNot || u.Op != token.NOT {
			break
		}
		neg, cond = !neg, u.X
	}
	return cond, neg
}

// watchCompare recognises cond as x == C or x != C (possibly negated)
// with x a watch.EventType and C a constant.
func watchCompare(cond ssa.Value) (value string, eqSucc int, pos token.Pos, ok bool) {
	cond, neg := stripNot(cond)
	bin, isBin := cond.(*ssa.BinOp)
	if !isBin || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return "", 0, token.NoPos, false
	}
	x, y := bin.X, bin.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
	}
	c, isConst := y.(*ssa.Const)
	if !isConst || c.Value == nil || c.Value.Kind() != constant.String || !apis.IsWatchEventType(x.Type()) {
		return "", 0, token.NoPos, false
	}
	eq := 0
	if (bin.Op == token.NEQ) != neg {
		eq = 1
	}
	return constant.StringVal(c.Value), eq, bin.Pos(), true
}

// branchStmt returns the position of the switch statement whose case
// holds pos, or of the first if of the else-if chain whose condition
// holds pos.
func (s *Summary) branchStmt(pos token.Pos) token.Pos {
	if !pos.IsValid() {
		return token.NoPos
	}
	var file *ast.File
	for _, f := range s.Pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			file = f
		}
	}
	if file == nil {
		return token.NoPos
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for i, n := range path {
		switch x := n.(type) {
		case *ast.CaseClause:
			if i+2 < len(path) {
				if sw, ok := path[i+2].(*ast.SwitchStmt); ok {
					return sw.Pos()
				}
			}
			return token.NoPos
		case *ast.IfStmt:
			if x.Cond == nil || pos < x.Cond.Pos() || pos >= x.Cond.End() {
				return token.NoPos
			}
			stmt := x
			for j := i + 1; j < len(path); j++ {
				outer, ok := path[j].(*ast.IfStmt)
				if !ok || outer.Else != stmt {
					break
				}
				stmt = outer
			}
			return stmt.Pos()
		case *ast.BlockStmt, *ast.FuncLit, *ast.FuncDecl:
			return token.NoPos
		}
	}
	return token.NoPos
}

// eventBranch computes the arms of one statement.
func (s *Summary) eventBranch(fn *ssa.Function, stmt token.Pos, cmps []evCmp) *EventBranch {
	fi := s.Func(fn)
	if fi.Graph == nil {
		return nil
	}
	inGroup := make(map[*ssa.BasicBlock]bool)
	for _, c := range cmps {
		inGroup[c.block] = true
	}
	armBlocks := make(map[string][]*ssa.BasicBlock)
	arm := func(t string, from *ssa.BasicBlock, succ int) []*SideEffect {
		if succ < 0 || succ >= len(from.Succs) {
			return nil
		}
		entry := from.Succs[succ]
		dep := flow.Dep{Block: from, Succ: succ}
		var out []*SideEffect
		for _, b := range fn.Blocks {
			if inGroup[b] || !entry.Dominates(b) || !evHasDep(fi.Graph.ControlDeps(b), dep) {
				continue
			}
			armBlocks[t] = append(armBlocks[t], b)
			out = append(out, s.BlockSideEffects(fn, b, SideAny)...)
		}
		return out
	}
	br := &EventBranch{Fn: fn, Pos: stmt, Arms: make(map[string][]*SideEffect), Explicit: make(map[string]bool)}
	for _, c := range cmps {
		if c.field != nil {
			br.Field = c.field
		}
	}
	// The default arm follows the mismatch edge of the comparison whose
	// mismatch does not lead to another comparison of the statement.
	var last *evCmp
	for i := range cmps {
		c := &cmps[i]
		neq := 1 - c.eqSucc
		if neq < len(c.block.Succs) && !inGroup[c.block.Succs[neq]] {
			last = c
			break
		}
	}
	for _, t := range []string{apis.EventAdded, apis.EventModified, apis.EventDeleted} {
		found := false
		for _, c := range cmps {
			if c.value == t {
				br.Arms[t] = arm(t, c.block, c.eqSucc)
				br.Explicit[t], found = true, true
				if c.field != nil {
					if br.Values == nil {
						br.Values = make(map[string]string)
					}
					br.Values[t] = c.konst
				}
				break
			}
		}
		if !found && last != nil {
			br.Arms[t] = arm(t, last.block, 1-last.eqSucc)
		}
	}
	if len(br.Explicit) == 0 {
		return nil // only Error/Bookmark comparisons, or constants no callback sets
	}
	if br.Field != nil {
		br.KindStores = s.kindStores(br.Field)
		if br.Explicit[apis.EventDeleted] {
			br.DeletedOnly = s.onlyIn(fn, armBlocks[apis.EventDeleted], br.Arms[apis.EventDeleted])
		}
	}
	return br
}

// onlyIn returns the effects (of blocks) that no block of fn outside
// blocks has: compared by description, so the same helper called on
// another path (a deletion-timestamp test in a sync arm) counts.
func (s *Summary) onlyIn(fn *ssa.Function, blocks []*ssa.BasicBlock, effects []*SideEffect) []*SideEffect {
	in := make(map[*ssa.BasicBlock]bool)
	for _, b := range blocks {
		in[b] = true
	}
	elsewhere := make(map[string]bool)
	for _, b := range fn.Blocks {
		if in[b] {
			continue
		}
		for _, e := range s.BlockSideEffects(fn, b, SideAny) {
			elsewhere[e.Describe()] = true
		}
	}
	var out []*SideEffect
	for _, e := range effects {
		if !elsewhere[e.Describe()] {
			out = append(out, e)
		}
	}
	return out
}

func evHasDep(ds []flow.Dep, d flow.Dep) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// ArmSignature is the sorted, de-duplicated list of effect descriptions
// of an arm, for comparing arms.
func ArmSignature(es []*SideEffect) string {
	var ds []string
	seen := make(map[string]bool)
	for _, e := range es {
		d := e.Describe()
		if !seen[d] {
			seen[d] = true
			ds = append(ds, d)
		}
	}
	sort.Strings(ds)
	return strings.Join(ds, ", ")
}

// QueuedEvent is a queue Add whose item says why, not what, to reconcile
// (RL3003): it carries an event kind or the object itself.
type QueuedEvent struct {
	// Call is the Add, AddRateLimited or AddAfter; nil when the event
	// field is only seen in the branch of a typed reconciler.
	Call ssa.CallInstruction
	Fn   *ssa.Function
	Pos  token.Pos
	// Method is "Add", "AddRateLimited" or "AddAfter".
	Method string
	// Item is the item type, e.g. "namespaceEvent".
	Item string
	// Field is the event field; "" when the item carries the object.
	Field string
	// Reason says why the field is an event kind, or what object the item
	// carries, for messages.
	Reason string
	// Related are the stores of per-callback constants and the branches on
	// the field.
	Related []RelatedPos
}

// RelatedPos is a position with a note, for Related information.
type RelatedPos struct {
	Pos     token.Pos
	Message string
}

type evConstStore struct {
	h     *Handler
	value string
	pos   token.Pos
}

type evFieldUse struct {
	eventTyped token.Pos // a store of a watch.EventType value
	consts     []evConstStore
	branches   []RelatedPos
}

// QueuedEvents finds the queue items and typed requests that carry an
// event kind or an object.
func (s *Summary) QueuedEvents() []*QueuedEvent {
	if s.Pkg == nil {
		return nil
	}
	m := s.model()
	uses := s.evFieldUses()
	eventField := func(f *types.Var) (string, []RelatedPos) {
		if f == nil || apis.IdentityFieldNames[f.Name()] || f.Embedded() {
			return "", nil
		}
		if apis.IsWatchEventType(f.Type()) {
			return "field " + f.Name() + " holds a watch.EventType", nil
		}
		u := uses[f]
		if u == nil {
			return "", nil
		}
		if u.eventTyped.IsValid() {
			return "field " + f.Name() + " holds a watch.EventType", []RelatedPos{{u.eventTyped, "the event type is stored here"}}
		}
		var rel []RelatedPos
		byValue := make(map[string]*Handler)
		var parts []string
		distinct := false
		for _, c := range u.consts {
			rel = append(rel, RelatedPos{c.pos, "set to " + c.value + " in " + c.h.Describe()})
			for v, h := range byValue {
				if v != c.value && h != c.h {
					distinct = true
				}
			}
			if _, ok := byValue[c.value]; !ok {
				byValue[c.value] = c.h
				parts = append(parts, c.value+" in "+c.h.Describe())
			}
		}
		switch {
		case distinct:
			return "field " + f.Name() + " is set to a different constant per callback (" + strings.Join(parts, ", ") + ")", rel
		case len(u.consts) > 0 && len(u.branches) > 0:
			rel = append(rel, u.branches...)
			return "field " + f.Name() + " is set to " + strings.Join(parts, ", ") + " and the reconciler branches on it", rel
		}
		return "", nil
	}
	var out []*QueuedEvent
	reported := make(map[*types.Var]bool)
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := ssax.CalleeFunc(call.Common())
				if callee == nil || !apis.IsQueueAdd(apis.FuncOf(callee)) {
					continue
				}
				args := ssax.CallArgs(call.Common())
				if len(args) == 0 {
					continue
				}
				q := &QueuedEvent{Call: call, Fn: fn, Pos: call.Pos(), Method: callee.Name()}
				item, _ := evStripConv(args[0])
				t := item.Type()
				q.Item = hTypeString(t)
				if st, ok := ssax.Deref(t).Underlying().(*types.Struct); ok && !apis.IsObject(t) {
					for i := 0; i < st.NumFields(); i++ {
						f := st.Field(i).Origin()
						if reason, rel := eventField(f); reason != "" {
							q.Field, q.Reason, q.Related = f.Name(), reason, rel
							reported[f] = true
							break
						}
						if evIsPayload(st.Field(i).Type()) && !f.Embedded() {
							q.Reason = "field " + f.Name() + " carries the object (" + hTypeString(st.Field(i).Type()) + ")"
							break
						}
					}
				} else if evIsPayload(t) {
					q.Reason = "it is the object itself (" + hTypeString(t) + ")"
				} else if p, ok := item.(*ssa.Parameter); ok && evIsEmptyIface(t) {
					if h := m.bodyOf[p.Parent()]; h != nil && h.Kind == apis.InformerHandler && h.Fn == p.Parent() {
						q.Reason = "it is the object the informer passed to " + h.Describe()
					}
				}
				if q.Reason != "" {
					out = append(out, q)
				}
			}
		}
	}
	// Event fields of typed reconcile requests that no Add of this package
	// fills (the handlers are elsewhere): report the branch.
	for _, r := range s.Roots {
		if r.Kind != RootTyped || r.Request == nil {
			continue
		}
		st, ok := ssax.Deref(r.Request.Type()).Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i).Origin()
			if reported[f] || uses[f] == nil || len(uses[f].branches) == 0 {
				continue
			}
			reason, rel := eventField(f)
			if reason == "" || !apis.IsWatchEventType(f.Type()) && len(uses[f].consts) == 0 {
				continue
			}
			reported[f] = true
			out = append(out, &QueuedEvent{Fn: r.Fn, Pos: uses[f].branches[0].Pos, Item: hTypeString(r.Request.Type()),
				Field: f.Name(), Reason: reason, Related: rel})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

// evFieldUses scans the package for the stores into struct fields of
// constants set by handler callbacks (directly, or through a parameter of
// a helper the callbacks call with constants) and of watch.EventType
// values, and for the comparisons of fields with constants. Memoized.
func (s *Summary) evFieldUses() map[*types.Var]*evFieldUse {
	m := s.model()
	if m.evUses != nil {
		return m.evUses
	}
	uses := make(map[*types.Var]*evFieldUse)
	use := func(f *types.Var) *evFieldUse {
		u := uses[f]
		if u == nil {
			u = &evFieldUse{}
			uses[f] = u
		}
		return u
	}
	for _, fn := range s.srcFunc {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					fa, ok := x.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					f := evStructField(fa.X.Type(), fa.Field)
					if f == nil {
						continue
					}
					v, sawEventType := evStripConv(x.Val)
					if sawEventType {
						use(f).eventTyped = x.Pos()
					}
					// A variable reassigned on some path (eventType =
					// EventSync) is a Phi: each incoming value counts.
					vals := []ssa.Value{v}
					if phi, ok := v.(*ssa.Phi); ok {
						vals = phi.Edges
					}
					for _, v := range vals {
						v, _ = evStripConv(v)
						if c, ok := v.(*ssa.Const); ok && c.Value != nil {
							if h := m.bodyOf[fn]; h != nil {
								use(f).consts = append(use(f).consts, evConstStore{h, c.Value.ExactString(), x.Pos()})
							}
						} else if p, ok := v.(*ssa.Parameter); ok && m.bodyOf[fn] == nil {
							use(f).consts = append(use(f).consts, s.constArgsFromHandlers(fn, p)...)
						}
					}
				case *ssa.If:
					if f := comparedField(x.Cond); f != nil {
						use(f).branches = append(use(f).branches, RelatedPos{x.Cond.Pos(), "compared with a constant in " + FuncName(fn)})
					}
				}
			}
		}
	}
	m.evUses = uses
	return uses
}

// eventKinds returns, for a struct field that carries the event kind in
// constants of the program's own (set to different constants by the add,
// update and delete callbacks of an informer or controller-runtime
// handler, as postgres-operator's ClusterEvent.EventType), the watch event
// type each constant stands for, by the callback that sets it. It returns
// nil for other fields, and when one constant is set by callbacks of
// different event types.
func (s *Summary) eventKinds(f *types.Var) map[string]string {
	if f == nil || apis.IdentityFieldNames[f.Name()] || f.Embedded() || apis.IsWatchEventType(f.Type()) {
		return nil
	}
	u := s.evFieldUses()[f]
	if u == nil {
		return nil
	}
	kinds := make(map[string]string)
	distinct := make(map[string]bool)
	for _, c := range u.consts {
		k := apis.CallbackEventType(c.h.Callback)
		if k == "" {
			continue
		}
		if old, ok := kinds[c.value]; ok && old != k {
			return nil
		}
		kinds[c.value] = k
		distinct[k] = true
	}
	if len(distinct) < 2 {
		return nil
	}
	return kinds
}

// kindStores returns where the handlers set the event-kind field f.
func (s *Summary) kindStores(f *types.Var) []RelatedPos {
	var out []RelatedPos
	for _, c := range s.evFieldUses()[f].consts {
		if apis.CallbackEventType(c.h.Callback) != "" {
			out = append(out, RelatedPos{c.pos, f.Name() + " is set to " + c.value + " in " + c.h.Describe()})
		}
	}
	return out
}

// constArgsFromHandlers returns the constants passed for parameter p of fn
// by calls in handler bodies.
func (s *Summary) constArgsFromHandlers(fn *ssa.Function, p *ssa.Parameter) []evConstStore {
	idx := ssax.ParamIndex(fn, p)
	if idx < 0 {
		return nil
	}
	var out []evConstStore
	for _, e := range s.calls[fn] {
		h := s.model().bodyOf[e.caller]
		c, ok := e.site.(ssa.CallInstruction)
		if h == nil || !ok || c.Common().IsInvoke() || idx >= len(c.Common().Args) {
			continue
		}
		if k, ok := c.Common().Args[idx].(*ssa.Const); ok && k.Value != nil {
			out = append(out, evConstStore{h, k.Value.ExactString(), c.Pos()})
		}
	}
	return out
}

// evStripConv looks through conversions and interface boxing, and says
// whether a watch.EventType value was seen on the way.
func evStripConv(v ssa.Value) (ssa.Value, bool) {
	saw := false
	for i := 0; i < 8 && v != nil; i++ {
		if apis.IsWatchEventType(v.Type()) {
			if _, isConst := v.(*ssa.Const); !isConst {
				saw = true
			}
		}
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v, saw
		}
	}
	return v, saw
}

// evStructField returns field i of the struct behind t (a pointer to a
// struct), as the generic field.
func evStructField(t types.Type, i int) *types.Var {
	st, ok := ssax.Deref(t).Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
}

// comparedField returns the struct field compared with a constant by
// cond, or nil.
func comparedField(cond ssa.Value) *types.Var {
	cond, _ = stripNot(cond)
	bin, ok := cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
		return nil
	}
	x, y := bin.X, bin.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
	}
	if c, isConst := y.(*ssa.Const); !isConst || c.Value == nil {
		return nil
	}
	x, _ = evStripConv(x)
	switch v := x.(type) {
	case *ssa.Field:
		return evStructField(v.X.Type(), v.Field)
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return evStructField(fa.X.Type(), fa.Field)
		}
	}
	return nil
}

// evIsPayload reports whether t is an API object (a pointer to a kind, or
// client.Object, metav1.Object or runtime.Object).
func evIsPayload(t types.Type) bool {
	if apis.IsObject(t) {
		return true
	}
	if iface, ok := types.Unalias(t).Underlying().(*types.Interface); ok && iface.NumMethods() > 0 {
		ms := types.NewMethodSet(t)
		return evHasMethod(ms, "DeepCopyObject") || evHasMethod(ms, "GetResourceVersion") && evHasMethod(ms, "GetName")
	}
	return false
}

func evHasMethod(ms *types.MethodSet, name string) bool {
	for i := 0; i < ms.Len(); i++ {
		if ms.At(i).Obj().Name() == name {
			return true
		}
	}
	return false
}

func evIsEmptyIface(t types.Type) bool {
	iface, ok := types.Unalias(t).Underlying().(*types.Interface)
	return ok && iface.NumMethods() == 0
}
