package config

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
)

var testChecks = []Check{
	{ID: "RL5001", Name: "notfounderror", Severity: checkdoc.Warning},
	{ID: "RL2001", Name: "unconditionalwrite", Severity: checkdoc.Warning},
	{ID: "RL3001", Name: "handlerwrite", Severity: checkdoc.Error},
	{ID: "RL4002", Name: "requeuehotloop", Severity: checkdoc.Info, Options: []string{"min-requeue", "ignore"}},
	{ID: "", Name: "reconcilelint", Options: []string{"roots"}},
}

const fullYAML = `# example
enable: ["*"]
disable: ["RL3001", "handlerwrite"]
severity:
  RL2001: error
  requeuehotloop: warning
options:
  requeuehotloop: {min-requeue: 5s}
  reconcilelint: {roots: ["example.com/op/pkg.Type.Method", "example.com/op/pkg.F"]}
fail-on: warning
`

func mustResolve(t *testing.T, src string) *Resolved {
	t.Helper()
	c, err := Parse([]byte(src))
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	r, err := c.Resolve(testChecks)
	if err != nil {
		t.Fatalf("Resolve: %v", err)
	}
	return r
}

func TestParseFull(t *testing.T) {
	c, err := Parse([]byte(fullYAML))
	if err != nil {
		t.Fatal(err)
	}
	want := &Config{
		Enable:   StringList{"*"},
		Disable:  StringList{"RL3001", "handlerwrite"},
		Severity: map[string]string{"RL2001": "error", "requeuehotloop": "warning"},
		Options: map[string]map[string]StringList{
			"requeuehotloop": {"min-requeue": {"5s"}},
			"reconcilelint":  {"roots": {"example.com/op/pkg.Type.Method", "example.com/op/pkg.F"}},
		},
		FailOn: "warning",
	}
	got := *c
	got.root, got.source, got.fromFile = nil, "", false
	if !reflect.DeepEqual(&got, want) {
		t.Errorf("Parse =\n%#v\nwant\n%#v", &got, want)
	}

	r, err := c.Resolve(testChecks)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{
		"notfounderror": true, "RL5001": true, "rl5001": true,
		"unconditionalwrite": true, "handlerwrite": false, "RL3001": false,
		"requeuehotloop": true, "reconcilelint": false, "nosuch": false,
	} {
		if got := r.Enabled(name); got != want {
			t.Errorf("Enabled(%q) = %t, want %t", name, got, want)
		}
	}
	if got, want := r.EnabledChecks(), []string{"unconditionalwrite", "requeuehotloop", "notfounderror"}; !reflect.DeepEqual(got, want) {
		t.Errorf("EnabledChecks = %v, want %v", got, want)
	}
	for name, want := range map[string]checkdoc.Severity{
		"RL2001": checkdoc.Error, "unconditionalwrite": checkdoc.Error,
		"requeuehotloop": checkdoc.Warning, "notfounderror": checkdoc.Warning,
		"handlerwrite": checkdoc.Error, "nosuch": checkdoc.Info,
	} {
		if got := r.Severity(name); got != want {
			t.Errorf("Severity(%q) = %v, want %v", name, got, want)
		}
	}
	if got, want := r.Options("requeuehotloop"), map[string]string{"min-requeue": "5s"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Options(requeuehotloop) = %v, want %v", got, want)
	}
	if got, want := r.Options("RL4002"), map[string]string{"min-requeue": "5s"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Options(RL4002) = %v, want %v", got, want)
	}
	if got, want := r.Options("reconcilelint"), map[string]string{"roots": "example.com/op/pkg.Type.Method,example.com/op/pkg.F"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Options(reconcilelint) = %v, want %v", got, want)
	}
	if got := r.Options("notfounderror"); len(got) != 0 {
		t.Errorf("Options(notfounderror) = %v, want empty", got)
	}
	// The returned map is a copy.
	r.Options("requeuehotloop")["min-requeue"] = "1h"
	if got := r.Options("requeuehotloop")["min-requeue"]; got != "5s" {
		t.Errorf("Options map is shared: %q", got)
	}
	if r.FailOn() != checkdoc.Warning {
		t.Errorf("FailOn = %v, want warning", r.FailOn())
	}
}

func TestDefaults(t *testing.T) {
	for _, src := range []string{"", "\n", "# just a comment\n", "{}", "enable: []\n", "enable:\n"} {
		r := mustResolve(t, src)
		for _, ch := range testChecks {
			if ch.ID == "" {
				continue
			}
			if !r.Enabled(ch.Name) {
				t.Errorf("%q: %s not enabled by default", src, ch.Name)
			}
			if r.Severity(ch.ID) != ch.Severity {
				t.Errorf("%q: Severity(%s) = %v, want default %v", src, ch.ID, r.Severity(ch.ID), ch.Severity)
			}
		}
		if r.FailOn() != checkdoc.Info {
			t.Errorf("%q: default FailOn = %v, want info", src, r.FailOn())
		}
	}
	var nilConfig *Config
	r, err := nilConfig.Resolve(testChecks)
	if err != nil || !r.Enabled("RL5001") {
		t.Errorf("nil Config: %v, %v", r, err)
	}
}

func TestEnableDisablePrecedence(t *testing.T) {
	tests := []struct {
		src  string
		want []string
	}{
		{`enable: [notfounderror]`, []string{"notfounderror"}},
		{`enable: notfounderror`, []string{"notfounderror"}}, // scalar form
		{`enable: [RL5001, RL2001]`, []string{"unconditionalwrite", "notfounderror"}},
		{`{enable: [RL5001], disable: [notfounderror]}`, nil}, // disable wins
		{`disable: ["*"]`, nil},
		{`{disable: ["*"], enable: [RL5001]}`, nil}, // order of keys does not matter
		{`{enable: ["*"], disable: [RL2001, RL3001, RL4002]}`, []string{"notfounderror"}},
		{`{enable: ["*", RL5001]}`, []string{"unconditionalwrite", "handlerwrite", "requeuehotloop", "notfounderror"}},
	}
	for _, tt := range tests {
		r := mustResolve(t, tt.src)
		if got := r.EnabledChecks(); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: enabled = %v, want %v", tt.src, got, tt.want)
		}
	}
}

func TestStrictErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string // exact error text
	}{
		{"enable: [\"*\"]\nfailon: error\n",
			`config: line 2: unknown key "failon" (valid keys: enable, disable, severity, options, fail-on)`},
		{"enable: [\"*\"]\nseverity:\n  RL2001: error\n  RL2001: info\n",
			`config: line 4: mapping key "RL2001" already defined at line 3`},
		{"enable: [a\n", `config: line 1: did not find expected ',' or ']'`},
		{"enable: {a: b}\n", `config: line 1: want a scalar or a list of scalars`},
		{"enable: [[a]]\n", `config: line 1: list items must be scalars`},
		{"options:\n  requeuehotloop:\n    min-requeue: {a: 1}\n", `config: line 3: want a scalar or a list of scalars`},
		{"severity: [a]\n", `config: line 1: cannot unmarshal !!seq into map[string]string`},
		{"a: 1\n---\nb: 2\n", `config: line 1: unknown key "a" (valid keys: enable, disable, severity, options, fail-on)`},
		{"enable: [x]\n---\nenable: [y]\n", `config: line 2: more than one YAML document`},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.src))
		if err == nil {
			t.Errorf("Parse(%q): no error, want %q", tt.src, tt.want)
			continue
		}
		if got := err.Error(); got != tt.want {
			t.Errorf("Parse(%q):\n got %s\nwant %s", tt.src, got, tt.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): multi-line error %q", tt.src, err)
		}
		var ce *Error
		if !errors.As(err, &ce) {
			t.Errorf("Parse(%q): error %T is not *Error", tt.src, err)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	const known = "(known: RL2001 unconditionalwrite, RL3001 handlerwrite, RL4002 requeuehotloop, RL5001 notfounderror)"
	tests := []struct {
		src  string
		want string
	}{
		{"disable: [RL9999]\n", `config: line 1: unknown check "RL9999" in disable ` + known},
		{"enable:\n  - RL5001\n  - nosuch\n", `config: line 3: unknown check "nosuch" in enable ` + known},
		{"enable: [reconcilelint]\n", `config: line 1: "reconcilelint" in enable is the base analyzer, not a check; it only takes options`},
		{"severity:\n  RL9999: info\n", `config: line 2: unknown check "RL9999" in severity ` + known},
		{"severity:\n  RL2001: fatal\n", `config: line 2: bad severity "fatal" for RL2001 in severity (want info, warning or error)`},
		{"severity:\n  RL2001: error\n  unconditionalwrite: info\n", `config: line 3: severity: "RL2001" and "unconditionalwrite" name the same check RL2001 unconditionalwrite`},
		{"options:\n  nosuch: {a: b}\n", `config: line 2: unknown analyzer "nosuch" in options ` + strings.TrimSuffix(known, ")") + ", reconcilelint)"},
		{"options:\n  requeuehotloop:\n    min-requeue: 1s\n    max: 2\n", `config: line 4: unknown option "max" for requeuehotloop in options (valid: ignore, min-requeue)`},
		{"options:\n  notfounderror: {x: 1}\n", `config: line 2: unknown option "x" for notfounderror in options (it takes no options)`},
		{"options:\n  RL4002: {ignore: a}\n  requeuehotloop: {ignore: b}\n", `config: line 3: options: "RL4002" and "requeuehotloop" name the same analyzer requeuehotloop`},
		{"fail-on: never\n", `config: line 1: bad severity "never" in fail-on (want info, warning or error)`},
	}
	for _, tt := range tests {
		c, err := Parse([]byte(tt.src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		_, err = c.Resolve(testChecks)
		if err == nil {
			t.Errorf("Resolve(%q): no error, want %q", tt.src, tt.want)
			continue
		}
		if got := err.Error(); got != tt.want {
			t.Errorf("Resolve(%q):\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestResolveBadChecks(t *testing.T) {
	c := &Config{}
	if _, err := c.Resolve([]Check{{ID: "RL1", Name: "a"}, {ID: "RL2", Name: "a"}}); err == nil {
		t.Error("duplicate check names: no error")
	}
	if _, err := c.Resolve([]Check{{ID: "RL1"}}); err == nil {
		t.Error("check without a name: no error")
	}
	// No checks at all: everything is unknown.
	c = &Config{Disable: StringList{"RL1"}}
	_, err := c.Resolve(nil)
	if err == nil || !strings.Contains(err.Error(), "(known: none)") {
		t.Errorf("Resolve(nil) = %v", err)
	}
}

func TestSeverityAliases(t *testing.T) {
	r := mustResolve(t, "severity: {RL2001: WARN, rl3001: Info}\nfail-on: ERROR\n")
	if r.Severity("RL2001") != checkdoc.Warning || r.Severity("handlerwrite") != checkdoc.Info || r.FailOn() != checkdoc.Error {
		t.Errorf("got %v %v %v", r.Severity("RL2001"), r.Severity("handlerwrite"), r.FailOn())
	}
}

func TestDigest(t *testing.T) {
	a := mustResolve(t, fullYAML)
	// The same effective configuration, spelled differently.
	b := mustResolve(t, `
fail-on: warning
disable: [RL3001]
severity: {unconditionalwrite: error, RL4002: warning}
options:
  RL4002: {min-requeue: 5s}
  reconcilelint: {roots: "example.com/op/pkg.Type.Method,example.com/op/pkg.F"}
`)
	if a.Digest() != b.Digest() {
		t.Errorf("equivalent configs have different digests")
	}
	if len(a.Digest()) != 64 {
		t.Errorf("digest %q is not hex SHA-256", a.Digest())
	}
	seen := map[string]string{a.Digest(): "full"}
	for _, src := range []string{
		"",
		"fail-on: error\n",
		"disable: [RL5001]\n",
		"severity: {RL5001: error}\n",
		"options: {requeuehotloop: {min-requeue: 6s}}\n",
		"options: {requeuehotloop: {ignore: [a, b]}}\n",
		"options: {requeuehotloop: {ignore: [a]}}\n",
	} {
		d := mustResolve(t, src).Digest()
		if prev, dup := seen[d]; dup {
			t.Errorf("%q and %q have the same digest", src, prev)
		}
		seen[d] = src
		if d2 := mustResolve(t, src).Digest(); d2 != d {
			t.Errorf("%q: digest not stable", src)
		}
	}
}

func TestFromSettings(t *testing.T) {
	// As golangci-lint hands them over: map keys lower-cased by viper.
	settings := map[string]any{
		"enable":  []any{"*"},
		"disable": []any{"rl3001"},
		"severity": map[string]any{
			"rl2001": "error",
		},
		"options": map[string]any{
			"requeuehotloop": map[string]any{"min-requeue": "5s", "ignore": []any{"a", "b"}},
			"reconcilelint":  map[any]any{"roots": []string{"x.T.M"}},
		},
		"fail-on": "warning",
	}
	c, err := FromSettings(settings)
	if err != nil {
		t.Fatal(err)
	}
	r, err := c.Resolve(testChecks)
	if err != nil {
		t.Fatal(err)
	}
	if r.Enabled("RL3001") || !r.Enabled("RL2001") || r.Severity("RL2001") != checkdoc.Error || r.FailOn() != checkdoc.Warning {
		t.Errorf("settings not applied: %v", r.EnabledChecks())
	}
	if got := r.Options("requeuehotloop"); !reflect.DeepEqual(got, map[string]string{"min-requeue": "5s", "ignore": "a,b"}) {
		t.Errorf("Options = %v", got)
	}
	if got := r.Options("reconcilelint")["roots"]; got != "x.T.M" {
		t.Errorf("roots = %q", got)
	}

	// Numbers and booleans are scalars too.
	c, err = FromSettings(map[string]any{"options": map[string]any{"requeuehotloop": map[string]any{"min-requeue": 5, "ignore": true}}})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := c.Resolve(testChecks); err != nil || r.Options("requeuehotloop")["min-requeue"] != "5" || r.Options("requeuehotloop")["ignore"] != "true" {
		t.Errorf("scalar options: %v %v", r, err)
	}

	// Decoded from JSON, as a plugin test might.
	var fromJSON any
	if err := json.Unmarshal([]byte(`{"disable":["handlerwrite"],"fail-on":"error"}`), &fromJSON); err != nil {
		t.Fatal(err)
	}
	c, err = FromSettings(fromJSON)
	if err != nil {
		t.Fatal(err)
	}
	if r, err := c.Resolve(testChecks); err != nil || r.Enabled("handlerwrite") || r.FailOn() != checkdoc.Error {
		t.Errorf("JSON settings: %v %v", r, err)
	}

	for _, v := range []any{nil, (*Config)(nil), map[string]any{}} {
		c, err := FromSettings(v)
		if err != nil {
			t.Errorf("FromSettings(%#v): %v", v, err)
			continue
		}
		if r, err := c.Resolve(testChecks); err != nil || len(r.EnabledChecks()) != 4 {
			t.Errorf("FromSettings(%#v): not the default: %v", v, err)
		}
	}
	orig := &Config{FailOn: "error"}
	if c, err := FromSettings(orig); err != nil || c == orig || c.FailOn != "error" {
		t.Errorf("FromSettings(*Config) = %v, %v", c, err)
	}
	if c, err := FromSettings(*orig); err != nil || c.FailOn != "error" {
		t.Errorf("FromSettings(Config) = %v, %v", c, err)
	}
}

func TestFromSettingsErrors(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{map[string]any{"enable": []any{"*"}, "nosuch": 1},
			`reconcilelint settings: unknown key "nosuch" (valid keys: enable, disable, severity, options, fail-on)`},
		{map[string]any{"options": map[string]any{"requeuehotloop": map[string]any{"min-requeue": map[string]any{"a": 1}}}},
			`reconcilelint settings: want a scalar or a list of scalars`},
		{[]any{"enable"}, `reconcilelint settings: cannot unmarshal !!seq into config.Config`},
		{func() {}, `reconcilelint settings: cannot encode settings:`},
	}
	for _, tt := range tests {
		_, err := FromSettings(tt.v)
		if err == nil {
			t.Errorf("FromSettings(%#v): no error", tt.v)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("FromSettings(%#v):\n got %s\nwant %s", tt.v, err, tt.want)
		}
	}
	// Resolve errors from settings carry no line numbers.
	c, err := FromSettings(map[string]any{"disable": []any{"RL9999"}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Resolve(testChecks)
	if err == nil || !strings.HasPrefix(err.Error(), `reconcilelint settings: unknown check "RL9999" in disable (known: `) {
		t.Errorf("Resolve = %v", err)
	}
}

func TestLoadAndFind(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b", "c")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	// Nothing yet (unless a parent of the temp dir has one, which it should not).
	if p, err := Find(deep); err != nil || (p != "" && strings.HasPrefix(p, root)) {
		t.Fatalf("Find with no file = %q, %v", p, err)
	}

	cfgPath := filepath.Join(root, "a", FileName)
	if err := os.WriteFile(cfgPath, []byte(fullYAML), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := Find(deep)
	if err != nil || p != cfgPath {
		t.Fatalf("Find = %q, %v; want %q", p, err, cfgPath)
	}
	if p, _ := Find(filepath.Join(root, "a")); p != cfgPath {
		t.Errorf("Find in the config's own directory = %q", p)
	}
	c, err := Load(p)
	if err != nil {
		t.Fatal(err)
	}
	if c.Source() != cfgPath || c.FailOn != "warning" {
		t.Errorf("Load: source %q, fail-on %q", c.Source(), c.FailOn)
	}

	// .yml is found too, and nearer files win.
	ymlPath := filepath.Join(root, "a", "b", AltFileName)
	if err := os.WriteFile(ymlPath, []byte("disable: [RL9999]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if p, _ := Find(deep); p != ymlPath {
		t.Errorf("Find = %q, want %q", p, ymlPath)
	}
	// Errors from a file are prefixed with its path and line.
	c, err = Load(ymlPath)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Resolve(testChecks)
	if want := ymlPath + `:1: unknown check "RL9999" in disable`; err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("Resolve error = %v, want prefix %q", err, want)
	}

	// A directory named like the file is not the file.
	if err := os.Mkdir(filepath.Join(deep, FileName), 0o755); err != nil {
		t.Fatal(err)
	}
	if p, _ := Find(deep); p != ymlPath {
		t.Errorf("Find with a directory of that name = %q", p)
	}

	// Both spellings in one directory are ambiguous.
	if err := os.WriteFile(filepath.Join(root, "a", "b", FileName), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Find(deep); err == nil || !strings.Contains(err.Error(), "keep one") {
		t.Errorf("Find with both spellings: %v", err)
	}

	// Syntax errors from a file name the file and line.
	bad := filepath.Join(root, "bad.yaml")
	if err := os.WriteFile(bad, []byte("enable: [\"*\"]\nfail_on: error\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(bad)
	if want := bad + `:2: unknown key "fail_on" (valid keys: enable, disable, severity, options, fail-on)`; err == nil || err.Error() != want {
		t.Errorf("Load(bad) = %v, want %s", err, want)
	}

	// A missing file.
	_, err = Load(filepath.Join(root, "missing.yaml"))
	if err == nil || !errors.Is(err, fs.ErrNotExist) || !strings.HasPrefix(err.Error(), filepath.Join(root, "missing.yaml")+": ") {
		t.Errorf("Load(missing) = %v", err)
	}
}

func TestFindFromFile(t *testing.T) {
	root := t.TempDir()
	cfgPath := filepath.Join(root, FileName)
	if err := os.WriteFile(cfgPath, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, "main.go")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if p, err := Find(file); err != nil || p != cfgPath {
		t.Errorf("Find(file) = %q, %v", p, err)
	}
}
