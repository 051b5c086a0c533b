package doclinks_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/internal/doclinks"
)

// TestRepositoryLinks fails on every dead relative link of the project's
// documentation (doclinks.Documents): a link to a file that does not
// exist, or to an #anchor that the target Markdown file does not have.
func TestRepositoryLinks(t *testing.T) {
	root := filepath.Join("..", "..")
	files, err := doclinks.Files(root, doclinks.Documents)
	if err != nil {
		t.Fatal(err)
	}
	problems, err := doclinks.NewChecker(root).Check(files)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	t.Logf("%d Markdown files checked", len(files))
}

func TestSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"RL1001 `nondetwrite`":           "rl1001-nondetwrite",
		"1.4 Write sinks":                "14-write-sinks",
		"## Try it (from a fresh clone)": "try-it-from-a-fresh-clone",
		"verify — runtime verification":  "verify--runtime-verification",
		"snake_case and CamelCase!":      "snake_case-and-camelcase",
		"Über-Straße 2":                  "über-straße-2",
	} {
		if got := doclinks.Slug(strings.TrimPrefix(heading, "## ")); got != want {
			t.Errorf("Slug(%q) = %q, want %q", heading, got, want)
		}
	}
	var s doclinks.Slugger
	var got []string
	for _, h := range []string{"Use", "Use", "Use-1", "Use"} {
		got = append(got, s.Slug(h))
	}
	if want := []string{"use", "use-1", "use-1-1", "use-2"}; !slices.Equal(got, want) {
		t.Errorf("repeated headings: %q, want %q", got, want)
	}
}

func TestCheck(t *testing.T) {
	root := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		path := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("README.md", `# Project

See [the guide](docs/guide.md#install-it), [a section](#usage),
[the docs](docs/), ![logo](docs/logo.png) and [Go](https://go.dev/nowhere).
[Source](main.go#L3) and [absolute](/docs/guide.md).

## Usage

`+"```"+`
[not a link](nowhere.md)
`+"```"+`

Dead: [gone](docs/gone.md), [bad anchor](docs/guide.md#nope), [self](#nope),
[up](../outside.md), [ref][r] and <a href="docs/missing.html">html</a>.

[r]: docs/guide.md#usage-1
`)
	write("main.go", "package main\n")
	write("docs/logo.png", "")
	write("docs/guide.md", "# Guide\n\n## Install it\n\n## Usage\n\n<a id=\"custom\"></a>\n\n## Usage\n\nBack to [custom](#custom) and [the start](../README.md#project).\n")
	files, err := doclinks.Files(root, []string{"README.md", "docs"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"README.md", "docs/guide.md"}; !slices.Equal(files, want) {
		t.Fatalf("Files = %q, want %q", files, want)
	}
	problems, err := doclinks.NewChecker(root).Check(files)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.String())
	}
	want := []string{
		"README.md:13: docs/gone.md: docs/gone.md does not exist",
		"README.md:13: docs/guide.md#nope: docs/guide.md has no heading or anchor #nope",
		"README.md:13: #nope: README.md has no heading or anchor #nope",
		"README.md:14: ../outside.md: points outside the repository",
		"README.md:14: docs/missing.html: docs/missing.html does not exist",
	}
	if !slices.Equal(got, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := doclinks.Files(root, []string{"missing.md"}); err == nil {
		t.Error("Files of a missing document: no error")
	}
}
