package main_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/resultcache"
)

// The e2e tests build the reconcilelint binary and run it, standalone and
// as a go vet tool, on the example operator under testdata/operator, a
// module that imports the real controller-runtime and k8s.io modules. The
// expected findings are the `// BUG(RLxxxx)` markers in its sources, for
// the checks that are registered.

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds cmd/reconcilelint once per test binary.
func binary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("e2e: skipped in -short mode")
	}
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "reconcilelint-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "reconcilelint")
		args := []string{"build", "-o", binPath}
		if os.Getenv("RECONCILELINT_E2E_RACE") != "" {
			// test.sh runs the example-operator e2e once more with a
			// binary built with the race detector: the checks of a
			// package run concurrently, and a data race fails the run.
			args = append(args, "-race")
		}
		cmd := exec.Command("go", append(args, ".")...)
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func operatorDir(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	dir, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", "testdata", "operator"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// finding is what the e2e tests compare: file (relative to the operator),
// line and check ID.
type finding struct {
	File string
	Line int
	ID   string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d %s", f.File, f.Line, f.ID) }

var markerRE = regexp.MustCompile(`BUG\((RL\d{4}(?:,\s*RL\d{4})*)\)`)

// expected returns the BUG markers of the registered checks.
func expected(t *testing.T, dir string) []finding {
	t.Helper()
	registered := make(map[string]bool)
	for _, c := range analyzers.All() {
		registered[c.Doc.ID] = true
	}
	var out []finding
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		sc := bufio.NewScanner(bytes.NewReader(data))
		for line := 1; sc.Scan(); line++ {
			for _, m := range markerRE.FindAllStringSubmatch(sc.Text(), -1) {
				for _, id := range strings.Split(m[1], ",") {
					if id = strings.TrimSpace(id); registered[id] {
						out = append(out, finding{filepath.ToSlash(rel), line, id})
					}
				}
			}
		}
		return sc.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	sortFindings(out)
	if len(out) == 0 {
		t.Fatal("no BUG markers for the registered checks in the example operator")
	}
	return out
}

func sortFindings(fs []finding) {
	sort.Slice(fs, func(i, j int) bool { return fs[i].String() < fs[j].String() })
}

func run(t *testing.T, dir string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %s %v: %v", name, args, err)
	}
	return o.String(), e.String(), code
}

func rel(t *testing.T, dir, file string) string {
	if filepath.IsAbs(file) {
		r, err := filepath.Rel(dir, file)
		if err != nil {
			t.Fatal(err)
		}
		file = r
	}
	return filepath.ToSlash(strings.TrimPrefix(file, "./"))
}

// standalone runs the CLI with -json and returns its findings.
func standalone(t *testing.T, dir string, args ...string) ([]finding, int) {
	t.Helper()
	out, errOut, code := run(t, dir, binary(t), append([]string{"-json"}, args...)...)
	if code == 2 {
		t.Fatalf("reconcilelint failed (exit 2): %s", errOut)
	}
	return decodeFindings(t, out, dir), code
}

// decodeFindings decodes -json output run in dir, files relative to dir.
func decodeFindings(t *testing.T, out, dir string) []finding {
	t.Helper()
	var res struct {
		Findings []struct {
			ID  string `json:"id"`
			Pos struct {
				File string `json:"file"`
				Line int    `json:"line"`
			} `json:"pos"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("decode -json output: %v\n%s", err, out)
	}
	var fs []finding
	for _, f := range res.Findings {
		fs = append(fs, finding{rel(t, dir, f.Pos.File), f.Pos.Line, f.ID})
	}
	sortFindings(fs)
	return fs
}

var vetLineRE = regexp.MustCompile(`^(.+\.go):(\d+):(\d+): ([a-z]+): `)

// vet runs go vet -vettool and parses its text output.
func vet(t *testing.T, dir string) []finding {
	t.Helper()
	_, errOut, code := run(t, dir, "go", "vet", "-vettool="+binary(t), "./...")
	var fs []finding
	for _, line := range strings.Split(errOut, "\n") {
		m := vetLineRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		c, ok := analyzers.Lookup(m[4])
		if !ok {
			t.Errorf("go vet printed a finding of unknown check %q: %s", m[4], line)
			continue
		}
		var n int
		fmt.Sscan(m[2], &n)
		fs = append(fs, finding{rel(t, dir, m[1]), n, c.Doc.ID})
	}
	if code == 0 && len(fs) > 0 || code != 0 && len(fs) == 0 {
		t.Errorf("go vet exit code %d with %d findings:\n%s", code, len(fs), errOut)
	}
	sortFindings(fs)
	return fs
}

func diff(t *testing.T, mode string, want, got []finding) {
	t.Helper()
	if slices.Equal(want, got) {
		return
	}
	t.Errorf("%s: findings differ from the BUG markers\nwant:\n  %s\ngot:\n  %s", mode,
		strings.Join(strs(want), "\n  "), strings.Join(strs(got), "\n  "))
}

func strs(fs []finding) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.String())
	}
	return out
}

func TestExampleOperatorStandalone(t *testing.T) {
	dir := operatorDir(t)
	want := expected(t, dir)
	got, code := standalone(t, dir, "./...")
	diff(t, "standalone", want, got)
	if code != 1 {
		t.Errorf("exit code %d, want 1 (findings)", code)
	}
}

func TestExampleOperatorVetTool(t *testing.T) {
	dir := operatorDir(t)
	want := expected(t, dir)
	diff(t, "go vet -vettool", want, vet(t, dir))
	// Both modes agree.
	got, _ := standalone(t, dir, "./...")
	diff(t, "standalone vs vet", vet(t, dir), got)
}

// TestVetToolCheckFlags: go vet passes a check's flags to every unit, also
// to the dependencies it analyses only for their facts, where the vet tool
// runs no check; the flags must be accepted there. A module of its own
// that imports only the standard library keeps the dependencies few (a
// new flag set is a new go vet cache key for every unit).
func TestVetToolCheckFlags(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":  "module example.com/flags\n\ngo 1.22\n",
		"main.go": "package main\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n)\n\nfunc main() { fmt.Println(http.StatusOK) }\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range analyzers.All()[:2] {
		_, stderr, code := run(t, dir, "go", "vet", "-vettool="+bin, "-"+c.Doc.Name, "./...")
		if code != 0 {
			t.Errorf("go vet -vettool -%s: exit %d:\n%s", c.Doc.Name, code, stderr)
		}
	}
}

// copyTree copies the operator module into a temporary directory.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		r, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, r)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// TestFixCompilesAndSilences: -diff shows the fixes (exit 1: the diff is
// not empty) and changes nothing; one -fix invocation reaches the fixpoint
// (fixes that overlapped on the first pass are applied on later ones), the
// fixed operator compiles, no finding with a fix is left, and -diff then
// prints nothing (exit 0).
func TestFixCompilesAndSilences(t *testing.T) {
	dir := copyTree(t, operatorDir(t))
	before, _ := standalone(t, dir, "./...")
	src := snapshot(t, dir)
	out, errOut, code := run(t, dir, binary(t), "-diff", "./...")
	if code != 1 {
		t.Fatalf("-diff: exit %d, want 1 (a diff): %s", code, errOut)
	}
	if !strings.Contains(out, "+++ ") {
		t.Fatalf("-diff printed no diff:\n%s", out)
	}
	if !maps.Equal(src, snapshot(t, dir)) {
		t.Errorf("-diff changed files")
	}
	_, errOut, code = run(t, dir, binary(t), "-fix", "./...")
	if code == 2 {
		t.Fatalf("-fix: exit 2: %s", errOut)
	}
	if !regexp.MustCompile(`applied [1-9]\d* fix\(es\) in \d+ pass\(es\); \d+ finding\(s\) remain`).MatchString(errOut) {
		t.Errorf("-fix did not say what it applied and what remains: %q", errOut)
	}
	if _, errOut, code = run(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("fixed code does not compile: %s", errOut)
	}
	after, _ := standalone(t, dir, "./...")
	if len(after) >= len(before) {
		t.Errorf("-fix removed no findings: %d before, %d after", len(before), len(after))
	}
	for _, f := range after {
		if f.ID == "RL5001" {
			t.Errorf("RL5001 finding left after -fix: %s", f)
		}
	}
	jsonOut, _, _ := run(t, dir, binary(t), "-json", "./...")
	if strings.Contains(jsonOut, `"fixes"`) {
		t.Errorf("a finding with a fix is left after one -fix:\n%s", jsonOut)
	}
	out, errOut, code = run(t, dir, binary(t), "-diff", "./...")
	if code != 0 || out != "" {
		t.Errorf("-diff after -fix: exit %d, diff:\n%s\n%s", code, out, errOut)
	}
}

// snapshot returns the content of every Go file under dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := make(map[string]string)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		files[path] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestGeneratedFileSilent: the example operator has a generated file
// (a "Code generated … DO NOT EDIT." header) with the defects of RL5001
// and RL2004; no driver reports them (the e2e of each driver compares its
// findings with the BUG markers, and the generated file has none). This
// test makes sure the file is still there and still has its defects, so
// that the silence means something.
func TestGeneratedFileSilent(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(operatorDir(t), "internal", "controller", "zz_generated.reconciler.go"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	if !strings.HasPrefix(src, "// Code generated ") || !strings.Contains(src, " DO NOT EDIT.\n") {
		t.Fatalf("zz_generated.reconciler.go lost its generated-file header")
	}
	for _, defect := range []string{"return ctrl.Result{}, err", "Finalizers = append("} {
		if !strings.Contains(src, defect) {
			t.Errorf("zz_generated.reconciler.go no longer has %q", defect)
		}
	}
}

// TestBadInput checks that bad input gets one clear line and exit 2, never
// a panic or a stack trace.
func TestBadInput(t *testing.T) {
	bin := binary(t)
	broken := t.TempDir()
	write := func(dir, name, content string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(broken, "go.mod", "module example.com/broken\n\ngo 1.26.0\n")
	write(broken, "b.go", "package broken\n\nfunc f() { undefinedThing() }\n")
	notModule := t.TempDir()
	write(notModule, "x.go", "package x\n")
	badConfig := t.TempDir()
	write(badConfig, "go.mod", "module example.com/cfg\n\ngo 1.26.0\n")
	write(badConfig, "x.go", "package x\n")
	write(badConfig, ".reconcilelint.yaml", "disable: [RL9999]\n")
	cases := []struct {
		name, dir string
		args      []string
		want      string
	}{
		{"unknown flag", broken, []string{"-nope"}, "flag provided but not defined"},
		{"does not compile", broken, []string{"./..."}, "undefined: undefinedThing"},
		{"no packages", broken, []string{"./missing/..."}, "missing"},
		{"not a module", notModule, []string{"./..."}, "not inside a Go module: no go.mod in"},
		{"bad config", badConfig, []string{"./..."}, `unknown check "RL9999"`},
		{"unknown explain", broken, []string{"-explain", "RL0000"}, "unknown check"},
		{"bad format", broken, []string{"-format", "xml"}, "unknown -format"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := run(t, c.dir, bin, c.args...)
			if code != 2 {
				t.Errorf("exit code %d, want 2; stdout %q stderr %q", code, out, errOut)
			}
			lines := strings.Split(strings.TrimSpace(errOut), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "reconcilelint: ") {
				t.Errorf("want one line starting with \"reconcilelint: \", got %q", errOut)
			}
			if !strings.Contains(errOut, c.want) {
				t.Errorf("stderr %q does not mention %q", errOut, c.want)
			}
			for _, bad := range []string{"panic", "goroutine ", ".go:", "runtime/"} {
				if bad == ".go:" && c.name == "does not compile" {
					continue
				}
				if strings.Contains(errOut, bad) {
					t.Errorf("stderr contains %q: %s", bad, errOut)
				}
			}
		})
	}
}

// TestErrorDocuments: on a load or configuration error (exit 2) every
// structured format is still a valid document that carries the error:
// JSON's errors, SARIF's invocation (executionSuccessful false, an error
// notification), GitHub's ::error command; stdout is never empty.
func TestErrorDocuments(t *testing.T) {
	bin := binary(t)
	broken := t.TempDir()
	for name, content := range map[string]string{
		"go.mod": "module example.com/broken\n\ngo 1.26.0\n",
		"b.go":   "package broken\n\nfunc f() { undefinedThing() }\n",
	} {
		if err := os.WriteFile(filepath.Join(broken, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	notModule := t.TempDir()
	for _, c := range []struct {
		name, dir string
		args      []string
		want      string
	}{
		{"does not compile", broken, []string{"./..."}, "undefinedThing"},
		{"no packages", broken, []string{"./missing/..."}, "missing"},
		{"not a module", notModule, []string{"./..."}, "no go.mod"},
		{"unknown flag", broken, []string{"-nope"}, "flag provided but not defined"},
	} {
		for _, format := range []string{"json", "sarif", "github"} {
			t.Run(c.name+"/"+format, func(t *testing.T) {
				out, errOut, code := run(t, c.dir, bin, append([]string{"-format", format}, c.args...)...)
				if code != 2 {
					t.Fatalf("exit %d, want 2: %s", code, errOut)
				}
				switch format {
				case "json":
					var doc struct {
						Findings []json.RawMessage `json:"findings"`
						Errors   []string          `json:"errors"`
					}
					if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Findings == nil || len(doc.Errors) != 1 || !strings.Contains(doc.Errors[0], c.want) {
						t.Errorf("JSON document %q (%v), want one error mentioning %q", out, err, c.want)
					}
				case "sarif":
					var log struct {
						Version string `json:"version"`
						Runs    []struct {
							Invocations []struct {
								ExecutionSuccessful bool `json:"executionSuccessful"`
								Notifications       []struct {
									Message struct {
										Text string `json:"text"`
									} `json:"message"`
								} `json:"toolExecutionNotifications"`
							} `json:"invocations"`
						} `json:"runs"`
					}
					if err := json.Unmarshal([]byte(out), &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 ||
						len(log.Runs[0].Invocations) != 1 || log.Runs[0].Invocations[0].ExecutionSuccessful ||
						len(log.Runs[0].Invocations[0].Notifications) != 1 ||
						!strings.Contains(log.Runs[0].Invocations[0].Notifications[0].Message.Text, c.want) {
						t.Errorf("SARIF log %s (%v), want a failed invocation mentioning %q", out, err, c.want)
					}
				case "github":
					if !strings.HasPrefix(out, "::error title=reconcilelint::") || !strings.Contains(out, c.want) {
						t.Errorf("GitHub output %q, want an ::error command mentioning %q", out, c.want)
					}
				}
			})
		}
	}
}

func TestVersionAndExplain(t *testing.T) {
	bin := binary(t)
	out, _, code := run(t, ".", bin, "-version")
	if code != 0 || !strings.HasPrefix(out, "reconcilelint ") {
		t.Errorf("-version: exit %d, output %q", code, out)
	}
	for _, c := range analyzers.All() {
		out, _, code := run(t, ".", bin, "-explain", c.Doc.ID)
		if code != 0 || out != c.Doc.Markdown() {
			t.Errorf("-explain %s: exit %d, output differs from the doc page", c.Doc.ID, code)
		}
	}
}

// TestMain gives the e2e runs a result cache of their own, so that they
// neither read nor fill the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "reconcilelint-e2e-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv(resultcache.EnvVar, dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestResultCache checks that a re-run on unchanged code is answered from
// the result cache with the same findings, that -no-cache neither reads
// nor writes it, and that a changed source file is a new entry.
func TestResultCache(t *testing.T) {
	dir := copyTree(t, operatorDir(t))
	cache := t.TempDir()
	t.Setenv(resultcache.EnvVar, cache)
	entries := func() int {
		t.Helper()
		list, err := filepath.Glob(filepath.Join(cache, "*.json"))
		if err != nil {
			t.Fatal(err)
		}
		return len(list)
	}
	first, code := standalone(t, dir, "./...")
	if n := entries(); n != 1 {
		t.Fatalf("%d cache entries after the first run, want 1", n)
	}
	again, code2 := standalone(t, dir, "./...")
	if !slices.Equal(first, again) || code != code2 {
		t.Errorf("the cached run differs: %d findings (exit %d) first, %d (exit %d) from the cache", len(first), code, len(again), code2)
	}
	// The re-run really reads the entry: emptied, it yields no findings,
	// while -no-cache analyses again (and leaves the entry alone).
	list, _ := filepath.Glob(filepath.Join(cache, "*.json"))
	if len(list) != 1 || len(first) == 0 {
		t.Fatalf("cache entries %v, %d findings", list, len(first))
	}
	if err := os.WriteFile(list[0], []byte("[]"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, c := standalone(t, dir, "./..."); len(got) != 0 || c != 0 {
		t.Errorf("an emptied cache entry gave %d findings (exit %d): the re-run did not read the cache", len(got), c)
	}
	out, _, c := run(t, dir, binary(t), "-no-cache", "-json", "./...")
	if c != code || !strings.Contains(out, `"id"`) || entries() != 1 {
		t.Errorf("-no-cache: exit %d (want %d), findings printed %v, %d cache entries (want 1)", c, code, strings.Contains(out, `"id"`), entries())
	}
	file := filepath.Join(dir, "internal", "controller", "memcached_controller.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(src, "\n// A comment added at the end.\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	changed, _ := standalone(t, dir, "./...")
	if n := entries(); n != 2 {
		t.Errorf("%d cache entries after a source change, want 2", n)
	}
	if !slices.Equal(first, changed) {
		t.Errorf("a trailing comment changed the findings: %d before, %d after", len(first), len(changed))
	}
}

// TestLoadingModes: the go command's own settings hold for loading, as
// they do for go build: GOFLAGS from the environment (-mod=readonly), and
// a go.work workspace above the module (the patterns then name the
// workspace module's directory). Each run finds every BUG marker.
func TestLoadingModes(t *testing.T) {
	bin := binary(t)
	ws := t.TempDir()
	op := filepath.Join(ws, "operator")
	if err := os.Rename(copyTree(t, operatorDir(t)), op); err != nil {
		t.Fatal(err)
	}
	want := expected(t, op)
	t.Run("GOFLAGS=-mod=readonly", func(t *testing.T) {
		t.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=readonly"))
		got, code := standalone(t, op, "-no-cache", "./...")
		diff(t, "-mod=readonly", want, got)
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
	})
	t.Run("go.work", func(t *testing.T) {
		cmd := exec.Command("go", "work", "init", "./operator")
		cmd.Dir = ws
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go work init: %v\n%s", err, out)
		}
		out, errOut, code := run(t, ws, bin, "-json", "./operator/...")
		if code != 1 {
			t.Fatalf("in a workspace: exit %d, want 1: %s", code, errOut)
		}
		got := decodeFindings(t, out, ws)
		for i := range got {
			got[i].File = strings.TrimPrefix(got[i].File, "operator/")
		}
		diff(t, "go.work", want, got)
	})
}

// TestRootsListing: -roots lists, per package of the example operator,
// the reconcile roots the checks analyse from (every reconciler's
// Reconcile, with its kind and request parameter), as text and as a JSON
// document, and a package without roots is listed with none; a format
// other than text or json is a usage error.
// rootsDoc is the document of -roots -json.
type rootsDoc struct {
	Packages []struct {
		Package string
		Roots   []struct{ Function, Kind, Position, Request string }
	}
}

// listRoots runs -roots -json ./... in dir and decodes its document.
func listRoots(t *testing.T, bin, dir string) rootsDoc {
	t.Helper()
	out, stderr, code := run(t, dir, bin, "-roots", "-json", "./...")
	if code != 0 {
		t.Fatalf("-roots -json: exit %d: %s", code, stderr)
	}
	var doc rootsDoc
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("-roots -json is no JSON document: %v\n%s", err, out)
	}
	return doc
}

func TestRootsListing(t *testing.T) {
	bin := binary(t)
	dir := operatorDir(t)
	doc := listRoots(t, bin, dir)
	got := map[string]string{}
	packages := map[string]int{}
	for _, p := range doc.Packages {
		packages[p.Package] = len(p.Roots)
		for _, r := range p.Roots {
			got[r.Function] = r.Kind + " " + r.Request
			if !strings.Contains(r.Position, ".go:") {
				t.Errorf("root %s: position %q", r.Function, r.Position)
			}
		}
	}
	for fn, want := range map[string]string{
		"(*MemcachedReconciler).Reconcile":  "R1a Reconcile(ctx, Request) req",
		"(*PullSecretReconciler).Reconcile": "R1b ObjectReconciler sa",
	} {
		if got[fn] != want {
			t.Errorf("root %s: got %q, want %q", fn, got[fn], want)
		}
	}
	if n, ok := packages["github.com/reconcilelint/example-operator/api/v1alpha1"]; !ok || n != 0 {
		t.Errorf("the API package is listed with %d root(s) (listed: %v), want 0", n, ok)
	}
	text, _, code := run(t, dir, bin, "-roots", "./internal/controller")
	if code != 0 || !strings.Contains(text, "internal/controller: ") || !strings.Contains(text, "(*MemcachedReconciler).Reconcile (R1a Reconcile(ctx, Request), keyed by req)") {
		t.Errorf("-roots text: exit %d, output:\n%s", code, text)
	}
	if _, stderr, code := run(t, dir, bin, "-roots", "-format", "sarif", "./..."); code != 2 || !strings.Contains(stderr, "-roots") {
		t.Errorf("-roots -format sarif: exit %d (want 2), stderr %q", code, stderr)
	}
}
