package plugin_test

import (
	"flag"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"github.com/reconcilelint/reconcilelint/plugin"
)

// newPlugin calls plugin.New and returns the names of the checks that its
// analyzer runs.
func newPlugin(t *testing.T, settings any) (*plugin.Plugin, []string) {
	t.Helper()
	lp, err := plugin.New(settings)
	if err != nil {
		t.Fatalf("New(%v): %v", settings, err)
	}
	p := lp.(*plugin.Plugin)
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatalf("BuildAnalyzers: %v", err)
	}
	if len(as) == 0 {
		return p, nil
	}
	if len(as) != 1 || as[0].Name != plugin.Name {
		t.Fatalf("BuildAnalyzers returned %v, want one analyzer %q", as, plugin.Name)
	}
	var names []string
	for _, a := range as[0].Requires {
		names = append(names, a.Name)
	}
	return p, names
}

func allNames() []string {
	var out []string
	for _, c := range analyzers.All() {
		out = append(out, c.Doc.Name)
	}
	return out
}

// without returns names without drop.
func without(names []string, drop string) []string {
	var out []string
	for _, n := range names {
		if n != drop {
			out = append(out, n)
		}
	}
	return out
}

func TestRegistered(t *testing.T) {
	newFn, err := register.GetPlugin(plugin.Name)
	if err != nil {
		t.Fatal(err)
	}
	lp, err := newFn(nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := lp.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
}

// TestSelect enables and disables checks by name, ID and "*", with
// settings shaped as golangci-lint passes them (map[string]any from its
// YAML decoder, keys lower-cased, lists as []any).
func TestSelect(t *testing.T) {
	all := allNames()
	first := analyzers.All()[0].Doc
	tests := []struct {
		name     string
		settings any
		want     []string
	}{
		{"nil", nil, all},
		{"empty", map[string]any{}, all},
		{"enable star", map[string]any{"enable": []any{"*"}}, all},
		{"enable star scalar", map[string]any{"enable": "*"}, all},
		{"disable star", map[string]any{"disable": []any{"*"}}, nil},
		{"enable by ID", map[string]any{"enable": []any{first.ID}}, []string{first.Name}},
		{"enable by lower-case ID", map[string]any{"enable": []any{strings.ToLower(first.ID)}}, []string{first.Name}},
		{"enable by name", map[string]any{"enable": []any{first.Name}}, []string{first.Name}},
		{"disable by name", map[string]any{"disable": []any{first.Name}}, without(all, first.Name)},
		{"disable by ID wins over enable", map[string]any{"enable": []any{"*"}, "disable": []any{first.ID}}, without(all, first.Name)},
		{"disable star then nothing", map[string]any{"enable": []any{first.Name}, "disable": "*"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, got := newPlugin(t, tt.settings)
			if !slices.Equal(got, tt.want) {
				t.Errorf("analyzers = %v, want %v", got, tt.want)
			}
			if !slices.Equal(p.Resolved().EnabledChecks(), tt.want) {
				t.Errorf("EnabledChecks() = %v, want %v", p.Resolved().EnabledChecks(), tt.want)
			}
		})
	}
}

// TestErrors: every mistake in the settings stops New with a one-line
// error naming the mistake.
func TestErrors(t *testing.T) {
	first := analyzers.All()[0].Doc
	tests := []struct {
		name     string
		settings any
		want     []string // substrings of the error
	}{
		{"unknown key", map[string]any{"enabled": []any{"*"}}, []string{"reconcilelint settings", `unknown key "enabled"`, "enable, disable, severity, options, fail-on"}},
		{"unknown check", map[string]any{"enable": []any{"nosuchcheck"}}, []string{`unknown check "nosuchcheck" in enable`, first.ID + " " + first.Name}},
		{"unknown check in disable", map[string]any{"disable": []any{"RL0000"}}, []string{`unknown check "RL0000" in disable`}},
		{"base analyzer is not a check", map[string]any{"disable": []any{"reconcilelint"}}, []string{"base analyzer"}},
		{"bad severity", map[string]any{"severity": map[string]any{first.Name: "fatal"}}, []string{`bad severity "fatal"`, "info, warning or error"}},
		{"severity of unknown check", map[string]any{"severity": map[string]any{"nosuchcheck": "error"}}, []string{`unknown check "nosuchcheck" in severity`}},
		{"bad fail-on", map[string]any{"fail-on": "sometimes"}, []string{`bad severity "sometimes" in fail-on`}},
		{"unknown analyzer in options", map[string]any{"options": map[string]any{"nosuch": map[string]any{"x": "y"}}}, []string{`unknown analyzer "nosuch" in options`}},
		{"unknown option", map[string]any{"options": map[string]any{"reconcilelint": map[string]any{"nosuchoption": "1"}}}, []string{`unknown option "nosuchoption" for reconcilelint`, "valid: "}},
		{"wrong type", map[string]any{"enable": map[string]any{"a": "b"}}, []string{"reconcilelint settings", "scalar or a list of scalars"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := plugin.New(tt.settings)
			if err == nil {
				t.Fatalf("New(%v): no error", tt.settings)
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") {
				t.Errorf("error has several lines: %q", msg)
			}
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q does not contain %q", msg, w)
				}
			}
		})
	}
}

// TestOptions: per-analyzer options reach the analyzers' flags, keyed by
// analyzer name or check ID, as a scalar or a list.
func TestOptions(t *testing.T) {
	roots := analyzers.Base().Flags.Lookup("roots")
	if roots == nil {
		t.Fatal("the base analyzer has no roots option")
	}
	t.Cleanup(func() { _ = roots.Value.Set("") })

	newPlugin(t, map[string]any{"options": map[string]any{
		"reconcilelint": map[string]any{"roots": []any{"example.com/op/pkg.F", "example.com/op/pkg.T.M"}},
	}})
	if got, want := roots.Value.String(), "example.com/op/pkg.F,example.com/op/pkg.T.M"; got != want {
		t.Errorf("roots = %q, want %q", got, want)
	}
	newPlugin(t, map[string]any{"options": map[string]any{"reconcilelint": map[string]any{"roots": "example.com/op/pkg.G"}}})
	if got, want := roots.Value.String(), "example.com/op/pkg.G"; got != want {
		t.Errorf("roots = %q, want %q", got, want)
	}

	// Options of the checks themselves, keyed by check ID: a check with
	// options takes its own default back; one without rejects any.
	for _, c := range analyzers.All() {
		var f *flag.Flag
		c.Analyzer.Flags.VisitAll(func(g *flag.Flag) {
			if f == nil {
				f = g
			}
		})
		if f == nil {
			_, err := plugin.New(map[string]any{"options": map[string]any{c.Doc.ID: map[string]any{"x": "1"}}})
			if err == nil || !strings.Contains(err.Error(), "it takes no options") {
				t.Errorf("option for %s, which takes none: error %v", c.Doc.Name, err)
			}
			continue
		}
		def := f.Value.String()
		newPlugin(t, map[string]any{"options": map[string]any{strings.ToLower(c.Doc.ID): map[string]any{f.Name: def}}})
		if got := f.Value.String(); got != def {
			t.Errorf("%s.%s = %q, want %q", c.Doc.Name, f.Name, got, def)
		}
	}
}

// TestSeverity: severity and fail-on are accepted with the structure of
// .reconcilelint.yaml and resolved; golangci-lint decides the severity of
// its issues, so they change nothing else.
func TestSeverity(t *testing.T) {
	first := analyzers.All()[0].Doc
	p, names := newPlugin(t, map[string]any{
		"severity": map[string]any{strings.ToLower(first.ID): "error"},
		"fail-on":  "warning",
	})
	if !slices.Equal(names, allNames()) {
		t.Errorf("analyzers = %v, want %v", names, allNames())
	}
	if got := p.Resolved().Severity(first.Name); got != checkdoc.Error {
		t.Errorf("Severity(%s) = %v, want error", first.Name, got)
	}
	if got := p.Resolved().FailOn(); got != checkdoc.Warning {
		t.Errorf("FailOn() = %v, want warning", got)
	}
	p, _ = newPlugin(t, nil)
	if got := p.Resolved().Severity(first.Name); got != first.Severity {
		t.Errorf("default Severity(%s) = %v, want %v", first.Name, got, first.Severity)
	}
}
