package wiring

import (
	"go/constant"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// This file evaluates the body of a predicate's Update function (the
// Update method of a user predicate type, or the UpdateFunc of a
// predicate.Funcs) on the abstract update events of checks.md §1.7. It
// follows the function's branches under the event's facts (which metadata
// fields differ between the old and the new object, which are zero) and
// joins the booleans it can return.

// updateEvent is one abstract update event of the primary object.
type updateEvent struct {
	// changed lists the fields that differ between the old and the new
	// object; every other field (spec, status, labels, …) is equal.
	changed []string
	// genZero says whether metadata.generation is 0 on both sides (a
	// generation-less kind).
	genZero bool
	// deletedNew says whether the new object carries the deletion mark
	// (the old one never does).
	deletedNew bool
}

// The update events of PredicateValue.
var (
	evFO      = updateEvent{changed: []string{apis.FinalizersField, apis.ResourceVersionField}}
	evFONoGen = updateEvent{changed: []string{apis.FinalizersField, apis.ResourceVersionField}, genZero: true}
	evDM      = updateEvent{changed: []string{apis.GenerationField, apis.DeletionTimestampField, apis.ResourceVersionField}, deletedNew: true}
	evDMNoGen = updateEvent{changed: []string{apis.DeletionTimestampField, apis.ResourceVersionField}, genZero: true, deletedNew: true}
	evLabels  = updateEvent{changed: []string{apis.LabelsField, apis.ResourceVersionField}}
	evAnnots  = updateEvent{changed: []string{apis.AnnotationsField, apis.ResourceVersionField}}
	evSpec    = updateEvent{changed: []string{apis.SpecField, apis.GenerationField, apis.ResourceVersionField}}
	// evSpecOther changes a field of the spec that the update function
	// does not compare (none of its compared paths names it).
	evSpecOther = updateEvent{changed: []string{apis.SpecField + ".\x00other", apis.GenerationField, apis.ResourceVersionField}}
)

// equal says whether the field path is equal on both sides.
func (e updateEvent) equal(path string) summary.TriState {
	if path == apis.ManagedFieldsField || strings.HasPrefix(path, apis.ManagedFieldsField+".") {
		return summary.TriUnknown
	}
	for _, c := range e.changed {
		if path == c || strings.HasPrefix(path, c+".") || strings.HasPrefix(c, path+".") {
			return summary.TriNo
		}
	}
	return summary.TriYes
}

// zero says whether the field path is zero (or nil) on a side.
func (e updateEvent) zero(path string, side int) summary.TriState {
	switch path {
	case apis.GenerationField:
		return triOf(e.genZero)
	case apis.DeletionTimestampField:
		return triOf(side == apis.OldSide || !e.deletedNew)
	}
	return summary.TriUnknown
}

func triOf(b bool) summary.TriState {
	if b {
		return summary.TriYes
	}
	return summary.TriNo
}

// avKind classifies abstract values.
type avKind uint8

const (
	avUnknown avKind = iota
	avBool           // b
	avInt            // n
	avNil            // the nil constant
	avEvent          // the update event (or its address)
	avObj            // the old or new object, or its metadata (side)
	avField          // a field of the old or new object (side, path)
)

// aval is an abstract value.
type aval struct {
	k    avKind
	b    bool
	n    int64
	side int
	path string
}

var unknownVal = aval{}

func boolVal(b bool) aval { return aval{k: avBool, b: b} }

func triVal(t summary.TriState) aval {
	switch t {
	case summary.TriYes:
		return boolVal(true)
	case summary.TriNo:
		return boolVal(false)
	}
	return unknownVal
}

// joinVal merges the values of alternative paths.
func joinVal(a, b aval) aval {
	if a == b {
		return a
	}
	return unknownVal
}

// updateEval evaluates one function body under one event.
type updateEval struct {
	ev    updateEvent
	env   map[ssa.Value]aval
	reach map[*ssa.BasicBlock]bool
	memo  map[ssa.Value]aval
	busy  map[ssa.Value]bool
	depth int
	// pkg is the package of the evaluated function: helpers are inlined
	// only from it (its bodies are the only ones built).
	pkg *ssa.Package
	// forward returns the call a call makes through forwarders
	// (summary.Forward).
	forward func(*ssa.CallCommon) *ssa.CallCommon
	// assertOK is the ok result of a comma-ok type assertion of the
	// event's objects to the kind assertKind (Unknown: not assumed).
	assertKind string
	assertOK   summary.TriState
	// compared, when set, records the field paths the function compares
	// between the old and the new object.
	compared map[string]bool
}

// maxUpdateInline bounds the nesting of local helpers evaluated inline.
const maxUpdateInline = 3

// evalUpdateFunc evaluates fn, whose last parameter is the update event,
// on the update events, seeing calls through forward. Outcomes it cannot
// decide are Unknown.
func evalUpdateFunc(fn *ssa.Function, forward func(*ssa.CallCommon) *ssa.CallCommon) PredicateValue {
	if fn == nil || len(fn.Blocks) == 0 || len(fn.Params) == 0 {
		return PredicateValue{}
	}
	ev := fn.Params[len(fn.Params)-1]
	env := map[ssa.Value]aval{ev: {k: avEvent}}
	value := func(kind string, ok summary.TriState) PredicateValue {
		var compared map[string]bool
		out := func(e updateEvent) PredOutcome {
			v := (&updateEval{ev: e, pkg: fn.Pkg, forward: forward, assertKind: kind, assertOK: ok, compared: compared}).call(fn, env, 0)
			if v.k != avBool {
				return PredUnknown
			}
			if v.b {
				return PredPass
			}
			return PredBlock
		}
		pv := PredicateValue{FO: out(evFO), FONoGen: out(evFONoGen), DM: out(evDM), DMNoGen: out(evDMNoGen),
			Labels: out(evLabels), Annotations: out(evAnnots)}
		// The spec update, recording which parts of the spec it compares:
		// comparing some fields only, it drops a change of the others.
		compared = map[string]bool{}
		pv.Spec = out(evSpec)
		pv.SpecOther = pv.Spec
		partial := func() bool {
			for p := range compared {
				if strings.HasPrefix(p, apis.SpecField+".") {
					return !compared[apis.SpecField]
				}
			}
			return false
		}
		if partial() {
			// A change of none of the compared fields; the comparisons
			// a short circuit skipped under evSpec run here (every one
			// of an || chain), so the set is complete.
			pv.SpecOther = out(evSpecOther)
			if partial() {
				for p := range compared {
					if strings.HasPrefix(p, apis.SpecField+".") {
						pv.SpecCompared = append(pv.SpecCompared, p)
					}
				}
				slices.Sort(pv.SpecCompared)
			} else {
				pv.SpecOther = pv.Spec
			}
		}
		compared = nil
		return pv
	}
	kind := assertedKind(fn, env, forward)
	if kind == "" {
		return value("", summary.TriUnknown)
	}
	// `o, ok := e.ObjectNew.(*T)`: one outcome for objects of kind T, one
	// for the others; the watch that uses the predicate picks (ForKind).
	pv, others := value(kind, summary.TriYes), value(kind, summary.TriNo)
	if !pv.same(others) {
		pv.Asserts, pv.Others = kind, &others
	}
	return pv
}

// assertedKind returns the kind (KindKey) that fn asserts its event's
// objects to with comma-ok type assertions, or "" when it asserts none or
// more than one.
func assertedKind(fn *ssa.Function, env map[ssa.Value]aval, forward func(*ssa.CallCommon) *ssa.CallCommon) string {
	u := &updateEval{ev: evFO, pkg: fn.Pkg, forward: forward, env: env, reach: map[*ssa.BasicBlock]bool{},
		memo: map[ssa.Value]aval{}, busy: map[ssa.Value]bool{}}
	kind := ""
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ta, ok := instr.(*ssa.TypeAssert)
			if !ok || !ta.CommaOk || u.val(ta.X).k != avObj {
				continue
			}
			k := KindKey(ta.AssertedType)
			if k == "" || kind != "" && k != kind {
				return ""
			}
			kind = k
		}
	}
	return kind
}

// evalEventFunc evaluates a predicate callback of another event (Create):
// Pass or Block when every return reachable without knowing the event
// returns the same constant, Unknown otherwise.
func evalEventFunc(fn *ssa.Function, forward func(*ssa.CallCommon) *ssa.CallCommon) PredOutcome {
	if fn == nil || len(fn.Blocks) == 0 || len(fn.Params) == 0 {
		return PredUnknown
	}
	v := (&updateEval{pkg: fn.Pkg, forward: forward}).call(fn, map[ssa.Value]aval{}, 0)
	if v.k != avBool {
		return PredUnknown
	}
	if v.b {
		return PredPass
	}
	return PredBlock
}

// call evaluates the result of fn with its parameters bound by env.
func (u *updateEval) call(fn *ssa.Function, env map[ssa.Value]aval, depth int) aval {
	inner := &updateEval{ev: u.ev, env: env, reach: map[*ssa.BasicBlock]bool{fn.Blocks[0]: true}, depth: depth, pkg: u.pkg, forward: u.forward,
		assertKind: u.assertKind, assertOK: u.assertOK, compared: u.compared}
	// Reachability grows monotonically: a condition evaluated with fewer
	// reachable Phi edges is at least as precise as the final one, so its
	// successors are a subset of the final ones.
	for changed := true; changed; {
		changed = false
		inner.memo, inner.busy = make(map[ssa.Value]aval), make(map[ssa.Value]bool)
		for _, b := range fn.Blocks {
			if !inner.reach[b] {
				continue
			}
			for _, succ := range inner.feasibleSuccs(b) {
				if !inner.reach[succ] {
					inner.reach[succ] = true
					changed = true
				}
			}
		}
	}
	inner.memo, inner.busy = make(map[ssa.Value]aval), make(map[ssa.Value]bool)
	res, first := unknownVal, true
	for _, b := range fn.Blocks {
		if !inner.reach[b] || len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue // a panic returns nothing
		}
		if len(ret.Results) != 1 {
			return unknownVal
		}
		v := inner.val(ret.Results[0])
		if first {
			res, first = v, false
		} else {
			res = joinVal(res, v)
		}
	}
	return res
}

// feasibleSuccs returns the successors of b that its terminator can take.
func (u *updateEval) feasibleSuccs(b *ssa.BasicBlock) []*ssa.BasicBlock {
	if len(b.Instrs) == 0 {
		return nil
	}
	if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && len(b.Succs) == 2 {
		if c := u.val(iff.Cond); c.k == avBool {
			if c.b {
				return b.Succs[:1]
			}
			return b.Succs[1:]
		}
	}
	return b.Succs
}

// val evaluates v.
func (u *updateEval) val(v ssa.Value) aval {
	if a, ok := u.env[v]; ok {
		return a
	}
	if a, ok := u.memo[v]; ok {
		return a
	}
	if u.busy[v] {
		return unknownVal
	}
	u.busy[v] = true
	a := u.compute(v)
	delete(u.busy, v)
	u.memo[v] = a
	return a
}

func (u *updateEval) compute(v ssa.Value) aval {
	switch x := v.(type) {
	case *ssa.Const:
		return constVal(x)
	case *ssa.MakeInterface:
		return u.val(x.X)
	case *ssa.ChangeInterface:
		return u.val(x.X)
	case *ssa.ChangeType:
		return u.val(x.X)
	case *ssa.TypeAssert:
		if !x.CommaOk {
			return u.val(x.X)
		}
	case *ssa.Extract:
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			return u.val(ta.X)
		}
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 1 && u.assertOK != summary.TriUnknown &&
			KindKey(ta.AssertedType) == u.assertKind && u.val(ta.X).k == avObj {
			return triVal(u.assertOK)
		}
	case *ssa.Alloc:
		// A spilled parameter: the address of its only stored value.
		var stored ssa.Value
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x {
				if stored != nil {
					return unknownVal
				}
				stored = st.Val
			}
		}
		if stored != nil {
			return u.val(stored)
		}
	case *ssa.UnOp:
		switch x.Op {
		case token.MUL:
			if a := u.val(x.X); a.k == avEvent || a.k == avObj || a.k == avField {
				return a
			}
		case token.NOT:
			if a := u.val(x.X); a.k == avBool {
				return boolVal(!a.b)
			}
		}
	case *ssa.Field:
		return u.field(u.val(x.X), ssax.FieldName(x.X.Type(), x.Field))
	case *ssa.FieldAddr:
		return u.field(u.val(x.X), ssax.FieldName(x.X.Type(), x.Field))
	case *ssa.BinOp:
		return u.binOp(x)
	case *ssa.Phi:
		return u.phi(x)
	case *ssa.Call:
		return u.callValue(x)
	}
	return unknownVal
}

func constVal(c *ssa.Const) aval {
	switch {
	case c.IsNil():
		return aval{k: avNil}
	case c.Value == nil:
		return unknownVal
	case c.Value.Kind() == constant.Bool:
		return boolVal(constant.BoolVal(c.Value))
	case c.Value.Kind() == constant.Int:
		if n, ok := constant.Int64Val(c.Value); ok {
			return aval{k: avInt, n: n}
		}
	}
	return unknownVal
}

// field selects a field of an abstract value.
func (u *updateEval) field(x aval, name string) aval {
	switch x.k {
	case avEvent:
		if side := apis.UpdateEventSide(name); side != apis.NoSide {
			return aval{k: avObj, side: side}
		}
	case avObj:
		if name == apis.ObjectMetaField {
			return x
		}
		return aval{k: avField, side: x.side, path: name}
	case avField:
		return aval{k: avField, side: x.side, path: x.path + "." + name}
	}
	return unknownVal
}

func (u *updateEval) phi(p *ssa.Phi) aval {
	res, first := unknownVal, true
	for i, e := range p.Edges {
		pred := p.Block().Preds[i]
		if !u.reach[pred] || !u.edgeFeasible(pred, p.Block()) {
			continue
		}
		v := u.val(e)
		if first {
			res, first = v, false
		} else {
			res = joinVal(res, v)
		}
	}
	return res
}

func (u *updateEval) edgeFeasible(from, to *ssa.BasicBlock) bool {
	for _, s := range u.feasibleSuccs(from) {
		if s == to {
			return true
		}
	}
	return false
}

// binOp evaluates comparisons of event fields, booleans and integers.
func (u *updateEval) binOp(x *ssa.BinOp) aval {
	l, r := u.val(x.X), u.val(x.Y)
	var eq aval
	switch x.Op {
	case token.EQL, token.NEQ:
		eq = u.equal(l, r)
	default:
		if l.k == avInt && r.k == avInt {
			switch x.Op {
			case token.LSS:
				return boolVal(l.n < r.n)
			case token.GTR:
				return boolVal(l.n > r.n)
			case token.LEQ:
				return boolVal(l.n <= r.n)
			case token.GEQ:
				return boolVal(l.n >= r.n)
			}
		}
		return unknownVal
	}
	if eq.k == avBool && x.Op == token.NEQ {
		return boolVal(!eq.b)
	}
	return eq
}

// equal decides l == r.
func (u *updateEval) equal(l, r aval) aval {
	if r.k == avField || r.k == avObj {
		l, r = r, l
	}
	switch {
	case l.k == avBool && r.k == avBool, l.k == avInt && r.k == avInt:
		return boolVal(l == r)
	case l.k == avObj && r.k == avNil:
		return boolVal(false) // the event's objects are never nil
	case l.k == avField && r.k == avField && l.path == r.path:
		if l.side == r.side {
			return boolVal(true)
		}
		if u.compared != nil {
			u.compared[l.path] = true
		}
		return triVal(u.ev.equal(l.path))
	case l.k == avField && (r.k == avNil || r.k == avInt && r.n == 0):
		return triVal(u.ev.zero(l.path, l.side))
	}
	return unknownVal
}

// callValue evaluates metadata getters of the event's objects, equality
// functions on their fields, Time.IsZero, and local helpers.
func (u *updateEval) callValue(c *ssa.Call) aval {
	if fc := u.forward(&c.Call); ssax.CalleeFunc(fc) != nil {
		if v, ok := u.apiCallValue(fc, apis.FuncOf(ssax.CalleeFunc(fc))); ok {
			return v
		}
	}
	// A local helper or closure of the package: evaluated inline.
	fn := c.Call.StaticCallee()
	if fn == nil || u.depth >= maxUpdateInline || len(fn.Blocks) == 0 || ssax.PkgOf(fn) != u.pkg {
		return unknownVal
	}
	if sig := fn.Signature; sig.Results().Len() != 1 || !ssax.IsBool(sig.Results().At(0).Type()) {
		return unknownVal
	}
	env := make(map[ssa.Value]aval, len(fn.Params))
	for i, p := range fn.Params {
		if i < len(c.Call.Args) {
			if a := u.val(c.Call.Args[i]); a.k != avUnknown {
				env[p] = a
			}
		}
	}
	// A closure: its free variables are the values it captured (the
	// event, or its spilled address).
	if mc, ok := c.Call.Value.(*ssa.MakeClosure); ok && len(mc.Bindings) == len(fn.FreeVars) {
		for i, fv := range fn.FreeVars {
			if a := u.val(mc.Bindings[i]); a.k != avUnknown {
				env[fv] = a
			}
		}
	}
	return u.call(fn, env, u.depth+1)
}

// apiCallValue evaluates calls of the API: metadata getters of the
// event's objects, Time.IsZero and equality functions; ok is false for
// any other call.
func (u *updateEval) apiCallValue(c *ssa.CallCommon, f apis.Func) (aval, bool) {
	if recv := ssax.CallRecv(c); recv != nil {
		rv := u.val(recv)
		if path := apis.MetaGetterField(f.Name); path != "" && rv.k == avObj {
			return aval{k: avField, side: rv.side, path: path}, true
		}
		if apis.IsTimeIsZero(f) && rv.k == avField {
			return triVal(u.ev.zero(rv.path, rv.side)), true
		}
	}
	if apis.IsTwoValueEquality(f) {
		args := ssax.CallArgs(c)
		if len(args) >= 2 {
			return u.equal(u.val(args[0]), u.val(args[1])), true
		}
		return unknownVal, true
	}
	return unknownVal, false
}
