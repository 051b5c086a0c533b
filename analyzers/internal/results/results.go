// Package results holds what reconcile roots return, for the checks of
// requeues and of returned errors: the returns whose (reconcile.Result,
// error) pair becomes the result of a root, directly or through helpers of
// the package that pass the pair on (its Analyzer computes them for the
// package's roots), what a Result value asks for (Eval), and whether a
// returned error is nil or non-nil for sure (ErrNil, ErrNonNil).
package results

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/apis"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/errflow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/roots"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/summary"
)

// Analyzer computes the Model of a package: the returns of its reconcile
// roots that return (reconcile.Result, error).
var Analyzer = summary.NewAnalysis("rlresults",
	"reconcilelint: the returns whose (reconcile.Result, error) pair becomes the result of a reconcile root",
	"the reconcile results", nil, []analysis.Fact{new(LostRequeueFact)}, func() *Model { return &Model{} }, collectReturns)

// LostRequeueFact says that a function returning (reconcile.Result, error)
// returns, itself or through helpers whose pair or error it passes on, a
// requeue together with an error that may be non-nil (the first such
// return): a caller that passes its error on loses the requeue whenever
// that error is not nil.
type LostRequeueFact struct {
	Site    string // file:line:col of the return
	Requeue bool   // Requeue: true
	After   int64  // RequeueAfter, nanoseconds, when positive
	Sure    bool   // the error is non-nil for sure
}

// AFact implements analysis.Fact.
func (*LostRequeueFact) AFact() {}

func (f *LostRequeueFact) String() string { return "lostRequeue(" + f.Site + ")" }

// Value returns the Result the fact's return asks for.
func (f *LostRequeueFact) Value() Value {
	return Value{Known: true, Requeue: f.Requeue, AfterConst: f.After > 0, After: f.After}
}

// Foreign is a call of a function of another package whose requeue is
// lost when its error is non-nil (its LostRequeueFact), and whose pair or
// error a reconcile root passes on.
type Foreign struct {
	Root *roots.Root
	Call *ssa.Call
	Fact *LostRequeueFact
	// Via are the calls, outermost first, through which the pair (or the
	// error) reaches the root, Call last.
	Via []*ssa.Call
	// ErrOnly says a caller on the way passes on only the error.
	ErrOnly bool
}

// Model holds the result returns of one package. It is computed in full
// by the Analyzer's Run and only read afterwards.
type Model struct {
	returns []*Return
	foreign []*Foreign
}

// Foreign are the calls of functions of other packages whose lost requeue
// (LostRequeueFact) reaches a root's results.
func (m *Model) Foreign() []*Foreign { return m.foreign }

// Returns are the returns whose pair reaches a reconcile root's results,
// for the roots that return (reconcile.Result, error): for each root in
// order, its own returns and, after each return that passes on the pair of
// a helper, the returns of that helper.
func (m *Model) Returns() []*Return { return m.returns }

// collectReturns computes the Model of a package.
func collectReturns(pass *analysis.Pass, s *summary.Summary) (*Model, error) {
	m := &Model{}
	col := &collector{s: s, pass: pass, errs: errflow.New(s)}
	for _, r := range s.Roots {
		if !ReturnsResultErr(r.Fn) {
			continue
		}
		col.collect(r, r.Fn, pathState{outer: summary.Unguarded}, nil, map[*ssa.Function]bool{})
	}
	m.returns, m.foreign = col.out, col.foreign
	s.ExportFuncFacts(pass, func(fn *ssa.Function) analysis.Fact {
		if !ReturnsResultErr(fn) {
			return nil
		}
		return lostRequeue(pass, s, fn)
	})
	return m, nil
}

// lostRequeue returns the LostRequeueFact of fn, or nil: its first return
// (or that of a helper whose pair or error it passes on, of this package
// or of another through its fact) that pairs a requeue with an error that
// may be non-nil, on a path where nothing gives the Result back with a nil
// error.
func lostRequeue(pass *analysis.Pass, s *summary.Summary, fn *ssa.Function) analysis.Fact {
	col := &collector{s: s, pass: pass, errs: errflow.New(s)}
	col.collect(&roots.Root{Fn: fn, Entry: fn}, fn, pathState{outer: summary.Unguarded}, nil, map[*ssa.Function]bool{})
	for _, rr := range col.out {
		if rr.NilErr || !rr.Return.Pos().IsValid() {
			continue
		}
		rv := Eval(rr.Result, s)
		if !rv.NonZero() || ErrNil(rr.Return.Block(), rr.Err) {
			continue
		}
		f := &LostRequeueFact{Site: s.Position(rr.Return.Pos()), Requeue: rv.Requeue, Sure: ErrNonNil(rr.Return.Block(), rr.Err)}
		if rv.AfterConst && rv.After > 0 {
			f.After = rv.After
		}
		return f
	}
	for _, fr := range col.foreign {
		return fr.Fact
	}
	return nil
}

// Return is a return whose (reconcile.Result, error) pair becomes the
// result of a reconcile root: a return of the root itself,
// or of an in-package helper whose two results the root returns as they are
// (return r.helper(ctx, obj), or res, err := r.helper(…); return res, err).
type Return struct {
	Root *roots.Root
	// Fn is the function that holds Return.
	Fn     *ssa.Function
	Return *ssa.Return
	// Result and Err are the returned values.
	Result, Err ssa.Value
	// Status combines the status of the return within Fn with the status,
	// in each caller up to the root, of the call and of the return that
	// passes the pair on.
	Status summary.Status
	// Via are the calls, outermost first, through which the pair reaches
	// the root; empty for the root's own returns.
	Via []*ssa.Call
	// InLoop says the return, or a call passing the pair on, depends on a
	// loop condition (it runs for some iterations only).
	InLoop bool
	// Deleting says the return, or a call passing the pair on, runs only
	// while the object is being deleted (the deletion edge of a lifecycle
	// test, or a lifecycle test of unknown polarity).
	Deleting bool
	// ErrOnly says a caller on the way passes on only the helper's error
	// (as it is or wrapped), with a Result of its own: the Result of this
	// return reaches the root never, its error whenever it is non-nil
	// (res, err := r.helper(ctx); if err != nil { return ctrl.Result{}, err }).
	// Only a question about the error, or about a Result returned with an
	// error, applies to such a return.
	ErrOnly bool
	// NilErr says a caller on the way passes on the helper's Result with
	// an error of nil (res, err := r.helper(ctx); …; return res, nil): the
	// root returns this Result with a nil error, whatever error the return
	// gives.
	NilErr bool
}

// ReturnsResultErr reports whether fn returns (reconcile.Result, error).
func ReturnsResultErr(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() == 2 && apis.IsResult(res.At(0).Type()) && apis.IsError(res.At(1).Type())
}

// onDeletionPath reports whether b depends on the deletion edge of a
// lifecycle test (or on a lifecycle test whose polarity is unclear) in
// fi's steady-state graph.
func onDeletionPath(s *summary.Summary, fi *summary.FuncInfo, b *ssa.BasicBlock) bool {
	if fi.Steady == nil {
		return false
	}
	for _, d := range fi.Steady.ControlDeps(b) {
		ifi := d.If()
		if ifi == nil || fi.Guard(ifi).Kind != summary.Lifecycle {
			continue
		}
		cond, neg := ifi.Cond, false
		for {
			u, ok := cond.(*ssa.UnOp)
			if !ok || u.Op != token.NOT {
				break
			}
			cond, neg = u.X, !neg
		}
		deleting := -1 // the successor taken while deleting
		switch c := cond.(type) {
		case *ssa.Call:
			if callee := ssax.CalleeFunc(s.Forward(&c.Call)); callee != nil && callee.Name() == "IsZero" {
				deleting = 1
			}
		case *ssa.BinOp:
			if ssax.IsNil(c.X) || ssax.IsNil(c.Y) {
				switch c.Op {
				case token.NEQ:
					deleting = 0
				case token.EQL:
					deleting = 1
				}
			}
		}
		if deleting < 0 {
			return true
		}
		if neg {
			deleting = 1 - deleting
		}
		if d.Succ == deleting {
			return true
		}
	}
	return false
}

// inLoop reports whether b depends on a loop condition in fi's
// steady-state graph.
func inLoop(fi *summary.FuncInfo, b *ssa.BasicBlock) bool {
	if fi.Steady == nil {
		return false
	}
	for _, d := range fi.Steady.ControlDeps(b) {
		if ifi := d.If(); ifi != nil && fi.Guard(ifi).Kind == summary.Loop {
			return true
		}
	}
	return false
}

// collector collects the returns of one package.
type collector struct {
	s       *summary.Summary
	pass    *analysis.Pass
	errs    *errflow.Flow
	out     []*Return
	foreign []*Foreign
}

// pathState is what the calls through which a function's pair reaches the
// root say of its returns: their status, loop and deletion dependence,
// and whether one of them passes on only the error.
type pathState struct {
	outer          summary.Status
	loop, deleting bool
	errOnly        bool
	nilErr         bool
	// translated are the sentinel errors (package variables) that a
	// caller on the way tests for and returns in a way of its own before
	// it passes the error on (if errors.Is(err, ErrNextLoop) { return
	// res, nil }; return res, err): a return of one of them does not reach
	// the root with its error through this path.
	translated []*ssa.Global
}

// collect adds the returns of fn whose pair (or whose error: st.errOnly)
// reaches the root r, and goes on into the helpers whose pair fn returns
// as it is, and into those whose error alone it returns. via are the calls
// on the way, outermost first; busy holds the functions on that path.
func (col *collector) collect(r *roots.Root, fn *ssa.Function, st pathState, via []*ssa.Call, busy map[*ssa.Function]bool) {
	if busy[fn] || len(fn.Blocks) == 0 || len(via) > 8 {
		return
	}
	busy[fn] = true
	defer delete(busy, fn)
	fi := col.s.Func(fn)
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 2 {
			continue
		}
		bst, _ := fi.StatusOf(b)
		here := pathState{
			outer:      summary.Combine(st.outer, bst),
			loop:       st.loop || inLoop(fi, b),
			deleting:   st.deleting || onDeletionPath(col.s, fi, b),
			errOnly:    st.errOnly,
			nilErr:     st.nilErr || sentinelIn(ret.Results[1], st.translated),
			translated: st.translated,
		}
		col.out = append(col.out, &Return{
			Root: r, Fn: fn, Return: ret, Result: ret.Results[0], Err: ret.Results[1], Status: here.outer, Via: via,
			InLoop: here.loop, Deleting: here.deleting, ErrOnly: here.errOnly, NilErr: here.nilErr,
		})
		// The pair of a helper returned as it is (or its Result with a nil
		// error).
		pair := pairCall(ret.Results[0], ret.Results[1])
		if pair != nil {
			p := here
			p.nilErr = p.nilErr || ssax.IsNil(ret.Results[1])
			p.translated = append(slices.Clip(p.translated), translatedSentinels(col.s, fi, b, pair)...)
			col.into(r, fi, pair, p, via, busy)
		}
		// Helpers whose error alone this return passes on, as it is or
		// wrapped: their Result is dropped whenever their error is not nil.
		if ssax.IsNil(ret.Results[1]) {
			continue
		}
		for _, c := range col.errorCalls(ret.Results[1]) {
			if c != pair {
				e := here
				e.errOnly = true
				e.translated = append(slices.Clip(e.translated), translatedSentinels(col.s, fi, b, c)...)
				col.into(r, fi, c, e, via, busy)
			}
		}
	}
}

// into goes on into the helpers that c may call (a function, or each
// function a function value may hold: a step of a list of sub-reconcilers)
// that are functions of the package returning (reconcile.Result, error).
func (col *collector) into(r *roots.Root, fi *summary.FuncInfo, c *ssa.Call, st pathState, via []*ssa.Call, busy map[*ssa.Function]bool) {
	if c.Call.IsInvoke() {
		return
	}
	cst, _ := fi.StatusOf(c.Block())
	next := append(append([]*ssa.Call(nil), via...), c)
	locals := col.s.LocalCallees(&c.Call)
	if !st.nilErr && len(locals) == 0 {
		if fact := col.foreignLoss(c); fact != nil {
			col.foreign = append(col.foreign, &Foreign{Root: r, Call: c, Fact: fact, Via: next, ErrOnly: st.errOnly})
		}
	}
	for _, callee := range locals {
		if !ReturnsResultErr(callee) {
			continue
		}
		col.collect(r, callee, pathState{
			outer:      summary.Combine(st.outer, cst),
			loop:       st.loop || inLoop(fi, c.Block()),
			deleting:   st.deleting || onDeletionPath(col.s, fi, c.Block()),
			errOnly:    st.errOnly,
			nilErr:     st.nilErr,
			translated: st.translated,
		}, next, busy)
	}
}

// foreignLoss returns the LostRequeueFact of the function of another
// package that c calls, or nil.
func (col *collector) foreignLoss(c *ssa.Call) *LostRequeueFact {
	callee := summary.CalleeObject(col.pass.Pkg, col.s.Forward(&c.Call))
	if callee == nil || callee.Pkg() == nil || callee.Pkg() == col.pass.Pkg {
		return nil
	}
	var f LostRequeueFact
	if summary.ImportFuncFact(col.pass, callee, &f) {
		return &f
	}
	return nil
}

// errorCalls returns the calls of functions returning (reconcile.Result,
// error) whose error result the error value v is, or wraps (errflow).
func (col *collector) errorCalls(v ssa.Value) []*ssa.Call {
	w := errflow.NewWalker(col.errs, func(c *ssa.Call, _ ssa.Value, index int, _ bool) []*ssa.Call {
		if index != 1 {
			return nil
		}
		if !c.Call.IsInvoke() && (slices.ContainsFunc(col.s.LocalCallees(&c.Call), ReturnsResultErr) || col.foreignLoss(c) != nil) {
			return []*ssa.Call{c}
		}
		return nil
	})
	return w.Walk(v, true)
}

// pairCall returns the call whose two results are res and err (err may also
// be a nil constant: if err != nil { return res, err }; return res, nil
// passes the helper's success results on too).
func pairCall(res, err ssa.Value) *ssa.Call {
	x, ok := res.(*ssa.Extract)
	if !ok || x.Index != 0 {
		return nil
	}
	c, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	if ssax.IsNil(err) {
		return c
	}
	if y, ok := err.(*ssa.Extract); ok && y.Tuple == c && y.Index == 1 {
		return c
	}
	return nil
}

// translatedSentinels returns the sentinel errors whose test on the error
// of call c sends control away from block b: b runs only on the edge of
// errors.Is(err, X) (or err == X) that says the error is not X, so a
// helper's return of X does not reach b's return.
func translatedSentinels(s *summary.Summary, fi *summary.FuncInfo, b *ssa.BasicBlock, c *ssa.Call) []*ssa.Global {
	if fi.Graph == nil {
		return nil
	}
	var out []*ssa.Global
	for _, d := range fi.Graph.ControlDeps(b) {
		ifi := d.If()
		if ifi == nil {
			continue
		}
		cond, neg := ssax.StripNot(ifi.Cond)
		notX := 1 // the successor taken when the error is not X
		var errV, x ssa.Value
		switch t := cond.(type) {
		case *ssa.Call:
			fc := s.Forward(&t.Call)
			callee := ssax.CalleeFunc(fc)
			args := ssax.CallArgs(fc)
			if callee == nil || !apis.IsErrorIdentityTest(apis.FuncOf(callee)) || len(args) != 2 {
				continue
			}
			errV, x = args[0], args[1]
		case *ssa.BinOp:
			if t.Op != token.EQL && t.Op != token.NEQ {
				continue
			}
			errV, x = t.X, t.Y
			if t.Op == token.NEQ {
				notX = 0
			}
		default:
			continue
		}
		if neg {
			notX = 1 - notX
		}
		g := sentinelOf(x)
		if g == nil {
			errV, x = x, errV
			if g = sentinelOf(x); g == nil {
				continue
			}
		}
		if ex, ok := errV.(*ssa.Extract); !ok || ex.Tuple != ssa.Value(c) || ex.Index != 1 {
			continue
		}
		if d.Succ == notX {
			out = append(out, g)
		}
	}
	return out
}

// sentinelOf returns the package variable whose value v is loaded from
// (an error variable such as ErrNextLoop), or nil.
func sentinelOf(v ssa.Value) *ssa.Global {
	if ci, ok := v.(*ssa.MakeInterface); ok {
		v = ci.X
	}
	if ct, ok := v.(*ssa.ChangeInterface); ok {
		v = ct.X
	}
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	g, _ := u.X.(*ssa.Global)
	if g == nil {
		return nil
	}
	// A variable that only re-exports another (var ErrNextLoop =
	// utils.ErrNextLoop) is that one.
	var stores []*ssa.Store
	if init := g.Pkg.Func("init"); init != nil {
		for _, b := range init.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok && st.Addr == ssa.Value(g) {
					stores = append(stores, st)
				}
			}
		}
	}
	if len(stores) == 1 {
		if l, ok := stores[0].Val.(*ssa.UnOp); ok && l.Op == token.MUL {
			if h, ok := l.X.(*ssa.Global); ok {
				return h
			}
		}
	}
	return g
}

// sentinelIn reports whether the error v is one of the sentinels.
func sentinelIn(v ssa.Value, sentinels []*ssa.Global) bool {
	if len(sentinels) == 0 {
		return false
	}
	g := sentinelOf(v)
	return g != nil && slices.Contains(sentinels, g)
}
