package report

import (
	"cmp"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"
	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
)

// Names used in SARIF output.
const (
	// ToolName is the name of the SARIF tool driver.
	ToolName = "reconcilelint"
	// ToolURI is the driver's informationUri.
	ToolURI = "https://github.com/reconcilelint/reconcilelint"
	// SrcRoot is the uriBaseId of every relative artifact location: the
	// working directory of the run, normally the repository root.
	SrcRoot = "%SRCROOT%"
)

// WriteSARIF writes the findings as a SARIF 2.1.0 log with one run.
//
// The tool driver lists rules, one per Doc (sorted by ID), with the check
// ID as id, its name, the Title as shortDescription, the Rationale as
// fullDescription and help, Doc.URL() as helpUri and the default severity
// as defaultConfiguration.level (error → "error", warning → "warning",
// info → "note"). A finding whose ID has no Doc gets a minimal rule.
//
// Each finding becomes a result with ruleId, ruleIndex, the level of its
// own (effective) severity, its message, a location, its related
// locations and its fixes. Files under the working directory get a
// relative URI with uriBaseId %SRCROOT%, and run.originalUriBaseIds maps
// %SRCROOT% to the working directory; other files get absolute file://
// URIs. Regions carry 1-based lines and byte columns as go/token reports
// them, and byteOffset/byteLength when the offsets are known. A fix's
// edits become artifactChanges (one per file) whose replacements delete
// the byte range [Start, End) and insert New.
//
// The run has one invocation. errs are the errors that stopped the run (a
// package that does not load, a bad configuration): with any, the
// invocation has executionSuccessful false and carries each error as an
// error-level tool execution notification, so a failed run is still a
// valid log that says why it has no results.
func WriteSARIF(w io.Writer, findings []Finding, rules []checkdoc.Doc, toolVersion string, errs []string) error {
	return writeSARIF(w, findings, rules, toolVersion, workDir(), errs)
}

func writeSARIF(w io.Writer, findings []Finding, rules []checkdoc.Doc, toolVersion, base string, errs []string) error {
	log, err := sarif.New(sarif.Version210)
	if err != nil {
		return fmt.Errorf("report: write SARIF: %w", err)
	}
	run := sarif.NewRunWithInformationURI(ToolName, ToolURI)
	if toolVersion != "" {
		run.Tool.Driver.WithVersion(toolVersion)
	}
	if base != "" {
		run.WithOriginalUriBaseIds(map[string]*sarif.ArtifactLocation{
			SrcRoot: sarif.NewSimpleArtifactLocation(dirURI(base)),
		})
	}

	docs := slices.Clone(rules)
	slices.SortStableFunc(docs, func(a, b checkdoc.Doc) int { return cmp.Compare(a.ID, b.ID) })
	known := map[string]bool{}
	for i := range docs {
		d := &docs[i]
		if known[d.ID] {
			continue
		}
		known[d.ID] = true
		rationale := strings.TrimSpace(d.Rationale)
		rule := run.AddRule(d.ID).
			WithName(d.Name).
			WithShortDescription(sarif.NewMultiformatMessageString(d.Title)).
			WithHelpURI(d.URL()).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarifLevel(d.Severity)))
		if rationale != "" {
			rule.WithFullDescription(sarif.NewMultiformatMessageString(rationale))
			rule.WithHelp(sarif.NewMultiformatMessageString(rationale).WithMarkdown(rationale))
		}
	}

	loc := locator{base: base}
	for _, f := range sorted(findings) {
		id := f.ID
		if id == "" {
			id = f.Check
		}
		if !known[id] {
			// Every result refers to a rule, so that ruleIndex is valid.
			known[id] = true
			short := cmp.Or(f.Check, id)
			run.AddRule(id).WithName(cmp.Or(f.Check, id)).
				WithShortDescription(sarif.NewMultiformatMessageString(short))
		}
		res := sarif.NewRuleResult(id).
			WithLevel(sarifLevel(SeverityOf(f))).
			WithMessage(sarif.NewTextMessage(f.Message))
		if f.Pos.File != "" {
			res.AddLocation(sarif.NewLocationWithPhysicalLocation(loc.physical(f.Pos, f.End)))
		}
		for i, r := range f.Related {
			rl := sarif.NewLocation().WithId(i + 1)
			if r.File != "" {
				rl.WithPhysicalLocation(loc.physical(r.Position, Position{Offset: -1}))
			}
			if r.Message != "" {
				rl.WithMessage(sarif.NewTextMessage(r.Message))
			}
			res.AddRelatedLocation(rl)
		}
		for _, fix := range f.Fixes {
			if sf := loc.fix(fix); sf != nil {
				res.AddFix(sf)
			}
		}
		run.AddResult(res)
	}
	inv := run.AddInvocation(len(errs) == 0)
	for _, e := range slices.Sorted(slices.Values(errs)) {
		inv.AddTToolExecutionNotification(sarif.NewNotification().
			WithLevel("error").
			WithMessage(sarif.NewTextMessage(e)))
	}
	log.AddRun(run)
	if err := log.PrettyWrite(w); err != nil {
		return fmt.Errorf("report: write SARIF: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("report: write SARIF: %w", err)
	}
	return nil
}

// sarifLevel maps a severity to a SARIF result level.
func sarifLevel(s checkdoc.Severity) string {
	switch s {
	case checkdoc.Info:
		return "note"
	case checkdoc.Warning:
		return "warning"
	}
	return "error"
}

// locator turns file names into SARIF artifact locations.
type locator struct {
	base string // absolute directory that %SRCROOT% stands for, or ""
}

// artifact returns the artifact location of file.
func (l locator) artifact(file string) *sarif.ArtifactLocation {
	if rel, ok := relPath(l.base, file); ok {
		return sarif.NewSimpleArtifactLocation(relURI(rel)).WithUriBaseId(SrcRoot)
	}
	return sarif.NewSimpleArtifactLocation(fileURI(file))
}

// physical returns the physical location of the range [pos, end); end may
// be the zero Position (with Offset -1).
func (l locator) physical(pos, end Position) *sarif.PhysicalLocation {
	pl := sarif.NewPhysicalLocation().WithArtifactLocation(l.artifact(pos.File))
	region := sarif.NewRegion()
	hasRegion := false
	if pos.Line > 0 {
		hasRegion = true
		region.WithStartLine(pos.Line)
		if pos.Column > 0 {
			region.WithStartColumn(pos.Column)
		}
		sameFile := end.File == "" || end.File == pos.File
		if sameFile && end.Line >= pos.Line {
			region.WithEndLine(end.Line)
			if end.Column > 0 && (end.Line > pos.Line || end.Column >= pos.Column) {
				region.WithEndColumn(end.Column)
			}
		}
	}
	if knownOffset(pos) {
		hasRegion = true
		region.WithByteOffset(pos.Offset)
		if knownOffset(end) && end.Offset >= pos.Offset && (end.File == "" || end.File == pos.File) {
			region.WithByteLength(end.Offset - pos.Offset)
		}
	}
	if hasRegion {
		pl.WithRegion(region)
	}
	return pl
}

// knownOffset reports whether p.Offset holds a byte offset. Offset is -1
// when unknown, but a Position built without it has 0; offset 0 is only
// believed at line 1, column 1 (or with no line at all).
func knownOffset(p Position) bool {
	return p.Offset > 0 || (p.Offset == 0 && p.Line <= 1 && p.Column <= 1 && p.File != "")
}

// fix converts a suggested fix; it returns nil for a fix without edits.
func (l locator) fix(fix Fix) *sarif.Fix {
	edits := slices.Clone(fix.Edits)
	slices.SortStableFunc(edits, func(a, b Edit) int {
		return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	var changes []*sarif.ArtifactChange
	var cur *sarif.ArtifactChange
	curFile := ""
	for _, e := range edits {
		if e.Start < 0 || e.End < e.Start {
			continue // not a byte range; nothing sensible to emit
		}
		if cur == nil || e.File != curFile {
			cur = sarif.NewArtifactChange(l.artifact(e.File))
			curFile = e.File
			changes = append(changes, cur)
		}
		rep := sarif.NewReplacement(sarif.NewRegion().WithByteOffset(e.Start).WithByteLength(e.End - e.Start))
		if e.New != "" {
			rep.WithInsertedContent(sarif.NewArtifactContent().WithText(e.New))
		}
		cur.WithReplacement(rep)
	}
	if len(changes) == 0 {
		return nil
	}
	sf := sarif.NewFix().WithArtifactChanges(changes)
	if fix.Message != "" {
		sf.WithDescriptionText(fix.Message)
	}
	return sf
}

// toSlash is filepath.ToSlash.
func toSlash(p string) string { return filepath.ToSlash(p) }

// relURI turns a relative file path into a relative URI reference.
func relURI(rel string) string {
	u := &url.URL{Path: toSlash(rel)}
	return u.String()
}

// fileURI turns a file path into a file:// URI; a relative path (no
// base known) stays a relative URI reference.
func fileURI(file string) string {
	if !filepath.IsAbs(file) {
		return relURI(file)
	}
	p := toSlash(file)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // Windows: C:/x → /C:/x
	}
	u := &url.URL{Scheme: "file", Path: p}
	return u.String()
}

// dirURI is fileURI for a directory: it ends in a slash, as
// originalUriBaseIds requires.
func dirURI(dir string) string {
	u := fileURI(dir)
	if !strings.HasSuffix(u, "/") {
		u += "/"
	}
	return u
}
