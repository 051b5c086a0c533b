package summary

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Results made from parameters (the ResultFromParam fact).
//
// A helper may hand back the object it was given (an update helper that
// returns the updated object, which the caller assigns over its variable),
// or a conversion of it (a ToUnstructured wrapper, whose result the caller
// writes with the dynamic client). The model needs both to keep track of
// the object:
//   - the same object: RootOf looks through the call, so stores, writes and
//     cache ownership follow the object;
//   - a conversion: writing the result persists the parameter's content
//     (PersistedRoot), and converting an Unstructured object shares its
//     maps, so a cached Unstructured stays cached (SharedConversion).

// SourceKind says how a result is made from a parameter.
type SourceKind uint8

const (
	// NoSource: the result is not made from a parameter.
	NoSource SourceKind = iota
	// SameObject: the result is the parameter itself.
	SameObject
	// Conversion: the result is the parameter converted to unstructured
	// content; it shares the maps of an Unstructured parameter and is a
	// copy of any other object.
	Conversion
)

// ResultSource says that result Result of a function is made from its
// parameter Param (receiver first).
type ResultSource struct {
	Result, Param int
	Kind          SourceKind
	// Path is, for SameObject, the field path inside the parameter that
	// the result points to (an accessor returning &r.obj.Spec.Template,
	// or r.obj): the result aliases that part of the parameter. Empty
	// when the result is the parameter itself.
	Path string `json:",omitempty"`
}

// resultSources returns the results of a package function made from its
// parameters: on every return that does not return nil, the result is the
// same parameter (or a conversion of it).
func (s *Summary) resultSources(fn *ssa.Function) []ResultSource {
	if r, ok := s.resSrc.Get(fn); ok {
		return r // nil while in progress: recursion sees no source
	}
	s.resSrc.Put(fn, nil)
	n := fn.Signature.Results().Len()
	var out []ResultSource
	for i := 0; i < n && i < 64; i++ {
		param, kind := -1, NoSource
		var path []string
		ok, _ := ssax.EveryReturn(fn, i, func(_ *ssa.Return, v ssa.Value) bool {
			p, k, pp := s.paramSource(fn, v)
			if k == NoSource || param >= 0 && (p != param || !slices.Equal(pp, path)) {
				return false
			}
			param, kind, path = p, max(kind, k), pp
			return true
		})
		if ok && kind != NoSource {
			out = append(out, ResultSource{Result: i, Param: param, Kind: kind, Path: strings.Join(path, ".")})
		}
	}
	s.resSrc.Put(fn, out)
	return out
}

// paramSource says whether v (in fn) is a parameter of fn, or a conversion
// of one.
// A value that points into a parameter (a pointer, slice or map reached
// through its fields) is that part of it: the path says which.
func (s *Summary) paramSource(fn *ssa.Function, v ssa.Value) (int, SourceKind, []string) {
	root, path := s.RootOf(v)
	p, prefix := paramRoot(fn, root)
	if prefix != nil {
		path = append(slices.Clone(prefix), path...) // the object a holder parameter holds
	}
	if len(path) > 0 {
		if p >= 0 && refersInto(v.Type()) {
			return p, SameObject, path
		}
		return -1, NoSource, nil
	}
	if p >= 0 {
		return p, SameObject, nil
	}
	if arg := s.convertedFrom(root); arg != nil {
		if p, k, pp := s.paramSource(fn, arg); k != NoSource && len(pp) == 0 {
			return p, Conversion, nil
		}
	}
	return -1, NoSource, nil
}

// refersInto reports whether a value of type t shares what it holds with
// the place it was read from: a pointer, a slice or a map.
func refersInto(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map:
		return true
	}
	return false
}

// callSource returns the argument that result i of a call is made from, and
// how: the unstructured converter, a package function (by its code), or a
// function of another package (by its fact).
func (s *Summary) callSource(c *ssa.CallCommon, i int) (ssa.Value, SourceKind, []string) {
	return s.callSourceSeen(c, i, make(map[ssa.Value]bool))
}

// callSourceSeen is callSource within a RootOf walk: seen holds the values
// (and the closures asked about) the walk has reached, so that a closure
// that returns a variable it captures, assigned the closure's own result
// (err = f(), f returning err), ends the walk instead of recursing.
func (s *Summary) callSourceSeen(c *ssa.CallCommon, i int, seen map[ssa.Value]bool) (ssa.Value, SourceKind, []string) {
	c = s.Forward(c)
	callee := ssax.CalleeFunc(c)
	fs, _ := s.CalleeFact(c)
	if callee == nil && fs == nil && s.LocalFunc(s.Callee(c)) == nil {
		return nil, NoSource, nil // a dynamic call; a closure of the package or a variable of another goes on
	}
	args := ssax.RecvFirstArgs(c)
	if a, ok := apis.ToUnstructuredArg(apis.FuncOf(callee)); ok && i == 0 && a < len(args) {
		return args[a], Conversion, nil
	}
	if c.IsInvoke() {
		return nil, NoSource, nil
	}
	var srcs []ResultSource
	if local := s.LocalFunc(s.Callee(c)); local != nil {
		srcs = s.resultSources(local)
	} else if fs != nil {
		srcs = fs.ResultSources
	}
	for _, rs := range srcs {
		if rs.Result == i && rs.Param < len(args) {
			return args[rs.Param], rs.Kind, splitPath(rs.Path)
		}
	}
	if local := s.LocalFunc(s.Callee(c)); local != nil && local.Parent() != nil {
		if v := s.capturedResult(local, i, seen); v != nil {
			return v, SameObject, nil
		}
	}
	return nil, NoSource, nil
}

// capturedResult returns the parameter of a function enclosing the
// closure fn that fn's result i always is (a body moved into a closure
// that returns the object it captured), or nil.
func (s *Summary) capturedResult(fn *ssa.Function, i int, seen map[ssa.Value]bool) ssa.Value {
	if seen[fn] {
		return nil
	}
	seen[fn] = true
	var common ssa.Value
	ok, _ := ssax.EveryReturn(fn, i, func(_ *ssa.Return, v ssa.Value) bool {
		root, path := s.rootOf(v, seen)
		p, isParam := root.(*ssa.Parameter)
		if !isParam || len(path) > 0 || common != nil && common != root || !encloses(p.Parent(), fn) {
			return false
		}
		common = root
		return true
	})
	if !ok {
		return nil
	}
	return common
}

// encloses reports whether outer is fn or a function fn is nested in.
func encloses(outer, fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		if f == outer {
			return true
		}
	}
	return false
}

// resultCall returns the call whose result v is, and the result's index.
func resultCall(v ssa.Value) (*ssa.Call, int) {
	switch x := v.(type) {
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok {
			return c, x.Index
		}
	case *ssa.Call:
		return x, 0
	}
	return nil, -1
}

// convertedFrom returns the object that root (an object root, with no
// path) is a conversion of: the result of a conversion call, or an
// Unstructured built around such a result (&unstructured.Unstructured{
// Object: m}). It returns nil otherwise.
func (s *Summary) convertedFrom(root ssa.Value) ssa.Value {
	if c, i := resultCall(root); c != nil {
		if arg, k, _ := s.callSource(&c.Call, i); k == Conversion {
			return arg
		}
		// An Unstructured a constructor of the package builds around
		// content it is given (`return &unstructured.Unstructured{Object:
		// m}`): the content's source.
		if !apis.IsUnstructured(root.Type()) {
			return nil
		}
		if fs := s.ResultFields(c, i)[apis.UnstructuredContentField]; fs != nil && fs.Value != nil {
			if croot, path := s.RootOf(fs.Value); len(path) == 0 {
				return s.convertedFrom(croot)
			}
		}
		return nil
	}
	a, ok := root.(*ssa.Alloc)
	if !ok || !apis.IsUnstructured(a.Type()) {
		return nil
	}
	content := ssax.AllocField(a, apis.UnstructuredContentField)
	if content == nil {
		return nil
	}
	croot, path := s.RootOf(content)
	if len(path) > 0 {
		return nil
	}
	return s.convertedFrom(croot)
}

// PersistedRoot is RootOf for the object argument of a write: when the
// written object is a conversion of another object (its ToUnstructured
// form), the write persists that object's content, so its root is
// returned.
func (s *Summary) PersistedRoot(v ssa.Value) (ssa.Value, []string) {
	root, path := s.RootOf(v)
	if src := s.copiedForUse(v); src != nil && len(path) == 0 {
		// A copy made for the write alone (`Patch(ctx,
		// obj.DeepCopyObject().(client.Object), …)`): nothing is stored
		// into it, so the write persists what the original holds.
		root, path = s.RootOf(src)
	}
	for i := 0; i < 8 && len(path) == 0; i++ {
		if s.getFills(root, 0) {
			break // a copy read into again holds the server's content, not its source's
		}
		arg := s.convertedFrom(root)
		if arg == nil {
			break
		}
		root, path = s.RootOf(arg)
	}
	return root, path
}

// copiedForUse returns the object that v, the argument of a call, is a
// deep copy of when the copy is made for that use alone: v is the result
// of DeepCopy or DeepCopyObject (through conversions and type
// assertions, and the forwarders Forward sees through: a helper of
// another package returning obj.DeepCopy()), and each step has no other
// use.
func (s *Summary) copiedForUse(v ssa.Value) ssa.Value {
	if refs := v.Referrers(); refs == nil || len(*refs) != 1 {
		return nil // the argument is used elsewhere too (read into, changed)
	}
	for range 8 {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.TypeAssert:
			if x.CommaOk {
				return nil
			}
			v = x.X
		case *ssa.Call:
			if refs := x.Referrers(); refs == nil || len(*refs) != 1 {
				return nil
			}
			c := s.Forward(&x.Call)
			if f := ssax.CalleeFunc(c); f != nil && apis.IsDeepCopy(f.Name()) {
				return ssax.CallRecv(c) // nil for a function that is no method
			}
			return nil
		default:
			return nil
		}
		if refs := v.Referrers(); refs == nil || len(*refs) != 1 {
			return nil
		}
	}
	return nil
}

// SharedConversion returns the object whose maps root (with no path)
// shares, when root is a conversion of an object that is, or may be, an
// Unstructured: the converter hands out an Unstructured's own content.
// The static type decides: a typed object is copied, an interface may hold
// an Unstructured.
func (s *Summary) SharedConversion(root ssa.Value) ssa.Value {
	arg := s.convertedFrom(root)
	if arg == nil {
		return nil
	}
	t := ssax.StripConv(arg).Type()
	if apis.IsUnstructured(t) || types.IsInterface(t) {
		return arg
	}
	return nil
}
