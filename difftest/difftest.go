// Package difftest runs the differential test of the static checks: it
// generates reconcilers (package gen), labels each by running it with
// verify (the oracle: what the program does, never what the generator
// meant), lints the same programs with reconcilelint, and compares the
// verdict of each class's checks with the label.
//
// Classes: A is a write whose content changes every pass in an unchanged
// world (RL1001, RL1002); B is a write request that changes nothing
// (RL2001, RL2002); E is an action that is not idempotent, seen by verify's
// lifecycle properties (NotFoundIsSuccess, Converges, NoHotLoop,
// Idempotent, Deletion, and an external resource left after the deletion
// completes; RL2003, RL2004, RL5xxx, RL6001, RL7001); clean is none. A
// program labelled A may also carry a B finding (the unguarded write stays
// once the value is made stable), one labelled E any finding besides an E
// one; every other static verdict that differs from the label is a
// disagreement: a missed defect or a false positive.
package difftest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/reconcilelint/reconcilelint/difftest/gen"
)

// classChecks are the checks whose findings give a class's static verdict.
var classChecks = map[gen.Label][]string{
	gen.A: {"RL1001", "RL1002"},
	gen.B: {"RL2001", "RL2002"},
	gen.C: {"RL3001", "RL3002", "RL3003"},
	gen.D: {"RL4001", "RL4002"},
	gen.E: {"RL2003", "RL2004", "RL5001", "RL5002", "RL5003", "RL5004", "RL6001", "RL7001"},
}

// verdictClasses are the classes whose checks make up the static verdict
// of a program of each generator class: a class A/B program is judged by
// the A and B checks, a class E program by every class's checks (its
// clean twins must draw no finding of any of them).
var verdictClasses = map[string][]gen.Label{
	"":         {gen.A, gen.B},
	gen.ClassC: {gen.A, gen.B, gen.C},
	gen.ClassD: {gen.A, gen.B, gen.D},
	gen.ClassE: {gen.A, gen.B, gen.E},
}

// Options configure a run.
type Options struct {
	// Dir is the directory the generated module is written to; it must be
	// empty or absent.
	Dir string
	// VerifyDir is the verify module's directory.
	VerifyDir string
	// Linter is the reconcilelint binary.
	Linter string
	// Log, when set, receives one line per step.
	Log io.Writer
}

// Executed is the oracle's label of a program and why.
type Executed struct {
	Program string    `json:"program"`
	Label   gen.Label `json:"label"`
	Why     string    `json:"why,omitempty"`
}

// Finding is one finding of the linter on a program.
type Finding struct {
	ID      string
	File    string
	Line    int
	Message string
}

// Row is the outcome for one program.
type Row struct {
	Program  gen.Program
	Executed Executed
	// Static is the static verdict: the classes with a finding of their
	// checks joined by "+" ("A", "B", "A+B", "E", …), or "-".
	Static   string
	Findings []Finding
}

// Agrees says whether the static verdict matches the executed label. An
// E label agrees with any verdict that has E in it.
// Programs the oracle could not label (error, unsettled) agree with
// nothing; GeneratorBug reports them.
func (r Row) Agrees() bool {
	switch r.Executed.Label {
	case gen.A:
		return strings.Contains(r.Static, "A")
	case gen.C, gen.D, gen.E:
		return strings.Contains(r.Static, string(r.Executed.Label))
	case gen.B:
		return r.Static == "B"
	case gen.Clean:
		return r.Static == "-"
	}
	return false
}

// GeneratorBug says why the generator is wrong about the program: the
// oracle could not label it, or its intended label is not what it does.
func (r Row) GeneratorBug() string {
	switch l := r.Executed.Label; {
	case l != gen.A && l != gen.B && l != gen.C && l != gen.D && l != gen.E && l != gen.Clean:
		return fmt.Sprintf("the oracle could not label it (%s: %s)", l, r.Executed.Why)
	case l != r.Program.Intended:
		return fmt.Sprintf("intended %s, executes as %s (%s)", r.Program.Intended, l, r.Executed.Why)
	}
	return ""
}

// Key identifies a row's disagreement independently of program names:
// the choices, the executed label and the static verdict.
func (r Row) Key() string {
	return fmt.Sprintf("%s executed=%s static=%s", r.Program.Choices, r.Executed.Label, r.Static)
}

// Run generates nothing: it writes progs into opts.Dir, labels them by
// execution and by the linter, and returns one row per program, in order.
func Run(ctx context.Context, opts Options, progs []gen.Program) ([]Row, error) {
	logf := func(format string, args ...any) {
		if opts.Log != nil {
			fmt.Fprintf(opts.Log, format+"\n", args...)
		}
	}
	if err := gen.WriteModule(opts.Dir, opts.VerifyDir, progs); err != nil {
		return nil, err
	}
	logf("difftest: %d programs written to %s", len(progs), opts.Dir)
	labels, err := oracle(ctx, opts.Dir)
	if err != nil {
		return nil, err
	}
	logf("difftest: the oracle labelled %d programs", len(labels))
	findings, err := lint(ctx, opts.Dir, opts.Linter)
	if err != nil {
		return nil, err
	}
	logf("difftest: the linter reported %d findings", len(findings))
	byProg := map[string][]Finding{}
	for _, f := range findings {
		p, _, _ := strings.Cut(f.File, "/")
		byProg[p] = append(byProg[p], f)
	}
	rows := make([]Row, 0, len(progs))
	for _, p := range progs {
		e, ok := labels[p.Name]
		if !ok {
			e = Executed{Program: p.Name, Label: "missing", Why: "the oracle wrote no label"}
		}
		row := Row{Program: p, Executed: e, Findings: byProg[p.Name]}
		row.Static = verdict(p.Choices.Class(), row.Findings)
		rows = append(rows, row)
	}
	return rows, nil
}

// verdict is the static verdict of the findings on a program of a
// generator class.
func verdict(class string, fs []Finding) string {
	var v []string
	for _, class := range verdictClasses[class] {
		if slices.ContainsFunc(fs, func(f Finding) bool { return slices.Contains(classChecks[class], f.ID) }) {
			v = append(v, string(class))
		}
	}
	if len(v) == 0 {
		return "-"
	}
	return strings.Join(v, "+")
}

// goEnv is the environment of the go commands run in the generated
// module: outside any workspace, resolving modules as go.mod says.
func goEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
}

// oracle runs the generated oracle test and reads its labels.
func oracle(ctx context.Context, dir string) (map[string]Executed, error) {
	out := filepath.Join(dir, "labels.jsonl")
	cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "./oracle/")
	cmd.Dir = dir
	cmd.Env = append(goEnv(), gen.LabelsEnv+"="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("difftest: the oracle test failed: %w\n%s", err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		return nil, fmt.Errorf("difftest: %w", err)
	}
	defer f.Close()
	labels := map[string]Executed{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var e Executed
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("difftest: a label line: %w", err)
		}
		labels[e.Program] = e
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("difftest: %w", err)
	}
	return labels, nil
}

// lint runs the linter on every package of the generated module.
func lint(ctx context.Context, dir, linter string) ([]Finding, error) {
	cmd := exec.CommandContext(ctx, linter, "-quiet", "-json", "./...")
	cmd.Dir = dir
	cmd.Env = goEnv()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !(errors.As(err, &ee) && ee.ExitCode() == 1) {
		return nil, fmt.Errorf("difftest: %s: %w\n%s", linter, err, stderr.Bytes())
	}
	var doc struct {
		Findings []struct {
			ID      string `json:"id"`
			Message string `json:"message"`
			Pos     struct {
				File string `json:"file"`
				Line int    `json:"line"`
			} `json:"pos"`
		} `json:"findings"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
		return nil, fmt.Errorf("difftest: the linter's JSON: %w", err)
	}
	out := make([]Finding, 0, len(doc.Findings))
	for _, f := range doc.Findings {
		out = append(out, Finding{ID: f.ID, File: filepath.ToSlash(f.Pos.File), Line: f.Pos.Line, Message: f.Message})
	}
	return out, nil
}

// writeClassTables writes the per-value and per-pair tables of one
// generator class.
func writeClassTables(w io.Writer, t Table, class string, labels []gen.Label) {
	name := "class A/B"
	if class != "" {
		name = "class " + class
	}
	fmt.Fprintf(w, "\n## %s: per dimension value (agree/programs, per executed label)\n\n| dimension=value |", name)
	for _, l := range labels {
		fmt.Fprintf(w, " %s |", l)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---|", len(labels)))
	values := gen.ClassValues(class)
	for _, d := range gen.ClassDims(class) {
		for _, v := range values[d] {
			k := d + "=" + v
			m := t.PerValue[classKey(class, k)]
			if m == nil {
				fmt.Fprintf(w, "| %s | no program |%s\n", k, strings.Repeat(" |", len(labels)-1))
				continue
			}
			fmt.Fprintf(w, "| %s |", k)
			for _, l := range labels {
				fmt.Fprintf(w, " %s |", m[l])
			}
			fmt.Fprintln(w)
		}
	}
	pd := gen.PairDims(class)
	fmt.Fprintf(w, "\n## %s: %s × %s (agree/programs)\n\n| %s | ", name, pd[0], pd[1], pd[0])
	for _, b := range values[pd[1]] {
		fmt.Fprintf(w, "%s | ", b)
	}
	fmt.Fprintf(w, "\n|---|%s\n", strings.Repeat("---|", len(values[pd[1]])))
	for _, a := range values[pd[0]] {
		fmt.Fprintf(w, "| %s | ", a)
		for _, b := range values[pd[1]] {
			fmt.Fprintf(w, "%s | ", t.PerPair[classKey(class, a+"×"+b)])
		}
		fmt.Fprintln(w)
	}
}

// Cell counts the programs of one executed label by agreement.
type Cell struct{ Agree, Disagree int }

// Table is a confusion table: per executed label, and per dimension value
// per executed label.
type Table struct {
	PerLabel map[gen.Label]*Cell
	PerValue map[string]map[gen.Label]*Cell // "[class=E ]dim=value" → label → cell
	PerPair  map[string]*Cell               // "[class=E ]a×b" of the class's PairDims → cell (all labels)
}

// classKey prefixes a table key with a program's class (none for A/B).
func classKey(class, k string) string {
	if class == "" {
		return k
	}
	return gen.DimClass + "=" + class + " " + k
}

// Tabulate counts the rows.
func Tabulate(rows []Row) Table {
	t := Table{PerLabel: map[gen.Label]*Cell{}, PerValue: map[string]map[gen.Label]*Cell{}, PerPair: map[string]*Cell{}}
	bump := func(c *Cell, ok bool) {
		if ok {
			c.Agree++
		} else {
			c.Disagree++
		}
	}
	get := func(m map[gen.Label]*Cell, l gen.Label) *Cell {
		if m[l] == nil {
			m[l] = &Cell{}
		}
		return m[l]
	}
	for _, r := range rows {
		l, ok := r.Executed.Label, r.Agrees()
		bump(get(t.PerLabel, l), ok)
		c := r.Program.Choices
		for _, d := range gen.ClassDims(c.Class()) {
			k := classKey(c.Class(), d+"="+c[d])
			if t.PerValue[k] == nil {
				t.PerValue[k] = map[gen.Label]*Cell{}
			}
			bump(get(t.PerValue[k], l), ok)
		}
		pd := gen.PairDims(c.Class())
		pk := classKey(c.Class(), c[pd[0]]+"×"+c[pd[1]])
		if t.PerPair[pk] == nil {
			t.PerPair[pk] = &Cell{}
		}
		bump(t.PerPair[pk], ok)
	}
	return t
}

func (c *Cell) String() string {
	if c == nil {
		return "–"
	}
	return fmt.Sprintf("%d/%d", c.Agree, c.Agree+c.Disagree)
}

// WriteReport writes the confusion tables and the disagreements as
// markdown.
func WriteReport(w io.Writer, rows []Row) {
	t := Tabulate(rows)
	labels := []gen.Label{gen.A, gen.B, gen.C, gen.D, gen.E, gen.Clean}
	fmt.Fprintf(w, "## Agreement per executed label (agree/programs)\n\n| label | agreement |\n|---|---|\n")
	for _, l := range labels {
		fmt.Fprintf(w, "| %s | %s |\n", l, t.PerLabel[l])
	}
	for l, c := range t.PerLabel {
		if !slices.Contains(labels, l) {
			fmt.Fprintf(w, "| %s (generator bug) | %d programs |\n", l, c.Agree+c.Disagree)
		}
	}
	classes := map[string]bool{}
	for _, r := range rows {
		classes[r.Program.Choices.Class()] = true
	}
	for _, class := range gen.Classes {
		if classes[class] {
			writeClassTables(w, t, class, labels)
		}
	}
	var bugs, dis []string
	for _, r := range rows {
		if why := r.GeneratorBug(); why != "" {
			bugs = append(bugs, fmt.Sprintf("- %s `%s`: %s", r.Program.Name, r.Program.Choices, why))
		}
		if !r.Agrees() {
			var ids []string
			for _, f := range r.Findings {
				ids = append(ids, fmt.Sprintf("%s:%d %s", f.ID, f.Line, f.Message))
			}
			dis = append(dis, fmt.Sprintf("- %s `%s` executed %s, static %s %v", r.Program.Name, r.Program.Choices, r.Executed.Label, r.Static, ids))
		}
	}
	sort.Strings(bugs)
	fmt.Fprintf(w, "\n## Generator bugs (%d)\n\n%s\n", len(bugs), strings.Join(bugs, "\n"))
	fmt.Fprintf(w, "\n## Disagreements (%d)\n\n%s\n", len(dis), strings.Join(dis, "\n"))
}

// Checkout returns the root directory of the reconcilelint checkout the
// current directory is in (the commands of the differential run are run
// from it: the generated modules need its verify module).
func Checkout() (string, error) {
	b, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/reconcilelint/reconcilelint").Output()
	if err != nil {
		return "", fmt.Errorf("finding the reconcilelint module (run from its checkout): %w", err)
	}
	return strings.TrimSpace(string(b)), nil
}

// BuildLinter builds the checkout's reconcilelint command at root into
// dir and returns the binary's path.
func BuildLinter(root, dir string) (string, error) {
	bin := filepath.Join(dir, "reconcilelint")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/reconcilelint")
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("building reconcilelint: %w\n%s", err, b)
	}
	return bin, nil
}

// Workspace prepares a command of the differential run: the checkout's
// root (Checkout), a new temporary directory named after the command,
// which the caller removes, and the linter to run: linter when it is set,
// else one built from the checkout into the directory (log says so).
func Workspace(name, linter string, log io.Writer) (root, work, bin string, err error) {
	if root, err = Checkout(); err != nil {
		return "", "", "", err
	}
	if work, err = os.MkdirTemp("", name+"-"); err != nil {
		return "", "", "", err
	}
	bin = linter
	if bin == "" {
		fmt.Fprintf(log, "%s: building reconcilelint\n", name)
		if bin, err = BuildLinter(root, work); err != nil {
			os.RemoveAll(work)
			return "", "", "", err
		}
	}
	return root, work, bin, nil
}
