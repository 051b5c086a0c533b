package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/progress"
	"github.com/reconcilelint/reconcilelint/internal/vettool"
)

// rootsDoc is the -roots -json document.
type rootsDoc struct {
	Packages []rootsPackage `json:"packages"`
}

type rootsPackage struct {
	Package string      `json:"package"`
	Roots   []rootEntry `json:"roots"`
}

type rootEntry struct {
	Function string `json:"function"`
	Kind     string `json:"kind"`
	Position string `json:"position"`
	Request  string `json:"request,omitempty"`
	// Body names the function the root delegates its whole body to, where
	// the checks analyse from, when it is not the root itself.
	Body string `json:"body,omitempty"`
}

// listRoots runs the model on the packages of patterns in dir through go
// vet, with this binary as the vet tool in its roots mode (the same model,
// configuration and dependency facts as the checks, one package per
// process, cached by go), and writes the reconcile roots it found: what
// the checks analyse from. A package without roots is listed with none,
// so a user sees that it was looked at. Roots in test files are left out:
// go vet analyses a package with its tests, the listing is of the package.
func listRoots(dir, exe, cfgPath, digest string, patterns []string, format string, line *progress.Line, stdout io.Writer) error {
	found, pkgs, err := vet(dir, exe, cfgPath, digest, patterns, line, "-"+vettool.RootsFlag+"=true")
	if err != nil {
		return err
	}
	byPkg := make(map[string][]rootEntry)
	for _, f := range found {
		if f.Check != analyzers.RootsAnalyzer.Name || strings.HasSuffix(f.Pos.File, "_test.go") {
			continue
		}
		var r analyzers.Root
		if err := json.Unmarshal([]byte(f.Message), &r); err != nil {
			return fmt.Errorf("read the roots of %s: %w", f.Package, err)
		}
		path, _, _ := strings.Cut(f.Package, " ")
		pos := f.Pos.File
		if f.Pos.Line > 0 {
			pos = fmt.Sprintf("%s:%d:%d", pos, f.Pos.Line, f.Pos.Column)
		}
		byPkg[path] = append(byPkg[path], rootEntry{Function: r.Function, Kind: r.Kind,
			Position: relPosition(dir, pos), Request: r.Request, Body: r.Body})
	}
	var doc rootsDoc
	for _, p := range pkgs {
		rs := byPkg[p.ImportPath]
		if rs == nil {
			rs = []rootEntry{}
		}
		doc.Packages = append(doc.Packages, rootsPackage{Package: p.ImportPath, Roots: rs})
	}
	sort.Slice(doc.Packages, func(i, j int) bool { return doc.Packages[i].Package < doc.Packages[j].Package })
	line.Clear()
	if format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	for _, p := range doc.Packages {
		fmt.Fprintf(stdout, "%s: %d root(s)\n", p.Package, len(p.Roots))
		for _, r := range p.Roots {
			req := ""
			if r.Request != "" {
				req = ", keyed by " + r.Request
			}
			body := ""
			if r.Body != "" {
				body = ", body in " + r.Body
			}
			fmt.Fprintf(stdout, "\t%s: %s (%s%s%s)\n", r.Position, r.Function, r.Kind, req, body)
		}
	}
	return nil
}

// relPosition makes a file:line:col position relative to dir when it is
// inside it.
func relPosition(dir, pos string) string {
	if rest, ok := strings.CutPrefix(pos, dir+"/"); ok {
		return rest
	}
	return pos
}
