package summary

import (
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// LateBase is a Patch whose MergeFrom (or StrategicMergeFrom) base was
// copied from the object after stores into it that no later store
// repeats. A merge patch is the difference between the object and the
// base, so
//
//	obj.Spec.Replicas = 3
//	patch := client.MergeFrom(obj.DeepCopy())
//	r.Patch(ctx, obj, patch)
//
// sends none of those changes (an empty patch when there is no other):
// the write persists nothing of them, and makes a request on every pass.
type LateBase struct {
	Write     *Write
	MergeFrom *ssa.Call // the MergeFrom call
	Lost      []*Effect // the stores the patch does not send, in source order
	Copied    *ssa.Call // the DeepCopy (or DeepCopyInto) that made the base
}

// LateBaseOf returns the late base of write w, or nil when w is not a
// merge patch of a base copied after changes it then misses.
func (s *Summary) LateBaseOf(w *Write) *LateBase {
	if w.Kind != apis.Patch && w.Kind != apis.StatusPatch || w.Object == nil || w.Helper != nil {
		return nil
	}
	call, ok := w.Call.(*ssa.Call)
	if !ok {
		return nil
	}
	args := ssax.CallArgs(s.Forward(&call.Call))
	if len(args) < 3 {
		return nil
	}
	mf, ok := ssax.StripConv(args[2]).(*ssa.Call)
	if !ok {
		return nil
	}
	callee := ssax.CalleeFunc(s.Forward(&mf.Call))
	if callee == nil || !apis.IsMergeFromPatch(apis.FuncOf(callee)) || len(mf.Call.Args) == 0 {
		return nil
	}
	cp, from := s.copyOf(ssax.StripConv(mf.Call.Args[0]))
	if cp == nil || cp.Parent() != w.Fn {
		return nil
	}
	{
		// The copy must be of the written object itself, and the stores
		// into it: the same root and the object's own path (an element
		// of a scope's list is not the scope's other fields).
		obj, objPath := s.PersistedRoot(w.Object)
		src, srcPath := s.PersistedRoot(from)
		objPath, srcPath = Metaless(objPath), Metaless(srcPath)
		if obj == nil || src != obj || !slices.Equal(objPath, srcPath) {
			return nil
		}
		// A write of the object, other than w, that persists a store made
		// before the copy: the change is sent (on every path from the
		// store to the copy that passes one), and the base need not have it.
		// inStatus says whether a store into the object is into its status.
		inStatus := func(e *Effect) bool {
			p := Metaless(e.Path)
			return len(p) > len(objPath) && p[len(objPath)] == apis.StatusField
		}
		persistedBy := func(e *Effect) func(ssa.Instruction) bool {
			status := inStatus(e)
			return func(in ssa.Instruction) bool {
				for _, o := range s.Writes {
					if o == w || o.Call != in || !o.Kind.IsMutation() || o.Kind.IsStatus() != status || o.Object == nil {
						continue
					}
					if r, _ := s.PersistedRoot(o.Object); r == obj {
						return true
					}
				}
				return false
			}
		}
		var before []*Effect
		var after []string
		for _, e := range s.Effects(w.Fn) {
			if e.Kind != StoreEffect || e.Root != obj || len(e.Path) == 0 {
				continue
			}
			if p := Metaless(e.Path); len(p) <= len(objPath) || !slices.Equal(p[:len(objPath)], objPath) {
				continue // a store into another part of the root
			}
			if inStatus(e) != w.Kind.IsStatus() {
				continue // a part this write never sends, whatever its base
			}
			if p := Metaless(e.Path); slices.Contains(e.Path, apis.TypeMetaField) || apis.IsTypeMetaField(p[len(objPath)]) {
				continue // the kind a client reads or writes by (SetGroupVersionKind), not a change
			}
			if e.Via != nil && slices.ContainsFunc(e.WrittenBy, func(k apis.WriteKind) bool { return k.IsMutation() && k.IsStatus() == inStatus(e) }) {
				continue // the helper that made the change writes it itself
			}
			switch {
			case ssax.Reaches(e.Instr, cp) && !ssax.Reaches(cp, e.Instr):
				if ssax.ReachesAvoiding(e.Instr, cp, persistedBy(e)) {
					before = append(before, e)
				}
			case ssax.Reaches(cp, e.Instr) && ssax.Reaches(e.Instr, w.Call):
				after = append(after, PathString(e.Path))
			}
		}
		var lost []*Effect
		for _, e := range before {
			// A field changed again after the copy (or a part of it, or
			// the whole it is part of) goes out with its later value.
			p := PathString(e.Path)
			again := slices.ContainsFunc(after, func(q string) bool { return CoversPath(p, q) || CoversPath(q, p) })
			if !again && ssax.Reaches(cp, w.Call) {
				lost = append(lost, e)
			}
		}
		if len(lost) == 0 {
			return nil
		}
		sort.Slice(lost, func(i, j int) bool { return lost[i].Instr.Pos() < lost[j].Instr.Pos() })
		return &LateBase{Write: w, MergeFrom: mf, Lost: lost, Copied: cp}
	}
}

// LostBy reports whether the store st is one that the late base of the
// write made by call does not send.
func (s *Summary) LostBy(call ssa.Instruction, st *Effect) bool {
	if st.Kind != StoreEffect || st.Instr == nil || st.Instr.Parent() != call.Parent() {
		return false
	}
	for _, w := range s.Writes {
		if w.Call != call {
			continue
		}
		lb := s.LateBaseOf(w)
		return lb != nil && slices.ContainsFunc(lb.Lost, func(e *Effect) bool { return e.Instr == st.Instr })
	}
	return false
}

// copyOf returns the call that made base a deep copy, and the object it
// copied: base := obj.DeepCopy() (or DeepCopyObject), or base :=
// new(T) (&T{}) filled by obj.DeepCopyInto(base). nil when base is no
// such copy.
func (s *Summary) copyOf(base ssa.Value) (*ssa.Call, ssa.Value) {
	switch x := base.(type) {
	case *ssa.Call:
		fc := s.Forward(&x.Call)
		fn := ssax.CalleeFunc(fc)
		recv := ssax.RecvFirstArgs(fc)
		if fn != nil && apis.IsDeepCopy(fn.Name()) && len(recv) > 0 {
			return x, recv[0]
		}
	case *ssa.Alloc:
		var found *ssa.Call
		var from ssa.Value
		for _, r := range *x.Referrers() {
			c, ok := r.(*ssa.Call)
			if !ok {
				continue
			}
			fc := s.Forward(&c.Call)
			fn := ssax.CalleeFunc(fc)
			args := ssax.RecvFirstArgs(fc)
			if fn == nil || fn.Name() != "DeepCopyInto" || len(args) != 2 || args[1] != ssa.Value(x) {
				continue
			}
			if found != nil {
				return nil, nil // filled twice: which copy counts is not clear
			}
			found, from = c, args[0]
		}
		return found, from
	}
	return nil, nil
}

// CoversPath reports whether the field path q (as PathString prints it)
// is p or holds it (Labels holds Labels[], Spec holds Spec.Replicas).
func CoversPath(q, p string) bool {
	return p == q || strings.HasPrefix(p, q+".") || strings.HasPrefix(p, q+"[")
}
