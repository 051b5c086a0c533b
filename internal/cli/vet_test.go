package cli

import (
	"slices"
	"testing"
)

// TestVetFailure checks the one-line summaries of a failed go vet's
// stderr: an error that every package repeats (a bad option) is counted
// once, distinct errors are counted, and progress lines are never errors.
func TestVetFailure(t *testing.T) {
	for _, c := range []struct {
		name, stderr, want string
	}{
		{"none", "# example.com/op\n\n", ""},
		{"repeated", "# example.com/op/a\nvet: config: option nondetwrite.clock-granularity: invalid value \"soon\": parse error\n" +
			"# example.com/op/b\nvet: config: option nondetwrite.clock-granularity: invalid value \"soon\": parse error\n",
			"config: option nondetwrite.clock-granularity: invalid value \"soon\": parse error"},
		{"distinct", "a/a.go:3:1: undefined: x\nb/b.go:4:2: undefined: y\n",
			"does not compile: a/a.go:3:1: undefined: x (and 1 more errors)"},
		{"progress", "go: downloading k8s.io/apimachinery v0.37.2\ngo: downloading k8s.io/api v0.37.2\n" +
			"# example.com/op\nvet: a/a.go:3:1: undefined: x\n",
			"does not compile: a/a.go:3:1: undefined: x"},
		{"only progress", "go: downloading k8s.io/api v0.37.2\ngo: switching to go1.27.0\n", ""},
	} {
		if got := vetFailure(c.stderr); got != c.want {
			t.Errorf("%s: vetFailure = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestAnalysisErrors checks that the model's internal error, which every
// check that reads it returns, is shown once per package without the
// checks' "failed prerequisites", and that a package with only those keeps
// them.
func TestAnalysisErrors(t *testing.T) {
	internal := "internal error analysing example.com/op/a: boom (please report this)"
	got := analysisErrors(map[string][]string{
		"example.com/op/a": {
			"nondetwrite: " + internal,
			"unconditionalwrite: " + internal,
			"maporderwrite: failed prerequisites: rlpersist",
		},
		"example.com/op/b": {"appendnocheck: failed prerequisites: reconcilelint"},
		"example.com/op/c": {"wrongsubresource: something else"},
	})
	want := []string{
		"example.com/op/a: " + internal,
		"example.com/op/b: appendnocheck: failed prerequisites: reconcilelint",
		"example.com/op/c: wrongsubresource: something else",
	}
	if !slices.Equal(got, want) {
		t.Errorf("analysisErrors:\n got %q\nwant %q", got, want)
	}
}
