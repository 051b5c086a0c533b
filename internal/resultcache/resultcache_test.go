package resultcache

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/report"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// module writes a main module in root/mod that replaces a module with the
// local directory root/lib, and returns the module directory.
func module(t *testing.T) (root, mod string) {
	t.Helper()
	root = t.TempDir()
	mod = filepath.Join(root, "mod")
	write(t, filepath.Join(mod, "go.mod"), "module example.com/mod\n\ngo 1.22\n\nrequire example.com/lib v0.0.0\n\nreplace example.com/lib => ../lib\n")
	write(t, filepath.Join(mod, "go.sum"), "")
	write(t, filepath.Join(mod, "a.go"), "package mod\n")
	write(t, filepath.Join(mod, "README.md"), "docs\n")
	write(t, filepath.Join(mod, "testdata", "x.go"), "package x\n")
	write(t, filepath.Join(mod, "sub", "b.go"), "package sub\n")
	write(t, filepath.Join(lib(root), "go.mod"), "module example.com/lib\n")
	write(t, filepath.Join(lib(root), "l.go"), "package lib\n")
	return root, mod
}

func lib(root string) string { return filepath.Join(root, "lib") }

func key(t *testing.T, dir string, patterns []string, parts ...string) string {
	t.Helper()
	k, ok := Key(dir, patterns, parts...)
	if !ok {
		t.Fatalf("Key(%s, %v) not cacheable", dir, patterns)
	}
	return k
}

func TestKeyCoversInputs(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	root, mod := module(t)
	all := []string{"./..."}
	base := key(t, mod, all, "binary x")
	if again := key(t, mod, all, "binary x"); again != base {
		t.Fatal("the key of an unchanged module changed")
	}
	// Files the analysis does not read leave the key alone.
	write(t, filepath.Join(mod, "README.md"), "other docs\n")
	write(t, filepath.Join(mod, "testdata", "x.go"), "package x // changed\n")
	if k := key(t, mod, all, "binary x"); k != base {
		t.Error("a README or testdata change changed the key")
	}
	changes := []struct {
		name string
		do   func()
	}{
		{"a source file of the module", func() { write(t, filepath.Join(mod, "sub", "b.go"), "package sub\n\nvar X = 1\n") }},
		{"a new source file", func() { write(t, filepath.Join(mod, "c.go"), "package mod\n") }},
		{"go.sum", func() { write(t, filepath.Join(mod, "go.sum"), "example.com/x v1.0.0 h1:abc=\n") }},
		{"a file of a replaced local module", func() { write(t, filepath.Join(lib(root), "l.go"), "package lib\n\nvar Y = 2\n") }},
		{"the environment", func() { t.Setenv("GOFLAGS", "-tags=integration") }},
	}
	prev := base
	for _, c := range changes {
		c.do()
		k := key(t, mod, all, "binary x")
		if k == prev {
			t.Errorf("changing %s did not change the key", c.name)
		}
		prev = k
	}
	if k := key(t, mod, all, "binary y"); k == prev {
		t.Error("another binary (a caller part) did not change the key")
	}
	if k := key(t, mod, []string{"./sub"}, "binary x"); k == prev {
		t.Error("other patterns did not change the key")
	}
}

func TestKeyNotCacheable(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	root, mod := module(t)
	if _, ok := Key(mod, []string{"../lib/..."}); ok {
		t.Error("a pattern outside the module was cacheable")
	}
	if _, ok := Key(mod, []string{filepath.Join(root, "lib")}); ok {
		t.Error("an absolute pattern outside the module was cacheable")
	}
	if _, ok := Key(root, []string{"./..."}); ok {
		t.Error("a directory outside any module was cacheable")
	}
	write(t, filepath.Join(root, "go.work"), "go 1.22\n\nuse ./mod\n")
	if _, ok := Key(mod, []string{"./..."}); ok {
		t.Error("a module in a workspace was cacheable")
	}
	t.Setenv("GOWORK", "off")
	if _, ok := Key(mod, []string{"./..."}); !ok {
		t.Error("GOWORK=off: the module was not cacheable")
	}
	t.Setenv(EnvVar, "off")
	if _, ok := Key(mod, []string{"./..."}); ok {
		t.Errorf("%s=off: the run was cacheable", EnvVar)
	}
}

func TestStoreLoad(t *testing.T) {
	t.Setenv(EnvVar, t.TempDir())
	if _, ok := Load("missing"); ok {
		t.Fatal("Load of a missing key succeeded")
	}
	findings := []report.Finding{{
		ID: "RL2001", Check: "unconditionalwrite", Severity: "warning", Package: "example.com/mod",
		Message: "m",
		Pos:     report.Position{File: "/m/a.go", Line: 3, Column: 2, Offset: 40},
		End:     report.Position{File: "/m/a.go", Line: 3, Column: 9, Offset: 47},
		Related: []report.Related{{Position: report.Position{File: "/m/a.go", Line: 1, Column: 1, Offset: 0}, Message: "r"}},
		Fixes:   []report.Fix{{Message: "f", Edits: []report.Edit{{File: "/m/a.go", Start: 40, End: 47, New: "x"}}}},
	}}
	if err := Store("k1", findings); err != nil {
		t.Fatal(err)
	}
	got, ok := Load("k1")
	if !ok || !reflect.DeepEqual(got, findings) {
		t.Errorf("Load = %+v, %v; want %+v", got, ok, findings)
	}
	if err := Store("k2", nil); err != nil {
		t.Fatal(err)
	}
	if got, ok := Load("k2"); !ok || len(got) != 0 {
		t.Errorf("Load of a run without findings = %v, %v", got, ok)
	}
}
