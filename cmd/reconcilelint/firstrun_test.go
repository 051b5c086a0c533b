package main_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// FirstRunEnv names the environment variable that enables TestFirstRun.
// The test compiles the linter and all of the example operator's
// dependencies from empty caches, which takes minutes, so `go test ./...`
// skips it and .ci/run runs it on its own:
//
//	RECONCILELINT_FIRSTRUN=1 go test -run TestFirstRun ./cmd/reconcilelint
const FirstRunEnv = "RECONCILELINT_FIRSTRUN"

// TestFirstRun is a new user's first run, hermetic: a copy of the working
// tree (what a fresh clone holds), an empty module cache, an empty build
// cache and an empty result cache, with modules served by a file proxy
// made of the module cache this machine already has (no network). The
// README's first command must exit 1 with every finding of the example
// operator on this first run, while go downloads every module, and
// -format sarif must then give the same results as a valid SARIF log.
// Last, the operator is vendored (go mod vendor) and analysed again from
// vendor/.
func TestFirstRun(t *testing.T) {
	if os.Getenv(FirstRunEnv) == "" {
		t.Skipf("set %s=1 to run the first-run e2e (minutes: it builds from empty caches)", FirstRunEnv)
	}
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	proxy := filepath.Join(goEnv(t, "GOMODCACHE"), "cache", "download")
	if _, err := os.Stat(proxy); err != nil {
		t.Fatalf("no module download cache to serve as the file proxy: %v", err)
	}
	work := t.TempDir()
	clone := filepath.Join(work, "clone")
	copyWorkingTree(t, repo, clone)
	modcache := filepath.Join(work, "modcache")
	t.Cleanup(func() { _ = exec.Command("chmod", "-R", "u+w", modcache).Run() })
	env := append(os.Environ(),
		"GOMODCACHE="+modcache,
		"GOCACHE="+filepath.Join(work, "gocache"),
		"GOPROXY=file://"+filepath.ToSlash(proxy),
		"GOSUMDB=off", // go.sum has every hash
		"GONOSUMDB=", "GOPRIVATE=", "GONOPROXY=",
		"GOTOOLCHAIN=local",
		"GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -modcacherw"),
		"RECONCILELINT_CACHE="+filepath.Join(work, "results"),
	)
	var stamps *stampedLines
	readme := func(args ...string) (string, string, int) {
		t.Helper()
		cmd := exec.Command("go", append([]string{"run", "./cmd/reconcilelint", "-C", "testdata/operator"}, args...)...)
		cmd.Dir, cmd.Env = clone, env
		var o bytes.Buffer
		stamps = &stampedLines{}
		cmd.Stdout, cmd.Stderr = &o, stamps
		start := time.Now()
		err := cmd.Run()
		e := stamps.all
		t.Logf("go run ./cmd/reconcilelint -C testdata/operator %s: %v", strings.Join(args, " "), time.Since(start).Round(time.Second))
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e, code
	}

	// The README's first command, on the first run.
	out, errOut, code := readme("./...")
	if code != 1 {
		t.Fatalf("first run: exit %d, want 1 (findings)\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	// Not on a terminal, as in CI: progress lines on stderr, the counts of
	// packages, a few seconds apart at least, and nothing else but the go
	// command's own lines (go run fetches the linter's modules, and says
	// the exit status).
	var progress []stampedLine
	for _, l := range stamps.lines {
		switch {
		case strings.HasPrefix(l.text, "go: "), goRunExit.MatchString(l.text):
		case ciProgressLine.MatchString(l.text):
			progress = append(progress, l)
		default:
			t.Errorf("first run: stderr line %q is no progress line", l.text)
		}
	}
	if len(progress) == 0 {
		t.Errorf("first run: no progress line on stderr in minutes of work")
	}
	for i := 1; i < len(progress); i++ {
		if gap := progress[i].at.Sub(progress[i-1].at); gap < 4*time.Second {
			t.Errorf("first run: progress lines %v apart (%q after %q), want 5s at least", gap.Round(time.Millisecond), progress[i].text, progress[i-1].text)
		}
	}
	if len(progress) > 0 {
		t.Logf("first run: %d progress lines, the last %q", len(progress), progress[len(progress)-1].text)
	}
	want := expected(t, filepath.Join(clone, "testdata", "operator"))
	diffRun(t, "first run", want, textFindings(t, out), errOut)

	// The same results as SARIF (from the result cache now).
	sarifOut, errOut, code := readme("-format", "sarif", "./...")
	if code != 1 {
		t.Fatalf("-format sarif: exit %d, want 1\n%s", code, errOut)
	}
	validSARIF(t, filepath.Join(repo, "internal", "report", "testdata", "sarif-schema-2.1.0.json"), sarifOut)
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine int `json:"startLine"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(sarifOut), &log); err != nil || len(log.Runs) != 1 {
		t.Fatalf("SARIF output: %v", err)
	}
	var got []finding
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		got = append(got, finding{strings.TrimPrefix(loc.ArtifactLocation.URI, "testdata/operator/"), loc.Region.StartLine, r.RuleID})
	}
	sortFindings(got)
	diffRun(t, "first run, -format sarif", want, got, errOut)

	// A vendored module: go selects -mod=vendor by itself when vendor/
	// is there, and every package then loads from it.
	vendor := exec.Command("go", "mod", "vendor")
	vendor.Dir, vendor.Env = filepath.Join(clone, "testdata", "operator"), env
	if out, err := vendor.CombinedOutput(); err != nil {
		t.Fatalf("go mod vendor: %v\n%s", err, out)
	}
	out, errOut, code = readme("-no-cache", "./...")
	if code != 1 {
		t.Fatalf("vendored: exit %d, want 1\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	diffRun(t, "vendored", want, textFindings(t, out), errOut)
}

// diffRun is diff for one run of the command, with what the run wrote on
// stderr when its findings differ: a run that failed (go run exits 1 for
// any failure of the program, as for findings) says why in CI's log.
func diffRun(t *testing.T, mode string, want, got []finding, stderr string) {
	t.Helper()
	if !slices.Equal(want, got) {
		t.Logf("%s: stderr of the run:\n%s", mode, stderr)
	}
	diff(t, mode, want, got)
}

// ciProgressLine matches a progress line the command prints when stderr
// is not a terminal: the phase, or the counts and the package analysed last.
var ciProgressLine = regexp.MustCompile(`^reconcilelint: (resolving packages|compiling|dependencies \d+/\d+, packages \d+/\d+) \(\d+[0-9hms.]*\)(: \S+)?$`)

// goRunExit matches the line go run prints when the program exits with a
// non-zero status.
var goRunExit = regexp.MustCompile(`^exit status \d+$`)

// stampedLines is an io.Writer that keeps what is written and the time
// each complete line arrived.
type stampedLines struct {
	mu      sync.Mutex
	all     string
	partial string
	lines   []stampedLine
}

type stampedLine struct {
	at   time.Time
	text string
}

func (s *stampedLines) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	s.all += string(p)
	s.partial += string(p)
	for {
		i := strings.IndexByte(s.partial, '\n')
		if i < 0 {
			break
		}
		s.lines = append(s.lines, stampedLine{now, s.partial[:i]})
		s.partial = s.partial[i+1:]
	}
	return len(p), nil
}

var textLineRE = regexp.MustCompile(`^(.+\.go):(\d+):\d+: .*\[(RL\d{4})\]$`)

// textFindings parses the text output of a run in the repository with -C
// testdata/operator (one finding a line, the file relative to the working
// directory) into findings relative to the operator.
func textFindings(t *testing.T, out string) []finding {
	t.Helper()
	var fs []finding
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		m := textLineRE.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("not a finding line: %q", line)
			continue
		}
		n, _ := strconv.Atoi(m[2])
		fs = append(fs, finding{strings.TrimPrefix(filepath.ToSlash(m[1]), "testdata/operator/"), n, m[3]})
	}
	sortFindings(fs)
	return fs
}

// copyWorkingTree copies the files git tracks, and the untracked files it
// does not ignore, as they are in the working tree: what a fresh clone of
// the change holds.
func copyWorkingTree(t *testing.T, repo, dst string) {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = repo
	list, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, name := range strings.Split(strings.TrimRight(string(list), "\x00"), "\x00") {
		src := filepath.Join(repo, name)
		fi, err := os.Lstat(src)
		if err != nil || !fi.Mode().IsRegular() {
			continue // deleted in the working tree, or a link
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		target := filepath.Join(dst, name)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(target, data, fi.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}

func goEnv(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

func validSARIF(t *testing.T, schemaPath, doc string) {
	t.Helper()
	f, err := os.Open(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	schemaDoc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif.json", schemaDoc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("sarif.json")
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(doc))
	if err != nil {
		t.Fatalf("SARIF output is not JSON: %v", err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("SARIF output does not match the SARIF 2.1.0 schema: %v", err)
	}
}
