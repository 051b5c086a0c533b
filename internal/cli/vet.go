package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers"
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
// the findings. Load errors (no module, no packages, code that does not
// compile) are returned as errors.
func runVet(dir, exe, cfgPath, digest string, patterns []string) ([]report.Finding, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the go command is not on PATH; reconcilelint needs it to load packages")
	}
	args := []string{"vet", "-vettool=" + exe, "-json"}
	if cfgPath != "" {
		args = append(args, "-"+vettool.ConfigFlag+"="+cfgPath)
	}
	args = append(args, "-"+vettool.DigestFlag+"="+digest)
	args = append(args, patterns...)
	cmd := exec.Command(goTool, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	if msg := loadError(stderr.String()); msg != "" {
		return nil, errors.New(msg)
	}
	if runErr != nil {
		var ee *exec.ExitError
		if !errors.As(runErr, &ee) {
			return nil, fmt.Errorf("run go vet: %w", runErr)
		}
	}
	findings, err := parseVetJSON(stdout.Bytes())
	if err != nil {
		return nil, err
	}
	if runErr != nil && len(findings) == 0 {
		return nil, fmt.Errorf("go vet failed: %s", firstLine(stderr.String()))
	}
	return findings, nil
}

// loadError recognises go vet's load and build failures in its stderr and
// returns a one-line description, or "".
func loadError(stderr string) string {
	var errs []string
	seen := make(map[string]bool)
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "", strings.HasPrefix(line, "# "):
			continue
		case strings.Contains(line, "matched no packages"):
			return "no packages to analyse: " + strings.TrimPrefix(line, "go: warning: ")
		case strings.Contains(line, "go.mod file not found"):
			return "not inside a Go module (no go.mod here or in any parent directory): run reconcilelint in a module, or name one with -C"
		case strings.Contains(line, "does not contain main module"):
			return "the packages are not in the main module of this directory: run reconcilelint inside the module, or name it with -C"
		case strings.HasPrefix(line, "go: "), strings.HasPrefix(line, "pattern "),
			strings.Contains(line, "cannot find module"), strings.Contains(line, "no required module"):
			errs = append(errs, strings.TrimPrefix(line, "go: "))
		case strings.Contains(line, ".go:"):
			errs = append(errs, "does not compile: "+line)
		case strings.HasPrefix(line, "vet: "):
			errs = append(errs, strings.TrimPrefix(line, "vet: "))
		default:
			errs = append(errs, line)
		}
		// The same error (a bad option, say) is reported by every package:
		// count it once.
		if n := len(errs); n > 0 && seen[errs[n-1]] {
			errs = errs[:n-1]
		} else if n > 0 {
			seen[errs[n-1]] = true
		}
	}
	switch len(errs) {
	case 0:
		return ""
	case 1:
		return errs[0]
	}
	return fmt.Sprintf("%s (and %d more errors)", errs[0], len(errs)-1)
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// parseVetJSON decodes the stream of per-package JSON objects that go vet
// -json prints: {"pkg": {"analyzer": [diagnostics] | {"error": "..."}}}.
func parseVetJSON(data []byte) ([]report.Finding, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var out []report.Finding
	var analysisErrs []string
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
						analysisErrs = append(analysisErrs, fmt.Sprintf("%s: %s: %s", pkg, name, e.Error))
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
	if len(analysisErrs) > 0 {
		sort.Strings(analysisErrs)
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
