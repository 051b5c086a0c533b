package summary

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/forward"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/taint"
)

// FuncSummary is the fact exported for every package-level function and
// method of an analysed package (checks.md §1.7). Positions are
// "file:line:col" strings because token.Pos means nothing across packages.
type FuncSummary struct {
	// Writes are the API writes the function performs, directly or through
	// helpers of its own package.
	Writes []WriteFact
	// IsEquality says the boolean result compares its arguments (a G1
	// guard at call sites).
	IsEquality bool
	// ReportsChange says the boolean result reports whether the function
	// changed its argument (a G3 guard at call sites).
	ReportsChange bool
	// Stores are the stores the function makes into field paths of its
	// parameters, directly or through helpers of its own package.
	Stores []StoreFact
	// Refills are the parameters (InputIndex numbering) the function
	// fills with what the API server holds (a Get into the object, the
	// answer of a write of a fresh copy copied into it): what the caller
	// changed in them before the call is replaced.
	Refills []int `json:",omitempty"`
	// ResultStores are the stores the function makes into the object it
	// returns (Param is the result's index), directly or through helpers:
	// a constructor's stores go with the object it hands back.
	ResultStores []StoreFact `json:",omitempty"`
	// ResultTaint is the non-determinism of the results: kinds the
	// function creates, and the parameters whose taint flows to them
	// (ParamToResult), as a bit set.
	ResultTaint ResultTaintFact
	// ResultFields are, for a function returning a struct by value
	// (taint.ResultStruct), the taint of each of its fields that carries
	// any (taint.Analysis.ReturnFieldTaint); a field not listed carries
	// none. Nil when the function returns no such struct.
	ResultFields []ResultFieldFact `json:",omitempty"`
	// ResultSources are the results made from a parameter: the parameter
	// itself, or its conversion to unstructured content (ResultFromParam).
	ResultSources []ResultSource
	// SortedParams are the parameters (receiver first) that the function
	// sorts in place before every return: a call is an in-place sort of
	// those arguments (package taint, SortedParams).
	SortedParams []int `json:",omitempty"`
	// RangedParams are the parameters (receiver first) holding a callback
	// that the function runs over an unordered collection ((*sync.Map).Range,
	// a map iterator), itself or through helpers: a closure passed there
	// runs in map order (package taint, RangedParams).
	RangedParams []int `json:",omitempty"`
	// WriterParams are the parameters the function writes into as a
	// writer (fmt.Fprintf(w, …)), each with the parameters whose data it
	// writes there (package taint, WriterParams).
	WriterParams []WriterParam `json:",omitempty"`
	// OnlyLogs says the function's only effects are logging calls
	// (Summary.LogsOnly).
	OnlyLogs bool `json:",omitempty"`
	// DeletionTest says the bool result tests the deletion mark of a
	// parameter (guards.go, DeletionRegion).
	DeletionTest DeletionTestFact `json:",omitempty"`
	// Forward, when set, says the function is a forwarder (package
	// forward): a call of it is the call the fact describes.
	Forward *forward.Fact `json:",omitempty"`
	// DispatchKey, on an interface method, is 1 + the index of the
	// parameter through which a workqueue worker of the package passes
	// the queue's item (roots.Dispatches): its implementations are roots.
	// roots.HeldKey says the method is called on a value made from the
	// item (a manager made for the object): its implementations are
	// roots without a request.
	DispatchKey int `json:",omitempty"`
	// DispatchGuarded, with DispatchKey, says every call that dispatches
	// the method runs only under a condition on what its caller learned
	// about the item from another call (roots.Dispatches).
	DispatchGuarded bool `json:",omitempty"`
	// ForwardTarget, on a forwarder to an API the tables describe
	// (controller-runtime, client-go, apimachinery), is the summary of
	// that target, carried for packages that call the forwarder without
	// importing the target's package: go/analysis shows them no fact of
	// the target, and a call of the forwarder is the target's call there
	// (FactOf).
	ForwardTarget *FuncSummary `json:",omitempty"`
	// Compares, on a function whose bool result is a change report or an
	// equality, are the parts of its parameters it compares
	// (ComparedParams): a report that compares a value given fresh on
	// every pass finds a change on every pass.
	Compares []ParamCompare `json:",omitempty"`
	// EmptinessTest is 1 + the index of the parameter whose length or
	// nil-ness the bool result tests, and nothing else
	// (len(patch) > 0): a call with a diff patch is a DiffTest guard.
	EmptinessTest int `json:",omitempty"`
	// ComparedPairs are the pairs of parameters (by index, receiver
	// first) and of the constant "{}" (taint.EmptyObject) that the
	// function compares, itself or through helpers (a wrapper of
	// bytes.Equal, an IsEmpty(patch) that tests string(patch) == "{}"):
	// a diff patch compared with "{}" through it is checked for being
	// empty (taint.EmptyPatchChecked).
	ComparedPairs [][2]int `json:",omitempty"`
}

// DeletionTestFact, when Tests is set, says that a function's bool result
// tests the deletion mark of its parameter Param: of the object it is
// when OfTime is false, of the *metav1.Time it is (the caller passes the
// deletion timestamp) when OfTime is true. WhenTrue says the result is
// true while deleting.
type DeletionTestFact struct {
	Tests            bool
	Param            int
	WhenTrue, OfTime bool
}

// ResultTaintFact is the taint of a function's results.
type ResultTaintFact struct {
	Kinds      apis.TaintKind
	Source     string
	FromParams uint64
	// ParamPaths says which part of some parameters flows
	// (taint.Taint.ParamPaths).
	ParamPaths string `json:",omitempty"`
	// VersionOf is the object type whose resourceVersion a result
	// carries (taint.Taint.VersionOf), or the parameter it reads it from.
	VersionOf string `json:",omitempty"`
}

// ResultFieldFact is the taint of one field of a struct result.
type ResultFieldFact struct {
	Field      string
	Kinds      apis.TaintKind
	Source     string
	FromParams uint64
	ParamPaths string `json:",omitempty"`
}

// StoreFact is one store of a FuncSummary.
type StoreFact struct {
	// Param is the index (receiver first) of the parameter stored into.
	Param int
	// Path is the field path, dot-separated, e.g. "Status.Phase".
	Path string
	// Guarded says the store happens only under a guard.
	Guarded bool
	Site    string
	// TaintKinds is the non-determinism of the stored value, Source names
	// it, and FromParams the parameters whose taint flows into it.
	TaintKinds apis.TaintKind
	Source     string
	FromParams uint64
	// ParamPaths says, for some of FromParams, which part of what the
	// parameter points to flows into the stored value (taint.Taint's
	// ParamPaths): a setter storing newCondition.Message carries that
	// field's taint only.
	ParamPaths string `json:",omitempty"`
	// WrittenBy are the kinds of the writes of the same parameter that
	// follow the store in the function (Effect.WrittenBy).
	WrittenBy []apis.WriteKind
	// Removal says the store removes an element (Effect.Removal).
	Removal bool `json:",omitempty"`
}

// AFact marks FuncSummary as a fact.
func (*FuncSummary) AFact() {}

// plainFuncSummary is FuncSummary without its methods, for encoding.
type plainFuncSummary FuncSummary

// GobEncode encodes the summary as JSON, which gob carries as bytes.
//
// Drivers encode facts with gob, and gob sends a type's description with
// the first value of each encoder and compiles a decoder for it in each
// decoder. The go/analysis checker with SanityCheck (analysistest) encodes
// and decodes every fact afresh on each edge of the package graph it is
// inherited along; for a type as deep as FuncSummary that compilation was
// most of the cost of an analyzer test. encoding/json caches its codecs
// per type for the whole process.
func (f *FuncSummary) GobEncode() ([]byte, error) {
	b, err := json.Marshal((*plainFuncSummary)(f))
	if err != nil {
		return nil, fmt.Errorf("encoding FuncSummary: %w", err)
	}
	return b, nil
}

// GobDecode decodes what GobEncode encoded.
func (f *FuncSummary) GobDecode(b []byte) error {
	if err := json.Unmarshal(b, (*plainFuncSummary)(f)); err != nil {
		return fmt.Errorf("decoding FuncSummary: %w", err)
	}
	return nil
}

func (f *FuncSummary) String() string {
	var parts []string
	for _, w := range f.Writes {
		parts = append(parts, w.String())
	}
	for _, st := range f.Stores {
		g := ""
		if st.Guarded {
			g = " guarded"
		}
		parts = append(parts, "store "+st.Path+"(param "+ssax.Itoa(st.Param)+")"+g)
	}
	if f.ResultTaint.Kinds != 0 {
		parts = append(parts, "result-taint "+f.ResultTaint.Kinds.String())
	}
	if f.ResultTaint.FromParams != 0 {
		parts = append(parts, "param-to-result")
	}
	for _, st := range f.ResultStores {
		t := ""
		if st.TaintKinds != 0 {
			t = " " + st.TaintKinds.String()
		}
		parts = append(parts, "result-store "+st.Path+"(result "+ssax.Itoa(st.Param)+")"+t)
	}
	for _, rs := range f.ResultSources {
		kind := "same"
		if rs.Kind == Conversion {
			kind = "conversion"
		}
		parts = append(parts, "result "+ssax.Itoa(rs.Result)+" from param "+ssax.Itoa(rs.Param)+" ("+kind+")")
	}
	if f.IsEquality {
		parts = append(parts, "equality")
	}
	if f.ReportsChange {
		parts = append(parts, "reports-change")
	}
	for _, p := range f.SortedParams {
		parts = append(parts, "sorts-param-"+ssax.Itoa(p))
	}
	for _, p := range f.RangedParams {
		parts = append(parts, "ranges-callback-param-"+ssax.Itoa(p))
	}
	for _, w := range f.WriterParams {
		parts = append(parts, "writes-into-param-"+ssax.Itoa(w.Dest))
	}
	for _, pr := range f.ComparedPairs {
		parts = append(parts, "compares-"+comparedName(pr[0])+"-with-"+comparedName(pr[1]))
	}
	if f.Forward != nil {
		parts = append(parts, "forwards-to "+f.Forward.Target)
	}
	if f.DispatchKey > 0 {
		parts = append(parts, "dispatches-queue-item-to-param "+ssax.Itoa(f.DispatchKey-1))
	} else if f.DispatchKey == roots.HeldKey {
		parts = append(parts, "dispatches-to-manager-of-item")
	}
	if f.DispatchGuarded {
		parts = append(parts, "dispatch-guarded")
	}
	if f.EmptinessTest > 0 {
		parts = append(parts, "tests-emptiness-of-param "+ssax.Itoa(f.EmptinessTest-1))
	}
	return "FuncSummary(" + strings.Join(parts, ", ") + ")"
}

func (f *FuncSummary) empty() bool {
	return len(f.Writes) == 0 && len(f.Stores) == 0 && len(f.ResultStores) == 0 && len(f.ResultFields) <= 1 && f.ResultTaint.Kinds == 0 && f.ResultTaint.FromParams == 0 && !f.IsEquality && !f.ReportsChange &&
		len(f.ResultSources) == 0 && len(f.SortedParams) == 0 && len(f.RangedParams) == 0 && len(f.WriterParams) == 0 && !f.OnlyLogs &&
		!f.DeletionTest.Tests && f.Forward == nil && f.DispatchKey == 0 && f.EmptinessTest == 0 && len(f.ComparedPairs) == 0
}

// WriterParam is one writer parameter of a FuncSummary: the parameter
// Dest is written into with the data of the parameters Data.
type WriterParam struct {
	Dest int
	Data []int
}

// WriteFact is one write of a FuncSummary.
type WriteFact struct {
	// Param is the index (receiver first) of the parameter the written
	// object comes from, or -1 when the function creates it.
	Param           int
	Kind            apis.WriteKind
	Flavor          string
	Guarded         bool
	FailurePathOnly bool
	Site            string
	// WriterParam is 1 + the index (receiver first) of the parameter a
	// subresource writer comes from when the function cannot tell which
	// subresource it writes (func update(sw client.SubResourceWriter, …)),
	// or 0; WriterMethod is the writer's method. The call site decides
	// from its argument (Status() makes Kind a status write).
	WriterParam  int    `json:",omitempty"`
	WriterMethod string `json:",omitempty"`
}

func (w WriteFact) String() string {
	s := w.Kind.String() + "(param " + ssax.Itoa(w.Param) + ")"
	switch {
	case w.FailurePathOnly:
		s += " failure-path"
	case w.Guarded:
		s += " guarded"
	}
	return s
}

// TriState is Enabled/Disabled/Unknown (or Yes/No/Unknown).
type TriState int

// TriState values.
const (
	TriUnknown TriState = iota
	TriYes
	TriNo
)

// TypeInfo is the fact exported for API types declared in a package.
type TypeInfo struct {
	// StatusSubresource says whether the kind has a /status subresource:
	// from the +kubebuilder:subresource:status marker.
	StatusSubresource TriState
	// GenerationTracked says whether the API server sets
	// metadata.generation for the kind (always for CRDs).
	GenerationTracked TriState
}

// AFact marks TypeInfo as a fact.
func (*TypeInfo) AFact() {}

func (t *TypeInfo) String() string {
	names := [...]string{"unknown", "yes", "no"}
	return "TypeInfo(status=" + names[t.StatusSubresource] + ", generation=" + names[t.GenerationTracked] + ")"
}

// FactOf returns the FuncSummary of a function of another package, or nil.
func (s *Summary) FactOf(fn *types.Func) *FuncSummary {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == s.Pass.Pkg {
		return nil
	}
	if bf := builderFact(fn.Origin()); bf != nil {
		return bf // the generator's contract, whether or not the package was analysed
	}
	var fs FuncSummary
	if s.Pass.ImportObjectFact(fn.Origin(), &fs) {
		return &fs
	}
	if name, ok := forward.TargetName(fn.Origin()); ok {
		return s.carried[name] // the summary a forwarder of another package carries
	}
	return nil
}

// CalleeFact returns the FuncSummary of what the call c calls in another
// package, with the object the summary is recorded on: its static
// callee's (a function or method of another package), or the one the
// exported variable of another package carries that the call loads its
// function from (var Drop = func(o client.Object, f string) bool {…}).
// It is the one way to ask for a callee's facts from a call; nil for an
// interface call, a function of the package, or a callee without facts.
func (s *Summary) CalleeFact(c *ssa.CallCommon) (*FuncSummary, types.Object) {
	obj := CalleeObject(s.Pass.Pkg, c)
	if fs := s.ObjectFact(obj); fs != nil {
		return fs, obj
	}
	return nil, nil
}

// ObjectFact returns the FuncSummary of obj, a function of another
// package (FactOf) or an exported variable of another package that holds
// one (VarFactOf), or nil.
func (s *Summary) ObjectFact(obj types.Object) *FuncSummary {
	switch o := obj.(type) {
	case *types.Func:
		return s.FactOf(o)
	case *types.Var:
		return s.VarFactOf(o)
	}
	return nil
}

// VarFactOf returns the summary that a package variable of another
// package carries of the function it holds (var Now = time.Now), or nil.
func (s *Summary) VarFactOf(v *types.Var) *FuncSummary {
	if v == nil || v.Pkg() == nil || v.Pkg() == s.Pass.Pkg {
		return nil
	}
	var fs FuncSummary
	if s.Pass.ImportObjectFact(v, &fs) {
		return &fs
	}
	return nil
}

// TypeInfoOf returns what is known of the named API type behind t.
func (s *Summary) TypeInfoOf(t types.Type) *TypeInfo {
	t = types.Unalias(ssax.Deref(t))
	n, ok := t.(*types.Named)
	if !ok {
		return nil
	}
	obj := n.Origin().Obj()
	var ti TypeInfo
	if obj.Pkg() == s.Pass.Pkg {
		if ti, ok := s.localTypes()[obj]; ok {
			return ti
		}
		return nil
	}
	if s.Pass.ImportObjectFact(obj, &ti) {
		return &ti
	}
	return nil
}

// exportFacts exports FuncSummary and TypeInfo facts.
func (s *Summary) exportFacts() {
	for obj, ti := range s.localTypes() {
		s.Pass.ExportObjectFact(obj, ti)
		s.Exported = append(s.Exported, analysis.ObjectFact{Object: obj, Fact: ti})
	}
	for f, k := range s.fieldDispatch {
		if f.Pkg() == s.Pass.Pkg {
			fs := &FuncSummary{DispatchKey: k}
			s.Pass.ExportObjectFact(f, fs)
			s.Exported = append(s.Exported, analysis.ObjectFact{Object: f, Fact: fs})
		}
	}
	for m, k := range s.dispatch {
		if m.Pkg() == s.Pass.Pkg {
			fs := &FuncSummary{DispatchKey: k, DispatchGuarded: s.dispatchGuarded[m]}
			s.Pass.ExportObjectFact(m, fs)
			s.Exported = append(s.Exported, analysis.ObjectFact{Object: m, Fact: fs})
		}
	}
	// An exported variable that holds one function (var Now = time.Now,
	// var NewID = func() string {…}) carries what a call of it returns,
	// for the packages that call it.
	memo := make(map[*ssa.Function][]WriteFact)
	s.heldFuncs = s.heldVars()
	for _, hv := range s.heldFuncs {
		g, held := hv.g, hv.fn
		// The summary of the function it holds, so that a call through
		// the variable is that function's call in the packages that
		// make it (a forwarder held in `var Update = func(…) error {
		// return c.Update(…) }` forwards there too).
		fs := s.funcFact(held, true, memo)
		fs.ResultTaint = ResultTaintFact{}
		sig, _ := g.Object().Type().Underlying().(*types.Signature)
		if rt := s.taints.CallResultTaint(held); sig != nil && (rt.Kinds != 0 || rt.Params != 0 && taint.CarriesResults(sig)) {
			fs.ResultTaint = ResultTaintFact{Kinds: rt.Kinds, Source: rt.Source, FromParams: rt.Params, ParamPaths: rt.ParamPaths, VersionOf: rt.VersionOf}
		}
		if !fs.empty() {
			s.Pass.ExportObjectFact(g.Object(), fs)
			s.Exported = append(s.Exported, analysis.ObjectFact{Object: g.Object(), Fact: fs})
		}
	}
	for _, fn := range s.srcFunc {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || isInstance(fn) {
			continue
		}
		fs := s.funcFact(fn, obj.Exported(), memo)
		if !fs.empty() {
			s.Pass.ExportObjectFact(obj, fs)
			s.Exported = append(s.Exported, analysis.ObjectFact{Object: obj, Fact: fs})
		}
	}
}

// funcFact builds the FuncSummary of fn, a function of the package (or a
// function a package variable holds). exported says whether its
// forwarder fact may be exported (other packages can call it).
func (s *Summary) funcFact(fn *ssa.Function, exported bool, memo map[*ssa.Function][]WriteFact) *FuncSummary {
	fs := &FuncSummary{
		Writes: s.transitiveWrites(fn, memo, make(map[*ssa.Function]bool)),
	}
	fs.IsEquality, fs.ReportsChange = s.BoolResultKind(fn)
	fs.EmptinessTest = s.emptinessParam(fn, 0) + 1
	fs.ComparedPairs = s.taints.ComparedPairs(fn)
	if fs.IsEquality || fs.ReportsChange {
		fs.Compares = s.ComparedParams(fn)
	}
	if rt := s.taints.ReturnTaint(fn); rt.Kinds != 0 || rt.Params != 0 && taint.CarriesResults(fn.Signature) {
		fs.ResultTaint = ResultTaintFact{Kinds: rt.Kinds, Source: rt.Source, FromParams: rt.Params, ParamPaths: rt.ParamPaths, VersionOf: rt.VersionOf}
	}
	if st := taint.ResultStruct(fn.Signature); st != nil {
		// A marker entry with no field name says the result is summarised
		// field by field even when no field carries anything.
		fs.ResultFields = []ResultFieldFact{{}}
		for i := 0; i < st.NumFields(); i++ {
			name := st.Field(i).Name()
			if rt := s.taints.ReturnFieldTaint(fn, name); rt.Kinds != 0 || rt.Params != 0 {
				fs.ResultFields = append(fs.ResultFields, ResultFieldFact{Field: name, Kinds: rt.Kinds, Source: rt.Source,
					FromParams: rt.Params, ParamPaths: rt.ParamPaths})
			}
		}
	}
	fs.ResultSources = s.resultSources(fn)
	fs.SortedParams = s.taints.SortedParams(fn)
	fs.RangedParams = s.taints.RangedParams(fn)
	for d, ws := range s.taints.WriterParams(fn) {
		fs.WriterParams = append(fs.WriterParams, WriterParam{Dest: d, Data: ws})
	}
	slices.SortFunc(fs.WriterParams, func(x, y WriterParam) int { return x.Dest - y.Dest })
	fs.OnlyLogs = s.bodyLogsOnly(fn, 0)
	fs.DeletionTest = s.paramDeletionTest(fn)
	if fw := forward.Of(fn); fw != nil && exported {
		target := s.Forward(fw.Call)
		if fs.Forward = forward.FactFor(fn, target); fs.Forward != nil && !target.IsInvoke() {
			callee := ssax.CalleeFunc(target)
			tf := s.FactOf(callee)
			tables := apis.DescribedByTables(callee.Pkg().Path())
			fs.Forward.TargetFacts = tf != nil || !tables
			if tf != nil && tables {
				// The tables describe the target; its summary goes
				// along, so the target's call stands for the
				// forwarder's wherever it is called.
				carried := *tf
				carried.ForwardTarget, carried.Forward = nil, nil
				fs.ForwardTarget = &carried
				fs.Forward.TargetFacts = false
			}
		}
	}
	for _, pe := range s.paramEffects(fn) {
		if pe.kind == ReadEffect && len(pe.path) == 0 && !slices.Contains(fs.Refills, pe.param) {
			fs.Refills = append(fs.Refills, pe.param)
		}
		if pe.kind != StoreEffect {
			continue
		}
		fs.Stores = append(fs.Stores, StoreFact{Param: pe.param, Path: strings.Join(pe.path, "."), Guarded: pe.status != Unguarded,
			TaintKinds: pe.taint.Kinds, Source: pe.taint.Source, FromParams: pe.taint.Params, ParamPaths: pe.taint.ParamPaths, WrittenBy: pe.writtenBy,
			Removal: pe.removal})
	}
	for _, re := range s.resultEffects(fn) {
		fs.ResultStores = append(fs.ResultStores, StoreFact{Param: re.param, Path: strings.Join(re.path, "."), Guarded: re.status != Unguarded,
			TaintKinds: re.taint.Kinds, Source: re.taint.Source, FromParams: re.taint.Params, ParamPaths: re.taint.ParamPaths, Removal: re.removal})
	}
	return fs
}

// transitiveWrites returns the writes of fn and of the package functions it
// calls, mapped onto fn's parameters.
func (s *Summary) transitiveWrites(fn *ssa.Function, memo map[*ssa.Function][]WriteFact, busy map[*ssa.Function]bool) []WriteFact {
	if ws, ok := memo[fn]; ok {
		return ws
	}
	if busy[fn] {
		return nil
	}
	busy[fn] = true
	defer delete(busy, fn)
	var out []WriteFact
	for _, w := range s.Writes {
		if w.Fn != fn && !ssax.Encloses(fn, w.Fn) {
			continue
		}
		local := w.Local
		if w.Fn != fn {
			// A write in a closure: its status at the closure's creation.
			local = Combine(s.closureStatus(fn, w.Fn), local)
		}
		param := -1
		if w.Object != nil {
			root, _ := s.PersistedRoot(w.Object)
			param, _ = paramRoot(fn, root)
		}
		wp := 0
		if w.Writer != nil {
			root, path := s.RootOf(w.Writer)
			if i := ssax.ParamIndex(fn, root); i >= 0 && len(path) == 0 {
				wp = i + 1
			}
		}
		out = append(out, WriteFact{
			Param: param, Kind: w.Kind, Flavor: w.Flavor,
			Guarded: local == Guarded, FailurePathOnly: local == FailurePath,
			Site: s.SiteOf(w), WriterParam: wp, WriterMethod: w.WriterMethod,
		})
	}
	for callee, edges := range s.calls {
		for _, e := range edges {
			if e.caller != fn {
				continue
			}
			c, ok := e.site.(ssa.CallInstruction)
			if !ok || callee.Parent() != nil {
				continue
			}
			st, _ := s.Func(fn).StatusOf(e.site.Block())
			for _, cw := range s.transitiveWrites(callee, memo, busy) {
				st2 := Combine(st, statusOfFact(cw))
				param := -1
				if cw.Param >= 0 && cw.Param < len(c.Common().Args) {
					root, _ := s.RootOf(c.Common().Args[cw.Param])
					param, _ = paramRoot(fn, root)
				}
				kind, wp := cw.Kind, 0
				if cw.WriterParam > 0 && cw.WriterParam <= len(c.Common().Args) {
					arg := c.Common().Args[cw.WriterParam-1]
					if k, ok := s.writerKind(arg, cw.WriterMethod); ok {
						kind = k
					} else if root, path := s.RootOf(arg); len(path) == 0 {
						if i := ssax.ParamIndex(fn, root); i >= 0 {
							wp = i + 1
						}
					}
				}
				out = append(out, WriteFact{
					Param: param, Kind: kind, Flavor: cw.Flavor,
					Guarded: st2 == Guarded, FailurePathOnly: st2 == FailurePath, Site: cw.Site,
					WriterParam: wp, WriterMethod: cw.WriterMethod,
				})
			}
		}
	}
	memo[fn] = out
	return out
}

func statusOfFact(w WriteFact) Status {
	switch {
	case w.FailurePathOnly:
		return FailurePath
	case w.Guarded:
		return Guarded
	}
	return Unguarded
}

// SiteOf returns where the write w is made, as "file:line:col": the site
// of the write call, or, for a call of a helper of another package, the
// site in the helper (WriteFact.Site).
func (s *Summary) SiteOf(w *Write) string {
	if w.HelperSite != "" {
		return w.HelperSite
	}
	return s.Position(w.Pos())
}

// closureStatus is the status, within outer, of the creation of the
// closure chain leading to inner.
func (s *Summary) closureStatus(outer, inner *ssa.Function) Status {
	st := Unguarded
	for f := inner; f != nil && f != outer; f = f.Parent() {
		for _, e := range s.calls[f] {
			if e.caller == f.Parent() {
				local, _ := s.Func(e.caller).StatusOf(e.site.Block())
				st = Combine(st, local)
				break
			}
		}
	}
	return st
}

// BoolResultKind tells whether fn's last (bool) result is an equality test
// or a change report, from the classification of every returned value.
func (s *Summary) BoolResultKind(fn *ssa.Function) (isEq, reportsChange bool) {
	return s.boolResultKind(fn, 0)
}

// boolResultKind is BoolResultKind; a returned call of another function
// of the package (a helper, a generic function, a closure that holds the
// body) is classified as that function, depth levels down at most.
func (s *Summary) boolResultKind(fn *ssa.Function, depth int) (isEq, reportsChange bool) {
	res := fn.Signature.Results()
	if res.Len() == 0 || !types.Identical(res.At(res.Len()-1).Type(), types.Typ[types.Bool]) {
		return false, false
	}
	sawEq, sawChange, sawOther := false, false, false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		v := ret.Results[len(ret.Results)-1]
		if _, ok := v.(*ssa.Const); ok {
			continue
		}
		if c, ok := v.(*ssa.Call); ok && depth < 4 {
			if local := s.LocalCallee(&c.Call); local != nil && local != fn && c.Call.Signature().Results().Len() == 1 {
				eq, ch := s.boolResultKind(local, depth+1)
				sawEq, sawChange, sawOther = sawEq || eq, sawChange || ch, sawOther || !eq && !ch
				continue
			}
		}
		switch g := s.classifyCond(v, make(map[ssa.Value]bool)); g.Kind {
		case Equality, Observed:
			sawEq = true
		case Change:
			sawChange = true
		default:
			sawOther = true
		}
	}
	if sawOther {
		return false, false
	}
	if !sawEq && !sawChange {
		if s.constChangeReport(fn) {
			return false, true
		}
		return s.constEqualityReport(fn), false
	}
	return sawEq && !sawChange, sawChange
}

// constEqualityReport reports whether fn's boolean result only reports
// comparisons of what it is given, written with early returns or && and
// || chains (if a.X != b.X { return false } … return a.Y == b.Y): every
// value it returns is a constant or such a comparison (or a choice
// between them), and every test that decides which return runs, or which
// value a choice takes, is one too; the bounds of the loops that walk the
// compared lists aside.
func (s *Summary) constEqualityReport(fn *ssa.Function) bool {
	return s.comparisonReport(fn, 0)
}

func (s *Summary) comparisonReport(fn *ssa.Function, depth int) bool {
	fi := s.Func(fn)
	if fi == nil || fi.Graph == nil || depth > 3 {
		return false
	}
	tests := 0
	decided := func(b *ssa.BasicBlock) bool {
		for _, d := range fi.Graph.ControlDeps(b) {
			ifi := d.If()
			if ifi == nil {
				return false
			}
			if loopBound(ifi.Cond) {
				continue
			}
			if !s.comparesInputs(fn, ifi.Cond, depth) {
				return false
			}
			tests++
		}
		return true
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if !decided(b) {
			return false
		}
		v := ret.Results[len(ret.Results)-1]
		edges := []ssa.Value{v}
		if phi, ok := v.(*ssa.Phi); ok {
			edges = phi.Edges
			for _, p := range phi.Block().Preds {
				if !decided(p) {
					return false
				}
			}
		}
		for _, e := range edges {
			if _, ok := e.(*ssa.Const); ok {
				continue
			}
			if !s.comparesInputs(fn, e, depth) {
				return false
			}
			tests++
		}
	}
	return tests > 0
}

// comparesInputs reports whether cond (possibly negated) compares two
// of fn's inputs with == or != (fields of its parameters, or their
// lengths), calls a helper of the package that only reports such
// comparisons, or is an equality test (a test of one input against a
// constant is a test of its state, not a comparison).
func (s *Summary) comparesInputs(fn *ssa.Function, cond ssa.Value, depth int) bool {
	cond, _ = ssax.StripNot(cond)
	switch x := cond.(type) {
	case *ssa.BinOp:
		if x.Op == token.EQL || x.Op == token.NEQ {
			input := func(v ssa.Value) bool {
				if c, ok := v.(*ssa.Call); ok {
					if bi, ok := c.Call.Value.(*ssa.Builtin); ok && bi.Name() == "len" && len(c.Call.Args) == 1 {
						v = c.Call.Args[0]
					}
				}
				root, _ := s.RootOf(v)
				if a, ok := root.(*ssa.Alloc); ok && ssax.SpilledParam(a) != nil {
					root = ssax.SpilledParam(a) // a struct parameter whose fields are addressed
				}
				p, ok := root.(*ssa.Parameter)
				return ok && p.Parent() == fn
			}
			if input(x.X) && input(x.Y) {
				return true
			}
		}
	case *ssa.Call:
		if local := s.LocalCallee(&x.Call); local != nil && local != fn && s.comparisonReport(local, depth+1) {
			return true
		}
	}
	return s.classifyCond(cond, make(map[ssa.Value]bool)).Kind == Equality
}

// loopBound reports whether cond orders a value against the length of a
// list (i < len(xs)): the bound of a loop that walks it.
func loopBound(cond ssa.Value) bool {
	b, ok := cond.(*ssa.BinOp)
	if !ok || b.Op != token.LSS && b.Op != token.LEQ && b.Op != token.GTR && b.Op != token.GEQ {
		return false
	}
	isLen := func(v ssa.Value) bool {
		c, ok := v.(*ssa.Call)
		if !ok {
			return false
		}
		bi, ok := c.Call.Value.(*ssa.Builtin)
		return ok && bi.Name() == "len"
	}
	return isLen(b.X) || isLen(b.Y)
}

// constChangeReport reports whether fn returns only constant booleans,
// true only after a store into a parameter and false only where no store
// into a parameter (nor a call given one) can have run: its result says
// whether it changed its argument (setKind(obj) bool { if obj.Kind != k {
// obj.Kind = k; return true }; return false }).
func (s *Summary) constChangeReport(fn *ssa.Function) bool {
	var trues, falses []*ssa.Return
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		c, ok := ret.Results[len(ret.Results)-1].(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
			return false
		}
		if constant.BoolVal(c.Value) {
			trues = append(trues, ret)
		} else {
			falses = append(falses, ret)
		}
	}
	if len(trues) == 0 {
		return false
	}
	var stores, muts []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.Store:
				if root, _ := s.RootOf(x.Addr); ssax.IsParam(root) {
					stores = append(stores, in)
				}
			case *ssa.MapUpdate:
				if root, _ := s.RootOf(x.Map); ssax.IsParam(root) {
					stores = append(stores, in)
				}
			case ssa.CallInstruction:
				if _, builtin := x.Common().Value.(*ssa.Builtin); builtin {
					continue
				}
				for _, a := range ssax.RecvFirstArgs(x.Common()) {
					if root, _ := s.RootOf(a); ssax.IsParam(root) {
						muts = append(muts, in)
						break
					}
				}
			}
		}
	}
	for _, ret := range trues {
		if !slices.ContainsFunc(stores, func(st ssa.Instruction) bool { return ssax.Dominates(st, ret) }) {
			return false
		}
	}
	for _, ret := range falses {
		for _, m := range append(stores, muts...) {
			if ssax.Reaches(m, ret) {
				return false
			}
		}
	}
	return true
}

// localTypes computes TypeInfo for the API types declared in the package
// from their kubebuilder markers.
func (s *Summary) localTypes() map[*types.TypeName]*TypeInfo {
	if s.types != nil {
		return s.types
	}
	out := make(map[*types.TypeName]*TypeInfo)
	s.types = out
	for _, file := range s.Pass.Files {
		for _, decl := range file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok {
				continue
			}
			for _, spec := range gd.Specs {
				ts, ok := spec.(*ast.TypeSpec)
				if !ok {
					continue
				}
				obj, ok := s.Pass.TypesInfo.Defs[ts.Name].(*types.TypeName)
				if !ok || !apis.IsObject(types.NewPointer(obj.Type())) {
					continue
				}
				markers := commentText(gd.Doc) + commentText(ts.Doc) + s.markerGroup(file, gd)
				isRoot := strings.Contains(markers, "+kubebuilder:object:root=true")
				status := strings.Contains(markers, "+kubebuilder:subresource:status")
				if !isRoot && !status {
					continue
				}
				ti := &TypeInfo{GenerationTracked: TriYes, StatusSubresource: TriNo}
				if status {
					ti.StatusSubresource = TriYes
				}
				out[obj] = ti
			}
		}
	}
	return out
}

// markerGroup returns the text of the comment group that ends within one
// blank line above a declaration's doc comment: kubebuilder markers are
// often kept there, apart from the doc text.
func (s *Summary) markerGroup(file *ast.File, gd *ast.GenDecl) string {
	fset := s.Pass.Fset
	start := gd.Pos()
	if gd.Doc != nil {
		start = gd.Doc.Pos()
	}
	line := fset.Position(start).Line
	for _, cg := range file.Comments {
		if cg == gd.Doc {
			continue
		}
		end := fset.Position(cg.End()).Line
		if end == line-2 || end == line-1 {
			return commentText(cg)
		}
	}
	return ""
}

func commentText(cg *ast.CommentGroup) string {
	if cg == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range cg.List {
		b.WriteString(c.Text)
		b.WriteByte('\n')
	}
	return b.String()
}

// ExportFuncFacts exports, on pass, the fact that f returns for each
// package-level function and method of the package, and for each exported
// variable that holds one function (var Drop = func(…) bool {…}: the
// fact of that function, for the packages that call through the
// variable); none when f returns nil. pass is the pass of the analyzer
// that declares the fact's type: a shared analysis, or the private
// analyzer of a check whose detection follows helpers of other packages.
func (s *Summary) ExportFuncFacts(pass *analysis.Pass, f func(fn *ssa.Function) analysis.Fact) {
	for _, fn := range s.srcFunc {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || isInstance(fn) {
			continue
		}
		if fact := f(fn); fact != nil {
			pass.ExportObjectFact(obj, fact)
		}
	}
	for _, hv := range s.heldFuncs {
		if fact := f(hv.fn); fact != nil {
			pass.ExportObjectFact(hv.g.Object(), fact)
		}
	}
}

// FactObject returns the object the facts of fn, a function of the
// package, are exported on: fn's own object, or the exported variable
// that holds fn (ExportFuncFacts); nil when there is none.
func (s *Summary) FactObject(fn *ssa.Function) types.Object {
	if obj, ok := fn.Object().(*types.Func); ok && obj != nil {
		return obj
	}
	for _, hv := range s.heldFuncs {
		if hv.fn == fn {
			return hv.g.Object()
		}
	}
	return nil
}

// heldVar is an exported package variable and the one function it holds.
type heldVar struct {
	g  *ssa.Global
	fn *ssa.Function
}

// heldVars returns the exported variables of the package that hold one
// function (calls.Graph.Holder), in name order.
func (s *Summary) heldVars() []heldVar {
	names := make([]string, 0, len(s.Pkg.Members))
	for name := range s.Pkg.Members {
		names = append(names, name)
	}
	sort.Strings(names)
	var out []heldVar
	for _, name := range names {
		g, ok := s.Pkg.Members[name].(*ssa.Global)
		if !ok || g.Object() == nil || !g.Object().Exported() {
			continue
		}
		if held := s.graph.Holder(g); held != nil {
			out = append(out, heldVar{g: g, fn: held})
		}
	}
	return out
}

// ImportFuncFact imports into fact, from pass, the fact of fn when fn
// belongs to another package; it reports whether there was one. Methods
// of generic types and generic functions are looked up through their
// origin. fn may also be a variable of another package that holds a
// function (its fact is that function's, ExportFuncFacts).
func ImportFuncFact(pass *analysis.Pass, fn types.Object, fact analysis.Fact) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == pass.Pkg {
		return false
	}
	if f, ok := fn.(*types.Func); ok {
		fn = f.Origin()
	}
	return pass.ImportObjectFact(fn, fact)
}

// CalleeObject returns what the call c calls in another package, as the object
// its facts are recorded on: its static callee, or the exported variable
// of another package it loads its function from (ExportFuncFacts records
// the held function's facts there). nil for an interface call or any
// other dynamic call. With ImportFuncFact it is the one way a check asks
// for the facts of what a call calls.
func CalleeObject(pkg *types.Package, c *ssa.CallCommon) types.Object {
	if c == nil || c.IsInvoke() {
		return nil
	}
	if v := forward.HeldVar(c, pkg); v != nil {
		return v
	}
	if fn := ssax.CalleeFunc(c); fn != nil {
		return fn
	}
	return nil
}

// comparedName names a side of a compared pair.
func comparedName(k int) string {
	if k == taint.EmptyObject {
		return "{}"
	}
	return "param-" + ssax.Itoa(k)
}

// FuncObject returns fn as an Object, or a nil Object (not a nil
// *types.Func in an Object) when fn is nil.
func FuncObject(fn *types.Func) types.Object {
	if fn == nil {
		return nil
	}
	return fn
}
