package stubtest_test

import (
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/packages"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/stubtest"
)

// TestStubsTypeCheck loads every stub package from source in GOPATH mode
// and fails on any parse or type error.
func TestStubsTypeCheck(t *testing.T) {
	src, err := stubtest.StubSrc()
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  src,
		Env:  append(os.Environ(), "GOPATH="+filepath.Dir(src), "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
	}
	pkgs, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 50 {
		t.Errorf("loaded only %d stub packages", len(pkgs))
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
		if heavy[p.PkgPath] {
			for _, q := range pkgs {
				if importsPath(q, p.PkgPath) {
					t.Errorf("stub package %s depends on %s; analysistest would load it and its dependencies from source for every test of every check", q.PkgPath, p.PkgPath)
				}
			}
		}
	})
}

// heavy lists the standard packages that the stubs must not import,
// directly or indirectly: each brings a large part of the standard library
// (net/http alone adds some 120 packages and 170,000 lines) that
// analysistest parses, type-checks and analyses in every run.
var heavy = map[string]bool{"net/http": true}

// importsPath reports whether p imports path, directly or indirectly.
func importsPath(p *packages.Package, path string) bool {
	seen := make(map[*packages.Package]bool)
	var walk func(*packages.Package) bool
	walk = func(p *packages.Package) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		for _, q := range p.Imports {
			if q.PkgPath == path || walk(q) {
				return true
			}
		}
		return false
	}
	return walk(p)
}

const controllerutilPath = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

// finalizerCalls reports calls to controllerutil.AddFinalizer and
// RemoveFinalizer; it proves that stub objects resolve across the merged
// GOPATH and that want comments are matched.
var finalizerCalls = &analysis.Analyzer{
	Name:     "finalizercalls",
	Doc:      "report calls to controllerutil finalizer helpers (test analyzer)",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		in.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			call := n.(*ast.CallExpr)
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return
			}
			fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != controllerutilPath {
				return
			}
			if fn.Name() == "AddFinalizer" || fn.Name() == "RemoveFinalizer" {
				pass.Reportf(call.Pos(), "call to %s", fn.Name())
			}
		})
		return nil, nil
	},
}

// ignoreAlreadyExists suggests replacing client.IgnoreAlreadyExists with
// client.IgnoreNotFound, to exercise golden files.
var ignoreAlreadyExists = &analysis.Analyzer{
	Name:     "ignorealreadyexists",
	Doc:      "rewrite client.IgnoreAlreadyExists (test analyzer)",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		in.Preorder([]ast.Node{(*ast.SelectorExpr)(nil)}, func(n ast.Node) {
			sel := n.(*ast.SelectorExpr)
			fn, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
			if !ok || fn.Pkg() == nil || fn.FullName() != "sigs.k8s.io/controller-runtime/pkg/client.IgnoreAlreadyExists" {
				return
			}
			pass.Report(analysis.Diagnostic{
				Pos:     sel.Sel.Pos(),
				End:     sel.Sel.End(),
				Message: "use IgnoreNotFound",
				SuggestedFixes: []analysis.SuggestedFix{{
					Message:   "use IgnoreNotFound",
					TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("IgnoreNotFound")}},
				}},
			})
		})
		return nil, nil
	},
}

func sampleDir(t *testing.T) string {
	dir, err := filepath.Abs(filepath.Join("testdata", "sample"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestRun(t *testing.T) {
	results := stubtest.Run(t, sampleDir(t), finalizerCalls, "example.com/sample")
	if len(results) == 0 {
		t.Fatal("no results")
	}
	for _, r := range results {
		if r.Err != nil {
			t.Errorf("analysis error: %v", r.Err)
		}
	}
}

func TestRunWithSuggestedFixes(t *testing.T) {
	stubtest.RunWithSuggestedFixes(t, sampleDir(t), ignoreAlreadyExists, "example.com/fix")
}

func TestMergedGOPATHConflict(t *testing.T) {
	dir := t.TempDir()
	// A file that clashes with a stub file must be rejected.
	clash := filepath.Join(dir, "src", "k8s.io", "apimachinery", "pkg", "types", "types.go")
	if err := os.MkdirAll(filepath.Dir(clash), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(clash, []byte("package types\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ft := &fatalRecorder{TB: t}
	func() {
		defer func() { _ = recover() }()
		stubtest.MergedGOPATH(ft, dir)
	}()
	if !ft.failed {
		t.Error("MergedGOPATH accepted a file that clashes with a stub")
	}
}

// fatalRecorder turns Fatal into a recorded failure and a panic, so that
// a test can check that MergedGOPATH fails.
type fatalRecorder struct {
	testing.TB
	failed bool
}

func (f *fatalRecorder) Fatal(args ...any) {
	f.failed = true
	panic("fatal")
}

func (f *fatalRecorder) Fatalf(format string, args ...any) {
	f.failed = true
	panic("fatal")
}
