// Command speed times reconcilelint against go vet (default analyzers) and
// staticcheck on the same packages, in one run, alternating the tools.
//
// For each target and each mode it runs every tool once as a warm-up, then
// -runs times in a rotating order, and prints the median wall time, user
// CPU and peak RSS of each tool with the ratios reconcilelint/go vet and
// reconcilelint/staticcheck.
//
// Modes:
//
//   - cold: no analysis cache for any tool. go vet gets a new
//     -printf.funcs value per run (its analysis key changes), staticcheck a
//     fresh STATICCHECK_CACHE, and reconcilelint a fresh -config file whose
//     only setting is an extra reconcile root that does not exist
//     ("bench.salt<N>.Func"): the effective configuration digest changes,
//     so go vet's cache of reconcilelint's results misses. Compiled
//     dependencies stay in the build cache for every tool.
//   - warm: unchanged re-runs; each tool replays its cache.
//
// Peak RSS and user CPU come from wait4 (os.ProcessState.SysUsage): user
// CPU includes every descendant process the tool waited for; peak RSS is
// the largest single process of the tree (go vet and reconcilelint run one
// vet-tool process per package, staticcheck is one process).
//
// Usage (from the repository root):
//
//	go run ./bench/cmd/speed [-runs 5] [-modes cold,warm] [-targets operator,cluster-api,cert-manager] [-corpus DIR]
//
// See bench/README.md.
package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"
)

// target is a set of packages in one module directory.
type target struct {
	name     string
	dir      string
	packages []string
	env      []string
}

// sample is the measurement of one tool run.
type sample struct {
	wall, user time.Duration
	rssKiB     int64
	rc         int
}

// tool knows how to run one analyzer on a target in a mode.
type tool struct {
	name string
	// command returns the argv, extra environment and a clean-up for run
	// number n of the target in the mode.
	command func(t target, mode string, n int) (argv, env []string, cleanup func(), err error)
}

func main() {
	var (
		runs      = flag.Int("runs", 5, "measured runs per tool, target and mode (after one warm-up)")
		modes     = flag.String("modes", "cold,warm", "comma-separated modes: cold, warm")
		targets   = flag.String("targets", "operator,cluster-api,cert-manager", "comma-separated targets (names in the cases file, or operator)")
		corpus    = flag.String("corpus", defaultCorpus(), "corpus root: relative dirs in -cases are resolved against it")
		cases     = flag.String("cases", "bench/corpus/cases.tsv", "cases file (id, class, side, dir, packages, env, status)")
		rlBin     = flag.String("reconcilelint", "", "reconcilelint binary (default: go build ./cmd/reconcilelint into a temporary directory)")
		scBin     = flag.String("staticcheck", "", "staticcheck binary (default: $(go env GOPATH)/bin/staticcheck, else on PATH)")
		niceLevel = flag.Int("nice", 0, "run every tool under nice -n N (0: not niced)")
		verbose   = flag.Bool("v", false, "print every run")
		single    = flag.String("single", "", "also measure reconcilelint with only this check enabled (a name or ID, e.g. RL5002), as tool \"reconcilelint[ID]\"")
		coldWarm  = flag.Bool("cold-warmup", true, "do a warm-up round before the cold runs (it compiles dependencies; skip it when the build cache is known to be full)")
	)
	flag.Parse()
	if err := run(*runs, split(*modes), split(*targets), *corpus, *cases, *rlBin, *scBin, *single, *niceLevel, *verbose, *coldWarm); err != nil {
		fmt.Fprintln(os.Stderr, "speed:", err)
		os.Exit(2)
	}
}

// defaultCorpus is $RECONCILELINT_CORPUS, else /work/scratch/corpus.
func defaultCorpus() string {
	if d := os.Getenv("RECONCILELINT_CORPUS"); d != "" {
		return d
	}
	return "/work/scratch/corpus"
}

func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func run(runs int, modes, names []string, corpus, casesFile, rlBin, scBin, single string, niceLevel int, verbose, coldWarmup bool) error {
	if runs < 1 {
		return errors.New("-runs must be at least 1")
	}
	tmp, err := os.MkdirTemp("", "rlspeed")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if rlBin == "" {
		rlBin = filepath.Join(tmp, "reconcilelint")
		if out, err := exec.Command("go", "build", "-o", rlBin, "./cmd/reconcilelint").CombinedOutput(); err != nil {
			return fmt.Errorf("build reconcilelint (run from the repository root): %v\n%s", err, out)
		}
	}
	if scBin == "" {
		scBin = findStaticcheck()
	}
	if scBin == "" {
		return errors.New("staticcheck not found: go install honnef.co/go/tools/cmd/staticcheck@v0.8.2")
	}
	all, err := loadTargets(casesFile, corpus)
	if err != nil {
		return err
	}
	var tgts []target
	for _, n := range names {
		t, ok := all[n]
		if !ok {
			return fmt.Errorf("unknown target %q", n)
		}
		if _, err := os.Stat(t.dir); err != nil {
			fmt.Printf("target %s: skipped (%v)\n", n, err)
			continue
		}
		tgts = append(tgts, t)
	}
	tools := []tool{reconcilelintTool(rlBin, tmp, ""), goVetTool(), staticcheckTool(scBin, tmp)}
	if single != "" {
		tools = append(tools, reconcilelintTool(rlBin, tmp, single))
	}

	goVersion, _ := exec.Command("go", "env", "GOVERSION").Output()
	scVersion, _ := exec.Command(scBin, "-version").Output()
	fmt.Printf("# speed: %s, staticcheck %s, GOMAXPROCS=%d, NumCPU=%d, runs=%d (+1 warm-up; cold warm-up %v), nice=%d\n",
		strings.TrimSpace(string(goVersion)), strings.TrimSpace(string(scVersion)), runtime.GOMAXPROCS(0), runtime.NumCPU(), runs, coldWarmup, niceLevel)
	fmt.Printf("# load average at start: %s\n", loadavg())

	type key struct{ mode, target, tool string }
	results := map[key][]sample{}
	salt := time.Now().UnixNano()
	for _, mode := range modes {
		if mode != "cold" && mode != "warm" {
			return fmt.Errorf("unknown mode %q", mode)
		}
		for _, t := range tgts {
			first := -1
			if mode == "cold" && !coldWarmup {
				first = 0
			}
			for i := first; i < runs; i++ {
				for j := range tools {
					// Rotate the order so no tool always runs first.
					tl := tools[(j+max(i, 0))%len(tools)]
					salt++
					s, err := measure(tl, t, mode, int(salt), niceLevel)
					if err != nil {
						return fmt.Errorf("%s %s %s: %w", mode, t.name, tl.name, err)
					}
					if verbose {
						fmt.Printf("  %s %s %s run %d: wall %.2fs user %.2fs rss %d MiB rc %d (load %s)\n",
							mode, t.name, tl.name, i, s.wall.Seconds(), s.user.Seconds(), s.rssKiB/1024, s.rc, loadavg())
					}
					if i >= 0 {
						k := key{mode, t.name, tl.name}
						results[k] = append(results[k], s)
					}
				}
			}
		}
	}
	fmt.Printf("# load average at end: %s\n\n", loadavg())

	fmt.Println("| mode | target | tool | wall (s) | user CPU (s) | peak RSS (MiB) | exit codes |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, mode := range modes {
		for _, t := range tgts {
			for _, tl := range tools {
				m := median(results[key{mode, t.name, tl.name}])
				fmt.Printf("| %s | %s | %s | %.2f | %.2f | %d | %s |\n", mode, t.name, tl.name,
					m.wall.Seconds(), m.user.Seconds(), m.rssKiB/1024, rcs(results[key{mode, t.name, tl.name}]))
			}
		}
	}
	fmt.Println()
	fmt.Println("| mode | target | wall rl/vet | wall rl/staticcheck | user rl/vet | user rl/staticcheck | RSS rl/vet | RSS rl/staticcheck |")
	fmt.Println("|---|---|---|---|---|---|---|---|")
	for _, mode := range modes {
		for _, t := range tgts {
			rl := median(results[key{mode, t.name, "reconcilelint"}])
			vet := median(results[key{mode, t.name, "go vet"}])
			sc := median(results[key{mode, t.name, "staticcheck"}])
			fmt.Printf("| %s | %s | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× | %.2f× |\n", mode, t.name,
				ratio(rl.wall, vet.wall), ratio(rl.wall, sc.wall), ratio(rl.user, vet.user), ratio(rl.user, sc.user),
				float64(rl.rssKiB)/float64(vet.rssKiB), float64(rl.rssKiB)/float64(sc.rssKiB))
		}
	}
	fmt.Println()
	fmt.Println("targets (issue): cold wall rl ≤ 1.0× staticcheck and ≤ 1.5× go vet, cold peak RSS ≤ 1.5× staticcheck, warm wall ≤ 1.5 s on cluster-api")
	for _, t := range tgts {
		if has(modes, "cold") {
			rl := median(results[key{"cold", t.name, "reconcilelint"}])
			vet := median(results[key{"cold", t.name, "go vet"}])
			sc := median(results[key{"cold", t.name, "staticcheck"}])
			fmt.Printf("%s cold: wall/staticcheck %s, wall/vet %s, RSS/staticcheck %s\n", t.name,
				verdict(ratio(rl.wall, sc.wall) <= 1.0), verdict(ratio(rl.wall, vet.wall) <= 1.5),
				verdict(float64(rl.rssKiB) <= 1.5*float64(sc.rssKiB)))
		}
		if has(modes, "warm") && t.name == "cluster-api" {
			rl := median(results[key{"warm", t.name, "reconcilelint"}])
			fmt.Printf("%s warm: wall %.2fs ≤ 1.5s %s\n", t.name, rl.wall.Seconds(), verdict(rl.wall <= 1500*time.Millisecond))
		}
		if single != "" && has(modes, "cold") {
			all := median(results[key{"cold", t.name, "reconcilelint"}])
			one := median(results[key{"cold", t.name, "reconcilelint[" + single + "]"}])
			fmt.Printf("%s cold: %s alone / all checks: wall %.2f×, user %.2f× (≤ 0.5× %s)\n", t.name, single,
				ratio(one.wall, all.wall), ratio(one.user, all.user), verdict(ratio(one.wall, all.wall) <= 0.5))
		}
	}
	return nil
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}

func ratio(a, b time.Duration) float64 { return a.Seconds() / b.Seconds() }

// median returns the sample with the median of each measure taken
// separately.
func median(s []sample) sample {
	if len(s) == 0 {
		return sample{}
	}
	var w, u, r []float64
	for _, x := range s {
		w = append(w, float64(x.wall))
		u = append(u, float64(x.user))
		r = append(r, float64(x.rssKiB))
	}
	return sample{wall: time.Duration(med(w)), user: time.Duration(med(u)), rssKiB: int64(med(r))}
}

func med(v []float64) float64 {
	sort.Float64s(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

func rcs(s []sample) string {
	seen := map[int]bool{}
	var out []string
	for _, x := range s {
		if !seen[x.rc] {
			seen[x.rc] = true
			out = append(out, fmt.Sprint(x.rc))
		}
	}
	return strings.Join(out, ",")
}

// measure runs the tool once and returns its wall time, user CPU and peak
// RSS. An exit code that means "findings" (1) is not an error; anything
// the tool reports as a failure is.
func measure(tl tool, t target, mode string, n, niceLevel int) (sample, error) {
	argv, env, cleanup, err := tl.command(t, mode, n)
	if err != nil {
		return sample{}, err
	}
	if cleanup != nil {
		defer cleanup()
	}
	if niceLevel != 0 {
		argv = append([]string{"nice", "-n", fmt.Sprint(niceLevel)}, argv...)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = t.dir
	cmd.Env = append(append(os.Environ(), t.env...), env...)
	var stderr strings.Builder
	cmd.Stdout = nil // discarded
	cmd.Stderr = &stderr
	start := time.Now()
	err = cmd.Run()
	wall := time.Since(start)
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		return sample{}, err
	}
	ps := cmd.ProcessState
	s := sample{wall: wall, user: ps.UserTime(), rc: ps.ExitCode()}
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok {
		s.rssKiB = ru.Maxrss // KiB on Linux
	}
	if s.rc > 1 || (tl.name == "go vet" && s.rc != 0) {
		return s, fmt.Errorf("exit code %d: %s", s.rc, tail(stderr.String()))
	}
	return s, nil
}

func tail(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 600 {
		s = "…" + s[len(s)-600:]
	}
	return s
}

// reconcilelintTool runs reconcilelint with every check, or with only the
// check single when it is not empty (a configuration that enables it
// alone).
func reconcilelintTool(bin, tmp, single string) tool {
	name := "reconcilelint"
	if single != "" {
		name += "[" + single + "]"
	}
	return tool{name: name, command: func(t target, mode string, n int) ([]string, []string, func(), error) {
		argv := []string{bin, "-json"}
		var cleanup func()
		var body string
		if single != "" {
			body = fmt.Sprintf("enable: [%q]\n", single)
		}
		if mode == "cold" {
			// A root that does not exist changes the effective
			// configuration digest (so the vet cache misses) and
			// nothing else.
			body += fmt.Sprintf("options:\n  reconcilelint:\n    roots: [\"bench.salt%d.Func\"]\n", n)
		}
		if body != "" {
			cfg := filepath.Join(tmp, fmt.Sprintf("salt%d.yaml", n))
			if err := os.WriteFile(cfg, []byte(body), 0o644); err != nil {
				return nil, nil, nil, err
			}
			argv = append(argv, "-config", cfg)
			cleanup = func() { os.Remove(cfg) }
		}
		return append(argv, t.packages...), nil, cleanup, nil
	}}
}

func goVetTool() tool {
	return tool{name: "go vet", command: func(t target, mode string, n int) ([]string, []string, func(), error) {
		argv := []string{"go", "vet"}
		if mode == "cold" {
			// A new printf wrapper name changes every package's vet
			// action key, and nothing else (no such function exists).
			argv = append(argv, fmt.Sprintf("-printf.funcs=benchsalt%d", n))
		}
		return append(argv, t.packages...), nil, nil, nil
	}}
}

func staticcheckTool(bin, tmp string) tool {
	return tool{name: "staticcheck", command: func(t target, mode string, n int) ([]string, []string, func(), error) {
		var env []string
		var cleanup func()
		if mode == "cold" {
			dir := filepath.Join(tmp, fmt.Sprintf("sc%d", n))
			env = []string{"STATICCHECK_CACHE=" + dir}
			cleanup = func() { os.RemoveAll(dir) }
		}
		return append([]string{bin}, t.packages...), env, cleanup, nil
	}}
}

func findStaticcheck() string {
	if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
		for _, gp := range filepath.SplitList(strings.TrimSpace(string(out))) {
			p := filepath.Join(gp, "bin", "staticcheck")
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	p, _ := exec.LookPath("staticcheck")
	return p
}

// loadTargets reads the clean rows of the cases file, plus the example
// operator of this repository ("operator").
func loadTargets(casesFile, corpus string) (map[string]target, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	out := map[string]target{
		"operator": {name: "operator", dir: filepath.Join(wd, "testdata", "operator"), packages: []string{"./..."}},
	}
	f, err := os.Open(casesFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id\t") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 7 || f[2] != "clean" || f[6] != "ok" {
			continue
		}
		dir := f[3]
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(corpus, dir)
		}
		out[f[0]] = target{name: f[0], dir: dir, packages: strings.Fields(f[4]), env: strings.Fields(f[5])}
	}
	return out, sc.Err()
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "n/a"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "n/a"
	}
	return strings.Join(f[:3], " ")
}
