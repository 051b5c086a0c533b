package unconditionalwrite

import (
	"fmt"
	"go/token"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/diag"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// A merge patch is the difference between the object and the base given
// to client.MergeFrom (or StrategicMergeFrom). A base copied from the
// object after the change it should capture holds the change already:
//
//	obj.Spec.Replicas = 3
//	patch := client.MergeFrom(obj.DeepCopy())
//	r.Patch(ctx, obj, patch)
//
// sends an empty patch: the change is lost, and a request is made on
// every pass.

// lateBase is a Patch whose MergeFrom base was copied after stores into
// the object that no later store repeats.
type lateBase struct {
	w      *summary.Write
	mf     *ssa.Call // the MergeFrom call
	lost   []*summary.Effect
	copied *ssa.Call // the DeepCopy that made the base
}

// lateBases finds the Patch writes of the package whose MergeFrom base
// misses changes.
func lateBases(s *summary.Summary) []lateBase {
	var out []lateBase
	for _, w := range s.Writes {
		if w.Kind != apis.Patch && w.Kind != apis.StatusPatch || w.Object == nil || w.Helper != nil {
			continue
		}
		call, ok := w.Call.(*ssa.Call)
		if !ok {
			continue
		}
		args := ssax.CallArgs(s.Forward(&call.Call))
		if len(args) < 3 {
			continue
		}
		mf, ok := ssax.StripConv(args[2]).(*ssa.Call)
		if !ok {
			continue
		}
		callee := ssax.CalleeFunc(s.Forward(&mf.Call))
		if callee == nil || !apis.IsMergeFromPatch(apis.FuncOf(callee)) || len(mf.Call.Args) == 0 {
			continue
		}
		cp, from := copyOf(s, ssax.StripConv(mf.Call.Args[0]))
		if cp == nil || cp.Parent() != w.Fn {
			continue
		}
		// The copy must be of the written object itself, and the stores
		// into it: the same root and the object's own path (an element
		// of a scope's list is not the scope's other fields).
		obj, objPath := s.PersistedRoot(w.Object)
		src, srcPath := s.PersistedRoot(from)
		objPath, srcPath = summary.Metaless(objPath), summary.Metaless(srcPath)
		if obj == nil || src != obj || !slices.Equal(objPath, srcPath) {
			continue
		}
		var before []*summary.Effect
		var after []string
		for _, e := range s.Effects(w.Fn) {
			if e.Kind != summary.StoreEffect || e.Root != obj || len(e.Path) == 0 {
				continue
			}
			if p := summary.Metaless(e.Path); len(p) <= len(objPath) || !slices.Equal(p[:len(objPath)], objPath) {
				continue // a store into another part of the root
			}
			switch {
			case ssax.Reaches(e.Instr, cp) && !ssax.Reaches(cp, e.Instr):
				before = append(before, e)
			case ssax.Reaches(cp, e.Instr) && ssax.Reaches(e.Instr, w.Call):
				after = append(after, summary.PathString(e.Path))
			}
		}
		var lost []*summary.Effect
		for _, e := range before {
			// A field changed again after the copy (or a part of it, or
			// the whole it is part of) goes out with its later value.
			p := summary.PathString(e.Path)
			again := slices.ContainsFunc(after, func(q string) bool { return covers(p, q) || covers(q, p) })
			if !again && ssax.Reaches(cp, w.Call) {
				lost = append(lost, e)
			}
		}
		if len(lost) > 0 {
			sort.Slice(lost, func(i, j int) bool { return lost[i].Instr.Pos() < lost[j].Instr.Pos() })
			out = append(out, lateBase{w: w, mf: mf, lost: lost, copied: cp})
		}
	}
	return out
}

// copyOf returns the call that made base a deep copy, and the object it
// copied: base := obj.DeepCopy() (or DeepCopyObject), or base :=
// new(T) (&T{}) filled by obj.DeepCopyInto(base). nil when base is no
// such copy.
func copyOf(s *summary.Summary, base ssa.Value) (*ssa.Call, ssa.Value) {
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

// covers reports whether the field path q is p or holds it (Labels holds
// Labels[], Spec holds Spec.Replicas).
func covers(q, p string) bool {
	return p == q || strings.HasPrefix(p, q+".") || strings.HasPrefix(p, q+"[")
}

// finding reports a late base at the MergeFrom call.
func (lb lateBase) finding(pass *analysis.Pass) diag.Finding {
	var paths []string
	var related []analysis.RelatedInformation
	for _, e := range lb.lost {
		if p := summary.PathString(e.Path); !slices.ContainsFunc(paths, func(q string) bool { return covers(q, p) }) {
			paths = append(paths, p)
		}
		related = append(related, analysis.RelatedInformation{Pos: e.Instr.Pos(), Message: "changed here, before the base is copied"})
	}
	related = append(related, analysis.RelatedInformation{Pos: lb.w.Pos(), Message: "the " + lb.w.Method() + " that sends the patch"})
	pos := lb.mf.Pos()
	if !pos.IsValid() {
		pos = lb.w.Pos()
	}
	line := pass.Fset.Position(lb.lost[0].Instr.Pos()).Line
	msg := fmt.Sprintf("the base of this merge patch is copied from the object after %s was changed (line %d): "+
		"the patch is the difference from that copy, so the %s sends none of that change, and makes a request on every pass; "+
		"copy the base before the first change",
		strings.Join(paths, ", "), line, lb.w.Method())
	return diag.Finding{Pos: pos, End: token.NoPos, Message: msg, Related: related}
}
