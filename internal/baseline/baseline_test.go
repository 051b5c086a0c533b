package baseline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/report"
)

const controllerV1 = `package controllers

type WidgetReconciler struct{}

func (r *WidgetReconciler) Reconcile() error {
	if err := get(); err != nil {
		return err // RL5001 here: line 7
	}
	return nil
}

func get() error { return nil }
`

// controllerV2 is controllerV1 with lines added above the finding.
const controllerV2 = `package controllers

import "fmt"

type WidgetReconciler struct{}

// Reconcile reconciles.
func (r *WidgetReconciler) Reconcile() error {
	fmt.Println("start")
	if err := get(); err != nil {
		return err // RL5001 here: line 11
	}
	return nil
}

func get() error { return nil }
`

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func finding(file string, line int, msg string) report.Finding {
	return report.Finding{
		ID: "RL5001", Check: "notfounderror", Severity: "warning",
		Message: msg, Pos: report.Position{File: file, Line: line, Column: 10},
	}
}

const msg = "notfounderror: Get error returned without IsNotFound check"

func TestLineShiftStaysSuppressed(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "controllers", "widget.go")
	writeFile(t, src, controllerV1)
	bpath := filepath.Join(root, ".reconcilelint-baseline.json")
	if err := Write(bpath, []report.Finding{finding(src, 7, msg)}); err != nil {
		t.Fatal(err)
	}

	data, err := os.ReadFile(bpath)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 1,
  "findings": [
    {"id":"RL5001","check":"notfounderror","file":"controllers/widget.go","function":"(*WidgetReconciler).Reconcile","message":"notfounderror: Get error returned without IsNotFound check"}
  ]
}
`
	if string(data) != want {
		t.Errorf("baseline file:\n%s\nwant:\n%s", data, want)
	}

	// The code moves down four lines.
	writeFile(t, src, controllerV2)
	b, err := Load(bpath)
	if err != nil {
		t.Fatal(err)
	}
	fresh, matched := b.Filter([]report.Finding{finding(src, 11, msg)})
	if len(fresh) != 0 || matched != 1 {
		t.Errorf("after a line shift: fresh=%v matched=%d, want none and 1", fresh, matched)
	}

	// A new finding in another function comes through, with Function filled in.
	fresh, matched = b.Filter([]report.Finding{finding(src, 11, msg), finding(src, 16, msg)})
	if matched != 1 || len(fresh) != 1 || fresh[0].Pos.Line != 16 || fresh[0].Function != "get" {
		t.Errorf("new finding: fresh=%+v matched=%d", fresh, matched)
	}

	// A changed message comes through.
	fresh, matched = b.Filter([]report.Finding{finding(src, 11, msg+" (changed)")})
	if matched != 0 || len(fresh) != 1 {
		t.Errorf("changed message: fresh=%v matched=%d", fresh, matched)
	}

	// Another check ID at the same place comes through.
	other := finding(src, 11, msg)
	other.ID = "RL5002"
	if fresh, matched := b.Filter([]report.Finding{other}); matched != 0 || len(fresh) != 1 {
		t.Errorf("other ID: fresh=%v matched=%d", fresh, matched)
	}

	// The same finding in a renamed file comes through.
	moved := filepath.Join(root, "controllers", "widget_controller.go")
	writeFile(t, moved, controllerV2)
	if fresh, matched := b.Filter([]report.Finding{finding(moved, 11, msg)}); matched != 0 || len(fresh) != 1 {
		t.Errorf("moved file: fresh=%v matched=%d", fresh, matched)
	}
}

func TestDuplicatesCounted(t *testing.T) {
	root := t.TempDir()
	src := filepath.Join(root, "widget.go")
	writeFile(t, src, controllerV1)
	bpath := filepath.Join(root, "baseline.json")
	two := []report.Finding{finding(src, 7, msg), finding(src, 7, msg)}
	if err := Write(bpath, two); err != nil {
		t.Fatal(err)
	}
	b, err := Load(bpath)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 2 {
		t.Fatalf("Len = %d, want 2", b.Len())
	}
	three := []report.Finding{finding(src, 8, msg), finding(src, 7, msg), finding(src, 6, msg)}
	fresh, matched := b.Filter(three)
	if matched != 2 || len(fresh) != 1 {
		t.Fatalf("fresh=%v matched=%d, want 1 and 2", fresh, matched)
	}
	// Matching runs in position order, so the last one is reported.
	if fresh[0].Pos.Line != 8 {
		t.Errorf("reported line %d, want 8", fresh[0].Pos.Line)
	}
	// Filter does not use up the baseline.
	if fresh, matched := b.Filter(two); matched != 2 || len(fresh) != 0 {
		t.Errorf("second Filter: fresh=%v matched=%d", fresh, matched)
	}
	one := []report.Finding{finding(src, 7, msg)}
	if fresh, matched := b.Filter(one); matched != 1 || len(fresh) != 0 {
		t.Errorf("fewer findings: fresh=%v matched=%d", fresh, matched)
	}
}

func TestExplicitFunctionAndRelativePaths(t *testing.T) {
	root := t.TempDir()
	bpath := filepath.Join(root, "ci", "baseline.json")
	if err := os.MkdirAll(filepath.Dir(bpath), 0o755); err != nil {
		t.Fatal(err)
	}
	// The file does not exist: Function comes from the finding, and the
	// path is relative to the baseline's directory.
	f := finding(filepath.Join(root, "pkg", "gone.go"), 3, msg)
	f.Function = "(*R).Reconcile"
	g := finding(filepath.Join(root, "pkg", "missing.go"), 3, msg) // unknown function
	if err := Write(bpath, []report.Finding{g, f}); err != nil {
		t.Fatal(err)
	}
	b, err := Load(bpath)
	if err != nil {
		t.Fatal(err)
	}
	if b.Entries[0].File != "../pkg/gone.go" || b.Entries[0].Function != "(*R).Reconcile" ||
		b.Entries[1].File != "../pkg/missing.go" || b.Entries[1].Function != "" {
		t.Errorf("entries = %+v", b.Entries)
	}
	if fresh, matched := b.Filter([]report.Finding{f, g}); matched != 2 || len(fresh) != 0 {
		t.Errorf("fresh=%v matched=%d", fresh, matched)
	}
	// Relative finding paths are relative to the working directory.
	t.Chdir(root)
	rel := finding(filepath.Join("pkg", "gone.go"), 3, msg)
	rel.Function = "(*R).Reconcile"
	if fresh, matched := b.Filter([]report.Finding{rel}); matched != 1 || len(fresh) != 0 {
		t.Errorf("relative path: fresh=%v matched=%d", fresh, matched)
	}
}

func TestWriteEmptyAndStableOrder(t *testing.T) {
	root := t.TempDir()
	bpath := filepath.Join(root, "b.json")
	if err := Write(bpath, nil); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(bpath)
	if string(data) != "{\n  \"version\": 1,\n  \"findings\": []\n}\n" {
		t.Errorf("empty baseline = %q", data)
	}
	b, err := Load(bpath)
	if err != nil || b.Len() != 0 {
		t.Fatalf("Load(empty) = %v, %v", b, err)
	}
	if fresh, matched := b.Filter([]report.Finding{finding("x.go", 1, "m")}); matched != 0 || len(fresh) != 1 {
		t.Errorf("empty baseline filtered: %v %d", fresh, matched)
	}

	fs := []report.Finding{
		{ID: "RL2", Message: "b <&>", Pos: report.Position{File: filepath.Join(root, "b.go")}},
		{ID: "RL1", Message: "a", Pos: report.Position{File: filepath.Join(root, "b.go")}},
		{ID: "RL1", Message: "z", Pos: report.Position{File: filepath.Join(root, "a.go")}},
	}
	if err := Write(bpath, fs); err != nil {
		t.Fatal(err)
	}
	first, _ := os.ReadFile(bpath)
	if err := Write(bpath, []report.Finding{fs[2], fs[0], fs[1]}); err != nil {
		t.Fatal(err)
	}
	second, _ := os.ReadFile(bpath)
	if string(first) != string(second) {
		t.Errorf("order depends on input:\n%s\n%s", first, second)
	}
	lines := strings.Split(string(first), "\n")
	if !strings.Contains(lines[3], `"file":"a.go"`) || !strings.Contains(lines[4], `"id":"RL1"`) || !strings.Contains(lines[5], `"message":"b <&>"`) {
		t.Errorf("unexpected order or escaping:\n%s", first)
	}
	// No temporary files are left behind.
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 {
		t.Errorf("directory holds %d files, want 1", len(entries))
	}
}

func TestLoadErrors(t *testing.T) {
	root := t.TempDir()
	tests := []struct{ content, want string }{
		{`{"version": 2, "findings": []}`, "unsupported version 2"},
		{`{"findings": []}`, `no "version" field`},
		{`{"version": 1, "findings": [{"id": "RL1", "line": 3}]}`, `unknown field "line"`},
		{`{"version": 1, "findings": []} {}`, "unexpected data after the JSON object"},
		{`{"version": 1, "findings": [`, "unexpected EOF"},
		{``, "EOF"},
	}
	for i, tt := range tests {
		p := filepath.Join(root, "b"+string(rune('0'+i))+".json")
		writeFile(t, p, tt.content)
		_, err := Load(p)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "baseline: "+p) {
			t.Errorf("Load(%q) = %v, want %q", tt.content, err, tt.want)
		}
	}
	if _, err := Load(filepath.Join(root, "missing.json")); err == nil || !os.IsNotExist(unwrapAll(err)) {
		t.Errorf("Load(missing) = %v", err)
	}
	if err := Write(filepath.Join(root, "no", "such", "dir", "b.json"), nil); err == nil {
		t.Error("Write into a missing directory succeeded")
	}
}

func unwrapAll(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok || u.Unwrap() == nil {
			return err
		}
		err = u.Unwrap()
	}
}

const funcsSrc = `package p

import "sync"

var handlers = map[string]func(){
	"a": func() {
		println("in var literal")
	},
}

type R struct{ mu sync.Mutex }

type Cache[K comparable, V any] struct{}

type Pair[K comparable] struct{}

func (r *R) Setup() {
	go func() {
		defer func() {
			println("nested literal")
		}()
	}()
}

func (r R) Name() string {
	return "r"
}

func (c *Cache[K, V]) Get(k K) {
	println("generic")
}

func (p Pair[K]) Key() {}

func pkgfunc() {
	println("plain")
}

func (*R) anon() {}
`

func TestEnclosingFunc(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.go")
	writeFile(t, path, funcsSrc)
	lines := strings.Split(funcsSrc, "\n")
	lineOf := func(sub string) int {
		for i, l := range lines {
			if strings.Contains(l, sub) {
				return i + 1
			}
		}
		t.Fatalf("no line contains %q", sub)
		return 0
	}
	tests := []struct {
		line int
		want string
	}{
		{lineOf("in var literal"), "func literal in var handlers"},
		{lineOf("var handlers"), ""}, // the declaration line itself is outside the literal
		{lineOf("import"), ""},
		{lineOf("type R struct"), ""},
		{lineOf("func (r *R) Setup"), "(*R).Setup"},
		{lineOf("go func()"), "func literal in (*R).Setup"},
		{lineOf("nested literal"), "func literal in (*R).Setup"},
		{lineOf(`return "r"`), "R.Name"},
		{lineOf(`println("generic")`), "(*Cache).Get"},
		{lineOf("func (p Pair[K]) Key"), "Pair.Key"},
		{lineOf(`println("plain")`), "pkgfunc"},
		{lineOf("func (*R) anon"), "(*R).anon"},
		{len(lines) + 10, ""},
		{0, ""},
	}
	for _, tt := range tests {
		got, err := EnclosingFunc(path, tt.line)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("line %d (%q): got %q, want %q", tt.line, lines[max(0, min(tt.line-1, len(lines)-1))], got, tt.want)
		}
	}

	bad := filepath.Join(t.TempDir(), "bad.go")
	writeFile(t, bad, "package p\nfunc {")
	if _, err := EnclosingFunc(bad, 2); err == nil || !strings.HasPrefix(err.Error(), "baseline: ") {
		t.Errorf("parse error: %v", err)
	}
	if _, err := EnclosingFunc(filepath.Join(t.TempDir(), "missing.go"), 1); err == nil {
		t.Error("missing file: no error")
	}
}
