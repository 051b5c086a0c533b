package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/reconcilelint/reconcilelint/internal/progress"
)

// goCommand runs the go command in one directory. Failure is decided by
// the command's exit status and by the errors it reports in structured
// form (go list -e -json); its stderr only supplies the words of an
// error. Progress lines (module downloads, toolchain switches) are never
// errors: on a terminal they are printed above the status line as they
// arrive.
type goCommand struct {
	tool     string
	dir      string
	progress *progress.Line // nil: stay quiet
	env      []string       // added to the environment of the next run
}

func newGoCommand(dir string, line *progress.Line) (*goCommand, error) {
	tool, err := exec.LookPath("go")
	if err != nil {
		return nil, errors.New("the go command is not on PATH; reconcilelint needs it to load packages")
	}
	return &goCommand{tool: tool, dir: dir, progress: line}, nil
}

// run runs go with args and returns its standard output and standard
// error. err is non-nil only when the command could not be run or exited
// with a non-zero status (an *exec.ExitError).
func (g *goCommand) run(args ...string) (stdout []byte, stderr string, err error) {
	cmd := exec.Command(g.tool, args...)
	cmd.Dir = g.dir
	if len(g.env) > 0 {
		cmd.Env = append(os.Environ(), g.env...)
	}
	var out bytes.Buffer
	var show *progress.Line
	if g.progress.Terminal() {
		show = g.progress
	}
	errs := &progressWriter{progress: show}
	cmd.Stdout, cmd.Stderr = &out, errs
	err = cmd.Run()
	errs.flush()
	return out.Bytes(), errs.all.String(), err
}

// progressWriter keeps everything written to it and prints each complete
// progress line above the status line.
type progressWriter struct {
	mu       sync.Mutex
	all      bytes.Buffer
	partial  []byte
	progress *progress.Line
}

func (w *progressWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.all.Write(p)
	if w.progress == nil {
		return len(p), nil
	}
	w.partial = append(w.partial, p...)
	for {
		i := bytes.IndexByte(w.partial, '\n')
		if i < 0 {
			break
		}
		line := string(w.partial[:i])
		w.partial = w.partial[i+1:]
		if isProgress(line) {
			w.progress.Println("reconcilelint: " + strings.TrimPrefix(strings.TrimSpace(line), "go: "))
		}
	}
	return len(p), nil
}

func (w *progressWriter) flush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.progress != nil && len(w.partial) > 0 && isProgress(string(w.partial)) {
		w.progress.Println("reconcilelint: " + strings.TrimPrefix(strings.TrimSpace(string(w.partial)), "go: "))
	}
	w.partial = nil
}

// progressPrefixes start the lines the go command prints while it works:
// module downloads and look-ups, and toolchain switches (GOTOOLCHAIN).
var progressPrefixes = []string{
	"go: downloading ",
	"go: finding ",
	"go: extracting ",
	"go: switching to ",
	"go: upgraded ",
	"go: added ",
	"go: found ",
}

// isProgress reports whether a line of the go command's stderr reports
// progress rather than a problem.
func isProgress(line string) bool {
	line = strings.TrimSpace(line)
	for _, p := range progressPrefixes {
		if strings.HasPrefix(line, p) {
			return true
		}
	}
	return false
}

// listedPackage is the part of `go list -e -json` output that loading reads.
type listedPackage struct {
	ImportPath string
	Dir        string
	Error      *listError
	DepsErrors []*listError
	DepOnly    bool   // listed by -deps only
	ForTest    string // a test variant, or a package of tests
}

// listing is what go list reports of the patterns.
type listing struct {
	pkgs []listedPackage // the packages the patterns match
	deps int             // the packages they and their tests import, directly or not, that go vet analyses for facts
}

type listError struct {
	Pos string
	Err string
}

// listPackages resolves the patterns with `go list -e -deps -test -json`,
// which also downloads the modules they need, and returns the packages
// they match and the number of packages go vet will analyse for their
// facts. A pattern that matches nothing, a missing go.mod, a package that
// cannot be loaded (a missing import, a syntax error) or a dependency that
// cannot be loaded is an error with a one-line description.
func (g *goCommand) listPackages(patterns []string) (*listing, error) {
	if err := g.inModule(); err != nil {
		return nil, err
	}
	args := append([]string{"list", "-e", "-deps", "-test", "-json=ImportPath,Dir,Error,DepsErrors,DepOnly,ForTest"}, patterns...)
	stdout, stderr, err := g.run(args...)
	if err != nil {
		return nil, g.failure("go list", err, stderr)
	}
	l := &listing{}
	deps := make(map[string]bool)
	dec := json.NewDecoder(bytes.NewReader(stdout))
	for {
		var p listedPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("read go list output: %w", err)
		}
		switch {
		case p.DepOnly:
			// A dependency: go vet analyses it once for its facts, test
			// variants included (built-in unsafe is never analysed).
			if path, _, _ := strings.Cut(p.ImportPath, " "); path != "unsafe" {
				deps[path] = true
			}
		case p.ForTest == "" && !strings.HasSuffix(p.ImportPath, ".test"):
			l.pkgs = append(l.pkgs, p)
		}
	}
	l.deps = len(deps)
	if len(l.pkgs) == 0 {
		return nil, fmt.Errorf("no packages to analyse: %s matched no packages", strings.Join(patterns, " "))
	}
	var msgs []string
	seen := make(map[string]bool)
	add := func(e *listError) {
		msg := strings.TrimSpace(e.Err)
		if e.Pos != "" && !strings.Contains(msg, e.Pos) {
			msg = g.rel(e.Pos) + ": " + msg
		}
		if !seen[msg] {
			seen[msg] = true
			msgs = append(msgs, msg)
		}
	}
	for _, p := range l.pkgs {
		if p.Error != nil {
			add(p.Error)
		}
		for _, e := range p.DepsErrors {
			add(e)
		}
	}
	if len(msgs) > 0 {
		return nil, errors.New(summarise("cannot load the packages: ", msgs))
	}
	return l, nil
}

// inModule returns an error when module mode is on and the directory is
// in no module and no workspace (go env reports GOMOD as the null device).
func (g *goCommand) inModule() error {
	stdout, stderr, err := g.run("env", "-json", "GOMOD", "GOWORK")
	if err != nil {
		return g.failure("go env", err, stderr)
	}
	var env struct{ GOMOD, GOWORK string }
	if err := json.Unmarshal(stdout, &env); err != nil {
		return fmt.Errorf("read go env output: %w", err)
	}
	if env.GOMOD == os.DevNull && (env.GOWORK == "" || env.GOWORK == "off") {
		return errNoModule(g.dir)
	}
	return nil
}

func errNoModule(dir string) error {
	return fmt.Errorf("not inside a Go module: no go.mod in %s or any parent directory (run reconcilelint in a module, or name one with -C)", dir)
}

// rel returns a file position relative to the command's directory when it
// lies under it.
func (g *goCommand) rel(pos string) string {
	if r, err := filepath.Rel(g.dir, pos); err == nil && !strings.HasPrefix(r, "..") {
		return r
	}
	return pos
}

// failure describes a go command that exited with a non-zero status, from
// the lines of its stderr that are not progress.
func (g *goCommand) failure(what string, err error, stderr string) error {
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		return fmt.Errorf("run %s: %w", what, err)
	}
	msgs := problemLines(stderr)
	if len(msgs) == 0 {
		return fmt.Errorf("%s failed (%v) without saying why", what, err)
	}
	for _, m := range msgs {
		switch {
		case strings.Contains(m, "go.mod file not found"):
			return errNoModule(g.dir)
		case strings.Contains(m, "does not contain main module") || strings.Contains(m, "outside main module") ||
			strings.Contains(m, "main module (") && strings.Contains(m, "does not contain package"):
			return fmt.Errorf("%s: the packages are not in the module of %s (run reconcilelint inside the module, or name it with -C)", m, g.dir)
		}
	}
	return errors.New(summarise("", msgs))
}

// problemLines returns the lines of a go command's stderr that report a
// problem: not progress, not the "# package" headers of build output,
// each once, without the "go: " and "vet: " prefixes.
func problemLines(stderr string) []string {
	var out []string
	seen := make(map[string]bool)
	for _, line := range strings.Split(stderr, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "# ") || isProgress(line) {
			continue
		}
		line = strings.TrimPrefix(line, "go: ")
		line = strings.TrimPrefix(line, "vet: ")
		if !seen[line] {
			seen[line] = true
			out = append(out, line)
		}
	}
	return out
}

// summarise joins the first message with a count of the others.
func summarise(prefix string, msgs []string) string {
	switch len(msgs) {
	case 0:
		return ""
	case 1:
		return prefix + msgs[0]
	}
	return fmt.Sprintf("%s%s (and %d more errors)", prefix, msgs[0], len(msgs)-1)
}
