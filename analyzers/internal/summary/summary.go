// Package summary is the base analyzer that every reconcilelint check
// requires. It builds the shared model of a package's reconcilers
// (checks.md §1): the reconciler roots and their scope, object roots and
// field paths, write sinks, guard classification with control dependence,
// and the facts that carry all of this across packages. It names no check
// and holds no check's results: the libraries that read it (errflow, keys),
// the shared analyses (wiring, handlers, cacheowner, results, persist,
// metareads) and the checks build on it (docs/architecture.md).
//
// The analyzer's result is the base model, frozen after the build; every
// reader works on a View of it (Of), so the readers of a package run
// concurrently.
//
// It imports go/analysis, go/ssa and the internal apis, flow, memo, ssax
// and taint packages (the taint analysis sits below the model and reads it
// through taint.Model); it never imports a shared analysis, a check or a
// driver.
package summary

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/ctrlflow"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/calls"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/memo"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/taint"
)

// Analyzer builds the Summary of a package and exports its facts. Its name
// is the prefix of the shared options, e.g. -reconcilelint.roots.
var Analyzer = &analysis.Analyzer{
	Name:       "reconcilelint",
	Doc:        "reconcilelint: the shared model of Kubernetes reconcilers that every reconcilelint check uses",
	URL:        "https://github.com/reconcilelint/reconcilelint",
	Run:        run,
	Requires:   []*analysis.Analyzer{ctrlflow.Analyzer},
	ResultType: reflect.TypeFor[*Summary](),
	FactTypes:  []analysis.Fact{new(FuncSummary), new(TypeInfo)},
}

// rootsFlag holds the configured roots (R4).
var rootsFlag stringList

// externalIOFlag lists the configured SDK packages whose calls are
// external I/O (besides net/http and database/sql).
var externalIOFlag stringList

func init() {
	Analyzer.Flags.Var(&rootsFlag, "roots", "comma-separated extra reconcile roots: pkgpath.Func or pkgpath.Type.Method")
	Analyzer.Flags.Var(&externalIOFlag, "external-io",
		"comma-separated import path prefixes of SDK packages whose calls count as external I/O in event handlers (net/http and database/sql always do)")
}

// ExternalIOPackages returns the import path prefixes of the SDK packages
// whose calls count as external I/O besides net/http and database/sql:
// the shared option -reconcilelint.external-io.
func ExternalIOPackages() []string { return externalIOFlag }

// stringList is a comma-separated list flag.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }

func (l *stringList) Set(s string) error {
	*l = nil
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			*l = append(*l, f)
		}
	}
	return nil
}

// Summary is the model of one package.
type Summary struct {
	// Err is set when the model could not be built (an internal error):
	// every analyzer that reads the model fails with it.
	Err  error
	Pass *analysis.Pass
	// Pkg is the SSA form of the package; nil when the package is not
	// relevant (it does not use the Kubernetes client libraries).
	Pkg *ssa.Package
	// Roots are the reconcile entry points found in the package.
	Roots []*roots.Root
	// Scope maps each function reachable from a root, within the package,
	// to how it is reached.
	Scope map[*ssa.Function]*Reach
	// Writes are the API write sites of every function of the package,
	// including calls of helpers whose facts say they write.
	Writes []*Write
	// Exported lists the facts exported for the package's objects.
	Exported []analysis.ObjectFact

	// Built with the model and read only afterwards.
	srcFunc []*ssa.Function
	calls   map[*ssa.Function][]callEdge        // callers within the package
	graph   *calls.Graph                        // what the package's dynamic calls can call (Callee)
	fwd     map[*ssa.CallCommon]*ssa.CallCommon // calls of forwarders: what they forward to (forward.go)
	// carried holds, by forward.TargetName, the summaries that forwarders
	// of other packages carry for their targets (FuncSummary.ForwardTarget).
	carried map[string]*FuncSummary
	// heldFuncs are the exported variables of the package that hold one
	// function, found when the facts are exported (heldVars).
	heldFuncs []heldVar
	inlined   map[*ssa.Function]bool
	visible   []*ssa.Function // srcFunc without the inlined forwarders and the instantiated generic bodies (Funcs)
	// instantiated are the generic bodies (and closures in them) whose
	// instances the package uses (addInstances): the instances are the
	// code that runs; the bodies stay for the facts of their objects.
	instantiated map[*ssa.Function]bool
	dispatch     map[*types.Func]int // interface methods a workqueue worker calls with its item (roots.Dispatches)
	// dispatchGuarded says which of them are called only under a
	// condition on what the caller learned about the item.
	dispatchGuarded map[*types.Func]bool
	// fieldDispatch are the func-typed struct fields a worker calls with
	// its item (roots.Dispatches).
	fieldDispatch map[*types.Var]int // forwarders whose every use is a resolved call
	types         map[*types.TypeName]*TypeInfo
	held          map[*ssa.Parameter][]*HeldObject // objects manager roots' receivers hold (held.go)

	// The lazily computed parts (package memo): the base's are filled
	// while the model is built, then frozen; a View has its own, and its
	// own view of the taint analysis.
	tables
	taints  *taint.Analysis
	effBusy map[*ssa.Function]bool // Effects in progress
	// specDepth is how many specialised computations (specializer) are
	// in progress.
	specDepth int
}

// tables are the memo tables of the model's lazily computed parts.
type tables struct {
	funcs    *memo.Table[*ssa.Function, *FuncInfo]
	effects  *memo.Table[*ssa.Function, []*Effect]
	pEffects *memo.Table[*ssa.Function, []paramEffect]
	rEffects *memo.Table[*ssa.Function, []paramEffect]  // resultstores.go: stores into fresh results
	resSrc   *memo.Table[*ssa.Function, []ResultSource] // resultsrc.go
	readRes  *memo.Table[*ssa.Function, uint64]         // reads.go: results read from the API
	flags    *memo.Table[*types.Var, flagGuard]         // guards.go: struct fields used as changed flags
	pCalls   *memo.Table[*ssa.Function, []paramCall]    // paramcalls.go: calls through parameters
}

// newTables returns empty tables, or, when base is not nil, tables that
// fall back to base's.
func newTables(base *tables) tables {
	if base == nil {
		return tables{
			funcs:    &memo.Table[*ssa.Function, *FuncInfo]{},
			effects:  &memo.Table[*ssa.Function, []*Effect]{},
			pEffects: &memo.Table[*ssa.Function, []paramEffect]{},
			rEffects: &memo.Table[*ssa.Function, []paramEffect]{},
			resSrc:   &memo.Table[*ssa.Function, []ResultSource]{},
			readRes:  &memo.Table[*ssa.Function, uint64]{},
			flags:    &memo.Table[*types.Var, flagGuard]{},
			pCalls:   &memo.Table[*ssa.Function, []paramCall]{},
		}
	}
	return tables{
		funcs: base.funcs.View(), effects: base.effects.View(), pEffects: base.pEffects.View(),
		rEffects: base.rEffects.View(), resSrc: base.resSrc.View(), readRes: base.readRes.View(), flags: base.flags.View(),
		pCalls: base.pCalls.View(),
	}
}

// freeze makes the model's tables, and its taint analysis's, read only.
func (s *Summary) freeze() {
	t := &s.tables
	t.funcs.Freeze()
	t.effects.Freeze()
	t.pEffects.Freeze()
	t.rEffects.Freeze()
	t.resSrc.Freeze()
	t.readRes.Freeze()
	t.flags.Freeze()
	t.pCalls.Freeze()
	for _, fi := range t.funcs.All() {
		fi.guards.Freeze()
	}
	s.taints.Freeze()
}

// View returns the model for one reader: a shared analysis or a check.
// The summary analyzer's result is the base model, built and then frozen;
// a view shares everything the build computed and computes the rest for
// itself, so the readers of one package run concurrently and none of them
// depends on what another asked first. Every reader takes its own view
// once per package (check.New does it for checks).
func (s *Summary) View() *Summary {
	if s.Pkg == nil {
		return s // nothing was analysed, and nothing will be computed
	}
	v := *s
	v.tables = newTables(&s.tables)
	v.taints = s.taints.View(taintModel{&v})
	v.effBusy = make(map[*ssa.Function]bool)
	return &v
}

// Taints returns the model's taint analysis (this view's).
func (s *Summary) Taints() *taint.Analysis { return s.taints }

// taintModel is the model as the taint analysis sees it (taint.Model).
type taintModel struct{ *Summary }

// ResultTaintOf returns the taint of the results of a call of obj (a
// function, or a variable that holds one) that its FuncSummary fact
// records.
func (m taintModel) ResultTaintOf(obj types.Object) taint.Taint {
	fs := m.ObjectFact(obj)
	if fs == nil {
		return taint.Taint{}
	}
	return taint.Taint{Kinds: fs.ResultTaint.Kinds, Source: fs.ResultTaint.Source, Params: fs.ResultTaint.FromParams,
		ParamPaths: fs.ResultTaint.ParamPaths, VersionOf: fs.ResultTaint.VersionOf}
}

// CalleeObject returns what the call c calls in another package (Callee).
func (m taintModel) CalleeObject(c *ssa.CallCommon) types.Object {
	return CalleeObject(m.Pass.Pkg, c)
}

// ResultFieldTaintOf returns the taint of a field of the struct result of
// a call of obj, a function of another package, that its FuncSummary
// fact records field by field (FuncSummary.ResultFields).
func (m taintModel) ResultFieldTaintOf(obj types.Object, field string) (taint.Taint, bool) {
	o, ok := obj.(*types.Func)
	if !ok {
		return taint.Taint{}, false
	}
	fs := m.FactOf(o)
	if fs == nil || len(fs.ResultFields) == 0 {
		return taint.Taint{}, false
	}
	for _, f := range fs.ResultFields {
		if f.Field == field {
			return taint.Taint{Kinds: f.Kinds, Source: f.Source, Params: f.FromParams, ParamPaths: f.ParamPaths}, true
		}
	}
	return taint.Taint{}, true
}

// PackageFuncs returns the functions of the package built from its
// source, closures and forwarders included.
func (m taintModel) PackageFuncs() []*ssa.Function { return m.srcFunc }

// ArgStores returns the stores a call makes on every call into what its
// arguments point to: the unguarded stores of a function of the package
// on its parameters (including those that stamp a value whichever way its
// conditions go, alwaysStores), or those a function of another package
// records in its FuncSummary fact. Closures of the package are left out:
// the taint analysis reads their stores directly.
func (m taintModel) ArgStores(c *ssa.CallCommon) []taint.ArgStore {
	c = m.Forward(c)
	if c.IsInvoke() {
		return nil
	}
	var out []taint.ArgStore
	if local := m.LocalCallee(c); local != nil {
		if local.Parent() != nil {
			return nil
		}
		held := m.heldByArgs(c)
		spec := m.specializer(local, m.callEnv(local, c.Args))
		for _, pe := range m.paramEffects(local) {
			if held(pe.paramCall) {
				continue // the functions this call hands it: below
			}
			if t, ok := carried(pe.status != Unguarded, spec(pe)); pe.kind == StoreEffect && !pe.removal && ok {
				out = append(out, taint.ArgStore{Arg: pe.param, Path: pe.path, Taint: t})
			}
		}
		for _, he := range m.heldEffects(nil, c, local) {
			pe := he.pe
			if t, ok := carried(pe.status != Unguarded, pe.taint); pe.kind == StoreEffect && he.recv == nil && !pe.removal && ok {
				out = append(out, taint.ArgStore{Arg: pe.param, Path: pe.path, Taint: t})
			}
		}
		return out
	}
	if fs, _ := m.CalleeFact(c); fs != nil {
		for _, sf := range fs.Stores {
			t := taint.Taint{Kinds: sf.TaintKinds, Source: sf.Source, Params: sf.FromParams, ParamPaths: sf.ParamPaths}
			if t, ok := carried(sf.Guarded, t); !sf.Removal && ok {
				out = append(out, taint.ArgStore{Arg: sf.Param, Path: splitPath(sf.Path), Taint: t})
			}
		}
	}
	return out
}

// StoresThrough reports whether a function that the dynamic call c may
// run can store into what its argument i points to. The functions are
// those the called value holds at the call (Graph.Elements: a list's
// elements, a range over a map of them, a field the package fills);
// when one is not known, is of another package, or is being summarised
// (a recursion), the answer is yes.
func (m taintModel) StoresThrough(c *ssa.CallCommon, i int) bool {
	refs, ok := m.graph.Elements(c.Value)
	if !ok {
		return true
	}
	for _, ref := range refs {
		g := m.LocalFunc(ref.Fn)
		if g == nil || m.effBusy[g] || m.passesOnUnknown(g) {
			return true
		}
		p := i
		if ref.Recv != nil {
			p++ // a method value: its receiver is bound
		}
		for _, pe := range m.paramEffects(g) {
			if pe.kind == StoreEffect && pe.param == p {
				return true
			}
		}
	}
	return false
}

// passesOnUnknown reports whether fn hands a pointer to a call whose
// callee the model does not know (a function value it was given, an
// interface): what that call stores is in no effect of fn.
func (m taintModel) passesOnUnknown(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			ci, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			c := ci.Common()
			if _, builtin := c.Value.(*ssa.Builtin); builtin || m.Callee(c) != nil {
				continue
			}
			if len(m.Callees(c)) > 0 && !c.IsInvoke() {
				continue // its callees' stores are fn's effects (anyCalleeEffects, dispatchEffects)
			}
			for _, arg := range c.Args {
				if _, ptr := arg.Type().Underlying().(*types.Pointer); ptr {
					return true
				}
			}
		}
	}
	return false
}

// ResultStores returns the stores a call's callee makes into the object
// it makes and returns: a function of the package (resultEffects), or one
// of another package by its FuncSummary fact. Stores under the callee's
// own conditions pass on what comes from the arguments only (carried).
func (m taintModel) ResultStores(call *ssa.Call) []taint.ArgStore {
	c := m.Forward(&call.Call)
	if c.IsInvoke() {
		return nil
	}
	var out []taint.ArgStore
	if local := m.LocalCallee(c); local != nil {
		for _, re := range m.callResults(call.Parent(), c, local) {
			// What a handed function captured of the caller is the
			// caller's to give, as an argument is: kept under the
			// helper's conditions too.
			if t, ok := carried(re.status != Unguarded, re.taint); !re.removal && (ok || re.bound.Kinds != 0 || re.bound.Params != 0) {
				out = append(out, taint.ArgStore{Arg: re.param, Path: re.path, Taint: t, Bound: re.bound})
			}
		}
		return out
	}
	if fs, _ := m.CalleeFact(c); fs != nil {
		for _, sf := range fs.ResultStores {
			t := taint.Taint{Kinds: sf.TaintKinds, Source: sf.Source, Params: sf.FromParams, ParamPaths: sf.ParamPaths}
			if t, ok := carried(sf.Guarded, t); !sf.Removal && ok {
				out = append(out, taint.ArgStore{Arg: sf.Param, Path: splitPath(sf.Path), Taint: t})
			}
		}
	}
	return out
}

// HandedParams returns the parameters of local that the call c hands
// functions local only calls, when the call's own functions are known
// (heldByArgs): options applied to what local builds, whose stores are
// mapped per call (heldEffects).
func (m taintModel) HandedParams(c *ssa.CallCommon, local *ssa.Function) uint64 {
	held := m.heldByArgs(c)
	var out uint64
	for _, pc := range m.paramCalls(local) {
		if pc.param >= 64 || pc.param >= len(local.Params) || pc.field >= 0 || pc.method != nil {
			continue
		}
		if held(ParamCallRef{Param: pc.param + 1}) && onlyCalled(local.Params[pc.param], 0) {
			out |= 1 << uint(pc.param)
		}
	}
	return out
}

// onlyCalled reports whether the function (or list of functions) v is
// only called: ranged or indexed, its elements loaded and called, its
// length taken, also by the closures that capture it (a body run as a
// closure); never stored elsewhere, returned or passed.
func onlyCalled(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 6 {
		return refs == nil
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if x.Addr == v {
				continue // the spill into the cell v, followed from the parameter
			}
			// A parameter spilled into the cell closures capture.
			cell, ok := x.Addr.(*ssa.Alloc)
			if !ok || x.Val != v || ssax.SpilledParam(cell) != v || !onlyCalled(cell, depth+1) {
				return false
			}
		case *ssa.MakeClosure:
			// Captured: what the closure does with it.
			fn, ok := x.Fn.(*ssa.Function)
			k := slices.Index(x.Bindings, v)
			if !ok || k < 0 || k >= len(fn.FreeVars) || !onlyCalled(fn.FreeVars[k], depth+1) {
				return false
			}
		case *ssa.IndexAddr:
			if x.X != v || !onlyCalled(x, depth+1) {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL || !onlyCalled(x, depth+1) {
				return false
			}
		case ssa.CallInstruction:
			c := x.Common()
			if c.Value == v && !c.IsInvoke() && !slices.Contains(c.Args, v) {
				continue
			}
			if b, ok := c.Value.(*ssa.Builtin); ok && (b.Name() == "len" || b.Name() == "cap") {
				continue
			}
			return false
		default:
			return false
		}
	}
	return true
}

// carried is the taint a helper's store into what an argument points to
// passes on to the caller's object, and whether it passes any: all of it
// for an unguarded store; for a store made under the helper's own
// conditions, only what comes from the caller's arguments (a condition
// setter stores the message it is given whenever it differs, so what the
// caller passes may end up in the object, while the transition time it
// stamps itself only on a change is a real change test's business).
func carried(guarded bool, t taint.Taint) (taint.Taint, bool) {
	if guarded {
		t = taint.Taint{Params: t.Params, ParamPaths: t.ParamPaths}
	}
	return t, t.Kinds != 0 || t.Params != 0
}

// RangedParamsOf returns the parameters whose callback fn runs over an
// unordered collection, as its FuncSummary fact records.
func (m taintModel) RangedParamsOf(fn types.Object) []int {
	if fs := m.ObjectFact(fn); fs != nil {
		return fs.RangedParams
	}
	return nil
}

// ComparedPairsOf returns the pairs of parameters and "{}" that fn
// compares, as its FuncSummary fact records.
func (m taintModel) ComparedPairsOf(fn types.Object) [][2]int {
	if fs := m.ObjectFact(fn); fs != nil {
		return fs.ComparedPairs
	}
	return nil
}

// WriterParamsOf returns the writer parameters of fn and what it writes
// into each, as its FuncSummary fact records.
func (m taintModel) WriterParamsOf(fn types.Object) map[int][]int {
	fs := m.ObjectFact(fn)
	if fs == nil || len(fs.WriterParams) == 0 {
		return nil
	}
	out := make(map[int][]int, len(fs.WriterParams))
	for _, w := range fs.WriterParams {
		out[w.Dest] = w.Data
	}
	return out
}

// SortedParamsOf returns the parameters that fn sorts in place, as its
// FuncSummary fact records.
func (m taintModel) SortedParamsOf(fn types.Object) []int {
	if fs := m.ObjectFact(fn); fs != nil {
		return fs.SortedParams
	}
	return nil
}

// Relevant reports whether the package was analysed.
func (s *Summary) Relevant() bool { return s.Pkg != nil }

// Funcs returns the package's source functions, including closures, but
// not the inlined forwarders: their one call is seen at their callers'
// sites (Forward), so a rule that scans every function sees it once.
func (s *Summary) Funcs() []*ssa.Function { return s.visible }

// InScope reports whether fn is reachable from a reconcile root.
func (s *Summary) InScope(fn *ssa.Function) bool { return s.Scope[fn] != nil }

// Position returns the position of p as "file:line:col".
func (s *Summary) Position(p token.Pos) string {
	return s.Pass.Fset.Position(p).String()
}

func run(pass *analysis.Pass) (any, error) {
	s := &Summary{
		Pass:    pass,
		Scope:   make(map[*ssa.Function]*Reach),
		calls:   make(map[*ssa.Function][]callEdge),
		tables:  newTables(nil),
		effBusy: make(map[*ssa.Function]bool),
	}
	s.taints = taint.New(taintModel{s})
	if !apis.UsesClientLibraries(pass.Pkg) && !ownCode(pass) && !apis.TurnsMapsIntoSlices(pass.Pkg) {
		return s, nil
	}
	var err error
	func() {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("internal error analysing %s: %v (please report this)", pass.Pkg.Path(), r)
			}
		}()
		s.build(pass)
	}()
	if err != nil {
		// Returned as the result, not as this analyzer's error: go vet
		// shows the errors of the checks it was asked to run, and would
		// report only "failed prerequisites" for each of them.
		return &Summary{Pass: pass, Err: err}, nil
	}
	return s, nil
}

// build constructs SSA and the model.
func (s *Summary) build(pass *analysis.Pass) {
	cfgs := pass.ResultOf[ctrlflow.Analyzer].(*ctrlflow.CFGs)
	prog := ssa.NewProgram(pass.Fset, ssa.InstantiateGenerics)
	prog.SetNoReturn(cfgs.NoReturn)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	s.Pkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	s.Pkg.Build()
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if obj == nil {
				continue
			}
			fn := prog.FuncValue(obj)
			if fn == nil {
				continue
			}
			var add func(f *ssa.Function)
			add = func(f *ssa.Function) {
				s.srcFunc = append(s.srcFunc, f)
				for _, anon := range f.AnonFuncs {
					add(anon)
				}
			}
			add(fn)
		}
	}
	// The package initializer holds package-level variable initializers,
	// such as var f = reconcile.Func(func(...) {...}).
	if initFn := s.Pkg.Func("init"); initFn != nil {
		s.srcFunc = append(s.srcFunc, initFn)
		for _, anon := range initFn.AnonFuncs {
			var add func(f *ssa.Function)
			add = func(f *ssa.Function) {
				s.srcFunc = append(s.srcFunc, f)
				for _, a := range f.AnonFuncs {
					add(a)
				}
			}
			add(anon)
		}
	}
	s.addInstances()
	// Returns of functions that defer calls read the values the return
	// statements store, as in a function without defers, and the block a
	// recovered panic resumes at is no part of the function's own paths
	// (the model owns this program, so it may rewrite it before anything
	// reads it).
	for _, fn := range s.srcFunc {
		ssax.ResolveResultCells(fn, nil)
	}
	s.findHeldObjects()
	s.graph = calls.Build(s.srcFunc)
	s.resolveForwarders()
	// The cells a deferred closure wraps the error of: what wraps an error
	// is known once forwarders are (a wrapper of fmt.Errorf wraps too).
	for _, fn := range s.srcFunc {
		ssax.ResolveResultCells(fn, s.chainOf)
	}
	s.findCalls()
	s.dispatch, s.dispatchGuarded, s.fieldDispatch = roots.Dispatches(s.srcFunc)
	s.Roots = roots.Find(s.Pass, s.Pkg, s.running(), rootsFlag, s.Forward, s.dispatchKey, s.fieldDispatchKey, func(v ssa.Value) *ssa.Function {
		fn, _ := s.FuncValue(v)
		return fn
	})
	s.computeScope()
	s.findWrites()
	s.refineWriteGuards()
	s.computeReach()
	s.exportFacts()
	s.localTypes()
	s.freeze()
}

// ownCode reports whether the package is the user's own code: in the main
// module (no module version), or, when module information is absent (GOPATH
// mode), outside GOROOT. Such packages are analysed even when they do not
// import the Kubernetes libraries, so that their helpers (a timestamp
// formatter, say) get summaries; third-party and standard packages that do
// not use Kubernetes are skipped.
//
// A Module without a path means that module information is absent: the
// checker driver sets an empty Module for every package it loaded in
// GOPATH mode, standard library included.
func ownCode(pass *analysis.Pass) bool {
	if pass.Module != nil && pass.Module.Path != "" {
		return pass.Module.Version == "" && pass.Module.Path != "std"
	}
	if len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	root := build.Default.GOROOT
	return root == "" || !strings.HasPrefix(name, filepath.Join(root, "src")+string(filepath.Separator))
}

// FuncInfo holds the per-function control-flow model.
type FuncInfo struct {
	Fn *ssa.Function
	// Graph is the control dependence of the whole function; Steady is
	// that of the steady-state graph, without the failure edges of error
	// tests.
	Graph  *flow.Graph
	Steady *flow.Graph
	guards *memo.Table[*ssa.If, Guard]
	s      *Summary
}

// Func returns the control-flow model of fn (which must have a body).
func (s *Summary) Func(fn *ssa.Function) *FuncInfo {
	if fi := s.funcInfo(fn); fi != nil {
		return fi
	}
	fi := &FuncInfo{Fn: fn, guards: &memo.Table[*ssa.If, Guard]{}, s: s}
	// Registered before the steady-state graph is built: classifying a
	// flag's conditions (flagSetter) consults the full graph.
	s.funcs.Put(fn, fi)
	if len(fn.Blocks) > 0 {
		fi.Graph = flow.New(fn)
		fi.Steady = flow.NewPruned(fn, func(b *ssa.BasicBlock, succ int) bool {
			ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
			if !ok {
				return false
			}
			if noCaseMatched(ifi, succ) {
				return true
			}
			g := fi.Guard(ifi)
			return g.Kind == ErrorTest && g.FailSucc == succ
		})
	}
	s.funcs.Put(fn, fi)
	return fi
}

// noCaseMatched reports whether edge succ of ifi leads to the panic go/ssa
// emits after the last case of a blocking select ("blocking select matched
// no case"): a path no run takes, so the select's cases are not guards of
// the code after it.
func noCaseMatched(ifi *ssa.If, succ int) bool {
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	ex, ok := cmp.X.(*ssa.Extract)
	if !ok || ex.Index != 0 {
		return false
	}
	sel, ok := ex.Tuple.(*ssa.Select)
	if !ok || !sel.Blocking {
		return false
	}
	b := ifi.Block().Succs[succ]
	_, panics := b.Instrs[len(b.Instrs)-1].(*ssa.Panic)
	return panics
}

// funcInfo returns the control-flow model of fn that s already has (a
// view sees the base's through a FuncInfo of its own), or nil.
func (s *Summary) funcInfo(fn *ssa.Function) *FuncInfo {
	if fi, ok := s.funcs.Own(fn); ok {
		return fi
	}
	fi0, ok := s.funcs.Get(fn) // not in the view's own table: the base's
	if !ok {
		return nil
	}
	fi := &FuncInfo{Fn: fi0.Fn, Graph: fi0.Graph, Steady: fi0.Steady, guards: fi0.guards.View(), s: s}
	s.funcs.Put(fn, fi)
	return fi
}

// Of returns the reader's view (View) of the model of pass's package; pass
// is the pass of an analyzer that requires Analyzer.
func Of(pass *analysis.Pass) *Summary {
	s, _ := pass.ResultOf[Analyzer].(*Summary)
	if s == nil {
		return nil
	}
	return s.View()
}

// chainOf returns the error values a call of an error wrapper that keeps
// its error in the chain (directly or through forwarders) returns wrapped: the %w arguments of fmt.Errorf
// (all its error arguments when the format is not a constant), the error
// of github.com/pkg/errors' Wrap family.
func (s *Summary) chainOf(c *ssa.CallCommon) []ssa.Value {
	c = s.Forward(c)
	ok, idx := apis.IsErrorWrapper(apis.FuncOf(ssax.CalleeFunc(c)))
	if !ok {
		return nil
	}
	args := ssax.CallArgs(c)
	if idx >= 0 {
		if idx < len(args) {
			return args[idx : idx+1]
		}
		return nil
	}
	if len(args) < 2 {
		return nil
	}
	if !apis.ErrorfKeepsChain(ssax.ConstString(args[0])) {
		return nil
	}
	var out []ssa.Value
	for _, a := range ssax.VariadicValues(args[len(args)-1]) {
		if apis.IsError(a.Type()) {
			out = append(out, a)
		}
	}
	return out
}

// addInstances adds to srcFunc the instances of the package's generic
// functions and methods that its code uses: a call of apply[Widget], a
// method of runner[*Widget], a closure in one. The program instantiates
// generics (ssa.InstantiateGenerics), so an instance's body is the
// generic body with the type arguments of the use: a call through a
// parameter of type func(T) is a call of func(*Widget), which the call
// graph resolves, and what flows through T is a Widget. An instance is
// made a function of the package (its Pkg is nil otherwise) so that
// every question about local functions includes it. The generic bodies
// stay, for the facts of their objects; what the package's code calls is
// the instance, and the bodies it instantiates are no roots and no part of
// Funcs.
func (s *Summary) addInstances() {
	s.instantiated = make(map[*ssa.Function]bool)
	seen := make(map[*ssa.Function]bool, len(s.srcFunc))
	for _, fn := range s.srcFunc {
		seen[fn] = true
	}
	work := slices.Clone(s.srcFunc)
	add := func(f *ssa.Function) {
		if f == nil || seen[f] || f.Origin() == nil || ssax.PkgOf(f) != s.Pkg || len(f.Blocks) == 0 {
			return
		}
		seen[f] = true
		f.Pkg = s.Pkg
		s.instantiated[f.Origin()] = true
		s.srcFunc = append(s.srcFunc, f)
		work = append(work, f)
	}
	var ops []*ssa.Value
	for len(work) > 0 {
		fn := work[0]
		work = work[1:]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mi, ok := instr.(*ssa.MakeInterface); ok && instantiated(mi.X.Type()) {
					// A value of an instantiated type of the package made
					// into an interface: its methods are what a call of
					// the interface runs (a generic reconciler's
					// Reconcile).
					ms := fn.Prog.MethodSets.MethodSet(mi.X.Type())
					for i := range ms.Len() {
						add(fn.Prog.MethodValue(ms.At(i)))
					}
				}
				for _, op := range instr.Operands(ops[:0]) {
					if f, ok := (*op).(*ssa.Function); ok {
						add(f)
					}
				}
			}
		}
	}
}

// running returns srcFunc without the generic bodies whose instances
// the package uses: the functions that run.
func (s *Summary) running() []*ssa.Function {
	out := make([]*ssa.Function, 0, len(s.srcFunc))
	for _, fn := range s.srcFunc {
		if !s.instantiated[fn] {
			out = append(out, fn)
		}
	}
	return out
}

// instantiated reports whether t, or the type t points to, is a named type
// with type arguments.
func instantiated(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.TypeArgs().Len() > 0
}

// isInstance reports whether fn is an instance of a generic function or
// method (or a closure in one), which has no object of its own to carry
// facts.
func isInstance(fn *ssa.Function) bool { return fn.Origin() != nil }
