package calls

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

const src = `package p

import "time"

type R struct {
	now   func() time.Time
	step  func(int) int
	Hook  func() // exported: another package may set it
	later func()
}

func NewR() *R { return &R{now: time.Now, step: double, Hook: func() {}} }

func (r *R) hook() { r.Hook() }

// Run calls what its caller gives it: nothing in the package says what.
func Run(f func() int) int { return f() }

func double(x int) int { return 2 * x }
func triple(x int) int { return 3 * x }

func (r *R) field() time.Time { return r.now() }

func (r *R) factory() int { return makeAdder(1)(2) }

func makeAdder(n int) func(int) int { return func(x int) int { return x + n } }

func (r *R) twoFuncs(b bool) int {
	f := double
	if b {
		f = triple
	}
	return f(1)
}

func (r *R) passed(x int) { r.later = nil }

var pkgVar = func() int { return 1 }

func usePkgVar() int { return pkgVar() }

func (r *R) method() int { return r.step(4) }
`

func build(t *testing.T) (*ssa.Package, []*ssa.Function) {
	t.Helper()
	return buildSrc(t, src)
}

// buildSrc builds the package of source code, and lists its functions.
func buildSrc(t *testing.T, code string) (*ssa.Package, []*ssa.Function) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", code, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	var fns []*ssa.Function
	for fn := range ssautil.AllFunctions(pkg.Prog) {
		if fn.Pkg == pkg && len(fn.Blocks) > 0 {
			fns = append(fns, fn)
		}
	}
	sort.Slice(fns, func(i, j int) bool { return fns[i].String() < fns[j].String() })
	return pkg, fns
}

// calleesIn returns, for the one dynamic call in fn, the names of its
// callees.
func calleesIn(t *testing.T, g *Graph, fn *ssa.Function) string {
	t.Helper()
	var names []string
	found := false
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c.Common().StaticCallee() != nil {
				continue
			}
			found = true
			for _, f := range g.Callees(c.Common()) {
				names = append(names, f.String())
			}
		}
	}
	if !found {
		t.Fatalf("%s has no dynamic call", fn)
	}
	return strings.Join(names, " ")
}

func TestCallees(t *testing.T) {
	pkg, fns := build(t)
	g := Build(fns)
	method := func(name string) *ssa.Function {
		return pkg.Prog.FuncValue(pkg.Pkg.Scope().Lookup("R").(*types.TypeName).Type().(*types.Named).Method(methodIndex(t, pkg, name)))
	}
	for _, tc := range []struct {
		fn   *ssa.Function
		want string
	}{
		{method("field"), "time.Now"},
		{method("factory"), "p.makeAdder$1"},
		{method("twoFuncs"), "p.double p.triple"},
		{method("method"), "p.double"},
		{pkg.Func("usePkgVar"), "p.init$1"},
		{pkg.Func("Run"), ""},
	} {
		if got := calleesIn(t, g, tc.fn); got != tc.want {
			t.Errorf("callees in %s = %q, want %q", tc.fn, got, tc.want)
		}
	}
}

func methodIndex(t *testing.T, pkg *ssa.Package, name string) int {
	named := pkg.Pkg.Scope().Lookup("R").(*types.TypeName).Type().(*types.Named)
	for i := range named.NumMethods() {
		if named.Method(i).Name() == name {
			return i
		}
	}
	t.Fatalf("no method %s", name)
	return -1
}

func TestHolder(t *testing.T) {
	_, fns := build(t)
	g := Build(fns)
	held := map[string]string{}
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				u, ok := instr.(*ssa.UnOp)
				if !ok || u.Op != token.MUL {
					continue
				}
				name := ""
				switch a := u.X.(type) {
				case *ssa.FieldAddr:
					name = "R." + a.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(a.Field).Name()
				case *ssa.Global:
					name = a.Name()
				default:
					continue
				}
				h := "none"
				if f := g.Holder(u.X); f != nil {
					h = f.String()
				}
				held[name] = h
			}
		}
	}
	// An exported field is not the package's to know: another package may
	// set it.
	want := map[string]string{"R.now": "time.Now", "R.step": "p.double", "pkgVar": "p.init$1", "R.Hook": "none"}
	for k, v := range want {
		if held[k] != v {
			t.Errorf("holder %s holds %q, want %q", k, held[k], v)
		}
	}
	// A field that a store sets to nil holds no one function.
	for _, fn := range fns {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.Field == 3 {
						if f := g.Holder(fa); f != nil {
							t.Errorf("R.later holds %s, want none", f)
						}
					}
				}
			}
		}
	}
}

const ifaceSrc = `package p

import "fmt"

type Writer interface{ Write(n int) int }

type one struct{}

func (*one) Write(n int) int { return n }
func (*one) String() string  { return "one" }

type two struct{}

func (two) Write(n int) int { return -n }

func single(w Writer, n int) int { return w.Write(n) }

func name(s fmt.Stringer) string { return s.String() }

func wire() { single(&one{}, 1); name(&one{}) }
`

// TestSoleImpl: a call of a method of an interface of the package with one
// implementation that the package makes into an interface value runs it;
// with two, or for an interface declared in another package, nothing is
// assumed.
func TestSoleImpl(t *testing.T) {
	invokeIn := func(fns []*ssa.Function, name string) *ssa.CallCommon {
		for _, fn := range fns {
			if fn.Name() != name {
				continue
			}
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if c, ok := instr.(*ssa.Call); ok && c.Call.IsInvoke() {
						return &c.Call
					}
				}
			}
		}
		t.Fatalf("no dynamic call in %s", name)
		return nil
	}
	pkg, fns := buildSrc(t, ifaceSrc)
	g := Build(fns)
	if got := g.SoleImpl(pkg.Prog, pkg.Pkg, invokeIn(fns, "single")); got == nil || got.String() != "(*p.one).Write" {
		t.Errorf("one implementation: SoleImpl = %v, want (*p.one).Write", got)
	}
	if got := g.SoleImpl(pkg.Prog, pkg.Pkg, invokeIn(fns, "name")); got != nil {
		t.Errorf("fmt.Stringer: SoleImpl = %v, want nil (an interface of another package)", got)
	}
	pkg, fns = buildSrc(t, ifaceSrc+"\nfunc wireTwo() { single(two{}, 2) }\n")
	if got := Build(fns).SoleImpl(pkg.Prog, pkg.Pkg, invokeIn(fns, "single")); got != nil {
		t.Errorf("two implementations: SoleImpl = %v, want nil", got)
	}
}
