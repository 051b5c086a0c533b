// Command corpus measures reconcilelint's accuracy on real operators.
//
// For every record of known-bugs.jsonl it runs reconcilelint on the named
// packages of the tree prepared at buggy_commit and at fix_commit (the rows
// of the cases file with side "buggy" and "fix") and reports:
//
//   - caught: at buggy_commit, a finding of a check of the record's class
//     (classChecks: a finding of another check is not about the record's
//     bug) whose position, or one of whose related positions, is in the
//     record's file and inside the named function (its line range is found
//     with go/parser in that tree), or inside a function of the same
//     directory that the named function calls directly (the write it
//     reaches; the note column names that function);
//   - fixed-silent: at fix_commit, no finding of the checks that caught the
//     bug at buggy_commit (of the class's checks when it was not caught) in
//     those places (the ranges are taken from the fix tree's copy of the
//     files).
//
// It also runs on the clean operators (side "clean") and lists every
// finding for triage. Output is one Markdown table per bug class, the clean
// findings, and the final line
//
//	caught=<n>/<N> fixed-silent=<n>/<N> clean-findings=<n>
//
// Cases whose trees do not build, or whose cases row is not "ok", are
// reported as "skipped (build)" with the reason, and still count in N.
//
// Usage (from the repository root):
//
//	go run ./bench/cmd/corpus [-bugs known-bugs.jsonl] [-corpus DIR] [-only A01,B02]
//
// See bench/README.md.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// bug is one record of known-bugs.jsonl (the fields this runner uses).
type bug struct {
	ID          string `json:"id"`
	Class       string `json:"class"`
	Repo        string `json:"repo"`
	BuggyCommit string `json:"buggy_commit"`
	FixCommit   string `json:"fix_commit"`
	PackagePath string `json:"package_path"`
	File        string `json:"file"`
	Function    string `json:"function"`
}

// row is one line of the cases file.
type row struct {
	id, class, side, dir, status string
	packages, env                []string
}

// position and finding mirror reconcilelint's -json output.
type position struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type finding struct {
	ID      string     `json:"id"`
	Check   string     `json:"check"`
	Message string     `json:"message"`
	Pos     position   `json:"pos"`
	Related []position `json:"related"`
}

type output struct {
	Findings []finding `json:"findings"`
	Errors   []string  `json:"errors"`
}

// result is reconcilelint's outcome on one tree.
type result struct {
	findings []finding
	skipped  string // non-empty: "skipped (build): reason"
	wall     time.Duration
}

func main() {
	var (
		bugsFile  = flag.String("bugs", defaultBugs(), "known-bugs.jsonl")
		casesFile = flag.String("cases", "bench/corpus/cases.tsv", "cases file (id, class, side, dir, packages, env, status)")
		corpus    = flag.String("corpus", defaultCorpus(), "corpus root: relative dirs in -cases are resolved against it")
		rlBin     = flag.String("reconcilelint", "", "reconcilelint binary (default: go build ./cmd/reconcilelint into a temporary directory)")
		only      = flag.String("only", "", "comma-separated case ids to run, bug cases or clean operators (default: all, and the clean operators)")
		noClean   = flag.Bool("no-clean", false, "do not run the clean operators")
		dump      = flag.String("findings", "", "write every finding of every tree run, one sorted line each, to this file (compare two builds' verdicts with diff)")
	)
	flag.Parse()
	if *dump != "" {
		record = &findingsLog{}
	}
	if err := run(*bugsFile, *casesFile, *corpus, *rlBin, *only, *noClean); err != nil {
		fmt.Fprintln(os.Stderr, "corpus:", err)
		os.Exit(2)
	}
	if record != nil {
		if err := record.write(*dump); err != nil {
			fmt.Fprintln(os.Stderr, "corpus:", err)
			os.Exit(2)
		}
	}
}

// record, when set by -findings, collects every finding of every run.
var record *findingsLog

// findingsLog is the verdicts of one corpus run: a line per finding, and a
// line per skipped tree, keyed by the tree's case id and side.
type findingsLog struct{ lines []string }

// add records the outcome of the run of row r.
func (l *findingsLog) add(r row, res result) {
	key := r.id + "/" + r.side
	if res.skipped != "" {
		l.lines = append(l.lines, key+" "+res.skipped)
		return
	}
	for _, f := range res.findings {
		file := f.Pos.File
		if rel, err := filepath.Rel(r.dir, file); err == nil {
			file = rel
		}
		l.lines = append(l.lines, fmt.Sprintf("%s %s:%d:%d %s %s", key, file, f.Pos.Line, f.Pos.Column, f.ID, strings.ReplaceAll(f.Message, "\n", " ")))
	}
}

// write writes the sorted lines to path.
func (l *findingsLog) write(path string) error {
	sort.Strings(l.lines)
	if err := os.WriteFile(path, []byte(strings.Join(l.lines, "\n")+"\n"), 0o644); err != nil {
		return fmt.Errorf("write findings: %w", err)
	}
	return nil
}

// defaultBugs is $RECONCILELINT_BUGS, else the shared corpus copy.
func defaultBugs() string {
	if f := os.Getenv("RECONCILELINT_BUGS"); f != "" {
		return f
	}
	return "/work/shared/corpus/known-bugs.jsonl"
}

// defaultCorpus is $RECONCILELINT_CORPUS, else /work/scratch/corpus.
func defaultCorpus() string {
	if d := os.Getenv("RECONCILELINT_CORPUS"); d != "" {
		return d
	}
	return "/work/scratch/corpus"
}

func run(bugsFile, casesFile, corpus, rlBin, only string, noClean bool) error {
	bugs, err := readBugs(bugsFile)
	if err != nil {
		return err
	}
	rows, err := readCases(casesFile, corpus)
	if err != nil {
		return err
	}
	if rlBin == "" {
		tmp, err := os.MkdirTemp("", "rlcorpus")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		rlBin = filepath.Join(tmp, "reconcilelint")
		if out, err := exec.Command("go", "build", "-o", rlBin, "./cmd/reconcilelint").CombinedOutput(); err != nil {
			return fmt.Errorf("build reconcilelint (run from the repository root): %v\n%s", err, out)
		}
	}
	want := map[string]bool{}
	for _, id := range strings.Split(only, ",") {
		if id = strings.TrimSpace(id); id != "" {
			want[id] = true
		}
	}

	type line struct {
		b                  bug
		buggy, fix         result
		caught, silent     bool
		caughtIDs, leftIDs []string
		note               string
	}
	byClass := map[string][]*line{}
	var classes []string
	caught, silent, total := 0, 0, 0
	for _, b := range bugs {
		if len(want) > 0 && !want[b.ID] {
			continue
		}
		total++
		l := &line{b: b}
		l.buggy = runSide(rlBin, rows, b.ID, "buggy")
		l.fix = runSide(rlBin, rows, b.ID, "fix")
		fn := primaryFunction(b.Function)
		checks := classChecks[b.Class]
		if l.buggy.skipped == "" {
			ids, note := inFunction(l.buggy.findings, rows[b.ID+"/buggy"].dir, b.File, fn, checks)
			l.caughtIDs, l.caught = ids, len(ids) > 0
			l.note = note
		}
		if l.caught {
			checks = l.caughtIDs
		}
		if l.fix.skipped == "" {
			ids, note := inFunction(l.fix.findings, rows[b.ID+"/fix"].dir, b.File, fn, checks)
			l.leftIDs, l.silent = ids, len(ids) == 0
			if note != "" {
				l.note = strings.TrimPrefix(l.note+"; fix: "+note, "; ")
			}
		}
		if l.caught {
			caught++
		}
		if l.silent {
			silent++
		}
		if _, ok := byClass[b.Class]; !ok {
			classes = append(classes, b.Class)
		}
		byClass[b.Class] = append(byClass[b.Class], l)
		fmt.Fprintf(os.Stderr, "%s: buggy %s (%.1fs), fix %s (%.1fs)\n", b.ID, state(l.buggy, l.caught, "caught"), l.buggy.wall.Seconds(),
			state(l.fix, l.silent, "silent"), l.fix.wall.Seconds())
	}
	sort.Strings(classes)
	skippedN := 0
	for _, c := range classes {
		ls := byClass[c]
		n := 0
		for _, l := range ls {
			if l.caught {
				n++
			}
		}
		fmt.Printf("\n### Class %s (caught %d/%d)\n\n", c, n, len(ls))
		fmt.Println("| id | repo | function | buggy: caught | finding IDs in function | buggy: all findings | fix: silent | IDs left in function | fix: all findings | note |")
		fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
		for _, l := range ls {
			bc, fc := yesNo(l.caught), yesNo(l.silent)
			if l.buggy.skipped != "" {
				bc = l.buggy.skipped
			}
			if l.fix.skipped != "" {
				fc = l.fix.skipped
			}
			if l.buggy.skipped != "" || l.fix.skipped != "" {
				skippedN++
			}
			fmt.Printf("| %s | %s | `%s` | %s | %s | %d | %s | %s | %d | %s |\n", l.b.ID, l.b.Repo, primaryFunction(l.b.Function),
				bc, list(l.caughtIDs), len(l.buggy.findings), fc, list(l.leftIDs), len(l.fix.findings), l.note)
		}
	}

	clean := 0
	var ids []string // the clean operators to run: all, or those -only names
	for _, r := range rows {
		if r.side == "clean" && (len(want) == 0 || want[r.id]) {
			ids = append(ids, r.id)
		}
	}
	if !noClean && len(ids) > 0 {
		fmt.Println("\n### Clean operators (every finding, for triage)")
		fmt.Println()
		fmt.Println("| operator | finding | position | message |")
		fmt.Println("|---|---|---|---|")
		sort.Strings(ids)
		for _, id := range ids {
			r := rows[id+"/clean"]
			res := runRow(rlBin, r)
			fmt.Fprintf(os.Stderr, "%s: %d findings %s (%.1fs)\n", id, len(res.findings), res.skipped, res.wall.Seconds())
			if res.skipped != "" {
				fmt.Printf("| %s | %s | | |\n", id, res.skipped)
				continue
			}
			if len(res.findings) == 0 {
				fmt.Printf("| %s | none | | |\n", id)
			}
			for _, f := range res.findings {
				clean++
				file := f.Pos.File
				if rel, err := filepath.Rel(r.dir, file); err == nil {
					file = rel
				}
				fmt.Printf("| %s | %s %s | %s:%d | %s |\n", id, f.ID, f.Check, file, f.Pos.Line, short(f.Message))
			}
		}
	}
	fmt.Println()
	fmt.Printf("skipped (build)=%d\n", skippedN)
	fmt.Printf("caught=%d/%d fixed-silent=%d/%d clean-findings=%d\n", caught, total, silent, total, clean)
	return nil
}

func state(r result, ok bool, word string) string {
	if r.skipped != "" {
		return r.skipped
	}
	if ok {
		return word
	}
	return "not " + word
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func list(ids []string) string {
	if len(ids) == 0 {
		return "–"
	}
	return strings.Join(ids, ", ")
}

func short(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	s = strings.ReplaceAll(s, "\n", " ")
	if r := []rune(s); len(r) > 160 {
		return string(r[:160]) + "…"
	}
	return s
}

// runSide runs reconcilelint on the tree of one side of a case.
func runSide(bin string, rows map[string]row, id, side string) result {
	r, ok := rows[id+"/"+side]
	if !ok {
		return result{skipped: "skipped (build): no prepared tree in the cases file"}
	}
	return runRow(bin, r)
}

// runRow runs reconcilelint -json on the row's packages, and records the
// outcome when -findings is set.
func runRow(bin string, r row) result {
	res := lintRow(bin, r)
	if record != nil {
		record.add(r, res)
	}
	return res
}

// lintRow runs reconcilelint -json on the row's packages. Exit code 2 (load
// or build errors) and a row status other than "ok" are "skipped (build)".
func lintRow(bin string, r row) result {
	if r.status != "ok" {
		return result{skipped: "skipped (build): " + strings.TrimPrefix(r.status, "skipped (build): ")}
	}
	if _, err := os.Stat(r.dir); err != nil {
		return result{skipped: "skipped (build): tree not prepared: " + err.Error()}
	}
	cmd := exec.Command(bin, append([]string{"-json"}, r.packages...)...)
	cmd.Dir = r.dir
	cmd.Env = append(os.Environ(), r.env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	res := result{wall: time.Since(start)}
	var ee *exec.ExitError
	if err != nil && (!errors.As(err, &ee) || ee.ExitCode() > 1) {
		res.skipped = "skipped (build): " + firstLine(stderr.String()+" "+err.Error())
		return res
	}
	var out output
	if err := json.Unmarshal(stdout.Bytes(), &out); err != nil {
		res.skipped = "skipped (build): unreadable output: " + err.Error()
		return res
	}
	// The JSON output gives paths relative to the directory the linter ran
	// in; make them absolute so they compare with the corpus files.
	abs := func(p *position) {
		if p.File != "" && !filepath.IsAbs(p.File) {
			p.File = filepath.Join(r.dir, p.File)
		}
	}
	for i := range out.Findings {
		abs(&out.Findings[i].Pos)
		for j := range out.Findings[i].Related {
			abs(&out.Findings[i].Related[j])
		}
	}
	res.findings = out.Findings
	return res
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return short(s)
}

// primaryFunction returns the function a record names, without the notes
// that follow it: "(*T).m (+ Reconcile: ...)" -> "(*T).m".
func primaryFunction(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return s
}

// classChecks lists, per bug class of the records, the checks whose
// findings are about a defect of that class (docs/catalogue.md §0): A
// non-deterministic writes, B unconditional writes, C event logic, D
// predicates, E errors, creates, appends, the cache and finalizers.
var classChecks = map[string][]string{
	"A": {"RL1001", "RL1002"},
	"B": {"RL2001", "RL2002"},
	"C": {"RL3001", "RL3002", "RL3003"},
	"D": {"RL4001", "RL4002"},
	"E": {"RL2003", "RL2004", "RL5001", "RL5002", "RL5003", "RL5004", "RL6001", "RL7001"},
}

// inFunction returns the IDs of the findings of checks (all checks if it
// is empty) whose position or related positions are inside function fn of
// file (relative to the repository root, found by walking up from dir), or
// inside a function of file's directory that fn calls directly; the note
// names those callees when a finding is only there.
func inFunction(fs []finding, dir, file, fn string, checks []string) ([]string, string) {
	path := locate(dir, file)
	if path == "" {
		return nil, "file " + file + " not found"
	}
	spans, err := reachSpans(path, fn)
	if err != nil {
		return nil, err.Error()
	}
	var ids, via []string
	seen := map[string]bool{}
	for _, f := range fs {
		if len(checks) > 0 && !slices.Contains(checks, f.ID) {
			continue
		}
		hit := -1
		for k, sp := range spans {
			if sp.holds(f.Pos) || slices.ContainsFunc(f.Related, sp.holds) {
				hit = k
				break
			}
		}
		if hit < 0 {
			continue
		}
		if hit > 0 && !slices.Contains(via, spans[hit].name) {
			via = append(via, spans[hit].name)
		}
		if !seen[f.ID] {
			seen[f.ID] = true
			ids = append(ids, f.ID)
		}
	}
	sort.Strings(ids)
	note := ""
	if len(via) > 0 {
		sort.Strings(via)
		note = "at the write it reaches in " + strings.Join(via, ", ")
	}
	return ids, note
}

// span is the line range of a function declaration in a file.
type span struct {
	name, path string
	start, end int
}

func (sp span) holds(p position) bool {
	return sameFile(p.File, sp.path) && p.Line >= sp.start && p.Line <= sp.end
}

// reachSpans returns the range of function fn in the file at path, then
// the ranges of the functions and methods declared in the same directory
// (test files aside) that fn's body calls by name: f(…) for a function,
// x.m(…) for any method m declared there.
func reachSpans(path, fn string) ([]span, error) {
	start, end, err := funcRange(path, fn)
	if err != nil {
		return nil, err
	}
	out := []span{{name: fn, path: path, start: start, end: end}}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("parse %s: %v", filepath.Base(path), err)
	}
	called := map[string]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || fset.Position(fd.Pos()).Line != start {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				switch x := c.Fun.(type) {
				case *ast.Ident:
					called[x.Name] = true
				case *ast.SelectorExpr:
					called["."+x.Sel.Name] = true
				}
			}
			return true
		})
	}
	files, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "*.go"))
	for _, other := range files {
		if strings.HasSuffix(other, "_test.go") {
			continue
		}
		of, err := parser.ParseFile(fset, other, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range of.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			key, name := fd.Name.Name, fd.Name.Name
			if fd.Recv != nil {
				key, name = "."+key, "(*"+recvName(fd)+")."+name
			}
			s := fset.Position(fd.Pos()).Line
			if !called[key] || (other == path && s == start) {
				continue
			}
			out = append(out, span{name: name, path: other, start: s, end: fset.Position(fd.End()).Line})
		}
	}
	return out, nil
}

func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	ea, err1 := filepath.EvalSymlinks(a)
	eb, err2 := filepath.EvalSymlinks(b)
	return err1 == nil && err2 == nil && ea == eb
}

// locate finds file (relative to the repository root) from dir, the module
// root, which may be a subdirectory of the repository.
func locate(dir, file string) string {
	for d := dir; ; d = filepath.Dir(d) {
		p := filepath.Join(d, file)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// funcRange parses path and returns the line range of function fn, named
// "F", "T.m", "(T).m" or "(*T).m".
func funcRange(path, fn string) (int, int, error) {
	recv, name := "", fn
	if i := strings.LastIndex(fn, "."); i >= 0 {
		recv, name = fn[:i], fn[i+1:]
		recv = strings.Trim(recv, "()*")
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return 0, 0, fmt.Errorf("parse %s: %v", filepath.Base(path), err)
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != name || recvName(fd) != recv {
			continue
		}
		return fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line, nil
	}
	return 0, 0, fmt.Errorf("function %s not in %s", fn, filepath.Base(path))
}

// recvName returns the receiver's type name without pointer or type
// parameters, or "" for a function.
func recvName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.Ident:
			return x.Name
		default:
			return ""
		}
	}
}

func readBugs(path string) ([]bug, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []bug
	for i, l := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(l) == "" {
			continue
		}
		var b bug
		if err := json.Unmarshal([]byte(l), &b); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, i+1, err)
		}
		out = append(out, b)
	}
	return out, nil
}

// readCases reads the cases file into a map keyed by "id/side".
func readCases(path, corpus string) (map[string]row, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]row{}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "id\t") {
			continue
		}
		c := strings.Split(l, "\t")
		if len(c) < 7 {
			return nil, fmt.Errorf("%s: short row %q", path, l)
		}
		dir := c[3]
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(corpus, dir)
		}
		out[c[0]+"/"+c[2]] = row{id: c[0], class: c[1], side: c[2], dir: dir, packages: strings.Fields(c[4]),
			env: strings.Fields(c[5]), status: c[6]}
	}
	return out, sc.Err()
}
