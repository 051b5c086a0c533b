package summary

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// HeldObject is the API object a parameter holds in a field: a manager
// root's receiver (roots.Managed: `func (m *manager) Sync(ctx)` reconciles
// m.obj, which the factory stored there), a scope or handler a method or
// helper is given (`h.cluster`). It is the root of what the function
// stores into and writes of that object, whichever load of the field
// reaches it, so that a store into m.obj.Status and a write of m.obj are
// the same object at paths that start at the object, as for an object read
// by the function itself. RootOf returns it; it is no instruction's
// operand. The function's summary (paramEffects) gives its effects back
// to the parameter, at the field's path, for its callers.
type HeldObject struct {
	// Holder is the receiver that holds the object.
	Holder *ssa.Parameter
	// Field is the path of fields from Holder to the object.
	Field []string
	t     types.Type
}

// Name implements ssa.Value.
func (h *HeldObject) Name() string { return h.Holder.Name() + "." + strings.Join(h.Field, ".") }

// String implements ssa.Value.
func (h *HeldObject) String() string { return h.Name() }

// Type implements ssa.Value: the field's type, a pointer to the object.
func (h *HeldObject) Type() types.Type { return h.t }

// Parent implements ssa.Value.
func (h *HeldObject) Parent() *ssa.Function { return h.Holder.Parent() }

// Referrers implements ssa.Value: no instruction refers to it.
func (h *HeldObject) Referrers() *[]ssa.Instruction { return nil }

// Pos implements ssa.Value.
func (h *HeldObject) Pos() token.Pos { return h.Holder.Pos() }

// findHeldObjects makes the HeldObject of each field of a holder
// parameter (a struct, or a pointer to one, that is not an API object
// itself) that holds an API object (a pointer to one, or an interface that
// is one), directly or in a field of a struct field: a manager root's
// receiver (`m.obj`), a scope or handler a helper is given (`h.cluster`).
func (s *Summary) findHeldObjects() {
	s.held = make(map[*ssa.Parameter][]*HeldObject)
	for _, fn := range s.srcFunc {
		for _, p := range fn.Params {
			t := p.Type()
			if apis.IsObject(t) || apis.IsObjectStruct(ssax.Deref(t)) {
				continue
			}
			var walk func(t types.Type, path []string, depth int)
			walk = func(t types.Type, path []string, depth int) {
				st, ok := ssax.Deref(t).Underlying().(*types.Struct)
				if !ok || depth > 1 {
					return
				}
				for i := range st.NumFields() {
					f := st.Field(i)
					fp := append(append([]string(nil), path...), f.Name())
					if heldType(f.Type()) {
						s.held[p] = append(s.held[p], &HeldObject{Holder: p, Field: fp, t: f.Type()})
						continue
					}
					if _, isPtr := f.Type().Underlying().(*types.Pointer); !isPtr && !apis.IsObjectStruct(f.Type()) && !f.Embedded() {
						walk(f.Type(), fp, depth+1)
					}
				}
			}
			walk(t, nil, 0)
		}
	}
}

// heldType reports whether a field of type t holds an API object: a
// pointer to one, or an interface that is one (client.Object).
func heldType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return apis.IsObject(t)
	}
	return false
}

// heldObject returns the HeldObject at the start of path from root, and
// the rest of the path, or nil.
func (s *Summary) heldObject(root ssa.Value, path []string) (*HeldObject, []string) {
	p, ok := root.(*ssa.Parameter)
	if !ok || len(path) == 0 {
		return nil, nil
	}
	for _, h := range s.held[p] {
		if len(path) >= len(h.Field) && slices.Equal(path[:len(h.Field)], h.Field) {
			return h, path[len(h.Field):]
		}
	}
	return nil, nil
}

// paramRoot returns the index of the parameter of fn that root is, or
// that holds it (a HeldObject: the holder, with the field's path to put
// before the effect's own), or -1.
func paramRoot(fn *ssa.Function, root ssa.Value) (int, []string) {
	if h, ok := root.(*HeldObject); ok {
		if i := ssax.ParamIndex(fn, h.Holder); i >= 0 {
			return i, h.Field
		}
		return -1, nil
	}
	return ssax.ParamIndex(fn, root), nil
}

// HeldBy returns the holder parameter of v when it is a HeldObject, and
// the field's path; nil otherwise (taint.Model).
func (m taintModel) HeldBy(v ssa.Value) (*ssa.Parameter, []string) {
	if h, ok := v.(*HeldObject); ok {
		return h.Holder, h.Field
	}
	return nil, nil
}

// PersistsHeld reports whether a write of root (a parameter, most often a
// scope or a manager that a helper of another package writes through, as
// in scope.PatchObject()) persists obj: obj is root itself, or an object
// root holds (a HeldObject of that parameter).
func PersistsHeld(root, obj ssa.Value) bool {
	if root == obj {
		return true
	}
	h, ok := obj.(*HeldObject)
	return ok && ssa.Value(h.Holder) == root
}
