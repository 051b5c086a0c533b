package summary

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/fieldpath"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// refineWriteGuards drops, from the guards of each write made in its own
// function, the G2 conditions that compare nothing the function changes: a
// test of observed data none of whose field paths the function (or the
// helpers and closures it calls) stores into. A write under
// `if !w.Spec.Enabled { return }` writes on every pass that gets past the
// return, whether or not the status it writes changed: the test decides
// whether the reconcile acts, not whether the object differs from what was
// read. A write left with no guard is Unguarded.
//
// A condition stays a guard when it reads a path a store of the function
// overlaps (Status.Phase tested, then set: a compare-then-set), when it
// reads the whole object or anything the reads cannot follow (a call of
// another package's function on something other than object data or
// configuration),
// or when the function stores nothing it can name (the write then persists
// a value built elsewhere, and the test may be its change check). Other
// kinds (equality, change reports, conditions of unknown kind) are not
// touched. A condition of unknown kind is refined the same way when its
// reads are known.
func (s *Summary) refineWriteGuards() {
	stores := make(map[*ssa.Function][][]string)
	for _, w := range s.Writes {
		if w.Local != Guarded || len(w.LocalGuards) == 0 || w.Helper != nil || w.Kind.IsSelfGuarded() {
			continue
		}
		paths, ok := stores[w.Fn]
		if !ok {
			paths = s.storePaths(w.Fn)
			stores[w.Fn] = paths
		}
		if len(paths) == 0 {
			continue
		}
		fi := s.Func(w.Fn)
		var kept []flow.Dep
		for _, d := range w.LocalGuards {
			ifi := d.If()
			if ifi == nil || !refinable(fi.Guard(ifi).Kind) || s.comparesChanged(ifi.Cond, paths) {
				kept = append(kept, d)
			}
		}
		if len(kept) == 0 {
			w.Local, w.LocalGuards = Unguarded, nil
		} else {
			w.LocalGuards = kept
		}
	}
}

// refinable reports whether a guard of kind k may turn out to compare
// nothing a write changes: a G2 test of observed data, or a condition the
// classification could not name (a helper's bool), once its reads are
// known.
func refinable(k GuardKind) bool { return k == Observed || k == Unknown }

// storePaths returns the field paths of the stores fn makes into objects,
// itself, through its helpers and through closures it calls; a store whose
// path is empty (the whole object replaced) is the empty path, which every
// read overlaps.
func (s *Summary) storePaths(fn *ssa.Function) [][]string {
	var out [][]string
	for _, e := range s.Effects(fn) {
		if e.Kind == StoreEffect {
			path := e.Path
			if mu, ok := e.Instr.(*ssa.MapUpdate); ok {
				path = keyed(path, mu.Key)
			}
			if call, ok := e.Instr.(*ssa.Call); ok && e.Removal {
				if b, isB := call.Call.Value.(*ssa.Builtin); isB && b.Name() == "delete" && len(call.Call.Args) == 2 {
					path = keyed(path, call.Call.Args[1])
				}
			}
			out = append(out, path)
		}
	}
	return out
}

// keyed returns path with its last element, a map element "[]", made the
// element of key when key is a constant ("[\"example.com/owner\"]"): an
// annotation a condition reads is another than the one a store sets when
// both keys are constants that differ (fieldpath.Compatible).
func keyed(path []string, key ssa.Value) []string {
	k, ok := key.(*ssa.Const)
	if !ok || k.Value == nil || len(path) == 0 || path[len(path)-1] != "[]" {
		return path
	}
	out := slices.Clone(path)
	out[len(out)-1] = "[" + k.Value.ExactString() + "]"
	return out
}

// comparesChanged reports whether the condition cond may compare data the
// function changes: it reads a path that overlaps one of stores, or
// something whose path it cannot tell.
func (s *Summary) comparesChanged(cond ssa.Value, stores [][]string) bool {
	var reads [][]string
	if !s.condReads(cond, &reads, make(map[ssa.Value]bool), 0) {
		return true
	}
	for _, r := range reads {
		for _, st := range stores {
			if fieldpath.Compatible(r, st) {
				return true
			}
		}
	}
	return false
}

// condReads appends to reads the field paths of the object data the value
// v reads, and reports whether every leaf of v is such data, a constant or
// configuration. A call reads its arguments (and the receiver of an
// interface method); a helper of the package, when its result is a test of
// its parameters, reads what it tests of them.
func (s *Summary) condReads(v ssa.Value, reads *[][]string, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || depth > 16 {
		return false
	}
	if seen[v] {
		return true
	}
	seen[v] = true
	if s.IsObjectRoot(v) {
		*reads = append(*reads, nil) // the whole object
		return true
	}
	switch x := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return false
		}
		if x.Op == token.MUL {
			return s.dataRead(x, reads, seen, depth)
		}
		return s.condReads(x.X, reads, seen, depth+1)
	case *ssa.Field, *ssa.Index, *ssa.Lookup, *ssa.FieldAddr, *ssa.IndexAddr:
		return s.dataRead(v, reads, seen, depth)
	case *ssa.BinOp:
		return s.condReads(x.X, reads, seen, depth+1) && s.condReads(x.Y, reads, seen, depth+1)
	case *ssa.Phi:
		// A flag (changed := false; if c { changed = true }) or a
		// short-circuit (a && b) means the conditions that choose its
		// edge as much as the edges.
		fi := s.Func(x.Parent())
		for i, e := range x.Edges {
			if !s.condReads(e, reads, seen, depth+1) {
				return false
			}
			if fi.Graph == nil || i >= len(x.Block().Preds) {
				return false
			}
			for _, d := range fi.Graph.ControlDeps(x.Block().Preds[i]) {
				if ifi := d.If(); ifi != nil && !s.condReads(ifi.Cond, reads, seen, depth+1) {
					return false
				}
			}
		}
		return true
	case *ssa.Extract:
		return s.condReads(x.Tuple, reads, seen, depth+1)
	case *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert, *ssa.Slice:
		var ops [2]*ssa.Value
		for _, op := range x.(ssa.Instruction).Operands(ops[:0]) {
			if !s.condReads(*op, reads, seen, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Call:
		return s.callReads(x, reads, seen, depth)
	}
	return s.isConfigValue(v, make(map[ssa.Value]bool))
}

// dataRead handles a load, field or element of v: object data at its path,
// or configuration.
func (s *Summary) dataRead(v ssa.Value, reads *[][]string, seen map[ssa.Value]bool, depth int) bool {
	if _, ok := s.flagField(v); ok {
		// A changed flag of a per-pass struct (s.dirty, read directly or
		// through its getter): it says what its setters compared, not
		// configuration.
		return false
	}
	root, path := s.RootOf(v)
	if a, ok := root.(*ssa.Alloc); ok && !s.IsObjectRoot(a) {
		// A read of a local copy of object data (for _, c := range
		// list { if c.Name == name … }): what it copied, at the path.
		if ld, ok := ssax.SingleStored(a).(*ssa.UnOp); ok && ld.Op == token.MUL {
			if r, p := s.RootOf(ld.X); r != nil && s.IsObjectRoot(r) {
				root, path = r, append(slices.Clone(p), path...)
			}
		}
	}
	if root != nil && s.IsObjectRoot(root) {
		if l, ok := v.(*ssa.Lookup); ok {
			path = keyed(path, l.Index)
		}
		*reads = append(*reads, path)
		return true
	}
	if s.isConfigValue(v, make(map[ssa.Value]bool)) {
		return true
	}
	// A local holding a value computed from object data.
	if ld, ok := v.(*ssa.UnOp); ok {
		if a, ok := ld.X.(*ssa.Alloc); ok {
			if val := ssax.SingleStored(a); val != nil {
				return s.condReads(val, reads, seen, depth+1)
			}
		}
	}
	return false
}

// callReads handles a call in a condition.
func (s *Summary) callReads(c *ssa.Call, reads *[][]string, seen map[ssa.Value]bool, depth int) bool {
	if b, ok := c.Call.Value.(*ssa.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") && len(c.Call.Args) == 1 && isSliceValue(c.Call.Args[0]) {
		// The length of a slice of object data: its length only.
		var inner [][]string
		if !s.condReads(c.Call.Args[0], &inner, seen, depth+1) {
			return false
		}
		for _, r := range inner {
			if r != nil {
				r = append(slices.Clone(r), fieldpath.Len)
			}
			*reads = append(*reads, r)
		}
		return true
	}
	if local := s.LocalCallee(&c.Call); local != nil && !c.Call.IsInvoke() {
		var inner [][]string
		if s.helperReads(local, &inner, depth) {
			*reads = append(*reads, inner...)
			return true
		}
		// Otherwise a function of its arguments, as below, unless it may
		// read objects of its own (an API read, a call through an
		// interface): its result may then compare what it read.
		if s.mayReadOwnData(local) || s.readsFlag(local) {
			return false
		}
	}
	if _, ok := c.Call.Value.(*ssa.Builtin); !ok && ssax.CalleeFunc(s.Forward(&c.Call)) == nil && !c.Call.IsInvoke() {
		return false // a function value
	}
	if c.Call.IsInvoke() && !s.condReads(c.Call.Value, reads, seen, depth+1) {
		return false
	}
	for _, a := range c.Call.Args {
		if apis.IsContext(a.Type()) {
			continue
		}
		if !s.condReads(a, reads, seen, depth+1) {
			return false
		}
	}
	return true
}

// readsFlag reports whether fn reads a changed flag of a per-pass struct
// (flagField): a getter of the flag returns what the flag's setters
// compared, not a function of its arguments.
func (s *Summary) readsFlag(fn *ssa.Function) bool {
	return s.readsFlagDepth(fn, 0)
}

// readsFlagDepth is readsFlag through the helpers of the package fn
// calls (a getter whose body is a helper's), three levels deep.
func (s *Summary) readsFlagDepth(fn *ssa.Function, depth int) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if x.Op == token.MUL {
					if _, ok := s.flagField(x); ok {
						return true
					}
				}
			case ssa.CallInstruction:
				if depth < 3 {
					if local := s.LocalCallee(x.Common()); local != nil && local != fn && s.readsFlagDepth(local, depth+1) {
						return true
					}
				}
			}
		}
	}
	return false
}

// mayReadOwnData reports whether fn may read object data it was not
// given: it reads from the API (directly or through its helpers), calls
// through an interface or a function value.
func (s *Summary) mayReadOwnData(fn *ssa.Function) bool {
	for _, e := range s.Effects(fn) {
		if e.Kind == ReadEffect {
			return true
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cc := c.Common()
			if cc.IsInvoke() {
				return true
			}
			if _, builtin := cc.Value.(*ssa.Builtin); !builtin && ssax.CalleeFunc(s.Forward(cc)) == nil && s.LocalCallee(cc) == nil {
				return true
			}
		}
	}
	return false
}

// HelperReads returns the field paths of its parameters' object data
// that fn's result reads and the conditions choosing its returns read
// (helperReads), and whether those, configuration and constants are all
// it reads (a search of a list by name reads the names and the length,
// not the rest of each element).
func (s *Summary) HelperReads(fn *ssa.Function) ([][]string, bool) {
	var reads [][]string
	if !s.helperReads(fn, &reads, 0) || s.mayReadOwnData(fn) {
		return nil, false
	}
	return reads, true
}

// helperReads collects what a helper's result reads, and the conditions
// that choose its returns: paths of the objects its parameters are, which
// are the caller's arguments' paths too (paths are compared without their
// roots), configuration and constants. It fails on anything else.
func (s *Summary) helperReads(fn *ssa.Function, reads *[][]string, depth int) bool {
	if depth > 8 || len(fn.Blocks) == 0 {
		return false
	}
	var inner [][]string
	seen := make(map[ssa.Value]bool)
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, r := range ret.Results {
			if !s.condReads(r, &inner, seen, depth+1) {
				return false
			}
		}
		// The conditions that choose the return are read too.
		fi := s.Func(fn)
		if fi.Graph != nil {
			for _, d := range fi.Graph.ControlDeps(b) {
				if ifi := d.If(); ifi != nil && !s.condReads(ifi.Cond, &inner, seen, depth+1) {
					return false
				}
			}
		}
	}
	*reads = append(*reads, inner...)
	return true
}

// ParamCompare is a part of a parameter that a function compares: the
// parameter (InputIndex numbering) and the field path compared (empty for
// the whole value).
type ParamCompare struct {
	Param int
	Path  []string
}

// ComparedParams returns the parts of fn's parameters that fn compares
// with == or !=, or passes to an equality function (reflect.DeepEqual,
// equality.Semantic.DeepEqual, cmp.Equal, …): what a change report of fn
// depends on. A condition helper that replaces an element when
// `existing == c` is false compares all of c; one that compares Status,
// Reason and Message compares those paths only.
func (s *Summary) ComparedParams(fn *ssa.Function) []ParamCompare {
	var out []ParamCompare
	for _, c := range s.comparedRoots(fn, 0) {
		if i := ssax.InputIndex(fn, c.root); i >= 0 {
			out = append(out, ParamCompare{Param: i, Path: c.path})
		}
	}
	return out
}

// comparedRoot is a part of a value a function compares: its root (as
// RootOf gives it, so a captured parameter of an enclosing function is
// that parameter) and the path.
type comparedRoot struct {
	root ssa.Value
	path []string
}

// comparedRoots returns the parts of values fn compares (see
// ComparedParams), with the parts of its inputs that the helpers and
// closures it calls compare mapped onto what it passes them.
func (s *Summary) comparedRoots(fn *ssa.Function, depth int) []comparedRoot {
	var out []comparedRoot
	add := func(v ssa.Value, suffix []string) {
		root, path := s.RootOf(v)
		if root == nil {
			return
		}
		if a, ok := root.(*ssa.Alloc); ok {
			if p := ssax.SpilledParam(a); p != nil {
				root = p // a struct parameter whose fields are addressed
			}
		}
		out = append(out, comparedRoot{root: root, path: append(slices.Clip(path), suffix...)})
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.BinOp:
				// A nil test is a presence test, not a comparison of
				// values.
				if (x.Op == token.EQL || x.Op == token.NEQ) && !ssax.IsNil(x.X) && !ssax.IsNil(x.Y) {
					add(x.X, nil)
					add(x.Y, nil)
				}
			case *ssa.Call:
				if fc := s.Forward(&x.Call); apis.IsEqualityFunc(apis.FuncOf(ssax.CalleeFunc(fc))) {
					// An equality function of the API table compares its
					// arguments whole; a helper compares what its summary
					// says (below).
					for _, a := range ssax.CallArgs(fc) {
						add(a, nil)
					}
					continue
				}
				if g := s.classifyCall(x); g.Kind == Equality && s.LocalCallee(&x.Call) == nil && !s.hasCompares(s.Forward(&x.Call)) {
					for _, a := range ssax.CallArgs(s.Forward(&x.Call)) {
						add(a, nil)
					}
					continue
				}
				if x.Call.IsInvoke() {
					continue
				}
				// What a helper (or a closure) of the package compares of
				// the values fn passes it; for a function of another
				// package, what its facts say it compares.
				local := s.LocalCallee(&x.Call)
				if local == nil {
					fc := s.Forward(&x.Call)
					if fs, _ := s.CalleeFact(fc); fs != nil {
						for _, pc := range fs.Compares {
							if arg := ssax.CallInput(fc, pc.Param); arg != nil {
								add(arg, pc.Path)
							}
						}
					}
					continue
				}
				if local == fn || depth >= 4 {
					continue
				}
				for _, c := range s.comparedRoots(local, depth+1) {
					if i := ssax.InputIndex(local, c.root); i >= 0 {
						if arg := ssax.CallInput(&x.Call, i); arg != nil {
							add(arg, c.path)
						}
						continue
					}
					if ssax.Encloses(fn, local) {
						out = append(out, c) // a value of fn the closure captured
					}
				}
			}
		}
	}
	return out
}

// hasCompares reports whether the facts of the function c calls (of
// another package) say which parts of its inputs it compares.
func (s *Summary) hasCompares(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return false
	}
	fs, _ := s.CalleeFact(c)
	return fs != nil && len(fs.Compares) > 0
}

// isSliceValue reports whether v is a slice or an array (or a pointer to
// one).
func isSliceValue(v ssa.Value) bool {
	t := v.Type().Underlying()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem().Underlying()
	}
	switch t.(type) {
	case *types.Slice, *types.Array:
		return true
	}
	return false
}
