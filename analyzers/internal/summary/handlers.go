package summary

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// externalIOFlag lists the configured SDK packages whose calls are
// external I/O (besides net/http and database/sql).
var externalIOFlag stringList

func init() {
	Analyzer.Flags.Var(&externalIOFlag, "external-io",
		"comma-separated import path prefixes of SDK packages whose calls count as external I/O in event handlers (net/http and database/sql always do)")
}

// HandlerEffects is the part of a FuncSummary that event-handler checks
// use: whether the function, directly or through helpers, writes through
// a Kubernetes client or performs external I/O (checks.md §1.7).
type HandlerEffects struct {
	ClientWrite bool
	ExternalIO  bool
}

// Handler is an event callback body: a function or closure stored into a
// field of an adapter such as cache.ResourceEventHandlerFuncs,
// handler.Funcs or predicate.Funcs, passed to EnqueueRequestsFromMapFunc
// or NewPredicateFuncs, or a callback method of a user type converted to
// cache.ResourceEventHandler, handler.EventHandler or predicate.Predicate.
type Handler struct {
	Fn   *ssa.Function
	Kind apis.HandlerKind
	// Callback names the callback: the adapter field ("AddFunc",
	// "UpdateFunc"), the interface method ("OnAdd", "Create"), "map func"
	// or "filter".
	Callback string
	// Adapter names where the body is registered, e.g.
	// "cache.ResourceEventHandlerFuncs", "predicate.Funcs",
	// "handler.EnqueueRequestsFromMapFunc" or "*nsHandler".
	Adapter string
	// Site is the position of the registration (the store, call or
	// conversion).
	Site token.Pos
}

// Describe returns a description for messages, e.g. "the AddFunc of a
// cache.ResourceEventHandlerFuncs" or "the map func of
// handler.EnqueueRequestsFromMapFunc".
func (h *Handler) Describe() string {
	switch {
	case h.Kind == apis.MapHandler:
		return "the map func of " + h.Adapter
	case h.Callback == "filter":
		return "the filter func of " + h.Adapter
	case strings.HasPrefix(h.Adapter, "*") || !strings.Contains(h.Adapter, "."):
		return "the " + h.Kind.String() + " method (" + h.Adapter + ")." + h.Callback
	}
	return "the " + h.Callback + " of a " + h.Adapter
}

// handlerModel holds what handlers.go computes lazily.
type handlerModel struct {
	handlers []*Handler
	bodyOf   map[*ssa.Function]*Handler // handler bodies and the closures nested in them
	callees  map[*ssa.Function][]callEdge
	direct   map[*ssa.Function][]*SideEffect
	trans    map[transKey]*SideEffect
	done     map[transKey]bool
	writes   map[ssa.Instruction][]*Write // the writes of s.Writes by call
	evUses   map[*types.Var]*evFieldUse   // events.go: event-kind fields
}

type transKey struct {
	fn   *ssa.Function
	mask SideKind
}

func (s *Summary) model() *handlerModel {
	if s.hm != nil {
		return s.hm
	}
	m := &handlerModel{
		bodyOf:  make(map[*ssa.Function]*Handler),
		callees: make(map[*ssa.Function][]callEdge),
		direct:  make(map[*ssa.Function][]*SideEffect),
		trans:   make(map[transKey]*SideEffect),
		done:    make(map[transKey]bool),
	}
	s.hm = m
	for _, edges := range s.calls {
		for _, e := range edges {
			m.callees[e.caller] = append(m.callees[e.caller], e)
		}
	}
	for _, es := range m.callees {
		sort.SliceStable(es, func(i, j int) bool { return es[i].site.Pos() < es[j].site.Pos() })
	}
	if s.Pkg != nil {
		s.findHandlers(m)
	}
	return m
}

// Handlers returns the event callback bodies of the package, in source
// order.
func (s *Summary) Handlers() []*Handler { return s.model().handlers }

// HandlerOf returns the handler whose body is fn or lexically encloses fn,
// or nil.
func (s *Summary) HandlerOf(fn *ssa.Function) *Handler { return s.model().bodyOf[fn] }

func (s *Summary) findHandlers(m *handlerModel) {
	seen := make(map[*ssa.Function]bool)
	add := func(v ssa.Value, kind apis.HandlerKind, callback, adapter string, site token.Pos) {
		fn := s.bodyFunc(v)
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		h := &Handler{Fn: fn, Kind: kind, Callback: callback, Adapter: adapter, Site: site}
		m.handlers = append(m.handlers, h)
		var mark func(f *ssa.Function)
		mark = func(f *ssa.Function) {
			if _, ok := m.bodyOf[f]; ok {
				return
			}
			m.bodyOf[f] = h
			for _, a := range f.AnonFuncs {
				mark(a)
			}
		}
		mark(fn)
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
					kind := apis.HandlerStruct(fa.X.Type())
					if kind == apis.NoHandler {
						continue
					}
					if _, isFunc := types.Unalias(x.Val.Type()).Underlying().(*types.Signature); !isFunc {
						continue
					}
					name := ssax.FieldName(fa.X.Type(), fa.Field)
					cb := name
					if kind == apis.InformerFilter {
						cb = "filter"
					}
					add(x.Val, kind, cb, hAdapterName(fa.X.Type()), x.Pos())
				case ssa.CallInstruction:
					callee := ssax.CalleeFunc(x.Common())
					if callee == nil {
						continue
					}
					f := apis.FuncOf(callee)
					kind, idx := apis.HandlerFuncArg(f)
					if kind == apis.NoHandler {
						continue
					}
					args := ssax.CallArgs(x.Common())
					if idx >= 0 && idx < len(args) {
						cb := "map func"
						if kind == apis.PredicateHandler {
							cb = "filter"
						}
						add(args[idx], kind, cb, hShortPkg(f.Pkg)+"."+f.Name, x.Pos())
					}
				case *ssa.MakeInterface:
					kind, methods := apis.HandlerInterface(x.Type())
					if kind == apis.NoHandler {
						continue
					}
					t := x.X.Type()
					if apis.HandlerStruct(t) != apis.NoHandler {
						continue // the adapter's fields are found by their stores
					}
					ms := s.Pkg.Prog.MethodSets.MethodSet(t)
					for _, name := range methods {
						for i := 0; i < ms.Len(); i++ {
							if ms.At(i).Obj().Name() != name {
								continue
							}
							mfn := s.Pkg.Prog.MethodValue(ms.At(i))
							if mfn != nil && mfn.Synthetic != "" {
								mfn = ssax.BoundTarget(mfn)
							}
							if s.localFunc(mfn) != nil {
								add(mfn, kind, name, hTypeString(t), x.Pos())
							}
						}
					}
				}
			}
		}
	}
	sort.SliceStable(m.handlers, func(i, j int) bool { return m.handlers[i].Fn.Pos() < m.handlers[j].Fn.Pos() })
}

// bodyFunc returns the package function behind a func value used as a
// callback: a function, a closure or a bound method.
func (s *Summary) bodyFunc(v ssa.Value) *ssa.Function {
	for i := 0; i < 8 && v != nil; i++ {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			v = x.X
			continue
		case *ssa.MakeInterface:
			v = x.X
			continue
		}
		break
	}
	return s.localFunc(ssax.FuncOfValue(v))
}

// hAdapterName is "cache.ResourceEventHandlerFuncs" for the named type
// behind t; aliases Funcs of TypedFuncs read as "handler.Funcs".
func hAdapterName(t types.Type) string {
	pkg, name, ok := apis.NamedOf(t)
	if !ok {
		return "handler"
	}
	if name == "TypedFuncs" && (pkg == apis.Handler || pkg == apis.Predicate) {
		name = "Funcs"
	}
	return hShortPkg(pkg) + "." + name
}

func hShortPkg(path string) string {
	if i := strings.LastIndex(path, "/"); i >= 0 {
		return path[i+1:]
	}
	return path
}

// hTypeString is "*nsHandler" or "nsHandler" for a named type.
func hTypeString(t types.Type) string {
	star := ""
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		star, t = "*", types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return star + n.Origin().Obj().Name()
	}
	return star + t.String()
}

// SideKind classifies a SideEffect; kinds combine as a mask.
type SideKind int

// Side-effect kinds.
const (
	SideWrite          SideKind = 1 << iota // an API write: Create, Update, Patch, Delete, status writes, CreateOrUpdate, ...
	SideExternalIO                          // an HTTP request, an SQL statement, a call into a configured SDK
	SideStatusMutation                      // a store into .Status of an object, or meta.SetStatusCondition

	// SideHandler are the effects an event handler must not have (RL3002).
	SideHandler = SideWrite | SideExternalIO
	// SideAny is every kind (RL3001 arms).
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
		return e.What + " (in " + FuncName(e.Via) + ")"
	}
	return e.What
}

// directSideEffects returns the effects at fn's own instructions.
func (s *Summary) directSideEffects(fn *ssa.Function) []*SideEffect {
	m := s.model()
	if es, ok := m.direct[fn]; ok {
		return es
	}
	var out []*SideEffect
	if m.writes == nil {
		m.writes = make(map[ssa.Instruction][]*Write)
		for _, w := range s.Writes {
			m.writes[w.Call] = append(m.writes[w.Call], w)
		}
	}
	writes := m.writes
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ws := writes[instr]; len(ws) > 0 {
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
				callee := ssax.CalleeFunc(x.Common())
				if callee == nil {
					continue
				}
				f := apis.FuncOf(callee)
				if apis.IsExternalIO(f, externalIOFlag) {
					out = append(out, &SideEffect{Kind: SideExternalIO, Instr: instr, Fn: fn,
						What: "external I/O (" + hShortPkg(f.Pkg) + "." + sideRecvDot(f) + f.Name + ")", Origin: instr.Pos()})
					continue
				}
				if f.Pkg == apis.Meta && f.Recv == "" && (f.Name == "SetStatusCondition" || f.Name == "RemoveStatusCondition") {
					out = append(out, &SideEffect{Kind: SideStatusMutation, Instr: instr, Fn: fn, What: "meta." + f.Name, Origin: instr.Pos()})
					continue
				}
				if fs := s.factOf(callee); fs != nil {
					switch {
					case fs.HandlerEffects.ExternalIO:
						out = append(out, &SideEffect{Kind: SideExternalIO, Instr: instr, Fn: fn,
							What: "external I/O in helper " + callee.Name(), Origin: instr.Pos()})
					case fs.HandlerEffects.ClientWrite:
						out = append(out, &SideEffect{Kind: SideWrite, Instr: instr, Fn: fn,
							What: "a write in helper " + callee.Name(), Origin: instr.Pos()})
					}
				}
			case *ssa.Store:
				root, path := s.RootOf(x.Addr)
				if len(path) > 0 && path[0] == "Status" && root != nil && sideIsObject(root) {
					out = append(out, &SideEffect{Kind: SideStatusMutation, Instr: instr, Fn: fn,
						What: "a store into ." + PathString(path), Origin: instr.Pos()})
				}
			}
		}
	}
	m.direct[fn] = out
	return out
}

func sideRecvDot(f apis.Func) string {
	if f.Recv == "" {
		return ""
	}
	return f.Recv + "."
}

// sideIsObject reports whether v is an API object or a pointer to one.
func sideIsObject(v ssa.Value) bool {
	t := v.Type()
	return apis.IsObject(t) || apis.IsObjectStruct(types.Unalias(t)) || apis.IsObjectStruct(ssax.Deref(t))
}

// transSideEffect returns one effect of a kind in mask that fn may have,
// directly or through the package functions it calls, or nil.
func (s *Summary) transSideEffect(fn *ssa.Function, mask SideKind) *SideEffect {
	return s.transSide(fn, mask, make(map[*ssa.Function]bool))
}

func (s *Summary) transSide(fn *ssa.Function, mask SideKind, busy map[*ssa.Function]bool) *SideEffect {
	m := s.model()
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
	for _, e := range s.directSideEffects(fn) {
		if e.Kind&mask != 0 {
			found = e
			break
		}
	}
	if found == nil {
		for _, edge := range m.callees[fn] {
			if e := s.transSide(edge.callee, mask, busy); e != nil {
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
func (s *Summary) HandlerSideEffects(h *Handler, mask SideKind) []*SideEffect {
	m := s.model()
	var out []*SideEffect
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		for _, e := range s.directSideEffects(f) {
			if e.Kind&mask != 0 {
				out = append(out, e)
			}
		}
		for _, edge := range m.callees[f] {
			if m.bodyOf[edge.callee] == h && ssax.Encloses(h.Fn, edge.callee) {
				continue // nested closures are visited below
			}
			if e := s.transSideEffect(edge.callee, mask); e != nil {
				out = append(out, sideThrough(e, edge.site, f, edge.callee))
			}
		}
		for _, a := range f.AnonFuncs {
			visit(a)
		}
	}
	visit(h.Fn)
	return out
}

// BlockSideEffects returns the effects of kinds in mask at the
// instructions of block b of fn, including calls of package functions
// that have them.
func (s *Summary) BlockSideEffects(fn *ssa.Function, b *ssa.BasicBlock, mask SideKind) []*SideEffect {
	m := s.model()
	var out []*SideEffect
	for _, e := range s.directSideEffects(fn) {
		if e.Kind&mask != 0 && e.Instr.Block() == b {
			out = append(out, e)
		}
	}
	for _, edge := range m.callees[fn] {
		if edge.site.Block() != b {
			continue
		}
		if e := s.transSideEffect(edge.callee, mask); e != nil {
			out = append(out, sideThrough(e, edge.site, fn, edge.callee))
		}
	}
	return out
}

// handlerEffectsOf computes the HandlerEffects fact of fn.
func (s *Summary) handlerEffectsOf(fn *ssa.Function) HandlerEffects {
	return HandlerEffects{
		ClientWrite: s.transSideEffect(fn, SideWrite) != nil,
		ExternalIO:  s.transSideEffect(fn, SideExternalIO) != nil,
	}
}

// ImportsControllerLibs reports whether the package imports
// controller-runtime or client-go's tools/cache directly: the packages
// where event-driven code is controller code.
func (s *Summary) ImportsControllerLibs() bool {
	for _, p := range s.Pass.Pkg.Imports() {
		if strings.HasPrefix(p.Path(), apis.CR) || p.Path() == apis.Cache {
			return true
		}
	}
	return false
}
