package summary

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// HeldObject is the API object a manager root's receiver holds in a field
// (roots.Managed: `func (m *manager) Sync(ctx)` reconciles m.obj, which
// the factory stored there). It is the root of what the function stores
// into and writes of that object, whichever load of the field reaches it,
// so that a store into m.obj.Status and a write of m.obj are the same
// object at paths that start at the object, as for an object read by the
// function itself. RootOf returns it; it is no instruction's operand.
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

// findHeldObjects makes the HeldObject of each field of a manager root's
// receiver (or of a struct field of it, one level down) that holds a
// pointer to an API object.
func (s *Summary) findHeldObjects() {
	s.held = make(map[*ssa.Parameter][]*HeldObject)
	for _, r := range s.Roots {
		if r.Kind != roots.Managed || r.Entry.Signature.Recv() == nil || len(r.Entry.Params) == 0 {
			continue
		}
		// The receiver of the method the framework calls; a body it
		// delegates to reads it as a captured variable (RootOf follows
		// that to the receiver) or as a parameter of the same type.
		holders := []*ssa.Parameter{r.Entry.Params[0]}
		if r.Fn != r.Entry {
			for _, p := range r.Fn.Params {
				if types.Identical(p.Type(), r.Entry.Params[0].Type()) {
					holders = append(holders, p)
				}
			}
		}
		var walk func(t types.Type, path []string, depth int)
		walk = func(t types.Type, path []string, depth int) {
			st, ok := ssax.Deref(t).Underlying().(*types.Struct)
			if !ok || depth > 1 {
				return
			}
			for i := range st.NumFields() {
				f := st.Field(i)
				p := append(append([]string(nil), path...), f.Name())
				if _, isPtr := f.Type().Underlying().(*types.Pointer); isPtr && apis.IsObject(f.Type()) {
					for _, h := range holders {
						s.held[h] = append(s.held[h], &HeldObject{Holder: h, Field: p, t: f.Type()})
					}
					continue
				}
				if _, isPtr := f.Type().Underlying().(*types.Pointer); !isPtr && !apis.IsObjectStruct(f.Type()) {
					walk(f.Type(), p, depth+1)
				}
			}
		}
		walk(r.Entry.Params[0].Type(), nil, 0)
	}
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
