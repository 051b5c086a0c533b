package summary

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
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
// variable or a function returning a predicate (checks.md §1.7, RL4001):
// the predicate's outcome on two Update events of the primary object.
//
//   - FO, a finalizer-only update: only metadata.finalizers changes
//     (generation and the deletion mark stay).
//   - DM, the deletion-mark update: deletionTimestamp is set. The API
//     server bumps metadata.generation with it only for kinds that track
//     generation (every CRD), so DM is split by kind: DM for
//     generation-tracked kinds, DMNoGen for generation-less ones.
type PredicateValue struct {
	FO, DM, DMNoGen PredOutcome
}

// AFact marks PredicateValue as a fact.
func (*PredicateValue) AFact() {}

func (p *PredicateValue) String() string {
	return "PredicateValue(FO=" + p.FO.String() + ", DM=" + p.DM.String() + ", DMNoGen=" + p.DMNoGen.String() + ")"
}

func (p PredicateValue) known() bool {
	return p.FO != PredUnknown || p.DM != PredUnknown || p.DMNoGen != PredUnknown
}

// DMFor returns the deletion-mark outcome for a kind: tracked is TriYes for
// generation-tracked kinds, TriNo for generation-less kinds, TriUnknown
// when the kind is not known (the outcome is then known only when both
// agree).
func (p PredicateValue) DMFor(tracked TriState) PredOutcome {
	switch tracked {
	case TriYes:
		return p.DM
	case TriNo:
		return p.DMNoGen
	}
	return joinOutcome(p.DM, p.DMNoGen)
}

func mapPred(a, b PredicateValue, f func(x, y PredOutcome) PredOutcome) PredicateValue {
	return PredicateValue{FO: f(a.FO, b.FO), DM: f(a.DM, b.DM), DMNoGen: f(a.DMNoGen, b.DMNoGen)}
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
}

// predEvaluator evaluates predicate values of one package.
type predEvaluator struct {
	s     *Summary
	busy  map[ssa.Value]bool
	funcs map[*ssa.Function]*PredEval
}

// EvalPredicate evaluates a predicate value; expr is its source expression
// when known (nil otherwise).
func (s *Summary) EvalPredicate(v ssa.Value, expr ast.Expr) PredEval {
	if s.preds == nil {
		s.preds = &predEvaluator{s: s, busy: make(map[ssa.Value]bool), funcs: make(map[*ssa.Function]*PredEval)}
	}
	ev := s.preds.eval(v, expr)
	ev.Expr = expr
	return ev
}

// AndPredicates evaluates a list of predicates, which controller-runtime
// ANDs (builder/controller.go: every predicate must pass).
func AndPredicates(evals []PredEval) PredEval {
	out := PredEval{Value: PredicateValue{FO: PredPass, DM: PredPass, DMNoGen: PredPass}}
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
	expr = unparen(expr)
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
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return PredEval{}
		}
		if g, ok := x.X.(*ssa.Global); ok {
			return p.evalGlobal(g)
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
		return PredEval{Value: PredicateValue{FO: PredBlock, DM: PredPass, DMNoGen: PredBlock}, Leaves: []PredLeaf{leaf}}
	case apis.PredResourceVersion:
		return PredEval{Value: PredicateValue{FO: PredPass, DM: PredPass, DMNoGen: PredPass}}
	case apis.PredAnnotationChanged, apis.PredLabelChanged:
		leaf.Name = "AnnotationChangedPredicate"
		if k == apis.PredLabelChanged {
			leaf.Name = "LabelChangedPredicate"
		}
		return PredEval{Value: PredicateValue{FO: PredBlock, DM: PredBlock, DMNoGen: PredBlock}, Leaves: []PredLeaf{leaf}}
	case apis.PredFuncs:
		switch o := p.funcsUpdate(v); o {
		case PredPass:
			return PredEval{Value: PredicateValue{FO: PredPass, DM: PredPass, DMNoGen: PredPass}}
		}
	}
	return PredEval{}
}

func isUntypedPredicate(t types.Type) bool {
	n, ok := types.Unalias(deref(t)).(*types.Named)
	if !ok || n.TypeArgs().Len() != 1 {
		return false
	}
	// client.Object (an alias of the cache package's Object interface).
	arg := n.TypeArgs().At(0)
	return types.IsInterface(arg) && apis.IsObject(arg)
}

// funcsUpdate evaluates the UpdateFunc of a predicate.Funcs value: Pass
// when it is nil (Funcs passes the event) or when it reads the finalizers
// or the deletion timestamp; Unknown otherwise.
func (p *predEvaluator) funcsUpdate(v ssa.Value) PredOutcome {
	switch x := v.(type) {
	case *ssa.Const:
		return PredPass // the zero Funcs{}: every func is nil
	case *ssa.UnOp:
		alloc, ok := x.X.(*ssa.Alloc)
		if x.Op != token.MUL || !ok {
			return PredUnknown
		}
		var update ssa.Value
		for _, r := range *alloc.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				if fieldName(r.X.Type(), r.Field) != "UpdateFunc" {
					continue
				}
				for _, rr := range *r.Referrers() {
					st, ok := rr.(*ssa.Store)
					if !ok || st.Addr != r {
						return PredUnknown
					}
					if update != nil {
						return PredUnknown
					}
					update = st.Val
				}
			case *ssa.UnOp, *ssa.Store, *ssa.DebugRef:
			default:
				return PredUnknown // the literal's address escapes
			}
		}
		if update == nil || isNil(update) {
			return PredPass
		}
		fn := funcOfValue(update)
		if fn == nil || len(fn.Blocks) == 0 {
			return PredUnknown
		}
		if readsFinalizersOrDeletion(fn) {
			return PredPass
		}
	}
	return PredUnknown
}

// readsFinalizersOrDeletion reports whether fn reads GetFinalizers,
// Finalizers, GetDeletionTimestamp or DeletionTimestamp.
func readsFinalizersOrDeletion(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				if callee := calleeFunc(x.Common()); callee != nil {
					switch callee.Name() {
					case "GetFinalizers", "GetDeletionTimestamp":
						return true
					}
				}
			case *ssa.FieldAddr:
				switch fieldName(x.X.Type(), x.Field) {
				case apis.FinalizersField, apis.DeletionTimestampField:
					return true
				}
			case *ssa.Field:
				switch fieldName(x.X.Type(), x.Field) {
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
	callee := calleeFunc(&c.Call)
	if callee == nil {
		return PredEval{}
	}
	f := apis.FuncOf(callee)
	if comb := apis.PredicateCombinator(f); comb != "" {
		return p.evalCombinator(comb, c, expr)
	}
	if fn := c.Call.StaticCallee(); fn != nil {
		if local := p.s.localFunc(fn); local != nil {
			return p.evalLocalFunc(local)
		}
	}
	var pv PredicateValue
	if callee.Pkg() != nil && callee.Pkg() != p.s.Pass.Pkg && p.s.Pass.ImportObjectFact(callee.Origin(), &pv) {
		return PredEval{Value: pv, Leaves: factLeaf(pv, callee.Pkg().Name()+"."+callee.Name()+"()", c)}
	}
	return PredEval{}
}

func factLeaf(pv PredicateValue, name string, v ssa.Value) []PredLeaf {
	if pv.FO != PredBlock && pv.DM != PredBlock && pv.DMNoGen != PredBlock {
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
		v := ev.Value
		return PredEval{Value: PredicateValue{FO: v.FO.not(), DM: v.DM.not(), DMNoGen: v.DMNoGen.not()}, Negated: true}
	}
	if len(c.Call.Args) != 1 {
		return PredEval{}
	}
	elems, ok := variadicElems(c.Call.Args[0])
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
			return PredEval{Value: PredicateValue{FO: PredPass, DM: PredPass, DMNoGen: PredPass}}
		}
		return PredEval{Value: PredicateValue{FO: PredBlock, DM: PredBlock, DMNoGen: PredBlock}}
	}
	return out
}

// variadicElems returns the elements of a compiler-built variadic slice in
// argument order, or ok=false when the slice is not one (a forwarded
// slice, say). A nil slice has no elements.
func variadicElems(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, true
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	arr, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	at, ok := types.Unalias(deref(arr.Type())).Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, at.Len())
	for _, r := range *arr.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		idx, ok := ia.Index.(*ssa.Const)
		if !ok || idx.Value == nil {
			return nil, false
		}
		i := int(idx.Int64())
		if i < 0 || i >= len(out) {
			return nil, false
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				out[i] = st.Val
			}
		}
	}
	for _, e := range out {
		if e == nil {
			return nil, false
		}
	}
	return out, true
}

// evalGlobal evaluates a package-level predicate variable: its single
// initialising store in this package, or its fact.
func (p *predEvaluator) evalGlobal(g *ssa.Global) PredEval {
	obj, _ := g.Object().(*types.Var)
	if obj == nil {
		return PredEval{}
	}
	if g.Pkg != p.s.Pkg {
		var pv PredicateValue
		if obj.Pkg() != nil && p.s.Pass.ImportObjectFact(obj, &pv) {
			return PredEval{Value: pv, Leaves: factLeaf(pv, obj.Pkg().Name()+"."+obj.Name(), g)}
		}
		return PredEval{}
	}
	val := p.s.globalInit(g)
	if val == nil {
		return PredEval{}
	}
	ev := p.eval(val, nil)
	// The leaves' expressions are in the initializer, not at the use.
	for i := range ev.Leaves {
		ev.Leaves[i].Expr = nil
		ev.Leaves[i].Name = obj.Name() + " (" + ev.Leaves[i].Name + ")"
	}
	return ev
}

// globalInit returns the value stored into g when the package stores to it
// exactly once (in its initializer), or nil.
func (s *Summary) globalInit(g *ssa.Global) ssa.Value {
	var val ssa.Value
	n := 0
	for _, fn := range s.srcFunc {
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
// common outcome of its returned values.
func (p *predEvaluator) evalLocalFunc(fn *ssa.Function) PredEval {
	if ev, ok := p.funcs[fn]; ok {
		if ev == nil {
			return PredEval{}
		}
		return *ev
	}
	p.funcs[fn] = nil // recursion
	var out PredEval
	first := true
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		ev := p.eval(ret.Results[0], nil)
		if first {
			out, first = PredEval{Value: ev.Value, Leaves: ev.Leaves}, false
			continue
		}
		out.Value = mapPred(out.Value, ev.Value, joinOutcome)
		out.Leaves = append(out.Leaves, ev.Leaves...)
	}
	for i := range out.Leaves {
		out.Leaves[i].Expr = nil
		out.Leaves[i].Name = FuncName(fn) + "()"
	}
	p.funcs[fn] = &out
	return out
}

// exportPredicateFacts exports PredicateValue facts for the package's
// predicate variables and for its functions returning a predicate.
func (s *Summary) exportPredicateFacts() {
	for _, m := range s.Pkg.Members {
		var obj types.Object
		var ev PredEval
		switch m := m.(type) {
		case *ssa.Global:
			t := deref(m.Type())
			if !apis.IsPredicateType(t) {
				continue
			}
			obj = m.Object()
			if val := s.globalInit(m); val != nil {
				ev = s.EvalPredicate(val, nil)
			}
		case *ssa.Function:
			res := m.Signature.Results()
			if res.Len() == 0 || res.Len() > 2 || !apis.IsPredicateType(res.At(0).Type()) || len(m.Blocks) == 0 {
				continue
			}
			obj = m.Object()
			if s.preds == nil {
				s.EvalPredicate(nil, nil)
			}
			ev = s.preds.evalLocalFunc(m)
		default:
			continue
		}
		if obj == nil || !ev.Value.known() {
			continue
		}
		pv := ev.Value
		s.Pass.ExportObjectFact(obj, &pv)
		s.Exported = append(s.Exported, analysis.ObjectFact{Object: obj, Fact: &pv})
	}
}

// CallExprAt returns the call expression whose opening parenthesis is at
// lparen (the position of an *ssa.Call), or nil.
func (s *Summary) CallExprAt(lparen token.Pos) *ast.CallExpr {
	if !lparen.IsValid() {
		return nil
	}
	for _, f := range s.Pass.Files {
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

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}
