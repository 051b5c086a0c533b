package metamorphic

import (
	"fmt"
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// Prefix is the first element of every variant's import path.
const Prefix = "mm"

// Flip is a case whose verdict a rule changed.
type Flip struct {
	Rule, Package, Case string
	// Before and After are the check's findings in the case, in the
	// original and in the variant.
	Before, After int
	// Messages are the findings' messages on the side that has more.
	Messages []string
}

func (f Flip) String() string {
	s := fmt.Sprintf("%s: %s %s: %d finding(s) before, %d after", f.Rule, f.Package, f.Case, f.Before, f.After)
	for _, m := range f.Messages {
		s += "\n\t" + m
	}
	return s
}

// RuleStats is one row of a check's table.
type RuleStats struct {
	Rule     string
	Variants int // packages the rule rewrote
	Sites    int // sites it rewrote
	Cases    int // cases compared
	Kept     int // cases whose verdict it kept
}

// Report is the outcome of re-checking one check's testdata.
type Report struct {
	Check    string
	Packages int // testdata packages
	Rows     []RuleStats
	Flips    []Flip
	// Errors are variants that did not type-check or analyse: defects of
	// the rewriter (or of the check, for an analysis error).
	Errors []string
}

// Table renders the report's rows.
func (r *Report) Table() string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "%s (%d packages)\trule\tvariants\tsites\tcases\tkept\tflips\n", r.Check, r.Packages)
	for _, row := range r.Rows {
		fmt.Fprintf(w, "\t%s\t%d\t%d\t%d\t%d\t%d\n", row.Rule, row.Variants, row.Sites, row.Cases, row.Kept, row.Cases-row.Kept)
	}
	w.Flush()
	return b.String()
}

// Run re-checks the testdata of analyzer a. gopath is a GOPATH whose src
// holds the stubs and the check's testdata packages (stubtest.MergedGOPATH);
// own is the check's own src directory, whose packages are the cases.
// Variants are written under gopath/src/mm.
func Run(a *analysis.Analyzer, gopath, own string, rules []Rule) (*Report, error) {
	paths, err := CasePackages(own)
	if err != nil {
		return nil, err
	}
	rep := &Report{Check: a.Name, Packages: len(paths)}
	env := append(os.Environ(), "GOPATH="+gopath, "GO111MODULE=off", "GOWORK=off", "GOPROXY=off", "GOFLAGS=")
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: filepath.Join(gopath, "src"), Env: env}
	originals, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, fmt.Errorf("load %s: %w", a.Name, err)
	}
	type made struct {
		orig *packages.Package
		rule string
		v    *variant
	}
	var variants []made
	stats := map[string]*RuleStats{}
	for _, r := range rules {
		stats[r.Name] = &RuleStats{Rule: r.Name}
	}
	for _, p := range originals {
		if len(p.Errors) > 0 || p.TypesInfo == nil {
			continue // a testdata package that does not compile on purpose
		}
		srcs := map[string][]byte{}
		for _, f := range p.CompiledGoFiles {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			srcs[f] = b
		}
		for _, r := range rules {
			if r.rewrite == nil {
				if err := vendorTree(gopath, r.Name); err != nil {
					return nil, err
				}
				v := newVariant(p, vendoredPath(r.Name, p.PkgPath), srcs)
				stats[r.Name].Variants++
				stats[r.Name].Sites++
				variants = append(variants, made{p, r.Name, v})
				continue
			}
			path := Prefix + "/" + r.Name + "/" + p.PkgPath
			v := newVariant(p, path, srcs)
			n := r.rewrite(v)
			if n == 0 {
				continue
			}
			files, helper, err := v.render()
			if err != nil {
				rep.Errors = append(rep.Errors, fmt.Sprintf("%s on %s: %v", r.Name, p.PkgPath, err))
				continue
			}
			dir := filepath.Join(gopath, "src", filepath.FromSlash(path))
			if err := writeFiles(dir, files); err != nil {
				return nil, err
			}
			if helper != nil {
				if err := writeFiles(filepath.Join(dir, "mmhelp"), map[string][]byte{"mmhelp.go": helper}); err != nil {
					return nil, err
				}
			}
			stats[r.Name].Variants++
			stats[r.Name].Sites += n
			variants = append(variants, made{p, r.Name, v})
		}
	}
	all := append([]string(nil), paths...)
	for _, m := range variants {
		all = append(all, m.v.path)
	}
	pkgs, err := packages.Load(cfg, all...)
	if err != nil {
		return nil, fmt.Errorf("load %s variants: %w", a.Name, err)
	}
	files := map[string]*ast.File{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for i, f := range p.Syntax {
			if i < len(p.CompiledGoFiles) {
				files[p.CompiledGoFiles[i]] = f
			}
		}
	})
	var ok []*packages.Package
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			if strings.HasPrefix(p.PkgPath, Prefix+"/") {
				rep.Errors = append(rep.Errors, fmt.Sprintf("variant %s does not compile: %v", p.PkgPath, p.Errors))
			}
			continue
		}
		ok = append(ok, p)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{a}, ok, nil)
	if err != nil {
		return nil, fmt.Errorf("analyse %s: %w", a.Name, err)
	}
	verdicts := map[string]map[string][]string{} // package path -> case -> messages
	for _, act := range g.Roots {
		if act.Analyzer != a {
			continue
		}
		if act.Err != nil {
			rep.Errors = append(rep.Errors, fmt.Sprintf("analysing %s: %v", act.Package.PkgPath, act.Err))
			continue
		}
		cases := map[string][]string{}
		for _, d := range act.Diagnostics {
			key := caseAt(act.Package.Fset, files, d.Pos)
			cases[key] = append(cases[key], d.Message)
		}
		verdicts[act.Package.PkgPath] = cases
	}
	for _, m := range variants {
		before, okb := verdicts[m.orig.PkgPath]
		after, oka := verdicts[m.v.path]
		if !okb || !oka {
			continue
		}
		// Findings in helpers count for the case they were made from.
		mapped := map[string][]string{}
		for k, msgs := range after {
			mapped[m.v.ownerOf(k)] = append(mapped[m.v.ownerOf(k)], msgs...)
		}
		keys := caseKeys(m.orig)
		for k := range before {
			keys[k] = true
		}
		for k := range mapped {
			keys[k] = true
		}
		st := stats[m.rule]
		for _, k := range sortedKeys(keys) {
			st.Cases++
			b, a := before[k], mapped[k]
			if len(b) == len(a) {
				st.Kept++
				continue
			}
			msgs := b
			if len(a) > len(b) {
				msgs = a
			}
			rep.Flips = append(rep.Flips, Flip{Rule: m.rule, Package: m.orig.PkgPath, Case: k, Before: len(b), After: len(a), Messages: msgs})
		}
	}
	for _, r := range rules {
		rep.Rows = append(rep.Rows, *stats[r.Name])
	}
	return rep, nil
}

// vendoredPath is the import path of a package of the testdata under the
// vendor directory of a layout rule: the path GOPATH mode gives a package
// that a repository vendors.
func vendoredPath(rule, path string) string {
	return Prefix + "/" + rule + "/vendor/" + path
}

// vendorTree makes gopath/src/<Prefix>/<rule>/vendor hold the whole
// testdata GOPATH (stubs and the check's packages), as links to the
// entries of gopath/src, once. Every package under it, and every import
// among them, then has a vendored path; the vendored packages import each
// other by their ordinary paths, as vendored code does.
func vendorTree(gopath, rule string) error {
	src := filepath.Join(gopath, "src")
	dst := filepath.Join(src, Prefix, rule, "vendor")
	if _, err := os.Stat(dst); err == nil {
		return nil
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() == Prefix {
			continue
		}
		if err := os.Symlink(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// ownerOf maps a case key of the variant to the case of the original it
// was made from.
func (v *variant) ownerOf(key string) string {
	if o, ok := v.owner[key]; ok {
		return o
	}
	if i := strings.LastIndexByte(key, '.'); i >= 0 {
		if o, ok := v.owner[key[i+1:]]; ok {
			return o
		}
	}
	return key
}

// caseKeys returns the key of every top-level declaration of p.
func caseKeys(p *packages.Package) map[string]bool {
	keys := map[string]bool{}
	for _, f := range p.Syntax {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && len(g.Specs) > 0 {
				if _, imp := g.Specs[0].(*ast.ImportSpec); imp {
					continue
				}
			}
			keys[declKey(d)] = true
		}
	}
	return keys
}

// caseAt returns the case a diagnostic at pos belongs to: the top-level
// declaration that encloses it, in files (the syntax of every loaded
// package, by file name).
func caseAt(fset *token.FileSet, files map[string]*ast.File, pos token.Pos) string {
	if !pos.IsValid() {
		return "<nopos>"
	}
	f := files[fset.Position(pos).Filename]
	if f == nil {
		return "<elsewhere>"
	}
	for _, d := range f.Decls {
		if d.Pos() <= pos && pos < d.End() {
			return declKey(d)
		}
	}
	return "<file>"
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// CasePackages lists the import paths of the packages under src (a
// GOPATH src directory of testdata), test files and nested testdata left
// out.
func CasePackages(src string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" && path != src {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			rel, err := filepath.Rel(src, filepath.Dir(path))
			if err != nil {
				return err
			}
			rel = filepath.ToSlash(rel)
			if len(out) == 0 || out[len(out)-1] != rel {
				out = append(out, rel)
			}
		}
		return nil
	})
	return out, err
}

func writeFiles(dir string, files map[string][]byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
