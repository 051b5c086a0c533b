package scaffold

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestPlan scaffolds testdata/mod, a module whose controller-runtime,
// apimachinery, client-go and k8s.io/api are local stubs (so the test
// needs no download): which reconcilers get a test, in which file, built
// how, and why the others are skipped.
func TestPlan(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("testdata", "mod"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOFLAGS", "-mod=mod")
	t.Setenv("GOWORK", "off")
	files, notes, err := Plan(dir, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]string{}
	src := map[string]string{}
	for _, f := range files {
		r, _ := filepath.Rel(dir, f.Path)
		got[filepath.ToSlash(r)] = f.Tests
		src[filepath.ToSlash(r)] = string(f.Src)
		if _, err := parser.ParseFile(token.NewFileSet(), f.Path, f.Src, 0); err != nil {
			t.Errorf("%s does not parse: %v", r, err)
		}
	}
	want := map[string][]string{
		"ctrl/widget_verify_test.go": {"TestVerifyClusterReconciler", "TestVerifyWidgetReconciler"},
		"ctrl/others_verify_test.go": {"TestVerifyNodeReconciler"},
	}
	if len(got) != len(want) {
		t.Fatalf("files %v, want %v", got, want)
	}
	for f, tests := range want {
		if !slices.Equal(got[f], tests) {
			t.Errorf("%s: tests %v, want %v", f, got[f], tests)
		}
	}
	for _, s := range []string{
		// The file's own import name of the API package, and verify renamed
		// around the package's variable of that name.
		`widgetsv1 "example.com/op/api/v1"`,
		`verify2 "github.com/reconcilelint/reconcilelint/verify"`,
		"clientgoscheme.AddToScheme, widgetsv1.AddToScheme",
		// The fields main.go sets from the manager, and not the others.
		"r := &WidgetReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme(), Recorder: &record.FakeRecorder{}, Reader: mgr.GetAPIReader()}",
		`&widgetsv1.Widget{ObjectMeta: metav1.ObjectMeta{Name: "sample", Namespace: "default"}}`,
		// +kubebuilder:resource:scope=Cluster: no namespace.
		`&widgetsv1.Cluster{ObjectMeta: metav1.ObjectMeta{Name: "sample"}}`,
		"verify2.Run(t, verify2.FromSetup(setup, verify2.Spec{",
	} {
		if !strings.Contains(src["ctrl/widget_verify_test.go"], s) {
			t.Errorf("widget_verify_test.go lacks %q:\n%s", s, src["ctrl/widget_verify_test.go"])
		}
	}
	for _, s := range []string{
		"r := &NodeReconciler{C: mgr.GetClient()}",
		`&corev1.Node{ObjectMeta: metav1.ObjectMeta{Name: "sample"}}`,
		"[]func(*runtime.Scheme) error{clientgoscheme.AddToScheme}",
	} {
		if !strings.Contains(src["ctrl/others_verify_test.go"], s) {
			t.Errorf("others_verify_test.go lacks %q:\n%s", s, src["ctrl/others_verify_test.go"])
		}
	}
	for _, n := range []string{
		"ctrl.TypedReconciler: it reconciles typed requests",
		"ctrl.NoSetupReconciler: no SetupWithManager",
		"ctrl.NoForReconciler: its SetupWithManager calls no builder For",
		"ctrl.GadgetReconciler: package example.com/op/noscheme has no AddToScheme",
		"ctrl.TakenReconciler: TestVerifyTakenReconciler already exists in taken_test.go",
	} {
		if !slices.ContainsFunc(notes, func(s string) bool { return strings.Contains(s, n) }) {
			t.Errorf("no note says %q; notes:\n%s", n, strings.Join(notes, "\n"))
		}
	}

	// Written once; then Plan and Write refuse to overwrite.
	tmp := t.TempDir()
	for i := range files {
		files[i].Path = filepath.Join(tmp, filepath.Base(files[i].Path))
	}
	if err := Write(files); err != nil {
		t.Fatal(err)
	}
	if err := Write(files); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Errorf("second Write: error %v, want one saying the file already exists", err)
	}
	existing := filepath.Join(dir, "ctrl", "others_verify_test.go")
	if err := os.WriteFile(existing, []byte("package ctrl\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(existing)
	if _, _, err := Plan(dir, []string{"./..."}); err == nil || !strings.Contains(err.Error(), "others_verify_test.go already exists") {
		t.Errorf("Plan with an existing test file: error %v, want one saying it already exists", err)
	}
}

// TestComment: doc comments are wrapped, words kept whole.
func TestComment(t *testing.T) {
	got := comment(strings.Repeat("word ", 40) + "https://example.com/a/very/long/link/that/stays/whole/on/its/own/line/of/the/comment")
	for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if !strings.HasPrefix(line, "// ") || len(line) > 76 && strings.Contains(line, " word") {
			t.Errorf("line %q", line)
		}
	}
	if !strings.Contains(got, "// https://example.com/a/very/long/link/that/stays/whole/on/its/own/line/of/the/comment\n") {
		t.Errorf("the long word was split:\n%s", got)
	}
}
