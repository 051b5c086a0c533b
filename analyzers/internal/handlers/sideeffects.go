package handlers

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// HandlerEffects is the fact exported for a package-level function that,
// directly or through helpers, writes through a Kubernetes client or
// performs external I/O: what an event handler calling it must not do
// (checks.md §1.7).
type HandlerEffects struct {
	ClientWrite bool
	ExternalIO  bool
}

// AFact marks HandlerEffects as a fact.
func (*HandlerEffects) AFact() {}

// String describes the fact for tests.
func (e *HandlerEffects) String() string {
	switch {
	case e.ClientWrite && e.ExternalIO:
		return "HandlerEffects(client-write, external-io)"
	case e.ClientWrite:
		return "HandlerEffects(client-write)"
	case e.ExternalIO:
		return "HandlerEffects(external-io)"
	}
	return "HandlerEffects()"
}

// SideKind classifies a SideEffect; kinds combine as a mask.
type SideKind int

// Side-effect kinds.
const (
	SideWrite          SideKind = 1 << iota // an API write: Create, Update, Patch, Delete, status writes, CreateOrUpdate, ...
	SideExternalIO                          // an HTTP request, an SQL statement, a call into a configured SDK
	SideStatusMutation                      // a store into .Status of an object, or meta.SetStatusCondition

	// SideHandler are the effects an event handler must not have: a write
	// or external I/O done before the reconcile sees the object.
	SideHandler = SideWrite | SideExternalIO
	// SideAny is every kind, for comparing what two branches do.
	SideAny = SideWrite | SideExternalIO | SideStatusMutation
)

// SideEffect is a side effect at an instruction of a function: a write, an
// external I/O call or a status mutation done there, or a call of a
// package function that does one, directly or through helpers.
type SideEffect struct {
	Kind SideKind
	// Instr is the site in the function asked about: the write or call
	// itself, or the call (or closure creation) through which it is
	// reached.
	Instr ssa.Instruction
	Fn    *ssa.Function
	// What describes the effect for messages: "Create", "Status().Update",
	// "helper EnsureX (Patch)", "external I/O (net/http Client.Do)",
	// "a store into .Status".
	What string
	// Via is the package function called at Instr that leads to the
	// effect, or nil when the effect happens at Instr.
	Via *ssa.Function
	// Origin is the position of the underlying effect when it is in the
	// package, and OriginSite its "file:line:col" when it is in another
	// package.
	Origin     token.Pos
	OriginSite string
}

// Pos returns the position of the site.
func (e *SideEffect) Pos() token.Pos { return e.Instr.Pos() }

// Describe returns What, with the helper that performs it when the effect
// is reached through a call: "Create (in ensureBinding)".
func (e *SideEffect) Describe() string {
	if e.Via != nil {
		return e.What + " (in " + ssax.FuncName(e.Via) + ")"
	}
	return e.What
}

// directSideEffects returns the effects at fn's own instructions. The
// caller holds m.mu (or is run, before the model is shared).
func (m *Model) directSideEffects(fn *ssa.Function) []*SideEffect {
	if es, ok := m.direct[fn]; ok {
		return es
	}
	var out []*SideEffect
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ws := m.writes[instr]; len(ws) > 0 {
				w := ws[0]
				e := &SideEffect{Kind: SideWrite, Instr: instr, Fn: fn, What: w.Method(), Origin: instr.Pos()}
				if w.Helper != nil {
					e.Origin, e.OriginSite = token.NoPos, w.HelperSite
				}
				out = append(out, e)
				continue
			}
			switch x := instr.(type) {
			case ssa.CallInstruction:
				// A forwarder of another package is the call it makes; one
				// of this package is walked as a callee (transSide).
				c := x.Common()
				if m.s.LocalCallee(c) == nil {
					c = m.s.Forward(c)
				}
				var callee types.Object = summary.CalleeObject(m.pass.Pkg, c) // a function, or a variable of another package that holds one
				if sf := ssax.CalleeFunc(c); sf != nil {
					callee = sf // also an interface's method
				}
				if callee == nil {
					continue
				}
				sf, _ := callee.(*types.Func)
				f := apis.FuncOf(sf)
				if apis.IsExternalIO(f, summary.ExternalIOPackages()) {
					out = append(out, &SideEffect{Kind: SideExternalIO, Instr: instr, Fn: fn,
						What: "external I/O (" + shortPkg(f.Pkg) + "." + recvDot(f) + f.Name + ")", Origin: instr.Pos()})
					continue
				}
				if f.Pkg == apis.Meta && f.Recv == "" && (f.Name == "SetStatusCondition" || f.Name == "RemoveStatusCondition") {
					out = append(out, &SideEffect{Kind: SideStatusMutation, Instr: instr, Fn: fn, What: "meta." + f.Name, Origin: instr.Pos()})
					continue
				}
				var he HandlerEffects
				if summary.ImportFuncFact(m.pass, callee, &he) {
					switch {
					case he.ExternalIO:
						out = append(out, &SideEffect{Kind: SideExternalIO, Instr: instr, Fn: fn,
							What: "external I/O in helper " + callee.Name(), Origin: instr.Pos()})
					case he.ClientWrite:
						out = append(out, &SideEffect{Kind: SideWrite, Instr: instr, Fn: fn,
							What: "a write in helper " + callee.Name(), Origin: instr.Pos()})
					}
				}
			case *ssa.Store:
				root, path := m.s.RootOf(x.Addr)
				if summary.IsStatusPath(path) && root != nil && isObject(root) {
					out = append(out, &SideEffect{Kind: SideStatusMutation, Instr: instr, Fn: fn,
						What: "a store into ." + summary.PathString(path), Origin: instr.Pos()})
				}
			}
		}
	}
	m.direct[fn] = out
	return out
}

func recvDot(f apis.Func) string {
	if f.Recv == "" {
		return ""
	}
	return f.Recv + "."
}

// isObject reports whether v is an API object or a pointer to one.
func isObject(v ssa.Value) bool {
	t := v.Type()
	return apis.IsObject(t) || apis.IsObjectStruct(types.Unalias(t)) || apis.IsObjectStruct(ssax.Deref(t))
}

// transSideEffect returns one effect of a kind in mask that fn may have,
// directly or through the package functions it calls, or nil. The caller
// holds m.mu (or is run).
func (m *Model) transSideEffect(fn *ssa.Function, mask SideKind) *SideEffect {
	return m.transSide(fn, mask, make(map[*ssa.Function]bool))
}

func (m *Model) transSide(fn *ssa.Function, mask SideKind, busy map[*ssa.Function]bool) *SideEffect {
	key := transKey{fn, mask}
	if m.done[key] {
		return m.trans[key]
	}
	if busy[fn] {
		return nil
	}
	top := len(busy) == 0
	busy[fn] = true
	var found *SideEffect
	for _, e := range m.directSideEffects(fn) {
		if e.Kind&mask != 0 {
			found = e
			break
		}
	}
	if found == nil {
		for _, edge := range m.callees[fn] {
			if e := m.transSide(edge.Callee, mask, busy); e != nil {
				found = e
				break
			}
		}
	}
	// A found effect is always real; "none" is only complete for the
	// outermost query, since a cycle may hide effects from inner ones.
	if found != nil || top {
		m.done[key], m.trans[key] = true, found
	}
	if found == nil && top {
		// Nothing was found from fn, so nothing is reachable from any
		// function the walk visited.
		for f := range busy {
			m.done[transKey{f, mask}] = true
		}
	}
	return found
}

// sideThrough wraps an effect of a callee as an effect at the call site.
func sideThrough(inner *SideEffect, site ssa.Instruction, caller, callee *ssa.Function) *SideEffect {
	via := callee
	if inner.Via != nil {
		via = inner.Via
	} else if inner.Fn != nil {
		via = inner.Fn
	}
	return &SideEffect{Kind: inner.Kind, Instr: site, Fn: caller, What: inner.What, Via: via,
		Origin: inner.Origin, OriginSite: inner.OriginSite}
}

// HandlerSideEffects returns the effects of kinds in mask that a handler
// body has: those in the body and in the closures nested in it, at their
// own positions, and those of other package functions it calls, at the
// calls.
func (m *Model) HandlerSideEffects(h *Handler, mask SideKind) []*SideEffect {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*SideEffect
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, e := range m.directSideEffects(f) {
			if e.Kind&mask != 0 {
				out = append(out, e)
			}
		}
		for _, edge := range m.callees[f] {
			if m.bodyOf[edge.Callee] == h && ssax.Encloses(h.Fn, edge.Callee) {
				continue // nested closures are visited below
			}
			if e := m.transSideEffect(edge.Callee, mask); e != nil && !m.nestedIn(h, e) {
				out = append(out, sideThrough(e, edge.Site, f, edge.Callee))
			}
		}
		for _, a := range f.AnonFuncs {
			visit(a)
		}
	}
	visit(h.Fn)
	return out
}

// nestedIn reports whether the effect e happens in a closure nested in
// the handler h's body (a closure the body hands to a helper that calls
// it): the visit of the body reports it at its own position, so the call
// that reaches it does not report it again.
func (m *Model) nestedIn(h *Handler, e *SideEffect) bool {
	at := e.Fn
	if e.Via != nil {
		at = e.Via
	}
	return at != nil && m.bodyOf[at] == h && ssax.Encloses(h.Fn, at)
}

// BlockSideEffects returns the effects of kinds in mask at the
// instructions of block b of fn, including calls of package functions
// that have them.
func (m *Model) BlockSideEffects(fn *ssa.Function, b *ssa.BasicBlock, mask SideKind) []*SideEffect {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*SideEffect
	for _, e := range m.directSideEffects(fn) {
		if e.Kind&mask != 0 && e.Instr.Block() == b {
			out = append(out, e)
		}
	}
	for _, edge := range m.callees[fn] {
		if edge.Site.Block() != b {
			continue
		}
		if e := m.transSideEffect(edge.Callee, mask); e != nil {
			out = append(out, sideThrough(e, edge.Site, fn, edge.Callee))
		}
	}
	return out
}

// effectsOf computes the HandlerEffects fact of fn (in run).
func (m *Model) effectsOf(fn *ssa.Function) HandlerEffects {
	return HandlerEffects{
		ClientWrite: m.transSideEffect(fn, SideWrite) != nil,
		ExternalIO:  m.transSideEffect(fn, SideExternalIO) != nil,
	}
}
