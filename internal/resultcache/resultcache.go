// Package resultcache keeps the findings of a standalone run so that a
// re-run on unchanged code answers without starting go vet.
//
// The key covers everything the analysis reads: the content of every Go
// (and cgo) source file of the main module and of the local directories
// its go.mod replaces modules with, go.mod, go.sum and vendor/modules.txt
// (which pin every other dependency), the Go environment (GO* and CGO_*
// variables, the go command on PATH), and what the caller adds: the
// reconcilelint binary, the configuration and the package patterns. Runs
// that depend on files the key cannot see are not cached: GOPATH mode, Go
// workspaces, patterns outside the module, -overlay.
//
// The cache lives in $RECONCILELINT_CACHE (a directory, or "off"), else in
// reconcilelint/results under os.UserCacheDir.
package resultcache

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"golang.org/x/mod/modfile"

	"github.com/reconcilelint/reconcilelint/internal/report"
)

// EnvVar names the environment variable that sets the cache directory, or
// disables the cache with "off".
const EnvVar = "RECONCILELINT_CACHE"

// maxAge is how long an unused entry is kept.
const maxAge = 7 * 24 * time.Hour

// Dir returns the cache directory, or "" when the cache is off.
func Dir() string {
	switch v := os.Getenv(EnvVar); v {
	case "off", "0", "false":
		return ""
	case "":
		base, err := os.UserCacheDir()
		if err != nil {
			return ""
		}
		return filepath.Join(base, "reconcilelint", "results")
	default:
		return v
	}
}

// Key returns the cache key of a run in dir with the package patterns and
// the caller's extra parts (binary, configuration). ok is false when the
// run cannot be cached.
func Key(dir string, patterns []string, parts ...string) (key string, ok bool) {
	if Dir() == "" {
		return "", false
	}
	root := moduleRoot(dir)
	if root == "" || inWorkspace(dir) || strings.Contains(os.Getenv("GOFLAGS"), "-overlay") {
		return "", false
	}
	h := sha256.New()
	fmt.Fprintf(h, "reconcilelint result cache v1\x00dir %s\x00", dir)
	for _, p := range patterns {
		if outside(dir, root, p) {
			return "", false
		}
		fmt.Fprintf(h, "pattern %s\x00", p)
	}
	for _, p := range parts {
		fmt.Fprintf(h, "part %s\x00", p)
	}
	env := os.Environ()
	sort.Strings(env)
	for _, kv := range env {
		if strings.HasPrefix(kv, "GO") || strings.HasPrefix(kv, "CGO_") {
			fmt.Fprintf(h, "env %s\x00", kv)
		}
	}
	if goTool, err := exec.LookPath("go"); err == nil {
		if fi, err := os.Stat(goTool); err == nil {
			fmt.Fprintf(h, "go %s %d %d\x00", goTool, fi.Size(), fi.ModTime().UnixNano())
		}
	}
	dirs := []string{root}
	data, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		return "", false
	}
	mf, err := modfile.Parse("go.mod", data, nil)
	if err != nil {
		return "", false // replacements unknown: the key could miss a local tree
	}
	for _, r := range mf.Replace {
		if modfile.IsDirectoryPath(r.New.Path) {
			p := r.New.Path
			if !filepath.IsAbs(p) {
				p = filepath.Join(root, p)
			}
			dirs = append(dirs, filepath.Clean(p))
		}
	}
	for _, d := range dirs {
		if err := hashTree(h, d); err != nil {
			return "", false
		}
	}
	return hex.EncodeToString(h.Sum(nil)), true
}

// moduleRoot returns the directory of the go.mod that governs dir, or "".
func moduleRoot(dir string) string {
	if os.Getenv("GO111MODULE") == "off" {
		return ""
	}
	for d := dir; ; {
		if fi, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && !fi.IsDir() {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

// inWorkspace reports whether a go.work applies to dir.
func inWorkspace(dir string) bool {
	switch w := os.Getenv("GOWORK"); w {
	case "off":
		return false
	case "":
	default:
		return true
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.work")); err == nil {
			return true
		}
		parent := filepath.Dir(d)
		if parent == d {
			return false
		}
		d = parent
	}
}

// outside reports whether a package pattern names a directory outside
// the module root (relative patterns that leave it, absolute paths).
func outside(dir, root, pattern string) bool {
	if !strings.HasPrefix(pattern, ".") && !filepath.IsAbs(pattern) {
		return false // an import path: the main module or a pinned dependency
	}
	p := pattern
	if !filepath.IsAbs(p) {
		p = filepath.Join(dir, p)
	}
	rel, err := filepath.Rel(root, filepath.Clean(p))
	return err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// hashed says which files of a tree go into the key: Go and cgo sources,
// and the files that pin the dependencies.
func hashed(name string) bool {
	switch name {
	case "go.mod", "go.sum", "modules.txt":
		return true
	}
	switch filepath.Ext(name) {
	case ".go", ".c", ".h", ".cc", ".cpp", ".hh", ".hpp", ".m", ".s", ".S", ".syso":
		return true
	}
	return false
}

// hashTree adds the hashed files below root to h, in walk order, skipping
// what the go command ignores (directories starting with "." or "_",
// testdata) and nested modules.
func hashTree(h io.Writer, root string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root {
				if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !d.Type().IsRegular() || !hashed(name) {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(h, "file %s %x\x00", path, sum)
		return nil
	})
}

// entry is a stored finding with the byte offsets that its JSON form
// leaves out.
type entry struct {
	Finding report.Finding `json:"finding"`
	Pos     int            `json:"pos_offset"`
	End     int            `json:"end_offset"`
	Related []int          `json:"related_offsets,omitempty"`
}

// Load returns the findings stored under key.
func Load(key string) ([]report.Finding, bool) {
	dir := Dir()
	if dir == "" || key == "" {
		return nil, false
	}
	path := filepath.Join(dir, key+".json")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, false
	}
	var entries []entry
	if err := json.Unmarshal(data, &entries); err != nil {
		return nil, false
	}
	findings := make([]report.Finding, len(entries))
	for i, e := range entries {
		f := e.Finding
		f.Pos.Offset, f.End.Offset = e.Pos, e.End
		for j := range f.Related {
			if j < len(e.Related) {
				f.Related[j].Offset = e.Related[j]
			}
		}
		findings[i] = f
	}
	now := time.Now()
	_ = os.Chtimes(path, now, now) // keep used entries
	return findings, true
}

// Store records the findings under key, replacing the file atomically, and
// drops entries unused for a week.
func Store(key string, findings []report.Finding) error {
	dir := Dir()
	if dir == "" || key == "" {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("result cache: %w", err)
	}
	entries := make([]entry, len(findings))
	for i, f := range findings {
		entries[i] = entry{Finding: f, Pos: f.Pos.Offset, End: f.End.Offset}
		for _, r := range f.Related {
			entries[i].Related = append(entries[i].Related, r.Offset)
		}
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return fmt.Errorf("result cache: %w", err)
	}
	tmp, err := os.CreateTemp(dir, key+".*.tmp")
	if err != nil {
		return fmt.Errorf("result cache: %w", err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("result cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(dir, key+".json")); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("result cache: %w", err)
	}
	prune(dir)
	return nil
}

// prune removes entries (and stray temporary files) older than maxAge.
func prune(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	cutoff := time.Now().Add(-maxAge)
	for _, e := range entries {
		if fi, err := e.Info(); err == nil && fi.ModTime().Before(cutoff) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
