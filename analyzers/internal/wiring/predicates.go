package wiring

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// PredOutcome is the abstract result of a predicate on one event.
type PredOutcome uint8

// Predicate outcomes.
const (
	PredUnknown PredOutcome = iota
	PredPass
	PredBlock
)

func (o PredOutcome) String() string {
	switch o {
	case PredPass:
		return "pass"
	case PredBlock:
		return "block"
	}
	return "unknown"
}

func (o PredOutcome) not() PredOutcome {
	switch o {
	case PredPass:
		return PredBlock
	case PredBlock:
		return PredPass
	}
	return PredUnknown
}

// andOutcome: Block if any blocks, Pass if all pass.
func andOutcome(a, b PredOutcome) PredOutcome {
	switch {
	case a == PredBlock || b == PredBlock:
		return PredBlock
	case a == PredPass && b == PredPass:
		return PredPass
	}
	return PredUnknown
}

// orOutcome: Pass if any passes, Block if all block.
func orOutcome(a, b PredOutcome) PredOutcome {
	switch {
	case a == PredPass || b == PredPass:
		return PredPass
	case a == PredBlock && b == PredBlock:
		return PredBlock
	}
	return PredUnknown
}

// joinOutcome merges the outcomes of alternative values (Phi edges,
// returns): the common outcome, or Unknown.
func joinOutcome(a, b PredOutcome) PredOutcome {
	if a == b {
		return a
	}
	return PredUnknown
}

// PredicateValue is the fact exported for a package-level predicate
// variable, a function returning a predicate, or a predicate type
// (checks.md §1.7): the predicate's outcome on two Update events
// of the primary object, each split by whether the kind tracks
// metadata.generation (every CRD does; some built-in kinds never set it).
//
//   - FO, a finalizer-only update: only metadata.finalizers changes
//     (generation and the deletion mark stay). FO is the outcome for
//     generation-tracked kinds, FONoGen for generation-less ones (where
//     generation is 0 on both sides).
//
//   - DM, the deletion-mark update: deletionTimestamp is set. The API
//     server bumps metadata.generation with it only for kinds that track
//     generation: DM for those, DMNoGen for generation-less ones.
//
//   - Labels, Annotations: an update of a generation-tracked kind that
//     changes only the labels, or only the annotations (generation, the
//     finalizers and the deletion mark stay).
//
//   - Spec: an update of a generation-tracked kind that changes only the
//     spec, and so the generation.
//
// Create is the outcome on a Create event: how the informer delivers every
// object that exists when the controller starts.
//
// Asserts is set when the update function asserts its event's objects to
// one type with a comma-ok type assertion (`o, ok := e.ObjectNew.(*T)`):
// the outcomes are then those for objects of that kind (KindKey), and
// Others holds those for objects of any other kind. ForKind picks one for
// the kind a watch delivers.
type PredicateValue struct {
	FO, FONoGen, DM, DMNoGen PredOutcome
	Create                   PredOutcome
	Labels, Annotations      PredOutcome
	Spec                     PredOutcome
	// SpecOther is the outcome on an update of a spec field that the
	// update function does not compare, when it compares some fields of
	// the spec only (SpecCompared, "Spec.Image"…); else it is Spec.
	SpecOther    PredOutcome
	SpecCompared []string
	Asserts      string
	Others       *PredicateValue
}

// same reports whether two values have the same outcomes.
func (p PredicateValue) same(q PredicateValue) bool { return reflect.DeepEqual(p, q) }

// otherKind is a kind key that no type has: ForKind(otherKind) is the
// outcome for objects of a kind other than the asserted one.
const otherKind = "\x00other"

// ForKind returns the outcomes for objects of the kind key (KindKey of the
// watched type; "" when it is not known: then an outcome is known only
// when it is the same for every kind).
func (p PredicateValue) ForKind(key string) PredicateValue {
	main := p
	main.Asserts, main.Others = "", nil
	switch {
	case p.Asserts == "" || p.Others == nil || key == p.Asserts:
		return main
	case key != "":
		return *p.Others
	}
	return mapPred(main, *p.Others, joinOutcome)
}

// AFact marks PredicateValue as a fact.
func (*PredicateValue) AFact() {}

func (p *PredicateValue) String() string {
	partial := ""
	if len(p.SpecCompared) > 0 {
		partial = ", SpecOther=" + p.SpecOther.String() + " (compares " + strings.Join(p.SpecCompared, ", ") + ")"
	}
	asserts := ""
	if p.Others != nil {
		asserts = ", for " + p.Asserts + "; other kinds: " + p.Others.String()
	}
	return "PredicateValue(FO=" + p.FO.String() + ", FONoGen=" + p.FONoGen.String() +
		", DM=" + p.DM.String() + ", DMNoGen=" + p.DMNoGen.String() + ", Create=" + p.Create.String() +
		", Labels=" + p.Labels.String() + ", Annotations=" + p.Annotations.String() + ", Spec=" + p.Spec.String() + partial + asserts + ")"
}

func (p PredicateValue) known() bool {
	return p.FO != PredUnknown || p.FONoGen != PredUnknown || p.DM != PredUnknown || p.DMNoGen != PredUnknown ||
		p.Create != PredUnknown || p.Labels != PredUnknown || p.Annotations != PredUnknown || p.Spec != PredUnknown
}

// allOutcomes is the PredicateValue with o on every event.
func allOutcomes(o PredOutcome) PredicateValue {
	return PredicateValue{FO: o, FONoGen: o, DM: o, DMNoGen: o, Create: o, Labels: o, Annotations: o, Spec: o, SpecOther: o}
}

// MetadataFor returns the outcome on an update that changes only the
// labels (field "Labels") or only the annotations ("Annotations") of a
// generation-tracked kind; Unknown for any other field.
func (p PredicateValue) MetadataFor(field string) PredOutcome {
	switch field {
	case apis.LabelsField:
		return p.Labels
	case apis.AnnotationsField:
		return p.Annotations
	}
	return PredUnknown
}

// FOFor returns the finalizer-only outcome for a kind: tracked is summary.TriYes
// for generation-tracked kinds, summary.TriNo for generation-less ones. A kind the
// analysis does not know (summary.TriUnknown: an Unstructured object, a type
// without kubebuilder markers) is taken for a custom resource, which
// tracks generation: the generation-less kinds are built-in kinds, all of
// them in the kind table.
func (p PredicateValue) FOFor(tracked summary.TriState) PredOutcome {
	if tracked == summary.TriNo {
		return p.FONoGen
	}
	return p.FO
}

// DMFor returns the deletion-mark outcome for a kind, like FOFor; for an
// unknown kind it is known only when both agree (the deletion-mark finding
// is an error, so it is not based on an assumption about the kind).
func (p PredicateValue) DMFor(tracked summary.TriState) PredOutcome {
	switch tracked {
	case summary.TriYes:
		return p.DM
	case summary.TriNo:
		return p.DMNoGen
	}
	return joinOutcome(p.DM, p.DMNoGen)
}

// mapPred combines two values outcome by outcome. When one of them, or
// both for the same kind, depends on an asserted kind, so does the result;
// for two different asserted kinds it keeps what holds for every kind.
func mapPred(a, b PredicateValue, f func(x, y PredOutcome) PredOutcome) PredicateValue {
	plain := func(a, b PredicateValue) PredicateValue {
		out := PredicateValue{FO: f(a.FO, b.FO), FONoGen: f(a.FONoGen, b.FONoGen), DM: f(a.DM, b.DM), DMNoGen: f(a.DMNoGen, b.DMNoGen),
			Create: f(a.Create, b.Create), Labels: f(a.Labels, b.Labels), Annotations: f(a.Annotations, b.Annotations),
			Spec: f(a.Spec, b.Spec), SpecOther: f(a.SpecOther, b.SpecOther)}
		// The compared paths of either (for And, a superset of the paths
		// whose changes pass: a finding needs a read outside all of them).
		for _, p := range slices.Concat(a.SpecCompared, b.SpecCompared) {
			if !slices.Contains(out.SpecCompared, p) {
				out.SpecCompared = append(out.SpecCompared, p)
			}
		}
		slices.Sort(out.SpecCompared)
		return out
	}
	kind := a.Asserts
	switch {
	case a.Others == nil && b.Others == nil:
		return plain(a, b)
	case kind == "" || a.Others == nil:
		kind = b.Asserts
	case b.Others != nil && b.Asserts != kind:
		return plain(a.ForKind(""), b.ForKind(""))
	}
	out := plain(a.ForKind(kind), b.ForKind(kind))
	others := plain(a.ForKind(otherKind), b.ForKind(otherKind))
	if !out.same(others) {
		out.Asserts, out.Others = kind, &others
	}
	return out
}

// PredEval is the evaluation of one predicate expression.
type PredEval struct {
	Value PredicateValue
	// Leaves are the known leaf predicates of the expression that decide
	// its Block outcomes (the operands of Or and And that block), in
	// source order; they name the culprit in messages and are where a fix
	// applies.
	Leaves []PredLeaf
	// Negated is set when a Not is involved: the leaves then do not
	// simply block.
	Negated bool
	// Expr is the evaluated source expression, when known.
	Expr ast.Expr
}

// PredLeaf is one leaf predicate of an evaluated expression.
type PredLeaf struct {
	// Name describes the predicate: "GenerationChangedPredicate",
	// "pkg.Var", "pkg.Func()".
	Name string
	Kind apis.PredicateKind
	// Expr is the source expression of the leaf when it is known (an
	// argument written in this package); Value is its SSA value.
	Expr  ast.Expr
	Value ssa.Value
	// Untyped is set for the predicate.Predicate (client.Object) form.
	Untyped bool
	// Update is the position of the update function whose body the value
	// was evaluated from (a Funcs' UpdateFunc, a predicate type's Update
	// method of this package), when it is not the leaf's own expression.
	Update token.Pos
}

// predEvaluator evaluates predicate values of one package.
type predEvaluator struct {
	m     *Model
	busy  map[ssa.Value]bool
	funcs map[*ssa.Function]*PredEval
	// bind holds the arguments of the calls of package functions being
	// evaluated (returns), by parameter; active holds those functions.
	bind   map[*ssa.Parameter]ssa.Value
	active map[*ssa.Function]bool
}

// evalPredicate evaluates a predicate value; expr is its source expression
// when known (nil otherwise).
func (m *Model) evalPredicate(v ssa.Value, expr ast.Expr) PredEval {
	ev := m.preds.eval(v, expr)
	ev.Expr = expr
	return ev
}

// Culprits returns the leaves of the predicates of w whose values block
// an event (blocks decides), in order, and where a finding about them
// belongs: the single culprit leaf, or else the first blocking predicate,
// or else the primary watch.
func (w *Wiring) Culprits(blocks func(PredicateValue) bool) (leaves []PredLeaf, pos, end token.Pos) {
	var first ast.Expr
	for _, ev := range w.Predicates {
		if !blocks(ev.Value) {
			continue
		}
		if first == nil {
			first = ev.Expr
		}
		leaves = append(leaves, ev.Leaves...)
	}
	pos, end = w.PrimaryPos, w.PrimaryPos
	switch {
	case len(leaves) == 1 && leaves[0].Expr != nil:
		pos, end = leaves[0].Expr.Pos(), leaves[0].Expr.End()
	case first != nil:
		pos, end = first.Pos(), first.End()
	}
	return leaves, pos, end
}

// UpdateSites returns, each once, the positions of the update functions
// the leaves were evaluated from that lie outside [pos, end): where a
// predicate built elsewhere (a helper, a variable, a type's method)
// decides which updates pass, for a finding's related information.
func UpdateSites(leaves []PredLeaf, pos, end token.Pos) []token.Pos {
	var out []token.Pos
	for _, l := range leaves {
		if l.Update.IsValid() && (l.Update < pos || l.Update >= end) && !slices.Contains(out, l.Update) {
			out = append(out, l.Update)
		}
	}
	return out
}

// PredicateNames names the leaves for a message, each once:
// "GenerationChangedPredicate and pkg.Var", or "the predicate".
func PredicateNames(leaves []PredLeaf) string {
	var names []string
	for _, l := range leaves {
		if l.Name != "" && !slices.Contains(names, l.Name) {
			names = append(names, l.Name)
		}
	}
	if len(names) == 0 {
		return "the predicate"
	}
	return strings.Join(names, " and ")
}

// AndPredicates evaluates a list of predicates, which controller-runtime
// ANDs (builder/controller.go: every predicate must pass).
func AndPredicates(evals []PredEval) PredEval {
	out := PredEval{Value: allOutcomes(PredPass)}
	for _, e := range evals {
		out.Value = mapPred(out.Value, e.Value, andOutcome)
		out.Leaves = append(out.Leaves, e.Leaves...)
		out.Negated = out.Negated || e.Negated
	}
	return out
}

func (p *predEvaluator) eval(v ssa.Value, expr ast.Expr) PredEval {
	if v == nil || p.busy[v] {
		return PredEval{}
	}
	p.busy[v] = true
	defer delete(p.busy, v)
	expr = ssax.Unparen(expr)
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return p.eval(x.X, expr)
	case *ssa.ChangeInterface:
		return p.eval(x.X, expr)
	case *ssa.ChangeType:
		return p.eval(x.X, expr)
	case *ssa.Phi:
		var out PredEval
		for i, e := range x.Edges {
			ev := p.eval(e, nil)
			if i == 0 {
				out = PredEval{Value: ev.Value}
			} else {
				out.Value = mapPred(out.Value, ev.Value, joinOutcome)
			}
		}
		return out
	case *ssa.Parameter:
		// A parameter of a function whose call is being evaluated: the
		// argument of that call.
		if a, ok := p.bind[x]; ok {
			return p.eval(a, nil)
		}
	case *ssa.FreeVar:
		// A predicate captured by a closure created once.
		if b := p.m.s.Binding(x); b != nil {
			return p.eval(b, nil)
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return PredEval{}
		}
		if g, ok := x.X.(*ssa.Global); ok {
			return p.evalGlobal(g)
		}
		if a := localAlloc(p.m.s, x.X); a != nil {
			// A local variable captured by a closure (spilled to the
			// heap) and assigned once as a whole.
			if val := storedOnce(a); val != nil {
				return p.eval(val, nil)
			}
		}
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
			return p.evalCall(c, expr)
		}
		return PredEval{}
	case *ssa.Call:
		return p.evalCall(x, expr)
	}
	return p.evalConcrete(v, expr)
}

// evalConcrete evaluates a value of a concrete predicate type.
func (p *predEvaluator) evalConcrete(v ssa.Value, expr ast.Expr) PredEval {
	k := apis.PredicateKindOf(v.Type())
	leaf := PredLeaf{Kind: k, Expr: expr, Value: v, Untyped: isUntypedPredicate(v.Type())}
	switch k {
	case apis.PredGenerationChanged:
		leaf.Name = "GenerationChangedPredicate"
		return PredEval{Value: PredicateValue{FO: PredBlock, FONoGen: PredBlock, DM: PredPass, DMNoGen: PredBlock, Create: PredPass,
			Labels: PredBlock, Annotations: PredBlock, Spec: PredPass, SpecOther: PredPass}, Leaves: []PredLeaf{leaf}}
	case apis.PredResourceVersion:
		return PredEval{Value: allOutcomes(PredPass)}
	case apis.PredAnnotationChanged, apis.PredLabelChanged:
		leaf.Name = "AnnotationChangedPredicate"
		if k == apis.PredLabelChanged {
			leaf.Name = "LabelChangedPredicate"
		}
		v := allOutcomes(PredBlock)
		v.Create = PredPass // the embedded Funcs passes creates
		if k == apis.PredLabelChanged {
			v.Labels = PredPass
		} else {
			v.Annotations = PredPass
		}
		return PredEval{Value: v, Leaves: []PredLeaf{leaf}}
	case apis.PredFuncs:
		pv, update, ok := p.funcsValue(v)
		if !ok {
			return PredEval{}
		}
		leaf.Name = "predicate.Funcs (its UpdateFunc)"
		leaf.Update = update
		return PredEval{Value: pv, Leaves: blockLeaf(pv, leaf)}
	case apis.PredOther:
		return p.evalUserType(v, leaf)
	}
	return PredEval{}
}

// blockLeaf returns leaf when the value blocks an event.
func blockLeaf(pv PredicateValue, leaf PredLeaf) []PredLeaf {
	if pv.FO != PredBlock && pv.FONoGen != PredBlock && pv.DM != PredBlock && pv.DMNoGen != PredBlock {
		return nil
	}
	return []PredLeaf{leaf}
}

// evalUserType evaluates a value of a predicate type declared outside the
// predicate package: through the body of its Update method when the type
// is declared in this package, through its PredicateValue fact otherwise.
func (p *predEvaluator) evalUserType(v ssa.Value, leaf PredLeaf) PredEval {
	t := v.Type()
	if types.IsInterface(t) {
		return PredEval{}
	}
	n, ok := types.Unalias(ssax.Deref(t)).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return PredEval{}
	}
	obj := n.Origin().Obj()
	leaf.Name = obj.Pkg().Name() + "." + obj.Name()
	var pv PredicateValue
	if obj.Pkg() == p.m.s.Pass.Pkg {
		pv = p.m.userPredicateValue(n)
		if sel := types.NewMethodSet(types.NewPointer(n)).Lookup(obj.Pkg(), apis.PredicateUpdate); sel != nil && len(sel.Index()) == 1 {
			leaf.Update = sel.Obj().Pos()
		}
	} else {
		p.m.pass.ImportObjectFact(obj, &pv)
	}
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		// The zero value T{}: methods promoted from an embedded zero
		// predicate.Funcs pass their events.
		if promotedFromFuncs(n, apis.PredicateUpdate) {
			pv.FO, pv.FONoGen, pv.DM, pv.DMNoGen = PredPass, PredPass, PredPass, PredPass
			pv.Labels, pv.Annotations, pv.Spec, pv.SpecOther = PredPass, PredPass, PredPass, PredPass
		}
		if promotedFromFuncs(n, apis.PredicateCreate) {
			pv.Create = PredPass
		}
	}
	if !pv.known() {
		return PredEval{}
	}
	return PredEval{Value: pv, Leaves: blockLeaf(pv, leaf)}
}

// promotedFromFuncs reports whether the method name of *n is promoted from
// an embedded predicate.Funcs (TypedFuncs) field.
func promotedFromFuncs(n *types.Named, name string) bool {
	sel := types.NewMethodSet(types.NewPointer(n)).Lookup(n.Obj().Pkg(), name)
	if sel == nil || len(sel.Index()) < 2 {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok || sel.Index()[0] >= st.NumFields() {
		return false
	}
	f := st.Field(sel.Index()[0])
	return f.Embedded() && apis.PredicateKindOf(f.Type()) == apis.PredFuncs && len(sel.Index()) == 2
}

// userPredicateValue evaluates the Update and Create methods of a
// predicate type of this package (declared on the type itself, not
// promoted from an embedded predicate.Funcs, whose outcome depends on its
// fields).
func (m *Model) userPredicateValue(n *types.Named) PredicateValue {
	if !apis.IsPredicateType(n) {
		return PredicateValue{}
	}
	var pv PredicateValue
	create := PredUnknown
	ms := m.s.Pkg.Prog.MethodSets.MethodSet(types.NewPointer(n))
	for i := 0; i < ms.Len(); i++ {
		sel := ms.At(i)
		obj, ok := sel.Obj().(*types.Func)
		if !ok || len(sel.Index()) != 1 {
			continue
		}
		// The method of a generic type is evaluated from its generic
		// body: the metadata getters are the same for every type argument.
		fn := m.s.LocalFunc(m.s.Pkg.Prog.FuncValue(obj.Origin()))
		if fn == nil {
			continue
		}
		switch obj.Name() {
		case apis.PredicateUpdate:
			pv = evalUpdateFunc(fn, m.s.Forward)
			if readsFinalizersOrDeletion(fn) {
				// It reads the finalizers or the deletion mark: taken to
				// pass both updates, as for Funcs.
				pv.FO, pv.FONoGen, pv.DM, pv.DMNoGen = PredPass, PredPass, PredPass, PredPass
				if pv.Others != nil {
					others := *pv.Others
					others.FO, others.FONoGen, others.DM, others.DMNoGen = PredPass, PredPass, PredPass, PredPass
					pv.Others = &others
				}
			}
		case apis.PredicateCreate:
			create = evalEventFunc(fn, m.s.Forward)
		}
	}
	pv.Create = create
	if pv.Others != nil {
		others := *pv.Others
		others.Create = create
		pv.Others = &others
	}
	return pv
}

func isUntypedPredicate(t types.Type) bool {
	n, ok := types.Unalias(ssax.Deref(t)).(*types.Named)
	if !ok || n.TypeArgs().Len() != 1 {
		return false
	}
	// client.Object (an alias of the cache package's Object interface).
	arg := n.TypeArgs().At(0)
	return types.IsInterface(arg) && apis.IsObject(arg)
}

// funcsValue evaluates a predicate.Funcs value from its UpdateFunc and
// CreateFunc: a nil func passes its events (Funcs' default); an UpdateFunc
// that reads the finalizers or the deletion timestamp passes the update
// events (checks.md §1.7's table: it is taken to look for them); any other
// func body is evaluated (predupdate.go). ok is false when the fields are
// not known (the literal escapes, or a field is stored twice). update is
// the position of the UpdateFunc's body when it is a function of the
// package.
func (p *predEvaluator) funcsValue(v ssa.Value) (pv PredicateValue, update token.Pos, ok bool) {
	switch x := v.(type) {
	case *ssa.Const:
		return allOutcomes(PredPass), token.NoPos, true // the zero Funcs{}: every func is nil
	case *ssa.UnOp:
		alloc := localAlloc(p.m.s, x.X)
		if x.Op != token.MUL || alloc == nil {
			return PredicateValue{}, token.NoPos, false
		}
		fields := map[string]ssa.Value{}
		for _, r := range *alloc.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				name := ssax.FieldName(r.X.Type(), r.Field)
				for _, rr := range *r.Referrers() {
					st, ok := rr.(*ssa.Store)
					if !ok || st.Addr != r || fields[name] != nil {
						return PredicateValue{}, token.NoPos, false
					}
					fields[name] = st.Val
				}
			case *ssa.MakeClosure:
				if !onlyReads(r, alloc) {
					return PredicateValue{}, token.NoPos, false
				}
			case *ssa.UnOp, *ssa.Store, *ssa.DebugRef:
			default:
				return PredicateValue{}, token.NoPos, false // the literal's address escapes
			}
		}
		pv = allOutcomes(PredPass)
		if uf := fields[apis.FuncsUpdateField]; uf != nil && !ssax.IsNil(uf) {
			fn, _ := p.m.s.FuncValue(uf)
			if fn == nil || len(fn.Blocks) == 0 {
				pv.FO, pv.FONoGen, pv.DM, pv.DMNoGen = PredUnknown, PredUnknown, PredUnknown, PredUnknown
				pv.Labels, pv.Annotations, pv.Spec, pv.SpecOther = PredUnknown, PredUnknown, PredUnknown, PredUnknown
			} else {
				u := evalUpdateFunc(fn, p.m.s.Forward)
				update = fn.Pos()
				fd := readsFinalizersOrDeletion(fn)
				apply := func(u PredicateValue) PredicateValue {
					out := allOutcomes(PredPass)
					if !fd {
						out.FO, out.FONoGen, out.DM, out.DMNoGen = u.FO, u.FONoGen, u.DM, u.DMNoGen
					}
					out.Labels, out.Annotations, out.Spec = u.Labels, u.Annotations, u.Spec
					out.SpecOther, out.SpecCompared = u.SpecOther, u.SpecCompared
					return out
				}
				pv = apply(u)
				if u.Others != nil {
					others := apply(*u.Others)
					pv.Asserts, pv.Others = u.Asserts, &others
				}
			}
		}
		if create := fields[apis.FuncsCreateField]; create != nil && !ssax.IsNil(create) {
			cfn, _ := p.m.s.FuncValue(create)
			pv.Create = evalEventFunc(cfn, p.m.s.Forward)
			if pv.Others != nil {
				others := *pv.Others
				others.Create = pv.Create
				pv.Others = &others
			}
		}
		return pv, update, pv.known()
	}
	return PredicateValue{}, token.NoPos, false
}

// readsFinalizersOrDeletion reports whether fn reads GetFinalizers,
// Finalizers, GetDeletionTimestamp or DeletionTimestamp.
func readsFinalizersOrDeletion(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				if callee := ssax.CalleeFunc(x.Common()); callee != nil {
					switch callee.Name() {
					case "GetFinalizers", "GetDeletionTimestamp":
						return true
					}
				}
			case *ssa.FieldAddr:
				switch ssax.FieldName(x.X.Type(), x.Field) {
				case apis.FinalizersField, apis.DeletionTimestampField:
					return true
				}
			case *ssa.Field:
				switch ssax.FieldName(x.X.Type(), x.Field) {
				case apis.FinalizersField, apis.DeletionTimestampField:
					return true
				}
			}
		}
	}
	return false
}

// evalCall evaluates the predicate returned by a call.
func (p *predEvaluator) evalCall(c *ssa.Call, expr ast.Expr) PredEval {
	callee := ssax.CalleeFunc(&c.Call)
	if callee == nil && p.m.s.LocalFunc(p.m.s.Callee(&c.Call)) == nil {
		return PredEval{} // a dynamic call; a closure of the package goes on
	}
	f := apis.FuncOf(callee)
	if comb := apis.PredicateCombinator(f); comb != "" {
		return p.evalCombinator(comb, c, expr)
	}
	if fn := p.m.s.Callee(&c.Call); fn != nil {
		if local := p.m.s.LocalFunc(fn); local != nil {
			return p.evalLocalFunc(local, c.Call.Args)
		}
	}
	var pv PredicateValue
	if callee.Pkg() != nil && callee.Pkg() != p.m.s.Pass.Pkg && p.m.pass.ImportObjectFact(callee.Origin(), &pv) {
		return PredEval{Value: pv, Leaves: factLeaf(pv, callee.Pkg().Name()+"."+callee.Name()+"()", c)}
	}
	return PredEval{}
}

func factLeaf(pv PredicateValue, name string, v ssa.Value) []PredLeaf {
	if pv.FO != PredBlock && pv.FONoGen != PredBlock && pv.DM != PredBlock && pv.DMNoGen != PredBlock {
		return nil
	}
	return []PredLeaf{{Name: name, Value: v}}
}

// evalCombinator evaluates predicate.Or, And and Not.
func (p *predEvaluator) evalCombinator(comb string, c *ssa.Call, expr ast.Expr) PredEval {
	var argExprs []ast.Expr
	if call, ok := expr.(*ast.CallExpr); ok && !call.Ellipsis.IsValid() {
		argExprs = call.Args
	}
	argExpr := func(i int) ast.Expr {
		if i < len(argExprs) {
			return argExprs[i]
		}
		return nil
	}
	if comb == "Not" {
		if len(c.Call.Args) != 1 {
			return PredEval{}
		}
		ev := p.eval(c.Call.Args[0], argExpr(0))
		not := func(x, _ PredOutcome) PredOutcome { return x.not() }
		return PredEval{Value: mapPred(ev.Value, ev.Value, not), Negated: true}
	}
	if len(c.Call.Args) != 1 {
		return PredEval{}
	}
	elems, ok := ssax.VariadicElems(c.Call.Args[0])
	if !ok {
		return PredEval{}
	}
	var out PredEval
	for i, e := range elems {
		ev := p.eval(e, argExpr(i))
		if i == 0 {
			out = ev
			continue
		}
		out.Negated = out.Negated || ev.Negated
		if comb == "And" {
			out.Value = mapPred(out.Value, ev.Value, andOutcome)
		} else {
			out.Value = mapPred(out.Value, ev.Value, orOutcome)
		}
		out.Leaves = append(out.Leaves, ev.Leaves...)
	}
	if len(elems) == 0 {
		// Or() passes nothing; And() passes everything.
		if comb == "And" {
			return PredEval{Value: allOutcomes(PredPass)}
		}
		return PredEval{Value: allOutcomes(PredBlock)}
	}
	return out
}

// evalGlobal evaluates a package-level predicate variable: its single
// initialising store in this package, or its fact.
func (p *predEvaluator) evalGlobal(g *ssa.Global) PredEval {
	obj, _ := g.Object().(*types.Var)
	if obj == nil {
		return PredEval{}
	}
	if g.Pkg != p.m.s.Pkg {
		var pv PredicateValue
		if obj.Pkg() != nil && p.m.pass.ImportObjectFact(obj, &pv) {
			return PredEval{Value: pv, Leaves: factLeaf(pv, obj.Pkg().Name()+"."+obj.Name(), g)}
		}
		return PredEval{}
	}
	val := p.m.globalInit(g)
	if val == nil {
		return PredEval{}
	}
	ev := p.eval(val, nil)
	// The leaves' expressions are in the initializer, not at the use
	// (a copy: the leaves may be those memoised for a function).
	ev.Leaves = slices.Clone(ev.Leaves)
	for i := range ev.Leaves {
		ev.Leaves[i].Expr = nil
		ev.Leaves[i].Name = obj.Name() + " (" + ev.Leaves[i].Name + ")"
	}
	return ev
}

// globalInit returns the value stored into g when the package stores to it
// exactly once (in its initializer), or nil.
func (m *Model) globalInit(g *ssa.Global) ssa.Value {
	var val ssa.Value
	n := 0
	for _, fn := range m.s.Funcs() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || st.Addr != g {
					continue
				}
				n++
				val = st.Val
			}
		}
	}
	if n != 1 {
		return nil
	}
	return val
}

// evalLocalFunc evaluates the predicate a package function returns: the
// common outcome of its returned values. args are the arguments of the
// call (nil for the function itself, as for its fact): a function with
// parameters is evaluated with them bound to the arguments, and not
// memoised.
func (p *predEvaluator) evalLocalFunc(fn *ssa.Function, args []ssa.Value) PredEval {
	rename := func(out PredEval) PredEval {
		for i := range out.Leaves {
			out.Leaves[i].Expr = nil
			out.Leaves[i].Name = ssax.FuncName(fn) + "()"
		}
		return out
	}
	if len(fn.Params) > 0 && len(args) == len(fn.Params) {
		out, _ := p.returns(fn, args, func(v ssa.Value) PredEval { return p.eval(v, nil) })
		return rename(out)
	}
	if ev, ok := p.funcs[fn]; ok {
		if ev == nil {
			return PredEval{}
		}
		return *ev
	}
	memo := len(p.bind) == 0 // a closure may capture a bound parameter
	if memo {
		p.funcs[fn] = nil // recursion
	}
	out, _ := p.returns(fn, nil, func(v ssa.Value) PredEval { return p.eval(v, nil) })
	out = rename(out)
	if memo {
		p.funcs[fn] = &out
	}
	return out
}

// returns evaluates f on the value each return of fn gives (its first
// result), with the parameters of fn bound to args when they match, and
// joins the results: the common outcome on each event, the leaves of
// all. ok is false when fn returns no value, or is already being
// evaluated (recursion). The leaves are fresh copies.
func (p *predEvaluator) returns(fn *ssa.Function, args []ssa.Value, f func(ssa.Value) PredEval) (out PredEval, ok bool) {
	if fn == nil || p.active[fn] {
		return PredEval{}, false
	}
	p.active[fn] = true
	defer delete(p.active, fn)
	if len(args) > 0 && len(args) == len(fn.Params) {
		type saved struct {
			v   ssa.Value
			had bool
		}
		old := make([]saved, len(fn.Params))
		for i, prm := range fn.Params {
			v, had := p.bind[prm]
			old[i] = saved{v, had}
			p.bind[prm] = args[i]
		}
		defer func() {
			for i, prm := range fn.Params {
				if old[i].had {
					p.bind[prm] = old[i].v
				} else {
					delete(p.bind, prm)
				}
			}
		}()
	}
	first := true
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet || len(ret.Results) == 0 {
			continue
		}
		ev := f(ret.Results[0])
		if first {
			out, first = PredEval{Value: ev.Value, Negated: ev.Negated}, false
		} else {
			out.Value = mapPred(out.Value, ev.Value, joinOutcome)
			out.Negated = out.Negated || ev.Negated
		}
		out.Leaves = append(out.Leaves, ev.Leaves...)
	}
	return out, !first
}

// localAlloc returns the local variable v addresses: an Alloc, or the
// variable a closure created once captured (its free variable); nil
// otherwise.
func localAlloc(s *summary.Summary, v ssa.Value) *ssa.Alloc {
	if fv, ok := v.(*ssa.FreeVar); ok {
		v = s.Binding(fv)
	}
	a, _ := v.(*ssa.Alloc)
	return a
}

// storedOnce returns the value stored into the variable a when it is
// assigned once, as a whole, and none of its fields is addressed: the
// closures that capture it only read it. nil otherwise.
func storedOnce(a *ssa.Alloc) ssa.Value {
	var val ssa.Value
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != a || val != nil {
				return nil
			}
			val = r.Val
		case *ssa.MakeClosure:
			if !onlyReads(r, a) {
				return nil
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return val
}

// onlyReads reports whether the closure mc only loads the variable a it
// captures.
func onlyReads(mc *ssa.MakeClosure, a *ssa.Alloc) bool {
	fn, _ := mc.Fn.(*ssa.Function)
	if fn == nil || len(fn.FreeVars) != len(mc.Bindings) {
		return false
	}
	for i, b := range mc.Bindings {
		if b != a {
			continue
		}
		for _, r := range *fn.FreeVars[i].Referrers() {
			switch r := r.(type) {
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
	}
	return true
}

// option evaluates one option of For: the predicates of a
// builder.WithPredicates option; for an option a function of the package
// returns (a helper, a closure, a closure held in a package-level
// variable, called with the options' arguments) or a package-level
// variable or captured variable holds, the predicates of the options it
// gives, ANDed, named after the expression at the use (expr, when known).
// Any other option filters nothing.
func (p *predEvaluator) option(v ssa.Value, expr ast.Expr) []PredEval {
	for depth := 0; depth < 8; depth++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.ChangeInterface:
			v = x.X
			continue
		case *ssa.Parameter:
			if a, ok := p.bind[x]; ok {
				v = a
				continue
			}
		case *ssa.FreeVar:
			if b := p.m.s.Binding(x); b != nil {
				v = b
				continue
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				break
			}
			if g, ok := x.X.(*ssa.Global); ok && g.Pkg == p.m.s.Pkg && !p.busy[g] {
				val := p.m.globalInit(g)
				if val == nil {
					return nil
				}
				p.busy[g] = true
				ev := AndPredicates(p.option(val, nil))
				delete(p.busy, g)
				return []PredEval{within(ev, g.Name(), expr)}
			}
			if a := localAlloc(p.m.s, x.X); a != nil {
				if val := storedOnce(a); val != nil {
					v = val
					continue
				}
			}
		}
		break
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	fc := p.m.s.Forward(&c.Call)
	if callee := ssax.CalleeFunc(fc); callee != nil && apis.IsWithPredicates(apis.FuncOf(callee)) {
		if len(fc.Args) != 1 {
			return nil
		}
		return p.m.evalVariadicPredicates(c, 0)
	}
	fn := p.m.s.LocalCallee(fc)
	if fn == nil || fc.IsInvoke() {
		return nil
	}
	ev, ok := p.returns(fn, fc.Args, func(ret ssa.Value) PredEval { return AndPredicates(p.option(ret, nil)) })
	if !ok {
		return nil
	}
	return []PredEval{within(ev, callLabel(fn, expr), expr)}
}

// optionSlice evaluates the options of For(obj, opts()...): the slices
// a function of the package returns.
func (p *predEvaluator) optionSlice(v ssa.Value, expr ast.Expr) []PredEval {
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	fc := p.m.s.Forward(&c.Call)
	fn := p.m.s.LocalCallee(fc)
	if fn == nil || fc.IsInvoke() {
		return nil
	}
	ev, ok := p.returns(fn, fc.Args, func(ret ssa.Value) PredEval {
		elems, ok := ssax.VariadicElems(ret)
		if !ok {
			return PredEval{}
		}
		var evs []PredEval
		for _, e := range elems {
			evs = append(evs, p.option(e, nil)...)
		}
		return AndPredicates(evs)
	})
	if !ok {
		return nil
	}
	return []PredEval{within(ev, callLabel(fn, expr), expr)}
}

// callLabel names a call of fn for a message: its source expression
// ("opts()", "with(…)") when known, the function's name otherwise.
func callLabel(fn *ssa.Function, expr ast.Expr) string {
	if call, ok := ssax.Unparen(expr).(*ast.CallExpr); ok {
		if len(call.Args) == 0 {
			return types.ExprString(call.Fun) + "()"
		}
		return types.ExprString(call.Fun) + "(…)"
	}
	return ssax.FuncName(fn) + "()"
}

// within names the leaves of ev after label, the expression that gives
// them at the use ("opts() (GenerationChangedPredicate)"), and makes expr
// the expression of ev: the leaves' own expressions are in another
// function, where a fix would change every use.
func within(ev PredEval, label string, expr ast.Expr) PredEval {
	inner := PredicateNames(ev.Leaves)
	leaves := make([]PredLeaf, len(ev.Leaves))
	for i, l := range ev.Leaves {
		l.Expr = nil
		l.Name = label + " (" + inner + ")"
		leaves[i] = l
	}
	ev.Leaves = leaves
	ev.Expr = expr
	return ev
}

// exportPredicateFacts exports PredicateValue facts for the package's
// predicate variables, its functions returning a predicate, and its
// predicate types with an Update method of their own.
func (m *Model) exportPredicateFacts() {
	for _, mem := range m.s.Pkg.Members {
		var obj types.Object
		var ev PredEval
		switch mem := mem.(type) {
		case *ssa.Global:
			t := ssax.Deref(mem.Type())
			if !apis.IsPredicateType(t) {
				continue
			}
			obj = mem.Object()
			if val := m.globalInit(mem); val != nil {
				ev = m.evalPredicate(val, nil)
			}
		case *ssa.Function:
			res := mem.Signature.Results()
			if res.Len() == 0 || res.Len() > 2 || !apis.IsPredicateType(res.At(0).Type()) || len(mem.Blocks) == 0 {
				continue
			}
			obj = mem.Object()
			ev = m.preds.evalLocalFunc(mem, nil)
		case *ssa.Type:
			n, ok := types.Unalias(mem.Type()).(*types.Named)
			if !ok {
				continue
			}
			obj = mem.Object()
			ev = PredEval{Value: m.userPredicateValue(n)}
		default:
			continue
		}
		if obj == nil || !ev.Value.known() {
			continue
		}
		pv := ev.Value
		m.pass.ExportObjectFact(obj, &pv)
		m.Exported = append(m.Exported, analysis.ObjectFact{Object: obj, Fact: &pv})
	}
}

// callExprAt returns the call expression whose opening parenthesis is at
// lparen (the position of an *ssa.Call), or nil.
func (m *Model) callExprAt(lparen token.Pos) *ast.CallExpr {
	if !lparen.IsValid() {
		return nil
	}
	for _, f := range m.s.Pass.Files {
		if f.FileStart > lparen || lparen > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, lparen, lparen+1)
		for _, n := range path {
			if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
				return c
			}
		}
	}
	return nil
}
