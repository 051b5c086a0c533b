package summary

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

// Creates that are not safe to repeat (RL2003).

// CreateLeak is a Create whose AlreadyExists error reaches the error
// result of a reconcile root unhandled, with no existence check before it.
type CreateLeak struct {
	Root *Root
	// Create is the Create site: a direct Create (possibly in a helper of
	// this package) or the call of a helper of another package.
	Create *Write
	// Return is the return of the root that carries the error.
	Return *ssa.Return
	// Direct says the Create's error reaches the return directly or
	// wrapped with %w.
	Direct bool
}

// crOrigin is a Create whose error an error value may carry.
type crOrigin struct {
	errVal ssa.Value
	write  *Write
	direct bool
}

type crLeak struct {
	ret    *ssa.Return
	write  *Write
	direct bool
}

// CreateLeaks returns, for every reconcile root, the Creates whose
// AlreadyExists error reaches the root's error result (RL2003 b). Creates
// of objects with GenerateName are left out: the server picks a new name,
// so they cannot fail with AlreadyExists (see GenerateNameCreates).
func (s *Summary) CreateLeaks() []*CreateLeak {
	var out []*CreateLeak
	for _, r := range s.Roots {
		for _, l := range s.createLeaks(r.Fn, make(map[*ssa.Function]bool)) {
			out = append(out, &CreateLeak{Root: r, Create: l.write, Return: l.ret, Direct: l.direct})
		}
	}
	return out
}

// createLeaks returns the returns of fn whose error result may carry the
// unhandled AlreadyExists of a Create.
func (s *Summary) createLeaks(fn *ssa.Function, busy map[*ssa.Function]bool) []crLeak {
	if s.crMemo == nil {
		s.crMemo = make(map[*ssa.Function][]crLeak)
	}
	if l, ok := s.crMemo[fn]; ok {
		return l
	}
	if busy[fn] || len(fn.Blocks) == 0 {
		return nil
	}
	res := fn.Signature.Results()
	if res.Len() == 0 || !apis.IsError(res.At(res.Len()-1).Type()) || !s.hasCreates() {
		s.crMemo[fn] = nil
		return nil
	}
	busy[fn] = true
	defer delete(busy, fn)
	fi := s.Func(fn)
	var out []crLeak
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		errv := ret.Results[len(ret.Results)-1]
		w := &errWalker[crOrigin]{s: s, seen: make(map[ssa.Value]bool)}
		w.leaf = func(c *ssa.Call, errVal ssa.Value, index int, direct bool) []crOrigin {
			return s.createOrigins(c, errVal, index, direct, busy)
		}
		for _, o := range w.walk(errv, true) {
			if s.NotFoundHandled(fi, b, o.errVal) {
				continue // an AlreadyExists (or unknown) test of the error decides the return
			}
			out = append(out, crLeak{ret: ret, write: o.write, direct: o.direct})
		}
	}
	s.crMemo[fn] = out
	return out
}

// createOrigins handles an error produced by a call: a Create, or a helper
// whose error may carry a Create's AlreadyExists.
func (s *Summary) createOrigins(c *ssa.Call, errVal ssa.Value, index int, direct bool, busy map[*ssa.Function]bool) []crOrigin {
	res := c.Call.Signature().Results()
	if index != res.Len()-1 {
		return nil
	}
	w := s.writeAt(c)
	if w != nil && w.Kind == apis.Create && w.Helper == nil {
		if s.createsGenerateName(w) || s.existenceChecked(w.Fn, c) {
			return nil
		}
		return []crOrigin{{errVal: errVal, write: w, direct: direct}}
	}
	fn := s.callee(&c.Call)
	if fn == nil || c.Call.IsInvoke() {
		return nil
	}
	if local := s.localFunc(fn); local != nil {
		if s.existenceChecked(c.Parent(), c) {
			return nil
		}
		var out []crOrigin
		for _, l := range s.createLeaks(local, busy) {
			out = append(out, crOrigin{errVal: errVal, write: l.write, direct: direct && l.direct})
		}
		return out
	}
	if w != nil && w.Kind == apis.Create && w.Helper != nil && !w.GenerateName && !w.AlreadyExistsHandled {
		if s.existenceChecked(c.Parent(), c) {
			return nil
		}
		return []crOrigin{{errVal: errVal, write: w, direct: false}}
	}
	return nil
}

// writeAt returns the Create write recorded for call, if any.
func (s *Summary) writeAt(c ssa.CallInstruction) *Write {
	if s.createAt == nil {
		s.createAt = make(map[ssa.CallInstruction]*Write)
		for _, w := range s.Writes {
			if w.Kind == apis.Create {
				s.createAt[w.Call] = w
			}
		}
	}
	return s.createAt[c]
}

// hasCreates reports whether the package has any Create site.
func (s *Summary) hasCreates() bool {
	s.writeAt(nil)
	return len(s.createAt) > 0
}

// existenceChecked reports whether call runs only under a test of the
// result of a Get: `if apierrors.IsNotFound(err)`, `if err != nil` after a
// Get, a lister's Get, …, or under a test of other observed state (see
// observedTest). The object was looked up first.
func (s *Summary) existenceChecked(fn *ssa.Function, call ssa.Instruction) bool {
	if fn == nil {
		return false
	}
	fi := s.Func(fn)
	if fi.Graph == nil {
		return true
	}
	var created ssa.Value
	if ci, ok := call.(ssa.CallInstruction); ok {
		if w := s.writeAt(ci); w != nil && w.Object != nil {
			created, _ = s.RootOf(w.Object)
		}
	}
	for _, d := range fi.Graph.ControlDeps(call.Block()) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		if s.observedTest(ifi.Cond, created) {
			return true
		}
		if !s.mentionsGet(ifi.Cond) {
			continue
		}
		// On the failure edge of the Get's error test (NotFound, say), or
		// under a test of the Get's result the model cannot classify. The
		// success edge (the Get of the reconciled object succeeded) checks
		// nothing about the created object.
		if g := fi.Guard(ifi); g.Kind != ErrorTest || g.FailSucc == d.Succ {
			return true
		}
	}
	return false
}

// observedTest reports whether a condition tests observed state of the
// object a Create makes, other than through a Get's error:
//   - data filled by a List (controller-runtime's List into a list
//     variable, a typed client's List result): `len(list.Items) == 0`, or a
//     loop over the items that returns when a matching child exists;
//   - an object parameter that the caller read and passed in (the observed
//     object), tested for nil or for a creation timestamp, UID or
//     resourceVersion. The object being created does not count: a fresh
//     object has none of these, so testing it looks nothing up.
func (s *Summary) observedTest(cond ssa.Value, created ssa.Value) bool {
	found := false
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if found || v == nil || depth > 12 {
			return
		}
		switch x := v.(type) {
		case *ssa.BinOp:
			if (x.Op == token.EQL || x.Op == token.NEQ) && s.observedParam(nilOperand(x), created) {
				found = true
				return
			}
			walk(x.X, depth+1)
			walk(x.Y, depth+1)
			return
		case *ssa.UnOp:
			if x.Op != token.MUL {
				walk(x.X, depth+1)
				return
			}
		case *ssa.Call:
			if callee := ssax.CalleeFunc(&x.Call); callee != nil && apis.IsTypedList(apis.FuncOf(callee)) {
				found = true
				return
			}
			for _, a := range ssax.CallArgs(&x.Call) {
				walk(a, depth+1)
			}
			if recv := ssax.CallRecv(&x.Call); recv != nil {
				walk(recv, depth+1)
			}
			return
		case *ssa.Extract:
			walk(x.Tuple, depth+1)
			return
		case *ssa.Phi:
			return
		}
		root, path := s.RootOf(v)
		if root == nil {
			return
		}
		if s.listedInto(root) {
			found = true
			return
		}
		if p, ok := root.(*ssa.Parameter); ok && p != created && apis.IsObject(p.Type()) && existencePath(path) {
			found = true
			return
		}
		if c, ok := root.(*ssa.Call); ok && c != v {
			walk(c, depth+1)
		}
	}
	walk(cond, 0)
	return found
}

// observedParam reports whether v is an object parameter other than the
// created object (a pointer compared with nil).
func (s *Summary) observedParam(v ssa.Value, created ssa.Value) bool {
	if v == nil {
		return false
	}
	root, path := s.RootOf(v)
	p, ok := root.(*ssa.Parameter)
	return ok && len(path) == 0 && p != created && apis.IsObject(p.Type())
}

// existencePath reports whether a field path reads metadata that only an
// object the API server has stored carries (apis.StoredObjectFields).
func existencePath(path []string) bool {
	for _, f := range path {
		if slices.Contains(apis.StoredObjectFields, f) {
			return true
		}
	}
	return false
}

// listedInto reports whether root is a variable that a controller-runtime
// List fills (r.List(ctx, &list, …)).
func (s *Summary) listedInto(root ssa.Value) bool {
	refs := root.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		c, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		callee := ssax.CalleeFunc(c.Common())
		if callee == nil || !apis.IsReaderList(apis.FuncOf(callee)) {
			continue
		}
		for _, a := range ssax.CallArgs(c.Common()) {
			if r, _ := s.RootOf(a); r == root {
				return true
			}
		}
	}
	return false
}

// mentionsGet reports whether v is computed from the result of a Get (of
// the controller-runtime client, a typed client or a lister), or of a
// helper of this package that performs one (GetStatefulSet(ns, name)).
func (s *Summary) mentionsGet(v ssa.Value) bool {
	return mentionsGet(v, make(map[ssa.Value]bool), 0, s.getsInBody)
}

// getsInBody reports whether a call calls a function of this package (a
// helper, a closure, a function variable) that calls a Get, directly or
// through its own package helpers (two levels).
func (s *Summary) getsInBody(c *ssa.CallCommon) bool {
	return s.getsIn(s.localFunc(s.callee(c)), 2)
}

func (s *Summary) getsIn(fn *ssa.Function, depth int) bool {
	if fn == nil || depth < 0 {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if callee := ssax.CalleeFunc(c.Common()); callee != nil {
				if f := apis.FuncOf(callee); apis.IsReaderGet(f) || apis.IsTypedGet(f) {
					return true
				}
			}
			if sc := s.callee(c.Common()); sc != nil && !c.Common().IsInvoke() && s.getsIn(s.localFunc(sc), depth-1) {
				return true
			}
		}
	}
	return false
}

func mentionsGet(v ssa.Value, seen map[ssa.Value]bool, depth int, helperGets func(*ssa.CallCommon) bool) bool {
	if v == nil || seen[v] || depth > 16 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.UnOp:
		return mentionsGet(x.X, seen, depth+1, helperGets)
	case *ssa.BinOp:
		return mentionsGet(x.X, seen, depth+1, helperGets) || mentionsGet(x.Y, seen, depth+1, helperGets)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if mentionsGet(e, seen, depth+1, helperGets) {
				return true
			}
		}
	case *ssa.Extract:
		return mentionsGet(x.Tuple, seen, depth+1, helperGets)
	case *ssa.MakeInterface:
		return mentionsGet(x.X, seen, depth+1, helperGets)
	case *ssa.ChangeInterface:
		return mentionsGet(x.X, seen, depth+1, helperGets)
	case *ssa.ChangeType:
		return mentionsGet(x.X, seen, depth+1, helperGets)
	case *ssa.Call:
		if callee := ssax.CalleeFunc(&x.Call); callee != nil {
			f := apis.FuncOf(callee)
			if apis.IsReaderGet(f) || apis.IsTypedGet(f) {
				return true
			}
		}
		if !x.Call.IsInvoke() && helperGets != nil && helperGets(&x.Call) {
			return true
		}
		for _, a := range x.Call.Args {
			if mentionsGet(a, seen, depth+1, helperGets) {
				return true
			}
		}
	}
	return false
}

// GenerateNameCreates returns the Creates in the reconcile scope whose
// object has GenerateName set and no Name (RL2003 a), directly or in a
// helper of another package.
func (s *Summary) GenerateNameCreates() []*Write {
	var out []*Write
	for _, w := range s.Writes {
		if w.Kind != apis.Create || w.Local == FailurePath {
			continue
		}
		if !s.inScopeOrClosure(w.Fn) {
			continue
		}
		if w.Helper != nil && w.GenerateName || w.Helper == nil && s.createsGenerateName(w) {
			out = append(out, w)
		}
	}
	return out
}

func (s *Summary) inScopeOrClosure(fn *ssa.Function) bool {
	for f := fn; f != nil; f = f.Parent() {
		if s.InScope(f) {
			return true
		}
	}
	return false
}

// createsGenerateName reports whether w is a direct Create whose object is
// given a GenerateName and no Name in the function that builds it.
func (s *Summary) createsGenerateName(w *Write) bool {
	if w.Kind != apis.Create || w.Helper != nil || w.Object == nil {
		return false
	}
	return s.GenerateNameStore(w) != nil
}

// GenerateNameStore returns the store (or SetGenerateName call) that gives
// the object of the Create w a GenerateName, when no Name is stored.
func (s *Summary) GenerateNameStore(w *Write) ssa.Instruction {
	if w.Kind != apis.Create || w.Object == nil {
		return nil
	}
	root, _ := s.RootOf(w.Object)
	home := valueHome(root)
	if home == nil || !s.isObjectRoot(root) {
		return nil
	}
	var gen ssa.Instruction
	for _, e := range s.Effects(home) {
		if e.Kind != StoreEffect || e.Root != root {
			continue
		}
		p := metaless(e.Path)
		fields := map[string]ssa.Instruction{}
		switch {
		case len(p) == 1:
			fields[p[0]] = e.Instr
		case len(p) == 0 && len(e.Path) == 1 && e.Path[0] == "ObjectMeta":
			// ObjectMeta: metav1.ObjectMeta{…} is built in a local and copied.
			fields = localFieldStores(e.Value)
		}
		if st, ok := fields["Name"]; ok && !ssax.IsEmptyString(storedValue(st)) {
			return nil
		}
		if st, ok := fields["GenerateName"]; ok && !ssax.IsEmptyString(storedValue(st)) {
			gen = st
		}
	}
	return gen
}

// localFieldStores returns, for a load of a local struct (*t where t is an
// Alloc), the stores into its fields by field name.
func localFieldStores(v ssa.Value) map[string]ssa.Instruction {
	out := map[string]ssa.Instruction{}
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return out
	}
	a, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return out
	}
	for _, r := range *a.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != a {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				out[ssax.FieldName(a.Type(), fa.Field)] = st
			}
		}
	}
	return out
}

// storedValue returns the value a store or setter call stores.
func storedValue(instr ssa.Instruction) ssa.Value {
	switch x := instr.(type) {
	case *ssa.Store:
		return x.Val
	case ssa.CallInstruction:
		if args := ssax.CallArgs(x.Common()); len(args) > 0 {
			return args[len(args)-1]
		}
	}
	return nil
}

// SingleChildGuard reports whether the Create w runs only when a List
// found no items: `if len(list.Items) == 0`.
func (s *Summary) SingleChildGuard(w *Write) bool {
	fi := s.Func(w.Fn)
	if fi.Graph == nil {
		return false
	}
	for _, d := range fi.Graph.ControlDeps(w.Call.Block()) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		b, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || b.Op != token.EQL || d.Succ != 0 {
			continue
		}
		x, y := b.X, b.Y
		if _, ok := x.(*ssa.Const); ok {
			x, y = y, x
		}
		c, ok := y.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Int || constant.Sign(c.Value) != 0 {
			continue
		}
		lc, ok := x.(*ssa.Call)
		if !ok {
			continue
		}
		if bi, ok := lc.Call.Value.(*ssa.Builtin); !ok || bi.Name() != "len" || len(lc.Call.Args) != 1 {
			continue
		}
		if root, path := s.RootOf(lc.Call.Args[0]); len(path) == 1 && path[0] == "Items" && apis.IsObjectList(root.Type()) {
			return true
		}
	}
	return false
}

// markAlreadyExists sets AlreadyExistsHandled on the Create facts of fn
// whose AlreadyExists error does not reach fn's error result.
func (s *Summary) markAlreadyExists(fn *ssa.Function, ws []WriteFact) {
	leaked := make(map[string]bool)
	for _, l := range s.createLeaks(fn, make(map[*ssa.Function]bool)) {
		leaked[s.siteOf(l.write)] = true
	}
	for i := range ws {
		if ws[i].Kind == apis.Create {
			ws[i].AlreadyExistsHandled = !leaked[ws[i].Site]
		}
	}
}

// KeyOfParam reports whether the Get key v of fn derives from the
// parameter p (the reconcile request).
func (s *Summary) KeyOfParam(fn *ssa.Function, v ssa.Value, p *ssa.Parameter) bool {
	idx := ssax.ParamIndex(fn, p)
	return idx >= 0 && s.keyParam(fn, v, make(map[ssa.Value]int)) == idx
}
