package plugin_test

// The end-to-end test of the plugin inside a real golangci-lint: it builds
// the wrapper module in testdata/golangci (golangci-lint's commands.Execute
// plus a blank import of this package, which is what `golangci-lint custom`
// builds) and runs it on copies of the example operator with the
// .golangci.yml of plugin/README.md.
//
// Building golangci-lint takes minutes, so the binary is cached: in
// $RECONCILELINT_E2E_CACHE when set (CI points it at a directory kept for
// the run), else in a directory under the system temp dir, named by a hash
// of the wrapper module and of every source file of this module that the
// plugin is built from. Skipped with -short.

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/gopathtree"
	"github.com/reconcilelint/reconcilelint/plugin"
)

const (
	repoRoot    = ".."
	wrapperDir  = "../testdata/golangci"
	operatorDir = "../testdata/operator"
	readmePath  = "README.md"
	modulePath  = "github.com/reconcilelint/reconcilelint"

	// cacheEnv names the directory that keeps the built binary.
	cacheEnv = "RECONCILELINT_E2E_CACHE"
	// exitFailure is golangci-lint's exit code for a failed run
	// (exitcodes.Failure).
	exitFailure = 3
)

// runFlags make golangci-lint report every reconcilelint finding and
// nothing else: only the linters the configuration enables, no caps on
// the number of issues, several findings on one line kept.
var runFlags = []string{
	"--default=none",
	"--max-issues-per-linter=0",
	"--max-same-issues=0",
	"--uniq-by-line=false",
	"--show-stats=false",
}

// readmeBlock returns the fenced code block of plugin/README.md whose first line
// is the comment "# <name>", without that line.
func readmeBlock(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile("(?ms)^```yaml\n# " + regexp.QuoteMeta(name) + "\n(.*?)^```$")
	m := re.FindAllSubmatch(data, -1)
	if len(m) != 1 {
		t.Fatalf("%s: want one ```yaml block starting with %q, found %d", readmePath, "# "+name, len(m))
	}
	return string(m[0][1])
}

// TestReadmeCustomGCL: the .custom-gcl.yml of the README builds the
// golangci-lint release that the wrapper module requires, with this
// module's plugin package (from a path or a version), which the wrapper
// imports.
func TestReadmeCustomGCL(t *testing.T) {
	var cfg struct {
		Version string `yaml:"version"`
		Plugins []struct {
			Module  string `yaml:"module"`
			Import  string `yaml:"import"`
			Version string `yaml:"version"`
			Path    string `yaml:"path"`
		} `yaml:"plugins"`
	}
	if err := yaml.Unmarshal([]byte(readmeBlock(t, ".custom-gcl.yml")), &cfg); err != nil {
		t.Fatalf(".custom-gcl.yml: %v", err)
	}
	want := golangciVersion()
	if want == "?" {
		t.Fatalf("%s/go.mod does not require golangci-lint/v2", wrapperDir)
	}
	if cfg.Version != want {
		t.Errorf(".custom-gcl.yml version = %q, want %q, the version that %s/go.mod tests", cfg.Version, want, wrapperDir)
	}
	if len(cfg.Plugins) != 1 || cfg.Plugins[0].Module != modulePath || cfg.Plugins[0].Import != modulePath+"/plugin" ||
		(cfg.Plugins[0].Version == "") == (cfg.Plugins[0].Path == "") {
		t.Errorf(".custom-gcl.yml plugins = %+v, want module %s, import %s/plugin and a version or a path", cfg.Plugins, modulePath, modulePath)
	}
	mainGo, err := os.ReadFile(filepath.Join(wrapperDir, "main.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(mainGo, []byte(`_ "`+modulePath+`/plugin"`)) {
		t.Errorf("%s/main.go does not import the plugin", wrapperDir)
	}
}

// TestReadmeSettings: the settings of the README's .golangci.yml are
// valid plugin settings.
func TestReadmeSettings(t *testing.T) {
	var cfg struct {
		Linters struct {
			Enable   []string `yaml:"enable"`
			Settings struct {
				Custom map[string]struct {
					Type     string `yaml:"type"`
					Settings any    `yaml:"settings"`
				} `yaml:"custom"`
			} `yaml:"settings"`
		} `yaml:"linters"`
	}
	if err := yaml.Unmarshal([]byte(readmeBlock(t, ".golangci.yml")), &cfg); err != nil {
		t.Fatalf(".golangci.yml: %v", err)
	}
	if !slices.Contains(cfg.Linters.Enable, plugin.Name) {
		t.Errorf(".golangci.yml does not enable %s", plugin.Name)
	}
	c, ok := cfg.Linters.Settings.Custom[plugin.Name]
	if !ok || c.Type != "module" {
		t.Fatalf(".golangci.yml: no custom linter %s of type module", plugin.Name)
	}
	if _, err := plugin.New(c.Settings); err != nil {
		t.Errorf(".golangci.yml settings: %v", err)
	}
}

// finding is one reconcilelint issue (or expected finding): file relative
// to the operator's root, line and check ID.
type finding struct {
	File string
	Line int
	ID   string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.ID) }

// issue is the part of golangci-lint's JSON issue that the test reads.
type issue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename string
		Line     int
	}
	SuggestedFixes []json.RawMessage
}

// TestE2EFindings: golangci-lint reports, as the linter reconcilelint,
// exactly the findings that the BUG markers of the registered checks
// expect, and exits 1 for them.
func TestE2EFindings(t *testing.T) {
	bin := golangciBinary(t)
	dir := operatorCopy(t)
	issues, code, stderr := run(t, bin, dir)
	want := markers(t, dir)
	checkFindings(t, dir, issues, want)
	wantCode := 0
	if len(want) > 0 {
		wantCode = 1
	}
	if code != wantCode {
		t.Errorf("exit code %d, want %d; stderr:\n%s", code, wantCode, stderr)
	}
}

// TestE2EFix: --fix applies every suggested fix that golangci-lint
// reports (the plugin withholds a fix that overlaps an earlier one), the
// result compiles, and only the findings that had no fix are left.
func TestE2EFix(t *testing.T) {
	bin := golangciBinary(t)
	dir := operatorCopy(t)
	before, _, _ := run(t, bin, dir)
	fixable := 0
	for _, is := range before {
		if len(is.SuggestedFixes) > 0 {
			fixable++
		}
	}
	if fixable == 0 {
		t.Skip("no finding of the registered checks on the operator has a suggested fix")
	}
	orig := readGoFiles(t, dir)

	cmd := command(t, bin, dir, append([]string{"run", "--config", filepath.Join(dir, ".golangci.yml")}, append(runFlags, "--fix", "./...")...)...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("golangci-lint run --fix: %v\n%s", err, stderr.String())
	}
	changed := 0
	for name, data := range readGoFiles(t, dir) {
		if !bytes.Equal(data, orig[name]) {
			changed++
		}
	}
	if changed == 0 {
		t.Fatalf("--fix changed no file; %d findings have fixes\n%s", fixable, stderr.String())
	}

	build := exec.Command("go", "build", "./...")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("the fixed operator does not compile: %v\n%s", err, out)
	}

	after, _, stderrAfter := run(t, bin, dir)
	// The count falls. It may fall by more than the fixes applied: one fix
	// can mend two findings (RL1001's fix moves the stamp and the status
	// write under a DeepEqual, which also guards the write RL2001 reports).
	if got := len(after); got >= len(before) {
		t.Errorf("after --fix: %d findings, want fewer than %d (%d with fixes)\n%s", got, len(before), fixable, stderrAfter)
	}
	// A finding that had no fix, on a line the fixes left as it was, is
	// still reported (at that line's new place): --fix removes findings
	// only by changing their code.
	fixed := readGoFiles(t, dir)
	left := map[finding]bool{}
	for _, f := range toFindings(t, dir, after) {
		left[f] = true
	}
	for i := range before {
		if len(before[i].SuggestedFixes) > 0 {
			continue
		}
		f := toFindings(t, dir, before[i:i+1])[0]
		text := strings.Split(string(orig[f.File]), "\n")[f.Line-1]
		var at []int
		for j, l := range strings.Split(string(fixed[f.File]), "\n") {
			if l == text {
				at = append(at, j+1)
			}
		}
		if len(at) == 1 && !left[finding{f.File, at[0], f.ID}] {
			t.Errorf("after --fix: %s (no fix, its line untouched at %s:%d) is no longer reported", f, f.File, at[0])
		}
	}
	// The findings left are still on their markers (a fix may add an
	// import and move lines).
	wantLeft := map[finding]bool{}
	for _, f := range markers(t, dir) {
		wantLeft[f] = true
	}
	for _, f := range toFindings(t, dir, after) {
		if !wantLeft[f] {
			t.Errorf("after --fix: finding %s is not on a marker", f)
		}
	}
}

// TestE2ENolint: //nolint:reconcilelint on the line of a finding
// suppresses it, and only it.
func TestE2ENolint(t *testing.T) {
	bin := golangciBinary(t)
	dir := operatorCopy(t)
	want := markers(t, dir)
	if len(want) == 0 {
		t.Skip("no marker of a registered check in the operator")
	}
	target := want[0]
	path := filepath.Join(dir, filepath.FromSlash(target.File))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	l := lines[target.Line-1]
	i := strings.Index(l, "// BUG(")
	if i < 0 {
		t.Fatalf("%s: no marker on line %d", target.File, target.Line)
	}
	lines[target.Line-1] = l[:i] + "//nolint:reconcilelint // " + l[i+len("// "):]
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	var left []finding
	for _, f := range want {
		if f.File != target.File || f.Line != target.Line {
			left = append(left, f)
		}
	}
	issues, _, _ := run(t, bin, dir)
	checkFindings(t, dir, issues, left)
}

// TestE2EBadSetting: a mistake in the settings stops golangci-lint with an
// error that names the plugin and the mistake.
func TestE2EBadSetting(t *testing.T) {
	bin := golangciBinary(t)
	dir := operatorCopy(t)
	cfgPath := filepath.Join(dir, ".golangci.yml")
	cfg, err := os.ReadFile(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	bad := regexp.MustCompile(`(?m)^(\s+)enable:`).ReplaceAll(cfg, []byte("${1}enabel:"))
	if bytes.Equal(bad, cfg) {
		t.Fatal("the README's .golangci.yml has no settings key enable: to misspell")
	}
	if err := os.WriteFile(cfgPath, bad, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := command(t, bin, dir, append([]string{"run", "--config", cfgPath}, append(runFlags, "./...")...)...)
	out, err := cmd.CombinedOutput()
	if err == nil || cmd.ProcessState.ExitCode() != exitFailure {
		t.Fatalf("golangci-lint with a misspelled setting: %v, want exit code %d\n%s", err, exitFailure, out)
	}
	for _, w := range []string{"plugin(reconcilelint)", `unknown key "enabel"`, "valid keys: enable, disable"} {
		if !bytes.Contains(out, []byte(w)) {
			t.Errorf("output does not contain %q:\n%s", w, out)
		}
	}
}

// checkFindings compares the reconcilelint issues with the expected
// findings, as sorted lists.
func checkFindings(t *testing.T, dir string, issues []issue, want []finding) {
	t.Helper()
	got := toFindings(t, dir, issues)
	if !slices.Equal(got, want) {
		t.Errorf("findings differ\n got: %v\nwant: %v", got, want)
	}
}

// toFindings turns issues into sorted findings; an issue of another
// linter, or whose text does not start with a registered check's name, is
// an error.
func toFindings(t *testing.T, dir string, issues []issue) []finding {
	t.Helper()
	var out []finding
	for _, is := range issues {
		if is.FromLinter != plugin.Name {
			t.Errorf("issue from linter %q: %s:%d: %s", is.FromLinter, is.Pos.Filename, is.Pos.Line, is.Text)
			continue
		}
		name, _, ok := strings.Cut(is.Text, ": ")
		c, known := analyzers.Lookup(name)
		if !ok || !known || c.Doc.Name != name {
			t.Errorf("issue text does not start with a check name: %q", is.Text)
			continue
		}
		file := is.Pos.Filename
		if filepath.IsAbs(file) {
			if rel, err := filepath.Rel(dir, file); err == nil {
				file = rel
			}
		}
		out = append(out, finding{filepath.ToSlash(file), is.Pos.Line, c.Doc.ID})
	}
	sortFindings(out)
	return out
}

var markerRE = regexp.MustCompile(`// BUG\(([A-Z0-9, ]+)\):`)

// markers returns the expected findings: the BUG(RLxxxx) markers of the
// registered checks in the Go files under dir, sorted.
func markers(t *testing.T, dir string) []finding {
	t.Helper()
	registered := map[string]bool{}
	for _, c := range analyzers.All() {
		registered[c.Doc.ID] = true
	}
	var out []finding
	for name, data := range readGoFiles(t, dir) {
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range markerRE.FindAllStringSubmatch(line, -1) {
				for _, id := range strings.Split(m[1], ",") {
					if id = strings.TrimSpace(id); registered[id] {
						out = append(out, finding{name, i + 1, id})
					}
				}
			}
		}
	}
	sortFindings(out)
	return out
}

func sortFindings(fs []finding) {
	slices.SortFunc(fs, func(a, b finding) int {
		return strings.Compare(fmt.Sprintf("%s\x00%08d\x00%s", a.File, a.Line, a.ID), fmt.Sprintf("%s\x00%08d\x00%s", b.File, b.Line, b.ID))
	})
}

// readGoFiles returns the .go files under dir by slash-separated relative
// path.
func readGoFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// operatorCopy copies the example operator into a temporary directory and
// writes the README's .golangci.yml at its root.
func operatorCopy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(operatorDir)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(readmeBlock(t, ".golangci.yml")), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// run runs golangci-lint on ./... in dir with its .golangci.yml and
// returns the issues from the JSON output, the exit code and stderr. An
// exit code other than 0 (no issues) and 1 (issues) fails the test.
func run(t *testing.T, bin, dir string) ([]issue, int, string) {
	t.Helper()
	args := append([]string{"run", "--config", filepath.Join(dir, ".golangci.yml"), "--output.json.path", "stdout"}, runFlags...)
	cmd := command(t, bin, dir, append(args, "./...")...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	t.Logf("golangci-lint run: %v", time.Since(start).Round(time.Millisecond))
	code := cmd.ProcessState.ExitCode()
	if err != nil && code != 1 {
		t.Fatalf("golangci-lint run: %v\nstderr:\n%s", err, stderr.String())
	}
	var res struct{ Issues []issue }
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("golangci-lint JSON output: %v\n%s\nstderr:\n%s", err, stdout.String(), stderr.String())
	}
	return res.Issues, code, stderr.String()
}

// command returns a golangci-lint command in dir, with golangci-lint's
// cache next to the binary and no go.work.
func command(t *testing.T, bin, dir string, args ...string) *exec.Cmd {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	t.Cleanup(cancel)
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOLANGCI_LINT_CACHE="+filepath.Join(filepath.Dir(bin), "golangci-lint-cache"))
	return cmd
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// golangciBinary returns the path of the wrapper binary, building it when
// the cache has none for the current sources. It skips the test with
// -short.
func golangciBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds golangci-lint: skipped with -short")
	}
	buildOnce.Do(func() { binPath, buildErr = buildWrapper(t) })
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func buildWrapper(t *testing.T) (string, error) {
	key, err := sourceKey()
	if err != nil {
		return "", err
	}
	cache := os.Getenv(cacheEnv)
	if cache == "" {
		cache = filepath.Join(os.TempDir(), "reconcilelint-e2e")
	}
	if cache, err = filepath.Abs(cache); err != nil {
		return "", err
	}
	if err := os.MkdirAll(cache, 0o755); err != nil {
		return "", err
	}
	bin := filepath.Join(cache, "golangci-lint-rl-"+key[:16])
	if _, err := os.Stat(bin); err == nil {
		t.Logf("golangci-lint with the plugin: cached %s", bin)
		return bin, nil
	}
	// Drop binaries built from older sources.
	old, _ := filepath.Glob(filepath.Join(cache, "golangci-lint-rl-*"))
	for _, o := range old {
		_ = os.Remove(o)
	}
	tmp := fmt.Sprintf("%s.tmp%d", bin, os.Getpid())
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", tmp, ".")
	cmd.Dir = wrapperDir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		_ = os.Remove(tmp)
		return "", fmt.Errorf("build golangci-lint with the plugin (go build in %s): %v\n%s\n"+
			"If go.mod or go.sum need updates there, run go mod tidy in %[1]s. If the build fails inside golangci-lint "+
			"or one of its dependencies, a requirement of this module (see %s/go.mod) raises a module above the version "+
			"golangci-lint %s was built with: lower that requirement.", wrapperDir, err, out, repoRoot, golangciVersion())
	}
	if err := os.Rename(tmp, bin); err != nil {
		return "", err
	}
	t.Logf("golangci-lint with the plugin: built %s in %v", bin, time.Since(start).Round(time.Second))
	return bin, nil
}

// golangciVersion returns the golangci-lint version that the wrapper
// requires, or "?".
func golangciVersion() string {
	gomod, err := os.ReadFile(filepath.Join(wrapperDir, "go.mod"))
	if err != nil {
		return "?"
	}
	m := golangciRequireRE.FindSubmatch(gomod)
	if m == nil {
		return "?"
	}
	return string(m[1])
}

var golangciRequireRE = regexp.MustCompile(`(?m)^\s*(?:require\s+)?github\.com/golangci/golangci-lint/v2 (v\S+)`)

// sourceKey hashes what the binary is built from: the wrapper module and
// the Go files of every package of this module that the plugin imports,
// with the root go.mod and go.sum and the Go version.
func sourceKey() (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "reconcilelint-e2e v1 %s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
	files := []string{
		filepath.Join(wrapperDir, "go.mod"),
		filepath.Join(wrapperDir, "go.sum"),
		filepath.Join(wrapperDir, "main.go"),
		filepath.Join(repoRoot, "go.mod"),
		filepath.Join(repoRoot, "go.sum"),
	}
	list := exec.Command("go", "list", "-deps", "-f",
		`{{with .Module}}{{if eq .Path "`+modulePath+`"}}{{$.Dir}}{{range $.GoFiles}} {{.}}{{end}}{{range $.CgoFiles}} {{.}}{{end}}{{range $.EmbedFiles}} {{.}}{{end}}{{end}}{{end}}`,
		"./plugin")
	list.Dir = repoRoot
	list.Env = append(os.Environ(), "GOWORK=off")
	out, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("go list the plugin's packages: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		for _, f := range fields[1:] {
			files = append(files, filepath.Join(fields[0], f))
		}
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s %d\n", filepath.Base(f), len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// TestE2EGOPATHVendored: on the GOPATH-era operator of package gopathtree
// (GO111MODULE=off, its client libraries vendored, so every API package
// has a path under example.com/legacyop/vendor/), golangci-lint with the
// plugin reports the BUG markers, as on a module.
func TestE2EGOPATHVendored(t *testing.T) {
	bin := golangciBinary(t)
	root := t.TempDir()
	dir, err := gopathtree.Make(root)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(readmeBlock(t, ".golangci.yml")), 0o644); err != nil {
		t.Fatal(err)
	}
	for k, v := range gopathtree.Env(root) {
		t.Setenv(k, v)
	}
	issues, code, stderr := run(t, bin, dir)
	want := markers(t, dir)
	checkFindings(t, dir, issues, want)
	if code != 1 {
		t.Errorf("exit code %d, want 1; stderr:\n%s", code, stderr)
	}
}
