package handlers

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// RelatedPos is a position with a note, for Related information.
type RelatedPos struct {
	Pos     token.Pos
	Message string
}

// ConstStore is a store of a constant into a struct field by a handler:
// directly in its body, or through a parameter of a helper it calls with
// the constant.
type ConstStore struct {
	Handler *Handler
	// Value is the constant, as written by constant.Value.ExactString.
	Value string
	Pos   token.Pos
}

// FieldUse is what the package does with a struct field that may carry
// an event kind.
type FieldUse struct {
	// EventTyped is a store of a watch.EventType value into the field, or
	// token.NoPos.
	EventTyped token.Pos
	// Consts are the stores of constants into the field by handlers.
	Consts []ConstStore
	// Branches are the comparisons of the field with a constant.
	Branches []RelatedPos
}

// FieldUses returns what the package's functions do with struct fields
// (keyed by the generic field): the stores of constants by handler
// callbacks (directly, or through a parameter of a helper the callbacks
// call with constants) and of watch.EventType values, and the
// comparisons of the fields with constants. Computed once.
func (m *Model) FieldUses() map[*types.Var]*FieldUse {
	m.usesOnce.Do(func() {
		m.mu.Lock() // the model's view is read under mu
		defer m.mu.Unlock()
		m.uses = m.fieldUses()
	})
	return m.uses
}

func (m *Model) fieldUses() map[*types.Var]*FieldUse {
	uses := make(map[*types.Var]*FieldUse)
	use := func(f *types.Var) *FieldUse {
		u := uses[f]
		if u == nil {
			u = &FieldUse{}
			uses[f] = u
		}
		return u
	}
	for _, fn := range m.s.Funcs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					fa, ok := x.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					f := ssax.FieldVar(fa.X.Type(), fa.Field)
					if f == nil {
						continue
					}
					v, sawEventType := StripEventConv(x.Val)
					if sawEventType {
						use(f).EventTyped = x.Pos()
					}
					// A variable reassigned on some path (eventType =
					// EventSync) is a Phi: each incoming value counts.
					vals := []ssa.Value{v}
					if phi, ok := v.(*ssa.Phi); ok {
						vals = phi.Edges
					}
					// A variable a closure captures and may reassign: every
					// value stored into it.
					if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
						if fv, ok := u.X.(*ssa.FreeVar); ok {
							if stored := ssax.CellStores(fv); stored != nil {
								vals = stored
							}
						}
					}
					for _, v := range vals {
						v, _ = StripEventConv(v)
						if c, ok := v.(*ssa.Const); ok && c.Value != nil {
							if h := m.callerHandler(fn, 0); h != nil {
								use(f).Consts = append(use(f).Consts, ConstStore{h, c.Value.ExactString(), x.Pos()})
							}
						} else if p := ssax.CapturedParam(v); p != nil && m.bodyOf[p.Parent()] == nil {
							idx := ssax.ParamIndex(p.Parent(), p)
							use(f).Consts = append(use(f).Consts, m.constArgsFromHandlers(p.Parent(), idx, 0)...)
							use(f).Consts = append(use(f).Consts, m.constArgsOfFactories(p)...)
						}
					}
				case *ssa.If:
					if f := ComparedField(x.Cond); f != nil {
						use(f).Branches = append(use(f).Branches, RelatedPos{x.Cond.Pos(), "compared with a constant in " + ssax.FuncName(fn)})
					}
				}
			}
		}
	}
	return uses
}

// maxHandlerDepth bounds how many helper levels constArgsFromHandlers and
// callerHandler follow.
const maxHandlerDepth = 4

// constArgsFromHandlers returns the constants passed for parameter idx of
// fn by calls in handler bodies, directly or through helpers that pass a
// parameter of theirs on (a callback whose body is in a helper, a helper
// that builds the queue item).
func (m *Model) constArgsFromHandlers(fn *ssa.Function, idx, depth int) []ConstStore {
	if idx < 0 || depth > maxHandlerDepth {
		return nil
	}
	var out []ConstStore
	for _, e := range m.s.CallersOf(fn) {
		c, ok := e.Site.(ssa.CallInstruction)
		if !ok || c.Common().IsInvoke() || idx >= len(c.Common().Args) {
			continue
		}
		switch a := c.Common().Args[idx].(type) {
		case *ssa.Const:
			if h := m.callerHandler(e.Caller, 0); h != nil && a.Value != nil {
				out = append(out, ConstStore{h, a.Value.ExactString(), c.Pos()})
			}
		case *ssa.Parameter:
			if m.bodyOf[e.Caller] == nil {
				out = append(out, m.constArgsFromHandlers(e.Caller, ssax.ParamIndex(e.Caller, a), depth+1)...)
			}
		}
	}
	return out
}

// constArgsOfFactories returns the constants passed for p, a parameter of
// a factory that a registered callback's closure captures, by the calls
// that made the callbacks (AddFunc: r.handlerFor(EventAdd), also through
// factories that return another factory's closure): each callback carries
// the constant of its own factory call.
func (m *Model) constArgsOfFactories(p *ssa.Parameter) []ConstStore {
	var out []ConstStore
	for _, h := range m.made {
		if k, ok := m.s.MadeRoot(p, h.Made).(*ssa.Const); ok && k.Value != nil {
			out = append(out, ConstStore{h, k.Value.ExactString(), h.Made.Pos()})
		}
	}
	return out
}

// callerHandler returns the handler whose body is fn, or, for a helper of
// the package that only one handler calls (through helpers too), that
// handler; nil otherwise.
func (m *Model) callerHandler(fn *ssa.Function, depth int) *Handler {
	if h := m.bodyOf[fn]; h != nil {
		return h
	}
	if depth >= maxHandlerDepth {
		return nil
	}
	var found *Handler
	for _, e := range m.s.CallersOf(fn) {
		h := m.callerHandler(e.Caller, depth+1)
		if h == nil || found != nil && found != h {
			return nil
		}
		found = h
	}
	return found
}

// StripEventConv looks through conversions and interface boxing, and says
// whether a watch.EventType value was seen on the way.
func StripEventConv(v ssa.Value) (ssa.Value, bool) {
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

// ComparedField returns the struct field compared with a constant by
// cond (x == C or x != C, possibly negated), or nil.
func ComparedField(cond ssa.Value) *types.Var {
	cond, _ = ssax.StripNot(cond)
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
	x, _ = StripEventConv(x)
	switch v := x.(type) {
	case *ssa.Field:
		return ssax.FieldVar(v.X.Type(), v.Field)
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return ssax.FieldVar(fa.X.Type(), fa.Field)
		}
	}
	return nil
}
