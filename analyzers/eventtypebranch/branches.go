package eventtypebranch

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
	"github.com/reconcilelint/reconcilelint/analyzers/internal/handlers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// finder finds the branches on the watch event type of one package.
type finder struct {
	s  *summary.Summary
	hm *handlers.Model
}

// branch is an if or switch statement that compares a
// watch.EventType with Added, Modified or Deleted (RL3001).
type branch struct {
	Fn *ssa.Function
	// Pos is the position of the statement: the switch, or the first if
	// of an else-if chain.
	Pos token.Pos
	// Arms maps "ADDED", "MODIFIED" and "DELETED" to the side effects
	// (SideAny) of the code that runs for that event type.
	Arms map[string][]*handlers.SideEffect
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
	KindStores []handlers.RelatedPos
	// DeletedOnly are the side effects of the Deleted arm that nothing
	// else in the function does (computed when Field is set): cleanup that
	// runs only if the Deleted event is processed.
	DeletedOnly []*handlers.SideEffect
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

// eventBranches returns the branches on watch.EventType of the package's
// functions, in source order.
func (bf *finder) eventBranches() []*branch {
	var out []*branch
	for _, fn := range bf.s.Funcs() {
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
			cmp, pos, ok := bf.eventCompare(ifi.Cond)
			if !ok {
				continue
			}
			stmt := bf.branchStmt(pos)
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
			if br := bf.eventBranch(fn, stmt, groups[stmt]); br != nil {
				out = append(out, br)
			}
		}
	}
	return out
}

// eventCompare recognises cond as x == C or x != C (possibly negated)
// with x a watch.EventType, or an event-kind field, and C a constant.
func (bf *finder) eventCompare(cond ssa.Value) (evCmp, token.Pos, bool) {
	if value, eq, pos, ok := watchCompare(cond); ok {
		return evCmp{value: value, eqSucc: eq}, pos, true
	}
	f := handlers.ComparedField(cond)
	kinds := bf.eventKinds(f)
	if kinds == nil {
		return evCmp{}, token.NoPos, false
	}
	cond, neg := ssax.StripNot(cond)
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

// watchCompare recognises cond as x == C or x != C (possibly negated)
// with x a watch.EventType and C a constant.
func watchCompare(cond ssa.Value) (value string, eqSucc int, pos token.Pos, ok bool) {
	cond, neg := ssax.StripNot(cond)
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
func (bf *finder) branchStmt(pos token.Pos) token.Pos {
	if !pos.IsValid() {
		return token.NoPos
	}
	var file *ast.File
	for _, f := range bf.s.Pass.Files {
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
func (bf *finder) eventBranch(fn *ssa.Function, stmt token.Pos, cmps []evCmp) *branch {
	fi := bf.s.Func(fn)
	if fi.Graph == nil {
		return nil
	}
	inGroup := make(map[*ssa.BasicBlock]bool)
	for _, c := range cmps {
		inGroup[c.block] = true
	}
	armBlocks := make(map[string][]*ssa.BasicBlock)
	arm := func(t string, from *ssa.BasicBlock, succ int) []*handlers.SideEffect {
		if succ < 0 || succ >= len(from.Succs) {
			return nil
		}
		entry := from.Succs[succ]
		dep := flow.Dep{Block: from, Succ: succ}
		var out []*handlers.SideEffect
		for _, b := range fn.Blocks {
			if inGroup[b] || !entry.Dominates(b) || !evHasDep(fi.Graph.ControlDeps(b), dep) {
				continue
			}
			armBlocks[t] = append(armBlocks[t], b)
			out = append(out, bf.hm.BlockSideEffects(fn, b, handlers.SideAny)...)
		}
		return out
	}
	br := &branch{Fn: fn, Pos: stmt, Arms: make(map[string][]*handlers.SideEffect), Explicit: make(map[string]bool)}
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
		br.KindStores = bf.kindStores(br.Field)
		if br.Explicit[apis.EventDeleted] {
			br.DeletedOnly = bf.onlyIn(fn, armBlocks[apis.EventDeleted], br.Arms[apis.EventDeleted])
		}
	}
	return br
}

// onlyIn returns the effects (of blocks) that no block of fn outside
// blocks has: compared by description, so the same helper called on
// another path (a deletion-timestamp test in a sync arm) counts.
func (bf *finder) onlyIn(fn *ssa.Function, blocks []*ssa.BasicBlock, effects []*handlers.SideEffect) []*handlers.SideEffect {
	in := make(map[*ssa.BasicBlock]bool)
	for _, b := range blocks {
		in[b] = true
	}
	elsewhere := make(map[string]bool)
	for _, b := range fn.Blocks {
		if in[b] {
			continue
		}
		for _, e := range bf.hm.BlockSideEffects(fn, b, handlers.SideAny) {
			elsewhere[e.Describe()] = true
		}
	}
	var out []*handlers.SideEffect
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

// armSignature is the sorted, de-duplicated list of effect descriptions
// of an arm, for comparing arms.
func armSignature(es []*handlers.SideEffect) string {
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

// eventKinds returns, for a struct field that carries the event kind in
// constants of the program's own (set to different constants by the add,
// update and delete callbacks of an informer or controller-runtime
// handler, as postgres-operator's ClusterEvent.EventType), the watch event
// type each constant stands for, by the callback that sets it. It returns
// nil for other fields, and when one constant is set by callbacks of
// different event types.
func (bf *finder) eventKinds(f *types.Var) map[string]string {
	if f == nil || apis.IdentityFieldNames[f.Name()] || f.Embedded() || apis.IsWatchEventType(f.Type()) {
		return nil
	}
	u := bf.hm.FieldUses()[f]
	if u == nil {
		return nil
	}
	kinds := make(map[string]string)
	distinct := make(map[string]bool)
	for _, c := range u.Consts {
		k := apis.CallbackEventType(c.Handler.Callback)
		if k == "" {
			continue
		}
		if old, ok := kinds[c.Value]; ok && old != k {
			return nil
		}
		kinds[c.Value] = k
		distinct[k] = true
	}
	if len(distinct) < 2 {
		return nil
	}
	return kinds
}

// kindStores returns where the handlers set the event-kind field f.
func (bf *finder) kindStores(f *types.Var) []handlers.RelatedPos {
	var out []handlers.RelatedPos
	for _, c := range bf.hm.FieldUses()[f].Consts {
		if apis.CallbackEventType(c.Handler.Callback) != "" {
			out = append(out, handlers.RelatedPos{Pos: c.Pos, Message: f.Name() + " is set to " + c.Value + " in " + c.Handler.Describe()})
		}
	}
	return out
}
