package taint

import (
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Parameter paths.
//
// A value derived from a parameter carries the parameter in Params. When
// the function reads only a part of what the parameter points to
// (in.Spec.Size of an object in), ParamPaths says which: the call site then
// binds the taint of that part of its argument, not of the whole (an
// object stamped elsewhere passes no stamp to a helper that reads its
// spec). The encoding is "i=Field.Sub;j=…" by increasing i; a parameter of
// Params without an entry flows whole.

// paramPaths decodes ParamPaths.
func (t Taint) paramPaths() map[int]string {
	if t.ParamPaths == "" {
		return nil
	}
	m := map[int]string{}
	for _, e := range strings.Split(t.ParamPaths, ";") {
		i, p, _ := strings.Cut(e, "=")
		if n, err := strconv.Atoi(i); err == nil {
			m[n] = p
		}
	}
	return m
}

// withParamPaths returns t with the entries of m for the parameters of
// Params (encoded in order).
func (t Taint) withParamPaths(m map[int]string) Taint {
	var idx []int
	for i, p := range m {
		if p != "" && i < 64 && t.Params&(1<<uint(i)) != 0 {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	parts := make([]string, 0, len(idx))
	for _, i := range idx {
		parts = append(parts, strconv.Itoa(i)+"="+m[i])
	}
	t.ParamPaths = strings.Join(parts, ";")
	return t
}

// ParamPath returns the field path of parameter i that flows into the
// value, or nil when the parameter flows whole (or not at all).
func (t Taint) ParamPath(i int) []string {
	if p := t.paramPaths()[i]; p != "" {
		return strings.Split(p, ".")
	}
	return nil
}

// unionParamPaths is the ParamPaths of the union of t and u: a parameter
// that flows whole on either side flows whole; one that flows at two
// paths flows at their common prefix.
func unionParamPaths(t, u Taint) string {
	if t.ParamPaths == "" && u.ParamPaths == "" || t.Params|u.Params == 0 {
		return ""
	}
	tp, up := t.paramPaths(), u.paramPaths()
	out := map[int]string{}
	for i := range 64 {
		bit := uint64(1) << uint(i)
		inT, inU := t.Params&bit != 0, u.Params&bit != 0
		switch {
		case inT && inU:
			out[i] = commonPath(tp[i], up[i])
		case inT:
			out[i] = tp[i]
		case inU:
			out[i] = up[i]
		}
	}
	return Taint{Params: t.Params | u.Params}.withParamPaths(out).ParamPaths
}

// commonPath is the longest common prefix of two dotted paths ("" when
// either is the whole).
func commonPath(a, b string) string {
	if a == "" || b == "" {
		return ""
	}
	as, bs := strings.Split(a, "."), strings.Split(b, ".")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return strings.Join(as[:n], ".")
}

// atParamPath is the taint t of the parameter p read at path: its
// parameter flows only at that path.
func atParamPath(t Taint, p *ssa.Parameter, path []string) Taint {
	if len(path) == 0 || t.ParamPaths != "" {
		return t
	}
	i := slices.Index(p.Parent().Params, p)
	if i < 0 || i >= 64 || t.Params != 1<<uint(i) {
		return t
	}
	return t.withParamPaths(map[int]string{i: strings.Join(path, ".")})
}

// argAtPath is the taint of the argument arg at the field path a callee
// reads of it (the whole argument when path is empty).
func (a *Analysis) argAtPath(arg ssa.Value, path []string, vis map[ssa.Value]bool) Taint {
	if len(path) == 0 {
		if vis == nil {
			return a.TaintOf(arg)
		}
		return a.taint(arg, vis)
	}
	if vis == nil {
		vis = make(map[ssa.Value]bool)
	}
	if vis[arg] {
		return Taint{} // reached again in this walk, as taint does
	}
	switch root, _ := a.m.RootOf(arg); root.(type) {
	case *ssa.Alloc, *ssa.MakeSlice, *ssa.MakeMap:
	default:
		if path[0] == "[]" {
			// The elements of a collection that no stores describe (a
			// parameter, a call's result, an appended slice), read in
			// its order: the order it carries goes with them, which
			// taint walks (and marks) itself.
			return a.taint(arg, vis)
		}
	}
	vis[arg] = true
	return a.subTaint(arg, path, vis, 4)
}

// PartTaint is the taint of the part of v at the field path: of the values
// stored there when v is a value the function assembles (a composite
// literal), else of the whole of v.
func (a *Analysis) PartTaint(v ssa.Value, path []string) Taint {
	return a.argAtPath(v, path, nil)
}
