package handlers

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Listener is a type of the package with one method per watch event kind
// for one API object type (Add(ctx, obj), Update(ctx, old, new), and
// perhaps Delete(ctx, obj)): a generic controller of another package or
// module calls the method of the event it received.
type Listener struct {
	// Name is the receiver type as messages spell it ("*BucketListener").
	Name string
	// Object is the API object type the methods receive.
	Object types.Type
	// Methods are the listener's callbacks by watch event type
	// (apis.EventAdded, EventModified, EventDeleted).
	Methods map[string]*Handler
}

// Listeners returns the listener types of the package, in the order of
// their names.
func (m *Model) Listeners() []*Listener { return m.listeners }

// findListeners registers the per-event methods of the package's listener
// types: named types whose method set has an add and an update callback
// for the same object type (apis.ListenerCallback).
func (m *Model) findListeners(add func(v ssa.Value, kind apis.HandlerKind, callback, adapter string, site token.Pos)) {
	prog := m.s.Pkg.Prog
	for _, lt := range apis.PackageListeners(m.s.Pkg.Pkg, prog.MethodSets.MethodSet) {
		ptr, byEvent, obj := lt.Ptr, lt.Methods, lt.Object
		l := &Listener{Name: ssax.ShortTypeString(ptr), Object: obj, Methods: make(map[string]*Handler)}
		for _, ev := range []string{apis.EventAdded, apis.EventModified, apis.EventDeleted} {
			f := byEvent[ev]
			if f == nil {
				continue
			}
			fn := prog.FuncValue(f)
			if fn == nil || m.s.LocalFunc(fn) == nil {
				continue
			}
			add(fn, apis.ListenerHandler, f.Name(), l.Name, f.Pos())
			if h := m.bodyOf[fn]; h != nil && h.Fn == fn {
				l.Methods[ev] = h
			}
		}
		if l.Methods[apis.EventAdded] != nil && l.Methods[apis.EventModified] != nil {
			m.listeners = append(m.listeners, l)
		}
	}
}

// ReachedEffects returns every side effect of a kind in mask that fn can
// reach: its own, those of the closures nested in it and those of the
// package functions it calls, transitively, each once, at the instruction
// where it happens (a write, or a call of another package's helper that
// writes). Two callbacks that reach the same effects do the same thing.
func (m *Model) ReachedEffects(fn *ssa.Function, mask SideKind) []*SideEffect {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []*SideEffect
	seen := make(map[*ssa.Function]bool)
	var visit func(f *ssa.Function)
	visit = func(f *ssa.Function) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		for _, e := range m.directSideEffects(f) {
			if e.Kind&mask != 0 {
				out = append(out, e)
			}
		}
		for _, edge := range m.callees[f] {
			visit(edge.Callee)
		}
		for _, a := range f.AnonFuncs {
			visit(a)
		}
	}
	visit(fn)
	return out
}
