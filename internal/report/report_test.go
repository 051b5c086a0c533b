package report

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

var update = flag.Bool("update", false, "rewrite the testdata/*.golden files")

// wd is the package directory, where go test runs.
func wd(t *testing.T) string {
	t.Helper()
	d, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func testRules() []checkdoc.Doc {
	return []checkdoc.Doc{
		{
			ID: "RL5001", Name: "notfounderror", Title: "NotFound is treated as a failure",
			Severity:  checkdoc.Warning,
			Rationale: "A deleted object is normal during reconciliation.\n\nReturn `nil` on `IsNotFound`.\n",
		},
		{
			ID: "RL2001", Name: "unconditionalwrite", Title: "Status is written on every reconcile",
			Severity:  checkdoc.Error,
			Rationale: "Writing status unconditionally makes the controller its own trigger.",
		},
		{
			ID: "RL4002", Name: "requeuehotloop", Title: "Requeue without a delay",
			Severity: checkdoc.Info,
		},
	}
}

// testFindings covers every field of Finding: three severities, files
// inside and outside the working directory, odd characters, related
// positions and fixes spanning two files.
func testFindings(t *testing.T) []Finding {
	dir := filepath.Join(wd(t), "testdata", "src", "op")
	ctrl := filepath.Join(dir, "widget_controller.go")
	odd := filepath.Join(dir, "odd dir,x", "a:b%.go")
	return []Finding{
		{
			ID: "RL2001", Check: "unconditionalwrite", Severity: "error",
			Package: "example.com/op", Function: "(*WidgetReconciler).Reconcile",
			Message: "unconditionalwrite: Status().Update writes status on every reconcile",
			Pos:     Position{File: ctrl, Line: 40, Column: 9, Offset: 900},
			End:     Position{File: ctrl, Line: 40, Column: 45, Offset: 936},
			Related: []Related{
				{Position: Position{File: ctrl, Line: 35, Column: 2, Offset: 800}, Message: "status field set here"},
			},
			Fixes: []Fix{{
				Message: "guard the update with a comparison",
				Edits: []Edit{
					{File: ctrl, Start: 936, End: 936, New: "\n\t}"},
					{File: ctrl, Start: 900, End: 900, New: "if changed {\n\t\t"},
					{File: filepath.Join(dir, "helpers.go"), Start: 10, End: 25, New: ""},
				},
			}},
		},
		{
			ID: "RL5001", Check: "notfounderror", Severity: "warning",
			Package: "example.com/op",
			Message: "notfounderror: Get error returned without IsNotFound check",
			Pos:     Position{File: ctrl, Line: 22, Column: 3, Offset: 400},
			End:     Position{File: ctrl, Line: 22, Column: 13, Offset: 410},
		},
		{
			ID: "RL4002", Check: "requeuehotloop", Severity: "info",
			Package: "example.com/op",
			Message: "requeuehotloop: Requeue: true with no RequeueAfter: 100% CPU,\nsee docs",
			Pos:     Position{File: odd, Line: 3, Column: 1, Offset: -1},
		},
		{
			// "~" sorts after every letter and digit, so this file sorts
			// last wherever the checkout lives and the goldens don't
			// depend on the working directory.
			ID: "RL5001", Check: "notfounderror", Severity: "warning",
			Package: "example.com/vendored",
			Message: "notfounderror: outside the working directory",
			Pos:     Position{File: outsideFile, Line: 7, Column: 2, Offset: -1},
			End:     Position{File: outsideFile, Line: 9, Column: 1, Offset: -1},
		},
		{
			ID: "RL9001", Check: "undocumented", Severity: "bogus",
			Message: "undocumented: a check without a Doc (and an unknown severity)",
			Pos:     Position{File: ctrl, Line: 22, Column: 3, Offset: 400},
		},
	}
}

// outsideFile lies outside the working directory.
const outsideFile = "/~outside/vendored/x.go"

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (run go test -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

func TestWriteText(t *testing.T) {
	var buf bytes.Buffer
	in := testFindings(t)
	orig := append([]Finding(nil), in...)
	if err := WriteText(&buf, in); err != nil {
		t.Fatal(err)
	}
	golden(t, "text.golden", buf.Bytes())
	for i := range in {
		if in[i].Message != orig[i].Message {
			t.Fatal("WriteText reordered its argument")
		}
	}
}

func TestWriteTextPositions(t *testing.T) {
	var buf bytes.Buffer
	err := WriteText(&buf, []Finding{
		{ID: "RL1", Message: "m1", Pos: Position{File: "rel/a.go", Line: 3}},
		{ID: "RL1", Message: "m2", Pos: Position{File: "rel/a.go"}},
		{ID: "RL1", Message: "m3"},
		{Message: "m4", Pos: Position{File: "rel/a.go", Line: 1, Column: 2}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "m3 [RL1]\nrel/a.go: m2 [RL1]\nrel/a.go:1:2: m4\nrel/a.go:3: m1 [RL1]\n"
	if got := buf.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, testFindings(t), []string{"z: load error", "a: cannot find package"}); err != nil {
		t.Fatal(err)
	}
	// Make the golden file independent of where the repository lives.
	got := bytes.ReplaceAll(buf.Bytes(), []byte(wd(t)), []byte("/WORKDIR"))
	golden(t, "json.golden", got)

	var back struct {
		Findings []Finding `json:"findings"`
		Errors   []string  `json:"errors"`
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Findings) != 5 || back.Findings[4].Pos.File != outsideFile || back.Errors[0] != "a: cannot find package" {
		t.Errorf("round trip: %+v", back)
	}

	buf.Reset()
	if err := WriteJSON(&buf, nil, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "{\n  \"findings\": [],\n  \"errors\": []\n}\n"; got != want {
		t.Errorf("empty JSON = %q, want %q", got, want)
	}
}

func TestWriteGitHub(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteGitHub(&buf, testFindings(t), nil); err != nil {
		t.Fatal(err)
	}
	golden(t, "github.golden", buf.Bytes())
	for _, line := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		if !strings.HasPrefix(line, "::error ") && !strings.HasPrefix(line, "::warning ") && !strings.HasPrefix(line, "::notice ") {
			t.Errorf("not a workflow command: %q", line)
		}
	}
}

func TestGitHubEscaping(t *testing.T) {
	if got, want := escapeProperty("a%b\r\nc:d,e"), "a%25b%0D%0Ac%3Ad%2Ce"; got != want {
		t.Errorf("escapeProperty = %q, want %q", got, want)
	}
	if got, want := escapeData("a%b\r\nc:d,e"), "a%25b%0D%0Ac:d,e"; got != want {
		t.Errorf("escapeData = %q, want %q", got, want)
	}
}

// sarifOutput returns the SARIF for testFindings with the working
// directory replaced by a fixed placeholder.
func sarifOutput(t *testing.T) []byte {
	var buf bytes.Buffer
	if err := WriteSARIF(&buf, testFindings(t), testRules(), "v0.1.0", nil); err != nil {
		t.Fatal(err)
	}
	return bytes.ReplaceAll(buf.Bytes(), []byte(dirURI(wd(t))), []byte("file:///WORKDIR/"))
}

func TestWriteSARIF(t *testing.T) {
	got := sarifOutput(t)
	golden(t, "sarif.golden", got)

	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(got, &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s has ruleIndex %d of rule %s", r.RuleID, r.RuleIndex, run.Tool.Driver.Rules[r.RuleIndex].ID)
		}
	}
	levels := map[string]string{}
	for _, r := range run.Results {
		levels[r.RuleID] = r.Level
	}
	if levels["RL2001"] != "error" || levels["RL4002"] != "note" || levels["RL5001"] != "warning" || levels["RL9001"] != "error" {
		t.Errorf("levels = %v", levels)
	}
}

func sarifSchema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	const url = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatal(err)
	}
	return sch
}

func validateSARIF(t *testing.T, sch *jsonschema.Schema, name string, data []byte) {
	t.Helper()
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if err := sch.Validate(inst); err != nil {
		t.Errorf("%s does not validate against the SARIF 2.1.0 schema: %v\n%s", name, err, data)
	}
}

func TestSARIFSchema(t *testing.T) {
	sch := sarifSchema(t)
	validateSARIF(t, sch, "full log", sarifOutput(t))

	var buf bytes.Buffer
	if err := WriteSARIF(&buf, nil, nil, "", nil); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, sch, "empty log", buf.Bytes())

	buf.Reset()
	if err := writeSARIF(&buf, testFindings(t), testRules(), "devel", "", nil); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, sch, "log without a base directory", buf.Bytes())
	if !strings.Contains(buf.String(), `"uri": "file://`+outsideFile+`"`) {
		t.Errorf("no file URI for a file outside the base")
	}

	buf.Reset()
	if err := WriteSARIF(&buf, nil, testRules(), "devel", []string{"no packages to analyse"}); err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, sch, "log of a failed run", buf.Bytes())

	// The schema really rejects bad logs, so the checks above mean something.
	for _, bad := range []string{
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}`,
		`{"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [{"message": {"text": "m"}, "level": "fatal"}]}]}`,
		`{"version": "2.1.0", "runs": [], "bogus": 1}`,
	} {
		inst, err := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if err != nil {
			t.Fatal(err)
		}
		if sch.Validate(inst) == nil {
			t.Errorf("schema accepted %s", bad)
		}
	}
}

func TestSARIFRegions(t *testing.T) {
	l := locator{base: "/src"}
	pl := l.physical(Position{File: "/src/a.go", Line: 5, Column: 2}, Position{})
	if pl.Region.ByteOffset != nil {
		t.Errorf("offset 0 at line 5 taken as known")
	}
	if *pl.ArtifactLocation.URI != "a.go" || *pl.ArtifactLocation.URIBaseId != SrcRoot {
		t.Errorf("artifact location = %s %s", *pl.ArtifactLocation.URI, *pl.ArtifactLocation.URIBaseId)
	}
	pl = l.physical(Position{File: "/src/a.go", Line: 1, Column: 1, Offset: 0}, Position{File: "/src/a.go", Line: 1, Column: 4, Offset: 3})
	if pl.Region.ByteOffset == nil || *pl.Region.ByteOffset != 0 || *pl.Region.ByteLength != 3 {
		t.Errorf("offset 0 at 1:1 not taken as known")
	}
	if got := relURI("a:b/c d.go"); got != "./a:b/c%20d.go" {
		t.Errorf("relURI = %q", got)
	}
	if got := dirURI("/a b/"); got != "file:///a%20b/" {
		t.Errorf("dirURI = %q", got)
	}
	if l.fix(Fix{Message: "nothing", Edits: []Edit{{Start: 5, End: 2}}}) != nil {
		t.Errorf("fix with a bad range kept")
	}
}

func TestGate(t *testing.T) {
	fs := func(sevs ...string) []Finding {
		var out []Finding
		for _, s := range sevs {
			out = append(out, Finding{Severity: s})
		}
		return out
	}
	tests := []struct {
		findings []Finding
		failOn   checkdoc.Severity
		want     int
	}{
		{nil, checkdoc.Info, 0},
		{fs("info"), checkdoc.Info, 1},
		{fs("info"), checkdoc.Warning, 0},
		{fs("info", "warning"), checkdoc.Warning, 1},
		{fs("warning"), checkdoc.Error, 0},
		{fs("warning", "error"), checkdoc.Error, 1},
		{fs("error"), checkdoc.Info, 1},
		{fs(""), checkdoc.Error, 1},       // unknown severity fails safe
		{fs("WARN"), checkdoc.Warning, 1}, // as checkdoc.ParseSeverity reads it
	}
	for _, tt := range tests {
		if got := Gate(tt.findings, tt.failOn); got != tt.want {
			t.Errorf("Gate(%v, %v) = %d, want %d", tt.findings, tt.failOn, got, tt.want)
		}
	}
}

func TestSort(t *testing.T) {
	in := []Finding{
		{ID: "B", Pos: Position{File: "b.go", Line: 1}},
		{ID: "B", Pos: Position{File: "a.go", Line: 2, Column: 1}},
		{ID: "A", Pos: Position{File: "a.go", Line: 2, Column: 1}},
		{ID: "A", Pos: Position{File: "a.go", Line: 1, Column: 9}},
	}
	Sort(in)
	var got []string
	for _, f := range in {
		got = append(got, f.Pos.String()+" "+f.ID)
	}
	want := "a.go:1:9 A|a.go:2:1 A|a.go:2:1 B|b.go:1:0 B"
	if strings.Join(got, "|") != want {
		t.Errorf("Sort = %s, want %s", strings.Join(got, "|"), want)
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

func TestWriteErrors(t *testing.T) {
	fs := testFindings(t)
	for name, err := range map[string]error{
		"text":   WriteText(failWriter{}, fs),
		"json":   WriteJSON(failWriter{}, fs, nil),
		"github": WriteGitHub(failWriter{}, fs, nil),
		"sarif":  WriteSARIF(failWriter{}, fs, testRules(), "", nil),
	} {
		if err == nil || !strings.HasPrefix(err.Error(), "report: ") {
			t.Errorf("%s: error = %v", name, err)
		}
	}
}

// TestErrorDocuments: a run that failed (errs given, no findings) is a
// valid document in every structured format and carries the errors where
// each format keeps them: JSON's errors, SARIF's invocation with
// executionSuccessful false and error notifications, GitHub's ::error
// commands.
func TestErrorDocuments(t *testing.T) {
	errs := []string{"not inside a Go module: no go.mod in /x or any parent directory"}

	var buf bytes.Buffer
	if err := WriteJSON(&buf, nil, errs); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Findings []Finding `json:"findings"`
		Errors   []string  `json:"errors"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatalf("JSON of a failed run: %v\n%s", err, buf.String())
	}
	if doc.Findings == nil || len(doc.Findings) != 0 || !reflect.DeepEqual(doc.Errors, errs) {
		t.Errorf("JSON of a failed run = %+v", doc)
	}

	buf.Reset()
	if err := WriteSARIF(&buf, nil, testRules(), "devel", errs); err != nil {
		t.Fatal(err)
	}
	var log struct {
		Runs []struct {
			Results     []json.RawMessage `json:"results"`
			Invocations []struct {
				ExecutionSuccessful *bool `json:"executionSuccessful"`
				Notifications       []struct {
					Level   string `json:"level"`
					Message struct {
						Text string `json:"text"`
					} `json:"message"`
				} `json:"toolExecutionNotifications"`
			} `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatalf("SARIF of a failed run: %v", err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
		t.Fatalf("SARIF of a failed run: %s", buf.String())
	}
	inv := log.Runs[0].Invocations[0]
	if inv.ExecutionSuccessful == nil || *inv.ExecutionSuccessful || len(inv.Notifications) != 1 ||
		inv.Notifications[0].Level != "error" || inv.Notifications[0].Message.Text != errs[0] {
		t.Errorf("SARIF invocation of a failed run = %s", buf.String())
	}
	if !bytes.Contains(sarifOutput(t), []byte(`"executionSuccessful": true`)) {
		t.Errorf("SARIF of a successful run does not say so")
	}

	buf.Reset()
	if err := WriteGitHub(&buf, nil, errs); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "::error title=reconcilelint::"+errs[0]+"\n"; got != want {
		t.Errorf("GitHub output of a failed run = %q, want %q", got, want)
	}
}

// TestJSONRelativePaths: JSON names files relative to the working
// directory, like text, GitHub and SARIF; a file outside it stays
// absolute.
func TestJSONRelativePaths(t *testing.T) {
	base := wd(t)
	f := Finding{ID: "RL1", Message: "m",
		Pos:     Position{File: filepath.Join(base, "pkg", "a.go"), Line: 1, Column: 1},
		Related: []Related{{Position: Position{File: outsideFile, Line: 2}, Message: "r"}},
		Fixes:   []Fix{{Message: "f", Edits: []Edit{{File: filepath.Join(base, "pkg", "a.go"), Start: 1, End: 2}}}},
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, []Finding{f}, nil); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Findings []Finding `json:"findings"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	got := doc.Findings[0]
	want := filepath.Join("pkg", "a.go")
	if got.Pos.File != want || got.Fixes[0].Edits[0].File != want || got.Related[0].File != outsideFile {
		t.Errorf("JSON paths: pos %q, edit %q, related %q", got.Pos.File, got.Fixes[0].Edits[0].File, got.Related[0].File)
	}
	if f.Pos.File == want {
		t.Errorf("WriteJSON changed its argument")
	}
}
