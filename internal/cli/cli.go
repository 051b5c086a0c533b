// Package cli is the standalone reconcilelint command: it resolves the
// configuration, runs the checks through go vet with this binary as the
// vet tool (so that go's build and vet caches serve repeated runs), and
// prints the findings as text, JSON, SARIF or GitHub annotations, applies
// fixes, filters a baseline and sets the exit code.
//
// Exit codes: 0 no failing findings, 1 findings at or above the fail-on
// severity, 2 usage, configuration or load errors.
//
// It imports the analyzers registry and the internal driver packages.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"time"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/internal/baseline"
	"github.com/reconcilelint/reconcilelint/internal/config"
	"github.com/reconcilelint/reconcilelint/internal/progress"
	"github.com/reconcilelint/reconcilelint/internal/report"
	"github.com/reconcilelint/reconcilelint/internal/resultcache"
	"github.com/reconcilelint/reconcilelint/internal/suite"
)

// progressInterval is the least time between two progress lines when
// stderr is not a terminal (a CI log).
const progressInterval = 5 * time.Second

// Exit codes.
const (
	ExitClean    = 0
	ExitFindings = 1
	ExitError    = 2
)

const usage = `reconcilelint finds non-idempotent Kubernetes reconciler code.

Usage:
  reconcilelint [flags] [packages]     (default packages: ./...)
  go vet -vettool=$(which reconcilelint) [packages]
  reconcilelint -scaffold-verify [packages]   (write a verify test per reconciler)

Flags:
`

// options are the parsed command-line flags.
type options struct {
	dir           string
	configPath    string
	format        string
	jsonOut       bool
	fix, diff     bool
	explain       string
	list          bool
	version       bool
	failOn        string
	baselinePath  string
	writeBaseline string
	noCache       bool
	quiet         bool
	scaffold      bool
	roots         bool
	patterns      []string
}

// usageError is a command-line mistake: one line and exit 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func parseFlags(args []string, stdout io.Writer) (*options, bool, error) {
	o := &options{}
	fs := flag.NewFlagSet("reconcilelint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.StringVar(&o.dir, "C", ".", "run in `dir` (the module or a directory inside it)")
	fs.StringVar(&o.configPath, "config", "", "configuration `file` (default: .reconcilelint.yaml found by walking up from the directory)")
	fs.StringVar(&o.format, "format", "text", "output `format`: text, json, sarif or github")
	fs.BoolVar(&o.jsonOut, "json", false, "shorthand for -format=json")
	fs.BoolVar(&o.fix, "fix", false, "apply the suggested fixes to the files")
	fs.BoolVar(&o.diff, "diff", false, "print the suggested fixes as a unified diff instead of applying them")
	fs.StringVar(&o.explain, "explain", "", "print the documentation of the `check` (ID or name) and exit")
	fs.BoolVar(&o.list, "list", false, "list the checks and exit")
	fs.BoolVar(&o.version, "version", false, "print the version and exit")
	fs.StringVar(&o.failOn, "fail-on", "", "lowest `severity` that fails (exit 1): info, warning or error (default from the configuration, else info)")
	fs.StringVar(&o.baselinePath, "baseline", "", "report only findings not recorded in this baseline `file`")
	fs.StringVar(&o.writeBaseline, "write-baseline", "", "record the current findings in this baseline `file` and exit 0")
	fs.BoolVar(&o.quiet, "quiet", false, "print no progress on stderr (the status line on a terminal, a line every few seconds elsewhere)")
	fs.BoolVar(&o.noCache, "no-cache", false, "neither read nor write the result cache ($"+resultcache.EnvVar+"=off does the same)")
	fs.BoolVar(&o.roots, "roots", false, "list the reconcile roots the checks analyse from, per package (text or -json), and exit")
	fs.BoolVar(&o.scaffold, "scaffold-verify", false, "write a verify test (foo_verify_test.go next to foo.go) for each reconciler with a SetupWithManager method in the packages, and exit; never overwrites a file")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(stdout, usage)
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			return nil, true, nil
		}
		return nil, false, &usageError{err.Error() + " (see reconcilelint -help)"}
	}
	if o.jsonOut {
		o.format = "json"
	}
	switch o.format {
	case "text", "json", "sarif", "github":
	default:
		return nil, false, &usageError{fmt.Sprintf("unknown -format %q (want text, json, sarif or github)", o.format)}
	}
	if o.scaffold && (o.fix || o.diff || o.baselinePath != "" || o.writeBaseline != "") {
		return nil, false, &usageError{"-scaffold-verify writes tests and runs no check: it cannot be combined with -fix, -diff, -baseline or -write-baseline"}
	}
	if o.roots && (o.fix || o.diff || o.scaffold || o.baselinePath != "" || o.writeBaseline != "" || o.format == "sarif" || o.format == "github") {
		return nil, false, &usageError{"-roots lists roots and runs no check: it takes -format text or json, and no -fix, -diff, -baseline, -write-baseline or -scaffold-verify"}
	}
	if o.diff {
		o.fix = true
	}
	o.patterns = fs.Args()
	if len(o.patterns) == 0 {
		o.patterns = []string{"./..."}
	}
	for _, p := range o.patterns {
		if strings.HasPrefix(p, "-") {
			return nil, false, &usageError{fmt.Sprintf("flag %s after the package patterns: put flags first", p)}
		}
	}
	return o, false, nil
}

// Main runs the command and returns its exit code.
//
// On every exit path the chosen output format stays a valid document: an
// error (exit 2) is one line on stderr and, for -format json, sarif or
// github, a document on stdout that carries it.
func Main(args []string, stdout, stderr io.Writer) int {
	o, done, err := parseFlags(args, stdout)
	if done {
		return ExitClean
	}
	format := "text"
	if o != nil {
		format = o.format
	} else {
		format = formatOf(args)
	}
	if err == nil {
		var code int
		if code, err = run(o, stdout, stderr); err == nil {
			return code
		}
	}
	msg := oneLine(err.Error())
	fmt.Fprintf(stderr, "reconcilelint: %s\n", msg)
	if werr := write(format, stdout, nil, []string{msg}); werr != nil {
		fmt.Fprintf(stderr, "reconcilelint: %v\n", werr)
	}
	return ExitError
}

// formatOf finds the output format in command-line arguments that did
// not parse, so that even a usage error is reported in the format asked
// for; it returns "text" when none is named or the name is unknown.
func formatOf(args []string) string {
	format := "text"
	for i, a := range args {
		if a == "--" {
			break
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			continue
		}
		switch name {
		case "json":
			if !hasValue || value == "true" {
				format = "json"
			}
		case "format":
			if !hasValue && i+1 < len(args) {
				value = args[i+1]
			}
			switch value {
			case "text", "json", "sarif", "github":
				format = value
			}
		}
	}
	return format
}

// Version returns the module version of the binary.
func Version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

func run(o *options, stdout, stderr io.Writer) (int, error) {
	switch {
	case o.version:
		fmt.Fprintf(stdout, "reconcilelint %s\n", Version())
		return ExitClean, nil
	case o.explain != "":
		c, ok := analyzers.Lookup(o.explain)
		if !ok {
			return 0, &usageError{fmt.Sprintf("unknown check %q for -explain (known: %s)", o.explain, knownChecks())}
		}
		fmt.Fprint(stdout, c.Doc.Markdown())
		return ExitClean, nil
	case o.list:
		for _, c := range analyzers.All() {
			fmt.Fprintf(stdout, "%s\t%-20s\t%-7s\t%s\n", c.Doc.ID, c.Doc.Name, c.Doc.Severity, c.Doc.Title)
		}
		return ExitClean, nil
	}
	dir, err := filepath.Abs(o.dir)
	if err != nil {
		return 0, fmt.Errorf("directory %s: %w", o.dir, err)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return 0, fmt.Errorf("directory %s does not exist", o.dir)
	}
	if o.scaffold {
		return scaffoldVerify(dir, o.patterns, stdout, stderr)
	}
	cfgPath := o.configPath
	if cfgPath == "" {
		if cfgPath, err = config.Find(dir); err != nil {
			return 0, err
		}
	} else if cfgPath, err = filepath.Abs(cfgPath); err != nil {
		return 0, fmt.Errorf("config %s: %w", o.configPath, err)
	}
	res, err := suite.Resolve(cfgPath)
	if err != nil {
		return 0, err
	}

	failOn := res.FailOn()
	if o.failOn != "" {
		if failOn, err = checkdoc.ParseSeverity(o.failOn); err != nil {
			return 0, &usageError{"-fail-on: " + err.Error()}
		}
	}
	var base *baseline.Baseline
	if o.baselinePath != "" {
		if base, err = baseline.Load(o.baselinePath); err != nil {
			return 0, err
		}
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, fmt.Errorf("locate the reconcilelint binary: %w", err)
	}
	line := progress.New(stderr, o.quiet, progressInterval)
	defer line.Clear()
	if o.roots {
		if _, err := suite.Select(res); err != nil {
			return 0, err
		}
		return ExitClean, listRoots(dir, exe, cfgPath, res.Digest(), o.patterns, o.format, line, stdout)
	}
	findings, err := analyse(o, dir, exe, cfgPath, res.Digest(), line)
	if err != nil {
		return 0, err
	}
	findings = applyConfig(findings, res)
	if o.writeBaseline != "" {
		if err := baseline.Write(o.writeBaseline, findings); err != nil {
			return 0, err
		}
		fmt.Fprintf(stderr, "reconcilelint: recorded %d finding(s) in %s\n", len(findings), o.writeBaseline)
		return ExitClean, nil
	}
	if base != nil {
		findings, _ = base.Filter(findings)
	}
	if o.fix {
		refresh := func() ([]report.Finding, error) {
			fs, err := runVet(dir, exe, cfgPath, res.Digest(), o.patterns, line)
			if err != nil {
				return nil, err
			}
			fs = applyConfig(fs, res)
			if base != nil {
				fs, _ = base.Filter(fs)
			}
			return fs, nil
		}
		fr, err := fixToFixpoint(findings, refresh, o.diff, stdout)
		if err != nil {
			return 0, err
		}
		fmt.Fprintf(stderr, "reconcilelint: %s\n", fr.summary(o.diff))
		if o.diff {
			// Like gofmt -l in a CI step: 1 when the diff is not empty.
			if fr.applied > 0 {
				return ExitFindings, nil
			}
			return ExitClean, nil
		}
		if err := write(o.format, stdout, fr.remaining, nil); err != nil {
			return 0, err
		}
		return report.Gate(fr.remaining, failOn), nil
	}
	if err := write(o.format, stdout, findings, nil); err != nil {
		return 0, err
	}
	return report.Gate(findings, failOn), nil
}

// analyse returns the findings of the packages: from the result cache
// when nothing they depend on changed since a run with the same binary,
// configuration and patterns, else from go vet (and then stores them).
func analyse(o *options, dir, exe, cfgPath, digest string, line *progress.Line) ([]report.Finding, error) {
	var key string
	if !o.noCache {
		if fi, err := os.Stat(exe); err == nil {
			var ok bool
			key, ok = resultcache.Key(dir, o.patterns,
				fmt.Sprintf("binary %s %d %d %s", exe, fi.Size(), fi.ModTime().UnixNano(), Version()),
				"config "+cfgPath, "digest "+digest)
			if !ok {
				key = ""
			}
		}
	}
	if key != "" {
		if findings, ok := resultcache.Load(key); ok {
			return findings, nil
		}
	}
	findings, err := runVet(dir, exe, cfgPath, digest, o.patterns, line)
	if err != nil {
		return nil, err
	}
	if key != "" {
		_ = resultcache.Store(key, findings) // a cache that cannot be written is only slower
	}
	return findings, nil
}

// write prints the findings, and the errors that stopped the run, in the
// output format. Text output leaves the errors to stderr.
func write(format string, w io.Writer, findings []report.Finding, errs []string) error {
	switch format {
	case "json":
		return report.WriteJSON(w, findings, errs)
	case "sarif":
		return report.WriteSARIF(w, findings, suite.Docs(), Version(), errs)
	case "github":
		return report.WriteGitHub(w, findings, errs)
	}
	if len(errs) > 0 {
		return nil
	}
	return report.WriteText(w, findings)
}

// applyConfig drops findings of disabled checks and applies configured
// severities. A finding keeps its own severity (an RL4001 deletion-mark
// finding is an error in a warning check) unless the configuration sets
// the check's severity.
func applyConfig(findings []report.Finding, res *config.Resolved) []report.Finding {
	out := findings[:0]
	for _, f := range findings {
		if f.Check != "" && !res.Enabled(f.Check) {
			continue
		}
		if sev, ok := res.SeverityOverride(f.Check); ok {
			f.Severity = sev.String()
		} else if f.Check != "" && f.Severity == "" {
			f.Severity = res.Severity(f.Check).String()
		}
		out = append(out, f)
	}
	return out
}

func knownChecks() string {
	var names []string
	for _, c := range analyzers.All() {
		names = append(names, c.Doc.ID+" "+c.Doc.Name)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}

// oneLine keeps the first line of a multi-line error and says how many
// more there were.
func oneLine(s string) string {
	s = strings.TrimSpace(s)
	lines := strings.Split(s, "\n")
	if len(lines) == 1 {
		return s
	}
	return fmt.Sprintf("%s (and %d more lines)", lines[0], len(lines)-1)
}
