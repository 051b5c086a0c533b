package metareads

import (
	"go/token"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/keys"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/wiring"
)

// MetadataKey is one label or annotation key of objects of some kinds.
type MetadataKey struct {
	// Field is apis.LabelsField or apis.AnnotationsField.
	Field string
	// Key is the key, or "" when the whole map is read or the key is not
	// a constant.
	Key string
	// Kinds are the object types ("pkgpath.Name") the key is read from or
	// written to.
	Kinds []string
	// Site is the read or the write, as "file:line:col".
	Site string
	// Decides says what the read value decides (reads only): "a branch",
	// "a stored value", "an API call" or "the result".
	Decides string

	pos token.Pos // Site in the current package; not exported as a fact
}

// Pos returns the position of the read or write when it is in the
// current package, or token.NoPos.
func (k MetadataKey) Pos() token.Pos { return k.pos }

// MetaKeyWriteFact is a label or annotation key a function sets on its
// parameter Param: the constant Key, or the key its parameter KeyParam
// carries (KeyParam is -1 for a constant).
type MetaKeyWriteFact struct {
	Param    int
	Field    string
	Key      string
	KeyParam int
}

// meta is the metadata analysis of one package, for one run of Analyzer.
type meta struct {
	pass *analysis.Pass
	s    *summary.Summary
	keys *keys.Keys
	m    *wiring.Model
	recs map[*wiring.ReconcilerInfo]*ReconcilerMetadata
}

// exportFacts exports the FuncMetadata facts of the package's functions
// and the ReconcilerMetadata facts of its reconciler types.
func (d *meta) exportFacts() {
	d.s.ExportFuncFacts(d.pass, func(fn *ssa.Function) analysis.Fact {
		f := &FuncMetadata{Reads: d.metaReadFacts(fn), KeyWrites: d.metaKeyWriteFacts(fn)}
		if len(f.Reads) == 0 && len(f.KeyWrites) == 0 {
			return nil
		}
		return f
	})
	for _, rt := range d.m.ReconcilerTypes() {
		if md := d.reconcilerMetadata(rt.Info); len(md.Reads) > 0 || len(md.Writes) > 0 {
			d.pass.ExportObjectFact(rt.Obj, md)
		}
	}
}

// factOf returns the FuncMetadata fact of a function of another package,
// or nil.
func (d *meta) factOf(fn types.Object) *FuncMetadata {
	var f FuncMetadata
	if summary.ImportFuncFact(d.pass, fn, &f) {
		return &f
	}
	return nil
}

// reconcilerMetadata returns the metadata keys the reconcile scope of ri
// reads (deciding something) and writes: computed from the scope of a
// reconciler of the package, from the fact of its type for a reconciler
// of another package.
func (d *meta) reconcilerMetadata(ri *wiring.ReconcilerInfo) *ReconcilerMetadata {
	if md, ok := d.recs[ri]; ok {
		return md
	}
	md := new(ReconcilerMetadata)
	if scope := d.m.ScopeOf(ri); scope != nil {
		md.Reads, md.Writes = d.metadataOf(scope)
		md.SpecReads = d.specReadsOf(scope)
	} else if t := ri.Type(); t != nil {
		d.pass.ImportObjectFact(t, md)
	}
	d.recs[ri] = md
	return md
}

// MetaReadFact is a read of a label or an annotation of a parameter of a
// function, exported in its FuncMetadata so that callers in other
// packages see it.
type MetaReadFact struct {
	// Param is the index (receiver first) of the parameter whose
	// metadata is read.
	Param int
	// Field, Key and Site are as in MetadataKey; IsMap says the value is
	// the whole map rather than one key's value.
	Field, Key, Site string
	IsMap            bool
	// Decides is set when the read decides something inside the
	// function (MetadataKey.Decides); Results is the bit set of the
	// results the read value reaches.
	Decides string
	Results uint64
}

// mdState is a tracked metadata value: a whole map or one key's value.
type mdState struct {
	field, key string
	isMap      bool
}

// mdHit is where a tracked value ends: a decision, or a result of the
// function whose fact is computed.
type mdHit struct {
	state   mdState
	decides string
	at      token.Pos
	result  int // -1 for a decision
}

// mdFlow follows a tracked value forward through the package's SSA.
type mdFlow struct {
	d    *meta
	stop *ssa.Function // returns of stop are results, not decisions
	seen map[mdKey]bool
	hits []mdHit
}

type mdKey struct {
	v ssa.Value
	s mdState
}

// follow tracks v in state st.
func (f *mdFlow) follow(v ssa.Value, st mdState) {
	if v == nil || f.seen[mdKey{v, st}] || len(f.seen) > 4096 {
		return
	}
	f.seen[mdKey{v, st}] = true
	refs := v.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		f.step(v, st, r)
	}
}

func (f *mdFlow) hit(st mdState, decides string, at token.Pos) {
	f.hits = append(f.hits, mdHit{state: st, decides: decides, at: at, result: -1})
}

// step follows v (in state st) into its referrer r.
func (f *mdFlow) step(v ssa.Value, st mdState, r ssa.Instruction) {
	val := func(k mdState) {
		if rv, ok := r.(ssa.Value); ok {
			f.follow(rv, k)
		}
	}
	switch x := r.(type) {
	case *ssa.Lookup:
		if x.X == v && st.isMap {
			key, _ := f.d.keys.Const(x.Index)
			val(mdState{field: st.field, key: key})
			return
		}
		val(st)
	case *ssa.BinOp:
		if st.isMap {
			return // m == nil: whether the map exists, not what it holds
		}
		val(st)
	case *ssa.Extract, *ssa.UnOp, *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface,
		*ssa.TypeAssert, *ssa.Phi, *ssa.Slice, *ssa.Field, *ssa.Index, *ssa.Range:
		val(st)
	case *ssa.Next:
		val(mdState{field: st.field})
	case *ssa.If:
		if !f.d.s.LogOnlyBranch(x.Block()) {
			f.hit(st, "a branch", x.Pos())
		}
	case *ssa.Store:
		if x.Val != v {
			return
		}
		if alloc, ok := x.Addr.(*ssa.Alloc); ok {
			// A local variable: follow its loads, and its address, which
			// carries the value where it is stored or passed.
			f.follow(alloc, st)
			for _, rr := range *alloc.Referrers() {
				if ld, ok := rr.(*ssa.UnOp); ok && ld.Op == token.MUL {
					f.follow(ld, st)
				}
			}
			return
		}
		if ia, ok := x.Addr.(*ssa.IndexAddr); ok {
			if c, sl := ssax.VariadicCall(ia); c != nil {
				// An element of a call's variadic arguments (logr's
				// key/value pairs, client options): the call decides.
				f.call(c, sl, st)
				return
			}
		}
		f.hit(st, "a stored value", x.Pos())
	case *ssa.MapUpdate:
		if x.Key == v || x.Value == v {
			f.hit(st, "a stored value", x.Pos())
		}
	case *ssa.Return:
		f.ret(x, v, st)
	case *ssa.MakeClosure:
		for i, b := range x.Bindings {
			if b == v {
				if fn, ok := x.Fn.(*ssa.Function); ok && i < len(fn.FreeVars) {
					f.follow(fn.FreeVars[i], st)
				}
			}
		}
	case *ssa.Call:
		f.call(x, v, st)
	}
}

// ret follows a returned value: a result of the function whose fact is
// computed, the result of a reconcile root, or the result of the calls of
// a package helper.
func (f *mdFlow) ret(x *ssa.Return, v ssa.Value, st mdState) {
	fn := x.Parent()
	for i, res := range x.Results {
		if res != v {
			continue
		}
		if apis.IsError(res.Type()) {
			continue // an error message decides nothing
		}
		if fn == f.stop {
			f.hits = append(f.hits, mdHit{state: st, at: x.Pos(), result: i})
			continue
		}
		if f.d.s.IsRoot(fn) {
			f.hit(st, "the result", x.Pos())
			continue
		}
		for _, e := range f.d.s.CallersOf(fn) {
			c, ok := e.Site.(*ssa.Call)
			if !ok {
				continue
			}
			f.followResult(c, i, st)
		}
	}
}

// followResult tracks result i of call c.
func (f *mdFlow) followResult(c *ssa.Call, i int, st mdState) {
	if c.Call.Signature().Results().Len() == 1 {
		f.follow(c, st)
		return
	}
	for _, r := range *c.Referrers() {
		if e, ok := r.(*ssa.Extract); ok && e.Index == i {
			f.follow(e, st)
		}
	}
}

// call follows v, an argument (or the receiver) of call c.
func (f *mdFlow) call(c *ssa.Call, v ssa.Value, st mdState) {
	if bi, ok := c.Call.Value.(*ssa.Builtin); ok {
		switch bi.Name() {
		case "len":
			if !st.isMap {
				f.follow(c, st)
			}
		case "append", "copy":
			f.follow(c, mdState{field: st.field, key: st.key})
		}
		return
	}
	if local := f.d.s.LocalCallee(&c.Call); local != nil {
		for j, a := range c.Call.Args {
			if a == v && j < len(local.Params) {
				f.follow(local.Params[j], st)
			}
		}
		return
	}
	fc := f.d.s.Forward(&c.Call)
	callee := ssax.CalleeFunc(fc)
	if callee == nil {
		return // a dynamic call: nothing is known of it
	}
	fun := apis.FuncOf(callee)
	if apis.IsLogging(fun) {
		return
	}
	if apis.IsTypedClientPkg(fun.Pkg) || apis.IsTypedClient(fun) || fun.Pkg == apis.Client || fun.Pkg == apis.Dynamic {
		f.hit(st, "an API call", c.Pos())
		return
	}
	if st.isMap {
		// labels.Set(m).Get("k"), a getter helper(m, "k"): one key.
		for _, a := range ssax.CallArgs(fc) {
			if key, ok := f.d.keys.Const(a); ok {
				f.followAll(c, mdState{field: st.field, key: key})
				return
			}
		}
	}
	f.followAll(c, st)
}

// followAll tracks every result of call c.
func (f *mdFlow) followAll(c *ssa.Call, st mdState) {
	for i := 0; i < c.Call.Signature().Results().Len(); i++ {
		f.followResult(c, i, st)
	}
}

// mdSource is a read of an object's labels or annotations.
type mdSource struct {
	obj   ssa.Value // the object (or its metadata) read
	val   ssa.Value // the read value
	state mdState
	pos   token.Pos
	site  string // for reads through a helper of another package
	// decides is set for a read that a helper of another package decides
	// on by itself.
	decides string
}

// mdSources returns the reads of labels and annotations in fn: the
// GetLabels/GetAnnotations getters, the Labels/Annotations fields of an
// ObjectMeta, metav1.HasLabel/HasAnnotation, and helpers of other packages
// through their FuncMetadata facts.
func (d *meta) mdSources(fn *ssa.Function) []mdSource {
	var out []mdSource
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.FieldAddr:
				if name := ssax.FieldName(x.X.Type(), x.Field); isMetaMap(name) && apis.IsObjectMeta(x.X.Type()) {
					for _, r := range *x.Referrers() {
						if ld, ok := r.(*ssa.UnOp); ok && ld.Op == token.MUL {
							out = append(out, mdSource{obj: x.X, val: ld, state: mdState{field: name, isMap: true}, pos: ld.Pos()})
						}
					}
				}
			case *ssa.Field:
				if name := ssax.FieldName(x.X.Type(), x.Field); isMetaMap(name) && apis.IsObjectMeta(x.X.Type()) {
					out = append(out, mdSource{obj: x.X, val: x, state: mdState{field: name, isMap: true}, pos: x.Pos()})
				}
			case *ssa.Call:
				out = append(out, d.mdCallSources(x)...)
			}
		}
	}
	return out
}

func isMetaMap(field string) bool { return field == apis.LabelsField || field == apis.AnnotationsField }

// mdCallSources returns the reads a call makes.
func (d *meta) mdCallSources(c *ssa.Call) []mdSource {
	fc := d.s.Forward(&c.Call)
	callee := ssax.CalleeFunc(fc)
	fun := apis.FuncOf(callee) // the zero Func when there is no static callee
	if field := apis.MetaGetterField(fun.Name); callee != nil && isMetaMap(field) && len(ssax.CallArgs(fc)) == 0 {
		if recv := ssax.CallRecv(fc); recv != nil {
			return []mdSource{{obj: recv, val: c, state: mdState{field: field, isMap: true}, pos: c.Pos()}}
		}
		return nil
	}
	if field := apis.MetadataKeyTest(fun); callee != nil && field != "" {
		args := ssax.CallArgs(fc)
		if len(args) == 2 {
			key, _ := d.keys.Const(args[1])
			return []mdSource{{obj: args[0], val: c, state: mdState{field: field, key: key}, pos: c.Pos()}}
		}
		return nil
	}
	fs := d.factOf(summary.CalleeObject(d.pass.Pkg, fc))
	if fs == nil {
		return nil
	}
	var out []mdSource
	for _, mr := range fs.Reads {
		if mr.Param >= len(fc.Args) {
			continue
		}
		st := mdState{field: mr.Field, key: mr.Key, isMap: mr.IsMap}
		if mr.Decides != "" {
			out = append(out, mdSource{obj: fc.Args[mr.Param], state: st, pos: c.Pos(), site: mr.Site, decides: mr.Decides})
		}
		for i := 0; i < 64; i++ {
			if mr.Results&(1<<i) != 0 {
				out = append(out, mdSource{obj: fc.Args[mr.Param], val: c, state: st, pos: c.Pos(), site: mr.Site})
				break
			}
		}
	}
	return out
}

// flowSource follows a source's value; stop is the function whose
// results are recorded rather than followed.
func (d *meta) flowSource(src mdSource, stop *ssa.Function) []mdHit {
	if src.decides != "" {
		return []mdHit{{state: src.state, decides: src.decides, at: src.pos, result: -1}}
	}
	f := &mdFlow{d: d, stop: stop, seen: make(map[mdKey]bool)}
	if src.site != "" {
		// Through a helper of another package: its results carry the read.
		if c, ok := src.val.(*ssa.Call); ok {
			if fs := d.factOf(summary.CalleeObject(d.pass.Pkg, &c.Call)); fs != nil {
				for _, mr := range fs.Reads {
					if mr.Field == src.state.field && mr.Key == src.state.key && mr.IsMap == src.state.isMap {
						for i := 0; i < 64; i++ {
							if mr.Results&(1<<i) != 0 {
								f.followResult(c, i, src.state)
							}
						}
					}
				}
			}
		}
		return f.hits
	}
	f.follow(src.val, src.state)
	return f.hits
}

// metadataOf computes the metadata keys the functions of a reconcile
// scope read (deciding something) and write.
func (d *meta) metadataOf(scope []*ssa.Function) (reads, writes []MetadataKey) {
	seen := map[string]bool{}
	for _, fn := range scope {
		for _, src := range d.mdSources(fn) {
			if d.fetchedByOtherKey(src.obj) {
				continue
			}
			kinds := d.m.ObjectKinds(src.obj)
			if len(kinds) == 0 {
				continue
			}
			for _, h := range firstHits(d.flowSource(src, nil)) {
				k := MetadataKey{Field: h.state.field, Key: h.state.key, Kinds: kinds, Decides: h.decides, pos: src.pos,
					Site: d.s.Position(src.pos)}
				id := k.Field + "\x00" + k.Key + "\x00" + k.Site
				if seen[id] {
					continue
				}
				seen[id] = true
				reads = append(reads, k)
			}
		}
		writes = append(writes, d.mdWrites(fn)...)
	}
	sort.SliceStable(reads, func(i, j int) bool { return reads[i].pos < reads[j].pos })
	return reads, writes
}

// specReadsOf returns the reads of the spec of objects in the functions
// of a reconcile scope, leaving out objects read by another key than the
// request's: for each kind, the first read (Key ""), and the first read of
// each field path inside the spec (Key "Replicas", "Config.Port"; a load
// of the whole spec, or its address handed to a call, reads it all and
// names no field).
func (d *meta) specReadsOf(scope []*ssa.Function) []MetadataKey {
	var out []MetadataKey
	seen := map[string]bool{}
	add := func(kinds []string, key string, pos token.Pos) {
		for _, k := range kinds {
			if !seen[k] {
				seen[k] = true
				out = append(out, MetadataKey{Field: apis.SpecField, Kinds: []string{k}, Decides: "a read", pos: pos, Site: d.s.Position(pos)})
			}
			if id := k + "\x00" + key; key != "" && !seen[id] {
				seen[id] = true
				out = append(out, MetadataKey{Field: apis.SpecField, Key: key, Kinds: []string{k}, Decides: "a read", pos: pos, Site: d.s.Position(pos)})
			}
		}
	}
	for _, fn := range scope {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var obj, spec ssa.Value
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					if ssax.FieldName(x.X.Type(), x.Field) == apis.SpecField {
						obj, spec = x.X, x
					}
				case *ssa.Field:
					if ssax.FieldName(x.X.Type(), x.Field) == apis.SpecField {
						obj, spec = x.X, x
					}
				}
				if obj == nil || d.fetchedByOtherKey(obj) {
					continue
				}
				// The kind is the object's own type (a field of a scope
				// holds the primary as well as a local does).
				kinds := d.m.ObjectKinds(obj)
				if k := wiring.KindKey(obj.Type()); k != "" {
					kinds = []string{k}
				}
				if len(kinds) == 0 {
					continue
				}
				for _, r := range specPaths(spec, "", 0) {
					pos := r.pos
					if !pos.IsValid() {
						pos = instr.Pos()
					}
					if !pos.IsValid() {
						pos = fn.Pos()
					}
					add(kinds, r.path, pos)
				}
			}
		}
	}
	return out
}

// specRead is one read found by specPaths: the field path below the spec
// ("" for the whole of it) and where.
type specRead struct {
	path string
	pos  token.Pos
}

// specPaths returns the reads through v, a value or the address of a part
// of the spec at path (below the spec): loads and the fields selected from
// them, the fields of deeper addresses, and the address or value handed
// to a call or stored (the whole part). depth bounds the nesting.
func specPaths(v ssa.Value, path string, depth int) []specRead {
	if depth > 6 {
		return []specRead{{path, v.Pos()}}
	}
	join := func(name string) string {
		if path == "" {
			return name
		}
		return path + "." + name
	}
	var out []specRead
	for _, r := range *v.Referrers() {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			out = append(out, specPaths(x, join(ssax.FieldName(x.X.Type(), x.Field)), depth+1)...)
		case *ssa.Field:
			out = append(out, specPaths(x, join(ssax.FieldName(x.X.Type(), x.Field)), depth+1)...)
		case *ssa.UnOp:
			if x.Op != token.MUL {
				out = append(out, specRead{path, x.Pos()})
				continue
			}
			if _, ok := x.Type().Underlying().(*types.Struct); ok {
				out = append(out, specPaths(x, path, depth+1)...)
				continue
			}
			out = append(out, specRead{path, x.Pos()})
		case *ssa.DebugRef:
		case *ssa.Store:
			if x.Addr == v {
				continue // a write of it, not a read
			}
			out = append(out, specRead{path, x.Pos()})
		case ssa.Instruction:
			out = append(out, specRead{path, x.Pos()})
		}
	}
	if len(out) == 0 {
		if _, ok := v.(*ssa.Field); ok {
			out = append(out, specRead{path, v.Pos()}) // a value with no other use
		}
	}
	return out
}

// fetchedByOtherKey reports whether the object behind v is read by a Get
// whose key does not come from a parameter of the function (a parent or
// a sibling named in the spec): another object than the one the reconcile
// request names, whose metadata changes would not enqueue this request
// whatever the predicate.
func (d *meta) fetchedByOtherKey(v ssa.Value) bool {
	root, _ := d.s.RootOf(v)
	alloc, ok := root.(*ssa.Alloc)
	if !ok {
		return false
	}
	fn := alloc.Parent()
	for _, g := range d.getsInto(fn, 0) {
		if r, _ := d.s.RootOf(g.obj); r == root && d.keys.Param(fn, g.key) < 0 {
			return true
		}
	}
	return false
}

// getInto is a Get in a function: the key it looks up and the object it
// fills, as values of that function.
type getInto struct{ key, obj ssa.Value }

// getsInto returns the Gets of fn, directly or through package helpers
// whose Get key and object are parameters (depth bounds the nesting).
func (d *meta) getsInto(fn *ssa.Function, depth int) []getInto {
	var out []getInto
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			fc := d.s.Forward(&c.Call)
			if callee := ssax.CalleeFunc(fc); callee != nil && apis.IsReaderGet(apis.FuncOf(callee)) {
				if args := ssax.CallArgs(fc); len(args) >= 3 {
					out = append(out, getInto{key: args[1], obj: args[2]})
				}
				continue
			}
			local := d.s.LocalCallee(&c.Call)
			if local == nil || depth >= 3 || local == fn {
				continue
			}
			for _, g := range d.getsInto(local, depth+1) {
				r, _ := d.s.RootOf(g.obj)
				o := ssax.ParamIndex(local, r)
				k := d.keys.Param(local, g.key)
				if o < 0 || k < 0 {
					continue
				}
				obj, key := ssax.ClosureArg(&c.Call, local, o), ssax.ClosureArg(&c.Call, local, k)
				if obj != nil && key != nil {
					out = append(out, getInto{key: key, obj: obj})
				}
			}
		}
	}
	return out
}

// firstHits keeps, for each tracked state, the decision that comes first
// in the source.
func firstHits(hits []mdHit) []mdHit {
	var out []mdHit
	idx := map[mdState]int{}
	for _, h := range hits {
		if i, ok := idx[h.state]; ok {
			if h.at < out[i].at {
				out[i] = h
			}
			continue
		}
		idx[h.state] = len(out)
		out = append(out, h)
	}
	return out
}

// mdWrites returns the stores of one constant label or annotation key in
// fn: m[key] = v into an object's map, and the setters of one key
// (metav1.SetMetaDataLabel/SetMetaDataAnnotation).
func (d *meta) mdWrites(fn *ssa.Function) []MetadataKey {
	var out []MetadataKey
	for _, w := range d.mdWriteSites(fn) {
		key, ok := w.keyConst, w.key == nil
		if w.key != nil {
			key, ok = d.keys.Const(w.key)
		}
		if ok {
			out = append(out, MetadataKey{Field: w.field, Key: key, Kinds: d.m.ObjectKinds(w.obj), Site: d.s.Position(w.pos), pos: w.pos})
		}
	}
	return out
}

// mdWriteSite is a store of one label or annotation key: into the
// metadata of obj, under the key value key (or the constant keyConst when
// key is nil).
type mdWriteSite struct {
	obj      ssa.Value
	field    string
	key      ssa.Value
	keyConst string
	pos      token.Pos
}

// mdWriteSites returns the stores of one label or annotation key in fn:
// m[key] = v into an object's map, the setters of one key
// (metav1.SetMetaDataLabel/SetMetaDataAnnotation, the setters table's
// KeyArg), and helpers of other packages through their FuncMetadata.
func (d *meta) mdWriteSites(fn *ssa.Function) []mdWriteSite {
	var out []mdWriteSite
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.MapUpdate:
				root, path := d.s.RootOf(x.Map)
				if len(path) > 0 && isMetaMap(path[len(path)-1]) {
					out = append(out, mdWriteSite{obj: root, field: path[len(path)-1], key: x.Key, pos: x.Pos()})
				}
			case *ssa.Call:
				fc := d.s.Forward(&x.Call)
				callee := ssax.CalleeFunc(fc)
				args := ssax.RecvFirstArgs(fc)
				if st, ok := apis.SetterOf(apis.FuncOf(callee)); callee != nil && ok {
					if st.KeyArg > 0 && st.KeyArg < len(args) && st.Arg < len(args) && len(st.Path) > 0 && isMetaMap(st.Path[len(st.Path)-1]) {
						out = append(out, mdWriteSite{obj: args[st.Arg], field: st.Path[len(st.Path)-1], key: args[st.KeyArg], pos: x.Pos()})
					}
					continue
				}
				fs := d.factOf(summary.CalleeObject(d.pass.Pkg, fc))
				if fs == nil {
					continue
				}
				for _, mw := range fs.KeyWrites {
					if mw.Param >= len(args) || mw.KeyParam >= len(args) {
						continue
					}
					w := mdWriteSite{obj: args[mw.Param], field: mw.Field, keyConst: mw.Key, pos: x.Pos()}
					if mw.KeyParam >= 0 {
						w.key = args[mw.KeyParam]
					}
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// metaKeyWriteFacts returns the keys fn sets on its parameters' labels and
// annotations, for its FuncMetadata.
func (d *meta) metaKeyWriteFacts(fn *ssa.Function) []MetaKeyWriteFact {
	if !hasObjectParam(fn) {
		return nil
	}
	var out []MetaKeyWriteFact
	for _, w := range d.mdWriteSites(fn) {
		root, _ := d.s.RootOf(w.obj)
		p := ssax.ParamIndex(fn, root)
		if p < 0 {
			continue
		}
		mw := MetaKeyWriteFact{Param: p, Field: w.field, Key: w.keyConst, KeyParam: -1}
		if w.key != nil {
			if k, ok := ssax.ConstString(w.key); ok {
				mw.Key = k
			} else if kp := ssax.ParamIndex(fn, w.key); kp >= 0 {
				mw.KeyParam = kp
			} else {
				continue
			}
		}
		if !slices.Contains(out, mw) {
			out = append(out, mw)
		}
	}
	return out
}

// metaReadFacts returns the reads of fn's parameters' labels and
// annotations for its FuncMetadata.
func (d *meta) metaReadFacts(fn *ssa.Function) []MetaReadFact {
	if !hasObjectParam(fn) {
		return nil // no parameter whose metadata it could read
	}
	var out []MetaReadFact
	for _, src := range d.mdSources(fn) {
		root, _ := d.s.RootOf(src.obj)
		p := ssax.ParamIndex(fn, root)
		if p < 0 {
			continue
		}
		site := src.site
		if site == "" {
			site = d.s.Position(src.pos)
		}
		for _, h := range d.flowSource(src, fn) {
			mr := MetaReadFact{Param: p, Field: h.state.field, Key: h.state.key, IsMap: h.state.isMap, Site: site}
			if h.result >= 0 {
				if h.result < 64 {
					mr.Results = 1 << h.result
				}
			} else {
				mr.Decides = h.decides
			}
			if !slices.Contains(out, mr) {
				out = append(out, mr)
			}
		}
	}
	return out
}

// hasObjectParam reports whether a parameter of fn can hold an object or
// its metadata: an API object or list, an ObjectMeta, or an interface.
func hasObjectParam(fn *ssa.Function) bool {
	for _, p := range fn.Params {
		t := p.Type()
		if apis.IsObject(t) || apis.IsObjectMeta(t) || types.IsInterface(t) || apis.IsObjectStruct(ssax.Deref(t)) {
			return true
		}
	}
	return false
}

// MetadataKeysOf returns the keys of keys that name objects of kind (a
// type of the primary object), in order.
func MetadataKeysOf(keys []MetadataKey, t types.Type) []MetadataKey {
	k := wiring.KindKey(t)
	var out []MetadataKey
	for _, m := range keys {
		if k != "" && slices.Contains(m.Kinds, k) {
			out = append(out, m)
		}
	}
	return out
}
