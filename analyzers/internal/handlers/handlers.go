// Package handlers is the shared analysis of event handlers: the event
// callback bodies of a package (informer callbacks, controller-runtime
// event handlers, predicates and map funcs), the side effects of code
// (API writes, external I/O, status mutations), directly or through
// helpers of the package and of other packages (the HandlerEffects fact),
// and the struct fields that handler callbacks set to constants (event
// kinds carried in queue items and requests).
//
// Its Analyzer requires the summary and exports a HandlerEffects fact for
// every package-level function that writes or performs external I/O; the
// checks that read the Model add it to their Requires.
package handlers

import (
	"go/token"
	"go/types"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Analyzer finds the event handlers and side effects of a package and
// exports the HandlerEffects facts of its functions. Its result is the
// package's *Model.
var Analyzer = summary.NewAnalysis("rlhandlers",
	"reconcilelint: event handler bodies and the side effects of code, shared by the event checks",
	"the event handlers", nil, []analysis.Fact{new(HandlerEffects)}, func() *Model { return &Model{} }, build)

// Model holds the event handlers and side effects of one package. It is
// safe for concurrent use.
type Model struct {
	s    *summary.Summary
	pass *analysis.Pass // this analyzer's pass: the HandlerEffects facts of helpers

	handlers []*Handler
	bodyOf   map[*ssa.Function]*Handler // handler bodies and the closures nested in them
	// made are the registrations of closures that a factory of the
	// package made (r.handlerFor(kind)), each with its factory call: one
	// body may stand for several callbacks, each made with other
	// arguments.
	made    []*Handler
	callees map[*ssa.Function][]summary.CallEdge
	writes  map[ssa.Instruction][]*summary.Write // the writes of s.Writes by call

	mu     sync.Mutex // guards direct, trans, done and the use of the model's view s
	direct map[*ssa.Function][]*SideEffect
	trans  map[transKey]*SideEffect
	done   map[transKey]bool

	listeners []*Listener

	usesOnce sync.Once
	uses     map[*types.Var]*FieldUse // fields.go
}

type transKey struct {
	fn   *ssa.Function
	mask SideKind
}

// build computes the handler model of a package and exports the
// HandlerEffects of its functions.
func build(pass *analysis.Pass, s *summary.Summary) (*Model, error) {
	m := &Model{
		s:       s,
		pass:    pass,
		bodyOf:  make(map[*ssa.Function]*Handler),
		callees: make(map[*ssa.Function][]summary.CallEdge),
		writes:  make(map[ssa.Instruction][]*summary.Write),
		direct:  make(map[*ssa.Function][]*SideEffect),
		trans:   make(map[transKey]*SideEffect),
		done:    make(map[transKey]bool),
	}
	m.callees = s.CallsByCaller()
	for _, w := range s.Writes {
		m.writes[w.Call] = append(m.writes[w.Call], w)
	}
	m.findHandlers()
	s.ExportFuncFacts(pass, func(fn *ssa.Function) analysis.Fact {
		if e := m.effectsOf(fn); e != (HandlerEffects{}) {
			return &e
		}
		return nil
	})
	return m, nil
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
	// Made is the factory call that made the body, a closure, when the
	// registration names a factory's result (AddFunc: r.handlerFor(kind));
	// the closure's captures of the factory's parameters are its
	// arguments.
	Made *ssa.Call
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

// Handlers returns the event callback bodies of the package, in source
// order.
func (m *Model) Handlers() []*Handler { return m.handlers }

// HandlerOf returns the handler whose body is fn or lexically encloses fn,
// or nil.
func (m *Model) HandlerOf(fn *ssa.Function) *Handler { return m.bodyOf[fn] }

func (m *Model) findHandlers() {
	s := m.s
	seen := make(map[*ssa.Function]bool)
	addFunc := func(f *ssa.Function, made *ssa.Call, kind apis.HandlerKind, callback, adapter string, site token.Pos) {
		fn := m.s.LocalFunc(f)
		if fn == nil {
			return
		}
		h := &Handler{Fn: fn, Kind: kind, Callback: callback, Adapter: adapter, Site: site, Made: made}
		if made != nil {
			m.made = append(m.made, h)
		}
		if seen[fn] {
			return
		}
		seen[fn] = true
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
	add := func(v ssa.Value, kind apis.HandlerKind, callback, adapter string, site token.Pos) {
		f, made := m.s.FuncValue(v)
		addFunc(f, made, kind, callback, adapter, site)
	}
	for _, fn := range s.Funcs() {
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
					// The function stored, or each function a helper that
					// stores its parameter (an option factory) is given.
					refs := s.FuncValues(x.Val)
					if refs == nil {
						add(x.Val, kind, cb, adapterName(fa.X.Type()), x.Pos())
					}
					for _, ref := range refs {
						addFunc(ref.Fn, ref.Made, kind, cb, adapterName(fa.X.Type()), x.Pos())
					}
				case ssa.CallInstruction:
					fc := m.s.Forward(x.Common())
					callee := ssax.CalleeFunc(fc)
					if callee == nil {
						continue
					}
					f := apis.FuncOf(callee)
					kind, idx := apis.HandlerFuncArg(f)
					if kind == apis.NoHandler {
						continue
					}
					args := ssax.CallArgs(fc)
					if idx >= 0 && idx < len(args) {
						cb := "map func"
						if kind == apis.PredicateHandler {
							cb = "filter"
						}
						add(args[idx], kind, cb, shortPkg(f.Pkg)+"."+f.Name, x.Pos())
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
							if s.LocalFunc(mfn) != nil {
								add(mfn, kind, name, ssax.ShortTypeString(t), x.Pos())
							}
						}
					}
				}
			}
		}
	}
	m.findListeners(add)
	sort.SliceStable(m.handlers, func(i, j int) bool { return m.handlers[i].Fn.Pos() < m.handlers[j].Fn.Pos() })
}

// adapterName is "cache.ResourceEventHandlerFuncs" for the named type
// behind t; aliases Funcs of TypedFuncs read as "handler.Funcs".
func adapterName(t types.Type) string {
	pkg, name, ok := apis.NamedOf(t)
	if !ok {
		return "handler"
	}
	if name == "TypedFuncs" && (pkg == apis.Handler || pkg == apis.Predicate) {
		name = "Funcs"
	}
	return shortPkg(pkg) + "." + name
}

func shortPkg(path string) string {
	if i := strings.LastIndex(path, "/"); i >= 0 {
		return path[i+1:]
	}
	return path
}
