// Package baseline holds the baseline file that lets a team adopt
// reconcilelint on legacy code: Write records today's findings, and
// Filter later suppresses those and reports only new ones.
//
// A finding matches a baseline entry by check ID, file (relative to the
// baseline file's directory, slash-separated), enclosing function and
// message, never by line, so edits that shift code up or down keep it
// suppressed. Entries count: two identical entries suppress at most two
// identical findings.
//
// The file is versioned JSON with one entry per line in a stable order,
// so that it diffs well:
//
//	{
//	  "version": 1,
//	  "findings": [
//	    {"id":"RL5001","check":"notfounderror","file":"controllers/widget.go","function":"(*WidgetReconciler).Reconcile","message":"notfounderror: …"}
//	  ]
//	}
//
// It imports the standard library and internal/report only.
package baseline

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/reconcilelint/reconcilelint/internal/report"
)

// Version is the format version that Write writes and Load accepts.
const Version = 1

// Entry is one baselined finding.
type Entry struct {
	ID       string `json:"id"`       // check ID, e.g. "RL5001"
	Check    string `json:"check"`    // check name, for readers; not matched
	File     string `json:"file"`     // relative to the baseline's directory, slash-separated
	Function string `json:"function"` // enclosing function, see EnclosingFunc
	Message  string `json:"message"`
}

// key is what a finding and an entry are matched on.
type key struct {
	id, file, function, message string
}

func (e Entry) key() key { return key{e.ID, e.File, e.Function, e.Message} }

// Baseline is a loaded baseline file.
type Baseline struct {
	// Entries are the baselined findings, in file order.
	Entries []Entry
	dir     string // absolute directory of the baseline file
}

// file is the JSON document.
type file struct {
	Version  *int    `json:"version"`
	Findings []Entry `json:"findings"`
}

// Write records findings in a new baseline file at path, replacing any
// file there. File names are stored relative to the directory of path; an
// empty Finding.Function is filled in with EnclosingFunc. The file is
// written to a temporary name and renamed into place.
func Write(path string, findings []report.Finding) error {
	dir, err := absDir(path)
	if err != nil {
		return fmt.Errorf("baseline: write %s: %w", path, err)
	}
	funcs := newFuncCache()
	entries := make([]Entry, 0, len(findings))
	for _, f := range findings {
		entries = append(entries, entryFor(f, dir, funcs))
	}
	slices.SortFunc(entries, compareEntries)

	var buf bytes.Buffer
	fmt.Fprintf(&buf, "{\n  \"version\": %d,\n  \"findings\": [", Version)
	for i, e := range entries {
		line, err := marshalCompact(e)
		if err != nil {
			return fmt.Errorf("baseline: write %s: %w", path, err)
		}
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    ")
		buf.Write(line)
	}
	if len(entries) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")

	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return fmt.Errorf("baseline: write %s: %w", path, err)
	}
	_, werr := tmp.Write(buf.Bytes())
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("baseline: write %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("baseline: write %s: %w", path, err)
	}
	return nil
}

// marshalCompact is json.Marshal without HTML escaping.
func marshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func compareEntries(a, b Entry) int {
	return cmp.Or(
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Function, b.Function),
		cmp.Compare(a.ID, b.ID),
		cmp.Compare(a.Message, b.Message),
		cmp.Compare(a.Check, b.Check),
	)
}

// Load reads the baseline file at path. Unknown fields, a missing or
// unsupported version and trailing data are errors.
func Load(path string) (*Baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("baseline: %w", err)
	}
	dir, err := absDir(path)
	if err != nil {
		return nil, fmt.Errorf("baseline: %s: %w", path, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var doc file
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("baseline: %s: %w", path, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("baseline: %s: unexpected data after the JSON object", path)
	}
	switch {
	case doc.Version == nil:
		return nil, fmt.Errorf("baseline: %s: no \"version\" field", path)
	case *doc.Version != Version:
		return nil, fmt.Errorf("baseline: %s: unsupported version %d (this reconcilelint reads version %d; rewrite the baseline)", path, *doc.Version, Version)
	}
	return &Baseline{Entries: doc.Findings, dir: dir}, nil
}

// Len returns the number of entries.
func (b *Baseline) Len() int { return len(b.Entries) }

// Filter returns the findings that the baseline does not cover, in their
// original order, and how many it suppressed. Each entry suppresses at
// most one finding. Findings with an empty Function get it filled in (see
// EnclosingFunc), in fresh as well. Filter does not change the baseline,
// so it may be called again with other findings.
func (b *Baseline) Filter(findings []report.Finding) (fresh []report.Finding, matched int) {
	remaining := map[key]int{}
	for _, e := range b.Entries {
		remaining[e.key()]++
	}
	funcs := newFuncCache()
	// Match in a stable order, so that which of several identical
	// findings is reported does not depend on the caller's order.
	order := make([]int, len(findings))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return cmpFinding(findings[i], findings[j])
	})
	suppressed := make([]bool, len(findings))
	filled := make([]report.Finding, len(findings))
	for _, i := range order {
		f := findings[i]
		e := entryFor(f, b.dir, funcs)
		f.Function = e.Function
		filled[i] = f
		if k := e.key(); remaining[k] > 0 {
			remaining[k]--
			suppressed[i] = true
			matched++
		}
	}
	for i, f := range filled {
		if !suppressed[i] {
			fresh = append(fresh, f)
		}
	}
	return fresh, matched
}

func cmpFinding(a, b report.Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.File, b.Pos.File),
		cmp.Compare(a.Pos.Line, b.Pos.Line),
		cmp.Compare(a.Pos.Column, b.Pos.Column),
		cmp.Compare(a.ID, b.ID),
		cmp.Compare(a.Message, b.Message),
	)
}

// entryFor converts a finding to an entry relative to dir.
func entryFor(f report.Finding, dir string, funcs *funcCache) Entry {
	fn := f.Function
	if fn == "" && f.Pos.File != "" && f.Pos.Line > 0 {
		fn, _ = funcs.enclosing(f.Pos.File, f.Pos.Line) // unknown stays ""
	}
	return Entry{
		ID:       f.ID,
		Check:    f.Check,
		File:     relFile(dir, f.Pos.File),
		Function: fn,
		Message:  f.Message,
	}
}

// relFile returns file relative to dir, slash-separated. A relative file
// is taken as relative to the working directory.
func relFile(dir, file string) string {
	if file == "" {
		return ""
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return filepath.ToSlash(file)
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

func absDir(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	return filepath.Dir(abs), nil
}
