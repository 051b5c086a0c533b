package ssax

import (
	"go/token"
	"testing"

	"golang.org/x/tools/go/ssa"
)

const varsSrc = `package p

type S struct{ A int; F func() }

func direct(f func()) { f() }

func spilledStruct(s S) func() { return func() { s.F() } }

func nested(a int, f func()) func() func() {
	return func() func() { return func() { f() } }
}

func local() {
	x := func() {}
	g := func() { x() }
	g()
}

func reassigned(f func()) func() {
	f = func() {}
	return func() { f() }
}
`

// innermostCall returns the first dynamic call of the innermost closure
// made (transitively) by fn, and that closure.
func innermostCall(fn *ssa.Function) (*ssa.Function, *ssa.CallCommon) {
	for _, anon := range fn.AnonFuncs {
		if in, c := innermostCall(anon); c != nil {
			return in, c
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() == nil {
				return fn, c.Common()
			}
		}
	}
	return nil, nil
}

func TestOuterParam(t *testing.T) {
	pkg := buildSrc(t, varsSrc)
	for _, tc := range []struct {
		fn    string
		param int // -1: no parameter of fn
	}{
		{"direct", 0},
		{"spilledStruct", 0}, // s.F(): the struct parameter, captured and spilled
		{"nested", 1},        // through two closures
		{"local", -1},        // a captured local, not a parameter
		{"reassigned", -1},   // the parameter's cell is stored again
	} {
		fn := pkg.Func(tc.fn)
		in, c := innermostCall(fn)
		if c == nil {
			t.Fatalf("%s: no dynamic call", tc.fn)
		}
		callee := Unconvert(c.Value)
		if ld, ok := callee.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if fa, ok := ld.X.(*ssa.FieldAddr); ok {
				callee = fa.X // s.F: the struct the field is read from
			}
		}
		owner, i := OuterParam(in, callee)
		if i != tc.param || (i >= 0) != (owner == fn) {
			t.Errorf("%s: OuterParam = %v, %d; want %s, %d", tc.fn, owner, i, tc.fn, tc.param)
		}
		if in == fn && VarOf(callee) == nil {
			t.Errorf("%s: VarOf(%s) = nil, want the parameter", tc.fn, callee.Name())
		}
	}
}
