package ssax

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const cellsSrc = `package p

import "errors"

func cancel() {}

var errX = errors.New("x")

// Explicit returns under a defer that does not touch the results.
func plain(b bool) (int, error) {
	defer cancel()
	if b {
		return 1, errX
	}
	return 2, nil
}

// Named results returned bare, read by a deferred closure: n is never
// stored (its zero value), err is stored once before a branch.
func bare(b bool) (n *int, err error) {
	defer func() { _ = err }()
	err = errX
	if b {
		cancel()
	}
	return
}

// Named results that two paths set to different values: one value would
// need a Phi, which the rewrite cannot make, so the cells stay.
func merged(b bool) (err error) {
	defer cancel()
	err = errX
	if b {
		err = nil
	}
	return
}

// A deferred closure that assigns the error only on a failure of its own.
func ownFailure() (err error) {
	defer func() {
		if e := work(); e != nil {
			err = e
		}
	}()
	return errX
}

// A deferred closure that replaces the error whatever it is.
func replaced() (err error) {
	defer func() { err = nil }()
	return errX
}

// A deferred closure that wraps a non-nil error.
func wrapped() (err error) {
	defer func() {
		if err != nil {
			err = wrap(err)
		}
	}()
	return errX
}

func work() error         { return nil }
func wrap(e error) error  { return e }
`

// buildCells builds cellsSrc and returns its functions by name.
func buildCells(t *testing.T) map[string]*ssa.Function {
	t.Helper()
	pkg := buildSrc(t, cellsSrc)
	out := map[string]*ssa.Function{}
	for name, m := range pkg.Members {
		if fn, ok := m.(*ssa.Function); ok {
			out[name] = fn
		}
	}
	return out
}

// buildSrc type-checks and builds the one-file package src (package p).
func buildSrc(t *testing.T, src string) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.BuilderMode(0))
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// returned lists, per return of fn, the text of its operands.
func returned(fn *ssa.Function) []string {
	var out []string
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			var ops []string
			for _, r := range ret.Results {
				if ld, ok := r.(*ssa.UnOp); ok && IsAlloc(ld.X) {
					ops = append(ops, "load")
				} else {
					ops = append(ops, r.Name())
				}
			}
			out = append(out, strings.Join(ops, ","))
		}
	}
	return out
}

func TestResolveResultCells(t *testing.T) {
	fns := buildCells(t)
	wraps := func(c *ssa.CallCommon) []ssa.Value {
		if f, ok := c.Value.(*ssa.Function); ok && f.Name() == "wrap" {
			return c.Args
		}
		return nil
	}
	for _, tc := range []struct {
		fn       string
		resolved bool
	}{
		{"plain", true},
		{"bare", true},
		{"ownFailure", true},
		{"replaced", false},
		{"wrapped", true},
		{"merged", false},
	} {
		fn := fns[tc.fn]
		n := ResolveResultCells(fn, wraps)
		if fn.Recover != nil {
			t.Errorf("%s: the recover block is still there", tc.fn)
		}
		loads := false
		for _, r := range returned(fn) {
			if strings.Contains(r, "load") {
				loads = true
			}
		}
		if tc.resolved && (n == 0 || loads) {
			t.Errorf("%s: not resolved (%d loads replaced): returns %v", tc.fn, n, returned(fn))
		}
		if !tc.resolved && (n != 0 || !loads) {
			t.Errorf("%s: resolved although a deferred closure replaces the result: returns %v", tc.fn, returned(fn))
		}
	}
	for _, b := range fns["bare"].Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		c, isConst := ret.Results[0].(*ssa.Const)
		ld, isLoad := ret.Results[1].(*ssa.UnOp)
		if !isConst || !c.IsNil() || !isLoad || ld.X.Name() != "errX" {
			t.Errorf("bare returns %v, %v; want the zero value and the load of errX", ret.Results[0], ret.Results[1])
		}
	}
	if got := returned(fns["plain"]); len(got) != 2 || got[0] == got[1] {
		t.Errorf("plain returns %v, want two different pairs", got)
	}
	// A wrap without a wraps function leaves the cells.
	fns = buildCells(t)
	if n := ResolveResultCells(fns["wrapped"], nil); n != 0 {
		t.Errorf("wrapped resolved without a wraps function (%d loads)", n)
	}
}
