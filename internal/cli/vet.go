package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/progress"
	"github.com/reconcilelint/reconcilelint/internal/report"
	"github.com/reconcilelint/reconcilelint/internal/vettool"
)

// vetDiagnostic is one diagnostic in go vet's -json output.
type vetDiagnostic struct {
	Category       string        `json:"category"`
	Posn           string        `json:"posn"`
	End            string        `json:"end"`
	Message        string        `json:"message"`
	SuggestedFixes []vetFix      `json:"suggested_fixes"`
	Related        []vetRelated  `json:"related"`
	Error          string        `json:"error"`
	Edits          []vetTextEdit `json:"-"`
}

type vetFix struct {
	Message string        `json:"message"`
	Edits   []vetTextEdit `json:"edits"`
}

type vetTextEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

type vetRelated struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

// runVet runs go vet with this binary as the vet tool in dir and returns
// the findings. The packages are first resolved with go list, which
// downloads what they need (shown above the status line on a terminal)
// and reports what cannot be loaded in structured form; go vet then fails
// only on code that does not type-check. Failure is decided by the exit
// status of the go command, never by the look of its stderr. While go vet
// runs, the status line counts the packages its vet tool processes
// announce (package progress).
func runVet(dir, exe, cfgPath, digest string, patterns []string, line *progress.Line) ([]report.Finding, error) {
	findings, _, err := vet(dir, exe, cfgPath, digest, patterns, line)
	return findings, err
}

// vet is runVet with more flags for the vet tool, and it also returns the
// packages the patterns match.
func vet(dir, exe, cfgPath, digest string, patterns []string, line *progress.Line, toolFlags ...string) ([]report.Finding, []listedPackage, error) {
	g, err := newGoCommand(dir, line)
	if err != nil {
		return nil, nil, err
	}
	line.Phase("resolving packages")
	listed, err := g.listPackages(patterns)
	if err != nil {
		return nil, nil, err
	}
	env, stop, err := line.Watch("", len(listed.pkgs), listed.deps)
	if err != nil {
		return nil, nil, err
	}
	defer stop()
	if env != "" {
		g.env = append(g.env, env)
	}
	args := []string{"vet", "-vettool=" + exe, "-json"}
	if cfgPath != "" {
		args = append(args, "-"+vettool.ConfigFlag+"="+cfgPath)
	}
	args = append(args, "-"+vettool.DigestFlag+"="+digest)
	args = append(args, toolFlags...)
	args = append(args, patterns...)
	stdout, stderr, runErr := g.run(args...)
	stop()
	if runErr != nil {
		var ee *exec.ExitError
		if !errors.As(runErr, &ee) {
			return nil, nil, fmt.Errorf("run go vet: %w", runErr)
		}
		if msg := vetFailure(stderr); msg != "" {
			return nil, nil, errors.New(msg)
		}
		return nil, nil, fmt.Errorf("go vet failed (%v) without saying why", runErr)
	}
	findings, err := parseVetJSON(stdout)
	return findings, listed.pkgs, err
}

// vetFailure describes, in one line, why go vet exited with a non-zero
// status, from the problem lines of its stderr: code that does not
// type-check (a line that starts with a Go position) or the vet tool's own
// errors (a bad option, reported once however many packages repeat it).
func vetFailure(stderr string) string {
	msgs := problemLines(stderr)
	for i, m := range msgs {
		if goPosition.MatchString(m) {
			msgs[i] = "does not compile: " + m
		}
	}
	return summarise("", msgs)
}

// analysisErrors lists the analyzers' errors by package, sorted. Where a
// package has an error of its own (the model's internal error, which
// every check that reads the model returns), the checks' "failed
// prerequisites" add nothing and are left out, and an error that several
// checks returned is listed once, without their names.
func analysisErrors(byPkg map[string][]string) []string {
	var out []string
	for pkg, errs := range byPkg {
		var own []string
		count := map[string]int{}
		for _, e := range errs {
			_, msg, _ := strings.Cut(e, ": ")
			if !strings.HasPrefix(msg, "failed prerequisites") {
				own = append(own, e)
				count[msg]++
			}
		}
		if len(own) == 0 {
			for _, e := range errs {
				out = append(out, pkg+": "+e)
			}
			continue
		}
		seen := map[string]bool{}
		for _, e := range own {
			name, msg, _ := strings.Cut(e, ": ")
			switch {
			case count[msg] > 1 && !seen[msg]:
				seen[msg] = true
				out = append(out, pkg+": "+msg)
			case count[msg] == 1:
				out = append(out, pkg+": "+name+": "+msg)
			}
		}
	}
	sort.Strings(out)
	return out
}

// goPosition matches a message that starts with a Go source position.
var goPosition = regexp.MustCompile(`^\S+\.go:\d+(:\d+)?: `)

// parseVetJSON decodes the stream of per-package JSON objects that go vet
// -json prints: {"pkg": {"analyzer": [diagnostics] | {"error": "..."}}}.
func parseVetJSON(data []byte) ([]report.Finding, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []report.Finding
	pkgErrs := map[string][]string{} // "analyzer: error" by package
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("read go vet output: %w", err)
		}
		for pkg, byAnalyzer := range tree {
			for name, raw := range byAnalyzer {
				var diags []vetDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					var e struct {
						Error string `json:"error"`
					}
					if json.Unmarshal(raw, &e) == nil && e.Error != "" {
						pkgErrs[pkg] = append(pkgErrs[pkg], name+": "+e.Error)
						continue
					}
					return nil, fmt.Errorf("read go vet output for %s: %w", pkg, err)
				}
				for _, d := range diags {
					out = append(out, toFinding(pkg, name, d))
				}
			}
		}
	}
	if analysisErrs := analysisErrors(pkgErrs); len(analysisErrs) > 0 {
		return nil, fmt.Errorf("analysis failed: %s", strings.Join(analysisErrs, "; "))
	}
	report.Sort(out)
	return out, nil
}

func toFinding(pkg, analyzer string, d vetDiagnostic) report.Finding {
	f := report.Finding{
		Check:   analyzer,
		Package: pkg,
		Message: d.Message,
		Pos:     parsePosn(d.Posn),
		End:     parsePosn(d.End),
	}
	if c, ok := analyzers.ByCategory(d.Category); ok {
		f.ID, f.Check, f.Severity = c.Doc.ID, c.Doc.Name, c.Doc.Severity.String()
		if sev, own := analyzers.CategorySeverity(d.Category); own {
			f.Severity = sev.String()
		}
	} else if c, ok := analyzers.Lookup(analyzer); ok {
		f.ID, f.Severity = c.Doc.ID, c.Doc.Severity.String()
	}
	for _, r := range d.Related {
		f.Related = append(f.Related, report.Related{Position: parsePosn(r.Posn), Message: r.Message})
	}
	for _, fx := range d.SuggestedFixes {
		rf := report.Fix{Message: fx.Message}
		for _, e := range fx.Edits {
			rf.Edits = append(rf.Edits, report.Edit{File: e.Filename, Start: e.Start, End: e.End, New: e.New})
		}
		f.Fixes = append(f.Fixes, rf)
	}
	return f
}

// parsePosn parses "file:line:col" (the file may contain colons).
func parsePosn(s string) report.Position {
	p := report.Position{Offset: -1}
	if s == "" || s == "-" {
		return p
	}
	parts := strings.Split(s, ":")
	if len(parts) >= 3 {
		line, err1 := strconv.Atoi(parts[len(parts)-2])
		col, err2 := strconv.Atoi(parts[len(parts)-1])
		if err1 == nil && err2 == nil {
			p.File = strings.Join(parts[:len(parts)-2], ":")
			p.Line, p.Column = line, col
			return p
		}
	}
	if len(parts) >= 2 {
		if line, err := strconv.Atoi(parts[len(parts)-1]); err == nil {
			p.File = strings.Join(parts[:len(parts)-1], ":")
			p.Line = line
			return p
		}
	}
	p.File = s
	return p
}

// readFile is os.ReadFile, a variable for tests.
var readFile = os.ReadFile
