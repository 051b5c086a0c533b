package cli

import "testing"

// TestLoadError checks the one-line summaries of go vet's stderr: an error
// that every package repeats (a bad option) is counted once, and distinct
// errors are counted.
func TestLoadError(t *testing.T) {
	for _, c := range []struct {
		name, stderr, want string
	}{
		{"none", "# example.com/op\n\n", ""},
		{"repeated", "# example.com/op/a\nvet: config: option nondetwrite.clock-granularity: invalid value \"soon\": parse error\n" +
			"# example.com/op/b\nvet: config: option nondetwrite.clock-granularity: invalid value \"soon\": parse error\n",
			"config: option nondetwrite.clock-granularity: invalid value \"soon\": parse error"},
		{"distinct", "a/a.go:3:1: undefined: x\nb/b.go:4:2: undefined: y\n",
			"does not compile: a/a.go:3:1: undefined: x (and 1 more errors)"},
	} {
		if got := loadError(c.stderr); got != c.want {
			t.Errorf("%s: loadError = %q, want %q", c.name, got, c.want)
		}
	}
}
