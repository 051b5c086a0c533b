package eventinrequest

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/handlers"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// queuedEvent is a queue Add whose item says why, not what, to reconcile
// (RL3003): it carries an event kind or the object itself.
type queuedEvent struct {
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
	Related []handlers.RelatedPos
}

// queuedEvents finds the queue items and typed requests that carry an
// event kind or an object.
func queuedEvents(s *summary.Summary, hm *handlers.Model) []*queuedEvent {
	uses := hm.FieldUses()
	eventField := func(f *types.Var) (string, []handlers.RelatedPos) {
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
		if u.EventTyped.IsValid() {
			return "field " + f.Name() + " holds a watch.EventType", []handlers.RelatedPos{{Pos: u.EventTyped, Message: "the event type is stored here"}}
		}
		var rel []handlers.RelatedPos
		byValue := make(map[string]*handlers.Handler)
		var parts []string
		distinct := false
		for _, c := range u.Consts {
			rel = append(rel, handlers.RelatedPos{Pos: c.Pos, Message: "set to " + c.Value + " in " + c.Handler.Describe()})
			for v, h := range byValue {
				if v != c.Value && h != c.Handler {
					distinct = true
				}
			}
			if _, ok := byValue[c.Value]; !ok {
				byValue[c.Value] = c.Handler
				parts = append(parts, c.Value+" in "+c.Handler.Describe())
			}
		}
		switch {
		case distinct:
			return "field " + f.Name() + " is set to a different constant per callback (" + strings.Join(parts, ", ") + ")", rel
		case len(u.Consts) > 0 && len(u.Branches) > 0:
			rel = append(rel, u.Branches...)
			return "field " + f.Name() + " is set to " + strings.Join(parts, ", ") + " and the reconciler branches on it", rel
		}
		return "", nil
	}
	var out []*queuedEvent
	reported := make(map[*types.Var]bool)
	for _, fn := range s.Funcs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				fc := s.Forward(call.Common())
				callee := ssax.CalleeFunc(fc)
				if callee == nil || !apis.IsQueueAdd(apis.FuncOf(callee)) {
					continue
				}
				args := ssax.CallArgs(fc)
				if len(args) == 0 {
					continue
				}
				q := &queuedEvent{Call: call, Fn: fn, Pos: call.Pos(), Method: callee.Name()}
				item, _ := handlers.StripEventConv(args[0])
				t := item.Type()
				q.Item = ssax.ShortTypeString(t)
				if st, ok := ssax.Deref(t).Underlying().(*types.Struct); ok && !apis.IsObject(t) {
					for i := 0; i < st.NumFields(); i++ {
						f := st.Field(i).Origin()
						if reason, rel := eventField(f); reason != "" {
							q.Field, q.Reason, q.Related = f.Name(), reason, rel
							reported[f] = true
							break
						}
						if evIsPayload(st.Field(i).Type()) && !f.Embedded() {
							q.Reason = "field " + f.Name() + " carries the object (" + ssax.ShortTypeString(st.Field(i).Type()) + ")"
							break
						}
					}
				} else if evIsPayload(t) {
					q.Reason = "it is the object itself (" + ssax.ShortTypeString(t) + ")"
				} else if p, ok := item.(*ssa.Parameter); ok && evIsEmptyIface(t) {
					if h := hm.HandlerOf(p.Parent()); h != nil && h.Kind == apis.InformerHandler && h.Fn == p.Parent() {
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
		if r.Kind != roots.Typed || r.Request == nil {
			continue
		}
		st, ok := ssax.Deref(r.RequestType()).Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i).Origin()
			if reported[f] || uses[f] == nil || len(uses[f].Branches) == 0 {
				continue
			}
			reason, rel := eventField(f)
			if reason == "" || !apis.IsWatchEventType(f.Type()) && len(uses[f].Consts) == 0 {
				continue
			}
			reported[f] = true
			out = append(out, &queuedEvent{Fn: r.Fn, Pos: uses[f].Branches[0].Pos, Item: ssax.ShortTypeString(r.RequestType()),
				Field: f.Name(), Reason: reason, Related: rel})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
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
