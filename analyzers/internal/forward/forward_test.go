package forward_test

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

	"github.com/reconcilelint/reconcilelint/analyzers/internal/forward"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/ssax"
)

const src = `package p

type T struct{ n int }

type U struct{ T }

func (t *T) set(a, b int) int { t.n = a - b; return t.n }

func api(a, b int) (int, error) { return a - b, nil }

// Forwarders.
func plain(a, b int) (int, error)     { return api(a, b) }
func swapped(b, a int) (int, error)   { return api(a, b) }
func method(t *T, a int) int          { return t.set(a, 1) }
func promoted(u *U, a int) int        { return u.set(a, 2) }
func chained(a, b int) (int, error)   { return plain(a, b) }
func generic[X any](a, b int) (int, error) { return api(a, b) }

// Not forwarders.
func twoCalls(a, b int) (int, error) { api(a, a); return api(a, b) }
func computes(a, b int) (int, error) { return api(a+1, b) }
func drops(a, b int) error            { _, err := api(a, b); return err }
func branches(a, b int) (int, error) {
	if a > b {
		return api(a, b)
	}
	return 0, nil
}

func use(x, y, z int) {
	plain(x, y)
	swapped(x, y)
	method(&T{}, x)
	promoted(&U{}, x)
	chained(x, y)
	generic[struct{}](x, y)
	func(a int) (int, error) { return api(a, z) }(x)
	twoCalls(x, y)
	computes(x, y)
	drops(x, y)
	branches(x, y)
}
`

// build type-checks and builds src (the package above unless given).
func build(t *testing.T, text ...string) *ssa.Package {
	t.Helper()
	code := src
	if len(text) > 0 {
		code = text[0]
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", code, 0)
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

func TestOf(t *testing.T) {
	pkg := build(t)
	for name, want := range map[string]bool{
		"plain": true, "swapped": true, "method": true, "promoted": true, "chained": true, "generic": true,
		"twoCalls": false, "computes": false, "drops": false, "branches": false, "use": false,
	} {
		if got := forward.Of(pkg.Func(name)) != nil; got != want {
			t.Errorf("Of(%s) != nil is %v, want %v", name, got, want)
		}
	}
}

// TestResolve resolves every call of use and checks the callee and the
// arguments of the call it ends up making.
func TestResolve(t *testing.T) {
	pkg := build(t)
	r := &forward.Resolver{Callee: func(c *ssa.CallCommon) *ssa.Function { return c.StaticCallee() }}
	use := pkg.Func("use")
	want := map[string]struct {
		callee string
		args   []string // the caller's argument values, by name
	}{
		"plain":   {"api", []string{"x", "y"}},
		"swapped": {"api", []string{"y", "x"}},
		"chained": {"api", []string{"x", "y"}},
		"generic": {"api", []string{"x", "y"}},
		"method":  {"set", []string{"&T{}", "x", "1"}},
		// The receiver is &u.T: that field of the caller's argument.
		"promoted": {"set", []string{"derived(&U{})", "x", "2"}},
		"use$1":    {"api", []string{"x", "derived(z)"}}, // z is captured: the closure loads its cell
	}
	seen := map[string]bool{}
	for _, b := range use.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call.Call.StaticCallee() == nil {
				continue
			}
			name := call.Call.StaticCallee().Name()
			if o := call.Call.StaticCallee().Origin(); o != nil {
				name = o.Name()
			}
			out := r.Resolve(&call.Call)
			w, isFwd := want[name]
			if !isFwd {
				if out != nil {
					t.Errorf("call of %s resolved to %v, want no resolution", name, out)
				}
				continue
			}
			seen[name] = true
			if out == nil {
				t.Errorf("call of %s not resolved", name)
				continue
			}
			if got := out.StaticCallee(); got == nil || got.Name() != w.callee {
				t.Errorf("call of %s resolves to %v, want %s", name, out.Value, w.callee)
				continue
			}
			if len(out.Args) != len(w.args) {
				t.Errorf("call of %s resolves with %d arguments, want %d", name, len(out.Args), len(w.args))
				continue
			}
			for i, a := range out.Args {
				if got := argName(a); got != w.args[i] {
					t.Errorf("call of %s: argument %d is %s, want %s", name, i, got, w.args[i])
				}
			}
		}
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no call of %s in use", name)
		}
	}
}

// argName names a resolved argument: a parameter of use, the allocation
// of a T, or a constant.
func argName(v ssa.Value) string {
	switch x := v.(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.Const:
		return x.Value.String()
	case *ssa.Alloc:
		if x.Comment != "" && !strings.HasPrefix(x.Comment, "complit") {
			return x.Comment // a variable
		}
		return "&" + strings.TrimPrefix(x.Type().String(), "*p.") + "{}"
	case *forward.Derived:
		return "derived(" + argName(x.Base) + ")"
	}
	return v.String()
}

// TestClosureBody checks which bodies are a closure called at once, and
// which of the closure's free variables read a parameter that holds one
// value (ssax.ReadOnlyCell).
func TestClosureBody(t *testing.T) {
	pkg := build(t, `package p

type Req struct{ Name string }

func get(string) error { return nil }

// Whole body in a closure, the request read only (by field too).
func body(r Req, n int) error {
	return func() error {
		if n > 0 {
			return get(r.Name)
		}
		return get("x")
	}()
}

// The closure writes the captured request: not a read-only cell.
func writes(r Req) error {
	return func() error {
		r.Name = "y"
		return get(r.Name)
	}()
}

// More than the closure call: not a closure body.
func more(r Req) error {
	get("a")
	return func() error { return get(r.Name) }()
}

// Reassigned before the closure is made: more than the closure call.
func reassigned(r Req) error {
	r = Req{Name: "z"}
	return func() error {
		if r.Name != "" {
			return get(r.Name)
		}
		return nil
	}()
}
`)
	readOnly := func(fn *ssa.Function) []string {
		var out []string
		for _, fv := range fn.FreeVars {
			if v := ssax.ReadOnlyCell(fv); v != nil {
				out = append(out, fv.Name()+"="+v.Name())
			}
		}
		return out
	}
	for name, want := range map[string]string{
		"body":       "n=n r=r",
		"writes":     "",
		"more":       "-",
		"reassigned": "-",
	} {
		fn := pkg.Func(name)
		inner := forward.ClosureBody(fn)
		if want == "-" {
			if inner != nil {
				t.Errorf("ClosureBody(%s) = %s, want none", name, inner)
			}
			continue
		}
		if inner == nil {
			t.Errorf("ClosureBody(%s) = nil, want its closure", name)
			continue
		}
		if got := strings.Join(readOnly(inner), " "); got != want {
			t.Errorf("%s: read-only cells %q, want %q", name, got, want)
		}
	}
}

// TestFactGenericInterface checks that a forwarder to a method of an
// instance of a generic interface gets a fact, and that the call rebuilt
// from it calls the method of the caller's instance.
func TestFactGenericInterface(t *testing.T) {
	pkg := build(t, `package p

type C[R any] interface{ Watch(r R) error }

type Ctl = C[int]

func W(c Ctl, r int) error { return c.Watch(r) }

func use(c Ctl) { W(c, 1) }
`)
	var call, use *ssa.CallCommon
	for _, name := range []string{"W", "use"} {
		for _, b := range pkg.Func(name).Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					if name == "W" {
						call = c.Common()
					} else {
						use = c.Common()
					}
				}
			}
		}
	}
	fact := forward.FactFor(pkg.Func("W"), call)
	if fact == nil || !fact.Invoke || fact.Target != "p.C.Watch" {
		t.Fatalf("FactFor = %+v, want an invoke of p.C.Watch", fact)
	}
	pkgs := func(path string) *types.Package {
		if path == pkg.Pkg.Path() {
			return pkg.Pkg
		}
		return nil
	}
	out := forward.Rebuild(fact, pkg.Prog, pkgs, use.Args)
	if out == nil || !out.IsInvoke() {
		t.Fatalf("Rebuild = %v, want an invoke", out)
	}
	if got := out.Method.Type().(*types.Signature).Recv().Type().String(); got != "p.C[int]" {
		t.Errorf("rebuilt method's receiver = %s, want p.C[int]", got)
	}
}

// TestFactFieldArg checks that a forwarder whose operand is a field of its
// parameter (the promoted receiver of an embedded struct's method) gets a
// fact, and that the rebuilt call passes that field of the caller's
// argument.
func TestFactFieldArg(t *testing.T) {
	pkg := build(t, `package p

type Meta struct{ fin []string }

func (m *Meta) SetFinalizers(f []string) { m.fin = f }

type Obj struct{ Meta }

func W(o *Obj, f []string) { o.SetFinalizers(f) }

func use(o *Obj) { W(o, nil) }
`)
	callIn := func(name string) *ssa.CallCommon {
		for _, b := range pkg.Func(name).Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					return c.Common()
				}
			}
		}
		return nil
	}
	fact := forward.FactFor(pkg.Func("W"), callIn("W"))
	if fact == nil || fact.Target != "p.Meta.SetFinalizers" || len(fact.Fields) != 1 || fact.Fields[0].Arg != 0 ||
		strings.Join(fact.Fields[0].Fields, ".") != "Meta" {
		t.Fatalf("FactFor = %+v, want SetFinalizers on field Meta of parameter 0", fact)
	}
	pkgs := func(path string) *types.Package {
		if path == pkg.Pkg.Path() {
			return pkg.Pkg
		}
		return nil
	}
	use := callIn("use")
	out := forward.Rebuild(fact, pkg.Prog, pkgs, use.Args)
	if out == nil || len(out.Args) != 2 {
		t.Fatalf("Rebuild = %v, want a call with two arguments", out)
	}
	d, ok := out.Args[0].(*forward.Derived)
	if !ok || d.Base != use.Args[0] || strings.Join(d.Path, ".") != "Meta" || d.Type().String() != "*p.Meta" {
		t.Errorf("rebuilt receiver = %v, want &o.Meta of the caller's argument", out.Args[0])
	}
}
