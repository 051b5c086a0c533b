// Package flow computes post-dominators and control dependence for the
// blocks of an SSA function (checks.md §1.5): the machinery that tells
// which conditions decide whether a write runs.
//
// It imports only go/ssa.
package flow

import (
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Dep is a control dependence: the block depends on which successor the
// terminating If of Block takes; Succ is 0 for the true edge, 1 for false.
type Dep struct {
	Block *ssa.BasicBlock
	Succ  int
}

// If returns the If instruction that ends the block of d.
func (d Dep) If() *ssa.If {
	if n := len(d.Block.Instrs); n > 0 {
		if i, ok := d.Block.Instrs[n-1].(*ssa.If); ok {
			return i
		}
	}
	return nil
}

// Graph holds the post-dominator tree and the control dependences of one
// function.
type Graph struct {
	fn    *ssa.Function
	exit  int   // index of the virtual exit node
	ipdom []int // immediate post-dominator of each node; -1 for exit
	deps  [][]Dep
	mu    sync.Mutex // guards all: a graph is shared by the readers of a model
	all   map[int][]Dep
	// entry[i] says block i is reachable from the entry block over the
	// graph's (possibly pruned) edges.
	entry []bool
}

// New computes the graph of fn. fn must have a body.
func New(fn *ssa.Function) *Graph { return NewPruned(fn, nil) }

// NewPruned computes the graph of fn without the edges for which drop
// returns true (drop may be nil). Dropping the failure edges of error
// tests gives the steady-state graph: code after an `if err != nil {
// return err }` inside a guarded block then no longer depends on the guard.
func NewPruned(fn *ssa.Function, drop func(b *ssa.BasicBlock, succ int) bool) *Graph {
	n := len(fn.Blocks)
	succs := make([][]*ssa.BasicBlock, n)
	preds := make([][]*ssa.BasicBlock, n)
	for _, b := range fn.Blocks {
		for i, s := range b.Succs {
			if drop != nil && len(b.Succs) > 1 && drop(b, i) {
				continue
			}
			succs[b.Index] = append(succs[b.Index], s)
			preds[s.Index] = append(preds[s.Index], b)
		}
	}
	g := &Graph{fn: fn, exit: n, all: make(map[int][]Dep), entry: make([]bool, n)}
	if n > 0 {
		work := []int{0}
		g.entry[0] = true
		for len(work) > 0 {
			i := work[len(work)-1]
			work = work[:len(work)-1]
			for _, s := range succs[i] {
				if !g.entry[s.Index] {
					g.entry[s.Index] = true
					work = append(work, s.Index)
				}
			}
		}
	}
	// Successors in the reversed CFG are predecessors in the original.
	// Edges into the virtual exit come from Return and Panic blocks and
	// from blocks that cannot reach either (infinite loops).
	exitPreds := make([]int, 0, 4)
	for _, b := range fn.Blocks {
		if len(succs[b.Index]) == 0 {
			exitPreds = append(exitPreds, b.Index)
		}
	}
	reach := make([]bool, n+1)
	reach[n] = true
	var mark func(i int)
	mark = func(i int) {
		if reach[i] {
			return
		}
		reach[i] = true
		for _, p := range preds[i] {
			mark(p.Index)
		}
	}
	for _, i := range exitPreds {
		mark(i)
	}
	for _, b := range fn.Blocks {
		if !reach[b.Index] {
			exitPreds = append(exitPreds, b.Index)
			mark(b.Index)
		}
	}
	isExitPred := make([]bool, n)
	for _, i := range exitPreds {
		isExitPred[i] = true
	}
	// succsRev(x) = predecessors of x in the reversed graph = original
	// successors of x, plus exit for exit predecessors.
	rsuccs := func(i int) []int { // reversed-graph predecessors of node i
		if i == n {
			return nil
		}
		out := make([]int, 0, len(succs[i])+1)
		for _, s := range succs[i] {
			out = append(out, s.Index)
		}
		if isExitPred[i] {
			out = append(out, n)
		}
		return out
	}
	// Reverse postorder of the reversed graph, from exit, following
	// original predecessors.
	order := make([]int, 0, n+1)
	seen := make([]bool, n+1)
	var dfs func(i int)
	dfs = func(i int) {
		seen[i] = true
		var next []int
		if i == n {
			next = exitPreds
		} else {
			for _, p := range preds[i] {
				next = append(next, p.Index)
			}
		}
		for _, j := range next {
			if !seen[j] {
				dfs(j)
			}
		}
		order = append(order, i)
	}
	dfs(n)
	rpo := make([]int, len(order))
	num := make([]int, n+1)
	for i := range num {
		num[i] = -1
	}
	for i := range order {
		rpo[i] = order[len(order)-1-i]
		num[rpo[i]] = i
	}
	ipdom := make([]int, n+1)
	for i := range ipdom {
		ipdom[i] = -2 // undefined
	}
	ipdom[n] = n
	intersect := func(a, b int) int {
		for a != b {
			for num[a] > num[b] {
				a = ipdom[a]
			}
			for num[b] > num[a] {
				b = ipdom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range rpo[1:] {
			newIdom := -2
			for _, p := range rsuccs(b) {
				if num[p] < 0 || ipdom[p] == -2 {
					continue
				}
				if newIdom == -2 {
					newIdom = p
				} else {
					newIdom = intersect(p, newIdom)
				}
			}
			if newIdom != -2 && ipdom[b] != newIdom {
				ipdom[b] = newIdom
				changed = true
			}
		}
	}
	ipdom[n] = -1
	g.ipdom = ipdom
	// Control dependence (Ferrante, Ottenstein and Warren): for each edge
	// A→S of a branching block, every node on the post-dominator tree path
	// from S up to (not including) ipdom(A) depends on that edge.
	g.deps = make([][]Dep, n)
	for _, a := range fn.Blocks {
		if len(succs[a.Index]) < 2 || ipdom[a.Index] < 0 {
			continue
		}
		stop := ipdom[a.Index]
		for si, s := range a.Succs {
			if drop != nil && drop(a, si) {
				continue
			}
			for x := s.Index; x != stop && x >= 0 && x < n; x = ipdom[x] {
				g.deps[x] = appendDep(g.deps[x], Dep{Block: a, Succ: si})
				if ipdom[x] == -2 {
					break
				}
			}
		}
	}
	return g
}

func appendDep(ds []Dep, d Dep) []Dep {
	for _, x := range ds {
		if x == d {
			return ds
		}
	}
	return append(ds, d)
}

// Direct returns the edges that b is directly control-dependent on.
func (g *Graph) Direct(b *ssa.BasicBlock) []Dep {
	if b == nil || b.Index < 0 || b.Index >= len(g.deps) {
		return nil
	}
	return g.deps[b.Index]
}

// FromEntry reports whether b is reachable from the function's entry over
// the graph's edges: in a pruned graph, whether some path reaches b
// without taking a dropped edge.
func (g *Graph) FromEntry(b *ssa.BasicBlock) bool {
	return b.Index < len(g.entry) && g.entry[b.Index]
}

// ControlDeps returns every edge that b is control-dependent on,
// transitively: the conditions that decide whether b runs.
func (g *Graph) ControlDeps(b *ssa.BasicBlock) []Dep {
	if b == nil || b.Index < 0 || b.Index >= len(g.deps) {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if ds, ok := g.all[b.Index]; ok {
		return ds
	}
	var out []Dep
	seen := make(map[Dep]bool)
	work := append([]Dep(nil), g.deps[b.Index]...)
	for len(work) > 0 {
		d := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[d] {
			continue
		}
		seen[d] = true
		out = append(out, d)
		work = append(work, g.deps[d.Block.Index]...)
	}
	g.all[b.Index] = out
	return out
}

// PostDominates reports whether a post-dominates b (every path from b to
// the exit passes through a). A block post-dominates itself.
func (g *Graph) PostDominates(a, b *ssa.BasicBlock) bool {
	for x := b.Index; x >= 0 && x < len(g.ipdom)-1; x = g.ipdom[x] {
		if x == a.Index {
			return true
		}
		if g.ipdom[x] == -2 {
			return false
		}
	}
	return false
}

// IsLoopHeader reports whether b is the target of a back edge: one of its
// predecessors is dominated by it.
func IsLoopHeader(b *ssa.BasicBlock) bool {
	for _, p := range b.Preds {
		if b.Dominates(p) {
			return true
		}
	}
	return false
}
