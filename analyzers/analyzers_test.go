package analyzers_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers"
)

var update = flag.Bool("update", false, "rewrite docs/checks, the README check table and the metamorphic.known lists")

func TestRegistry(t *testing.T) {
	all := analyzers.All()
	if len(all) == 0 {
		t.Fatal("no checks registered")
	}
	ids, names := map[string]bool{}, map[string]bool{}
	idRE := regexp.MustCompile(`^RL\d{4}$`)
	for i, c := range all {
		d := c.Doc
		if i > 0 && all[i-1].Doc.ID >= d.ID {
			t.Errorf("checks not sorted by ID: %s before %s", all[i-1].Doc.ID, d.ID)
		}
		if !idRE.MatchString(d.ID) || ids[d.ID] || names[d.Name] {
			t.Errorf("bad or duplicate ID/name: %s %s", d.ID, d.Name)
		}
		ids[d.ID], names[d.Name] = true, true
		if c.Analyzer.Name != d.Name {
			t.Errorf("%s: Analyzer.Name %q != Doc.Name %q", d.ID, c.Analyzer.Name, d.Name)
		}
		if !requires(c.Analyzer, analyzers.Base()) {
			t.Errorf("%s does not require the summary analyzer", d.Name)
		}
		for field, v := range map[string]string{"Title": d.Title, "Rationale": d.Rationale, "Detection": d.Detection,
			"Before": d.Before, "After": d.After, "Fix": d.Fix, "Since": d.Since} {
			if strings.TrimSpace(v) == "" {
				t.Errorf("%s: empty Doc.%s", d.ID, field)
			}
		}
		if got, ok := analyzers.Lookup(d.ID); !ok || got.Doc != d {
			t.Errorf("Lookup(%s) failed", d.ID)
		}
		if got, ok := analyzers.Lookup(strings.ToLower(d.ID)); !ok || got.Doc != d {
			t.Errorf("Lookup(%s) is not case-insensitive", d.ID)
		}
		if got, ok := analyzers.Lookup(d.Name); !ok || got.Doc != d {
			t.Errorf("Lookup(%s) failed", d.Name)
		}
	}
	if _, ok := analyzers.Lookup("nosuchcheck"); ok {
		t.Error("Lookup of an unknown name succeeded")
	}
	if err := analysis.Validate(analyzers.Analyzers()); err != nil {
		t.Error(err)
	}
}

// requires reports whether a requires base, directly or through the
// analyzers it requires (RL0001 requires every other check).
func requires(a, base *analysis.Analyzer) bool {
	seen := map[*analysis.Analyzer]bool{}
	var walk func(*analysis.Analyzer) bool
	walk = func(a *analysis.Analyzer) bool {
		for _, r := range a.Requires {
			if r == base {
				return true
			}
			if !seen[r] {
				seen[r] = true
				if walk(r) {
					return true
				}
			}
		}
		return false
	}
	return walk(a)
}

// root returns the repository root.
func root(t *testing.T) string {
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestDocsUpToDate fails when docs/checks or the README's check table is
// stale. Regenerate with: go test ./analyzers -run TestDocsUpToDate -update
func TestDocsUpToDate(t *testing.T) {
	dir := filepath.Join(root(t), "docs", "checks")
	want := map[string]string{"README.md": analyzers.DocsIndex()}
	for _, c := range analyzers.All() {
		want[c.Doc.Name+".md"] = c.Doc.Markdown()
	}
	for name, content := range want {
		path := filepath.Join(dir, name)
		got, err := os.ReadFile(path)
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err != nil || string(got) != content {
			t.Errorf("%s is stale; run: go test ./analyzers -run TestDocsUpToDate -update", path)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := want[e.Name()]; !ok {
			t.Errorf("docs/checks/%s belongs to no registered check", e.Name())
		}
	}
	readme := filepath.Join(root(t), "README.md")
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	const begin, end = "<!-- checks:begin -->\n", "<!-- checks:end -->"
	s := string(data)
	i, j := strings.Index(s, begin), strings.Index(s, end)
	if i < 0 || j < i {
		t.Fatalf("README.md lacks the %q … %q markers", strings.TrimSpace(begin), end)
	}
	table := analyzers.ChecksTable("docs/checks/")
	if s[i+len(begin):j] != table {
		if *update {
			s = s[:i+len(begin)] + table + s[j:]
			if err := os.WriteFile(readme, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
			return
		}
		t.Errorf("the check table in README.md is stale; run: go test ./analyzers -run TestDocsUpToDate -update")
	}
}

func ExampleLookup() {
	c, _ := analyzers.Lookup("RL5001")
	fmt.Println(c.Doc.Name, c.Doc.Severity)
	// Output: notfounderror error
}

// TestInternalKnowsNoCheck keeps the model, the shared analyses, the
// libraries and the tables under analyzers/internal free of any check's
// ID or name (docs/architecture.md): a check's detection belongs in its
// own package. The test harnesses (metamorphic, stubtest) run the checks
// and may name them; test files and testdata are not looked at.
func TestInternalKnowsNoCheck(t *testing.T) {
	var names []string
	for _, c := range analyzers.All() {
		names = append(names, regexp.QuoteMeta(c.Doc.Name))
	}
	re := regexp.MustCompile(`\bRL[0-9]{4}\b|\b(` + strings.Join(names, "|") + `)\b`)
	harness := map[string]bool{"metamorphic": true, "stubtest": true}
	err := filepath.WalkDir("internal", func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" || harness[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for i, line := range strings.Split(string(data), "\n") {
			if m := re.FindString(line); m != "" {
				t.Errorf("%s:%d names the check %s", path, i+1, m)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
