package main_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// verifyProperties are verify.AllProperties, the subtests verify.Run
// runs (the root module does not import the verify module).
var verifyProperties = []string{
	"Idempotent", "Converges", "NoHotLoop", "NotFoundIsSuccess", "Deletion",
	"Deterministic", "CrashSafe", "TransientErrors", "StaleReads", "HistoryIndependent",
}

// scaffolded are the tests -scaffold-verify writes for the example
// operator: one per reconciler with a SetupWithManager, in the test file
// of the file that declares it.
var scaffolded = map[string]string{
	"internal/controller/configmap_propagator_verify_test.go":   "TestVerifyConfigMapPropagatorReconciler",
	"internal/controller/cronjob_controller_verify_test.go":     "TestVerifyCronJobReconciler",
	"internal/controller/database_controller_verify_test.go":    "TestVerifyDatabaseReconciler",
	"internal/controller/memcached_controller_verify_test.go":   "TestVerifyMemcachedReconciler",
	"internal/controller/nodestorage_controller_verify_test.go": "TestVerifyNodeStorageReconciler",
	"internal/controller/pullsecret_controller_verify_test.go":  "TestVerifyPullSecretReconciler",
	"internal/controller/webapp_controller_verify_test.go":      "TestVerifyWebAppReconciler",
}

// wiring is what FromSetup must record from each reconciler's own
// SetupWithManager (testdata/wiring_test.go.txt prints it): For first,
// then Owns and Watches; WithEventFilter puts its predicate on every
// watch.
var wiring = map[string]string{
	"Memcached":           "Memcached (primary), 1 predicate(s); Deployment",
	"CronJob":             "CronJob (primary); Job",
	"Database":            "Database (primary), 1 predicate(s); StatefulSet; Job",
	"WebApp":              "WebApp (primary), 1 predicate(s); Deployment; ConfigMap",
	"ConfigMapPropagator": "ConfigMap (primary), 1 predicate(s); Namespace, 1 predicate(s)",
	"PullSecret":          "ServiceAccount (primary); Secret",
	"NodeStorage":         "Node (primary), 1 predicate(s)",
}

// goIn runs the go command in dir, outside any workspace, and fails the
// test when it fails.
func goIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, errOut, code := runEnv(t, dir, []string{"GOWORK=off", "GOFLAGS=-mod=mod"}, "go", args...)
	if code != 0 {
		t.Fatalf("go %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
	return out + errOut
}

// TestScaffoldVerify: -scaffold-verify on a copy of the example operator
// writes one test per reconciler that has a SetupWithManager and refuses
// to overwrite them on a second run. With the verify module replaced by
// this repository's, the copy vets, and the generated tests compile and
// run to property verdicts (the reconcilers are buggy on purpose, so some
// fail, with reports, and none is a setup error), together with TestWiring,
// which checks the wiring verify.FromSetup records from each reconciler's
// own SetupWithManager. Both run under the operator's controller-runtime
// (v0.25.2) and, after a downgrade, under verify's oldest (v0.23.0).
func TestScaffoldVerify(t *testing.T) {
	bin := binary(t)
	dir := copyTree(t, operatorDir(t))
	out, errOut, code := run(t, dir, bin, "-scaffold-verify", "./...")
	if code != 0 {
		t.Fatalf("-scaffold-verify: exit %d\n%s%s", code, out, errOut)
	}
	written := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		file, tests, _ := strings.Cut(line, "\t")
		written[filepath.ToSlash(file)] = tests
	}
	if fmt.Sprint(written) != fmt.Sprint(scaffolded) {
		t.Fatalf("-scaffold-verify wrote\n%v\nwant\n%v", written, scaffolded)
	}
	if !strings.Contains(errOut, "GeneratedMemcachedReconciler: no SetupWithManager") {
		t.Errorf("stderr does not say that GeneratedMemcachedReconciler (no SetupWithManager) was skipped:\n%s", errOut)
	}
	before := snapshot(t, dir)
	_, errOut, code = run(t, dir, bin, "-scaffold-verify", "./...")
	if lines := strings.Split(strings.TrimSpace(errOut), "\n"); code != 2 || !strings.Contains(lines[len(lines)-1], "already exists") {
		t.Errorf("second -scaffold-verify: exit %d, stderr %q; want exit 2 and an error saying the file already exists", code, errOut)
	}
	if after := snapshot(t, dir); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Error("the second -scaffold-verify changed files")
	}

	_, file, _, _ := runtime.Caller(0)
	verifyDir, err := filepath.Abs(filepath.Join(filepath.Dir(file), "..", "..", "verify"))
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := os.ReadFile(filepath.Join(filepath.Dir(file), "testdata", "wiring_test.go.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "internal", "controller", "wiring_test.go"), tmpl, 0o644); err != nil {
		t.Fatal(err)
	}
	const verifyMod = "github.com/reconcilelint/reconcilelint/verify"
	goIn(t, dir, "mod", "edit", "-require="+verifyMod+"@v0.0.0-00010101000000-000000000000", "-replace="+verifyMod+"="+verifyDir)
	goIn(t, dir, "mod", "tidy")
	goIn(t, dir, "vet", "./...")

	for _, v := range []struct{ cr, k8s string }{{"v0.25.2", ""}, {"v0.23.0", "v0.35.0"}} {
		t.Run("controller-runtime-"+v.cr, func(t *testing.T) {
			if v.k8s != "" {
				goIn(t, dir, "get", "sigs.k8s.io/controller-runtime@"+v.cr, "k8s.io/api@"+v.k8s, "k8s.io/apimachinery@"+v.k8s, "k8s.io/client-go@"+v.k8s)
			}
			if got := strings.TrimSpace(goIn(t, dir, "list", "-m", "-f", "{{.Version}}", "sigs.k8s.io/controller-runtime")); got != v.cr {
				t.Fatalf("the copy builds with controller-runtime %s, want %s", got, v.cr)
			}
			out, errOut, code := runEnv(t, dir, []string{"GOWORK=off"}, "go", "test", "-count=1", "-v", "-run", "^(TestVerify|TestWiring)", "./internal/controller/")
			if code != 0 && code != 1 || strings.Contains(out, "[build failed]") {
				t.Fatalf("go test: exit %d (want 0 or 1: the tests compile and run)\n%s%s", code, out, errOut)
			}
			checkScaffoldedRun(t, out)
			checkWiring(t, out)
		})
	}
}

var (
	subtestRE   = regexp.MustCompile(`(?m)^\s*--- (PASS|FAIL|SKIP): (TestVerify\w+)/(\w+) `)
	setupFailRE = regexp.MustCompile(`(?m)^\s+[\w.]+:\d+: \w+: setup: `)
)

// checkScaffoldedRun checks that every generated test ran every property
// to a verdict, that none is a setup error, and that failures come with
// reports.
func checkScaffoldedRun(t *testing.T, out string) {
	t.Helper()
	ran := map[string]map[string]string{}
	for _, m := range subtestRE.FindAllStringSubmatch(out, -1) {
		if ran[m[2]] == nil {
			ran[m[2]] = map[string]string{}
		}
		ran[m[2]][m[3]] = m[1]
	}
	fails := 0
	for _, test := range scaffolded {
		for _, p := range verifyProperties {
			switch ran[test][p] {
			case "":
				t.Errorf("%s/%s did not run to a verdict", test, p)
			case "FAIL":
				fails++
			}
		}
	}
	if m := setupFailRE.FindString(out); m != "" || strings.Contains(out, "verify: FromSetup") {
		t.Errorf("a generated test reports a setup error: %q\n%s", m, out)
	}
	if fails == 0 || !strings.Contains(out, "trace (") {
		t.Errorf("no property of the buggy reconcilers failed with a report:\n%s", out)
	}
}

var (
	wiringRE  = regexp.MustCompile(`(?m)^WIRING (\w+): (.*)$`)
	verdictRE = regexp.MustCompile(`(?m)^VERDICT (\w+) (\w+) (.*)$`)
)

// checkWiring checks TestWiring's output: the watches FromSetup recorded
// for each reconciler, and a verdict (not a setup error) for each property;
// the deliberately buggy reconcilers fail some, the clean ones none.
func checkWiring(t *testing.T, out string) {
	t.Helper()
	got := map[string]string{}
	for _, m := range wiringRE.FindAllStringSubmatch(out, -1) {
		got[m[1]] = m[2]
	}
	if fmt.Sprint(got) != fmt.Sprint(wiring) {
		t.Errorf("FromSetup recorded\n%v\nwant\n%v", got, wiring)
	}
	verdicts := map[string][]string{}
	for _, m := range verdictRE.FindAllStringSubmatch(out, -1) {
		if strings.HasPrefix(m[3], "setup-error") {
			t.Errorf("%s %s: %s", m[1], m[2], m[3])
		}
		verdicts[m[1]] = append(verdicts[m[1]], m[3])
	}
	for name := range wiring {
		if len(verdicts[name]) != len(verifyProperties) {
			t.Errorf("%s: %d verdicts, want %d", name, len(verdicts[name]), len(verifyProperties))
		}
	}
	// ConfigMapPropagator fails only through its own predicate, which
	// drops the deletion mark (RL4001): the recorded predicates are the
	// ones events go through.
	for _, name := range []string{"Database", "WebApp", "ConfigMapPropagator"} {
		if !slices.Contains(verdicts[name], "fail") {
			t.Errorf("%s (buggy on purpose): no property failed: %v", name, verdicts[name])
		}
	}
	for _, name := range []string{"Memcached", "PullSecret"} {
		if slices.Contains(verdicts[name], "fail") {
			t.Errorf("%s (clean): a property failed: %v", name, verdicts[name])
		}
	}
}

// runEnv is run with extra environment variables.
func runEnv(t *testing.T, dir string, env []string, name string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run %s %v: %v", name, args, err)
	}
	return o.String(), e.String(), code
}

// TestScaffoldVerifyBadInput: every mistake with -scaffold-verify is one
// line on stderr and exit 2, never a panic, and writes no file.
func TestScaffoldVerifyBadInput(t *testing.T) {
	bin := binary(t)
	write := func(dir, name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	broken := t.TempDir()
	write(broken, "go.mod", "module example.com/broken\n\ngo 1.26.0\n")
	write(broken, "b.go", "package broken\n\nfunc f() { undefinedThing() }\n")
	plain := t.TempDir()
	write(plain, "go.mod", "module example.com/plain\n\ngo 1.26.0\n")
	write(plain, "p.go", "package plain\n\n// Reconcile is not a reconciler's method.\nfunc Reconcile() {}\n")
	notModule := t.TempDir()
	write(notModule, "x.go", "package x\n")
	cases := []struct {
		name, dir string
		args      []string
		want      string
	}{
		{"does not compile", broken, []string{"./..."}, "undefined: undefinedThing"},
		{"no packages", plain, []string{"./missing/..."}, "missing"},
		{"not a module", notModule, []string{"./..."}, "not inside a Go module"},
		{"no reconciler", plain, []string{"./..."}, "no reconciler with a SetupWithManager method"},
		{"with -fix", plain, []string{"-fix", "./..."}, "cannot be combined with -fix"},
		{"missing directory", plain, []string{"-C", filepath.Join(plain, "nope"), "./..."}, "does not exist"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := snapshot(t, c.dir)
			out, errOut, code := run(t, c.dir, bin, append([]string{"-scaffold-verify"}, c.args...)...)
			if code != 2 {
				t.Errorf("exit code %d, want 2; stdout %q stderr %q", code, out, errOut)
			}
			lines := strings.Split(strings.TrimSpace(errOut), "\n")
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "reconcilelint: ") || !strings.Contains(errOut, c.want) {
				t.Errorf("stderr %q: want one line starting with \"reconcilelint: \" that mentions %q", errOut, c.want)
			}
			if strings.Contains(errOut, "panic") || strings.Contains(errOut, "goroutine ") {
				t.Errorf("stderr shows a panic: %s", errOut)
			}
			if after := snapshot(t, c.dir); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("files changed: %v", after)
			}
		})
	}
}
