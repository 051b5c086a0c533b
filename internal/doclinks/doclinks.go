// Package doclinks checks the relative links of the project's Markdown
// documentation: every link to a file of the repository must name a file
// or directory that exists, and every #anchor must name a heading (by its
// GitHub anchor) or an explicit <a id="…"> / <a name="…"> of the target
// Markdown file. External links (http:, https:, mailto:, …) are not
// checked. Its test runs the check over the repository's documentation.
//
// It imports the goldmark Markdown parser and the standard library only.
package doclinks

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Documents are the Markdown files of the repository whose links are
// checked, relative to its root; a directory stands for every .md file
// under it.
var Documents = []string{
	"README.md",
	"docs",
	"verify/README.md",
	"plugin/README.md",
	"testdata/operator/README.md",
}

// Problem is a dead link: the file (relative to the root), the line of the
// link and what is wrong with it.
type Problem struct {
	File string
	Line int
	Link string
	Msg  string
}

func (p Problem) String() string {
	return fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Link, p.Msg)
}

// Files expands paths (files or directories, relative to root) into the
// Markdown files they name, sorted. A path that does not exist is an
// error, so that a document the check should cover cannot vanish unseen.
func Files(root string, paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		full := filepath.Join(root, filepath.FromSlash(p))
		info, err := os.Stat(full)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, filepath.ToSlash(filepath.Clean(p)))
			continue
		}
		err = filepath.WalkDir(full, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(d.Name(), ".md") {
				rel, err := filepath.Rel(root, path)
				if err != nil {
					return err
				}
				files = append(files, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	slices.Sort(files)
	return slices.Compact(files), nil
}

// Checker checks links and remembers the anchors of the Markdown files it
// has parsed.
type Checker struct {
	root    string
	md      goldmark.Markdown
	anchors map[string]map[string]bool // by path relative to root
}

// NewChecker returns a Checker for the repository at root.
func NewChecker(root string) *Checker {
	return &Checker{
		root:    root,
		md:      goldmark.New(goldmark.WithExtensions(extension.GFM)),
		anchors: map[string]map[string]bool{},
	}
}

// Check returns the dead relative links of the Markdown files (relative to
// the root, slash-separated).
func (c *Checker) Check(files []string) ([]Problem, error) {
	var problems []Problem
	for _, f := range files {
		ps, err := c.checkFile(f)
		if err != nil {
			return nil, err
		}
		problems = append(problems, ps...)
	}
	return problems, nil
}

// link is a link destination found in a document, with its line.
type link struct {
	dest string
	line int
}

func (c *Checker) checkFile(file string) ([]Problem, error) {
	src, err := os.ReadFile(filepath.Join(c.root, filepath.FromSlash(file)))
	if err != nil {
		return nil, err
	}
	doc := c.md.Parser().Parse(text.NewReader(src))
	c.anchors[file] = anchors(doc, src)
	var links []link
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			links = append(links, link{string(n.Destination), line(src, n)})
		case *ast.Image:
			links = append(links, link{string(n.Destination), line(src, n)})
		case *ast.RawHTML:
			for i := range n.Segments.Len() {
				seg := n.Segments.At(i)
				for _, h := range htmlRefs(seg.Value(src)) {
					links = append(links, link{h, lineAt(src, seg.Start)})
				}
			}
		case *ast.HTMLBlock:
			for i := range n.Lines().Len() {
				seg := n.Lines().At(i)
				for _, h := range htmlRefs(seg.Value(src)) {
					links = append(links, link{h, lineAt(src, seg.Start)})
				}
			}
		}
		return ast.WalkContinue, nil
	})
	var problems []Problem
	for _, l := range links {
		if msg := c.checkLink(file, l.dest); msg != "" {
			problems = append(problems, Problem{File: file, Line: l.line, Link: l.dest, Msg: msg})
		}
	}
	return problems, nil
}

// checkLink returns what is wrong with the link dest of file, or "".
func (c *Checker) checkLink(file, dest string) string {
	u, err := url.Parse(dest)
	if err != nil {
		return fmt.Sprintf("malformed link: %v", err)
	}
	if u.Scheme != "" || u.Host != "" {
		return "" // external
	}
	target := file
	if u.Path != "" {
		if strings.HasPrefix(u.Path, "/") { // GitHub resolves it from the repository root
			target = strings.TrimPrefix(u.Path, "/")
		} else {
			target = filepath.ToSlash(filepath.Join(filepath.Dir(file), u.Path))
		}
		if target == ".." || strings.HasPrefix(target, "../") {
			return "points outside the repository"
		}
		info, err := os.Stat(filepath.Join(c.root, filepath.FromSlash(target)))
		if err != nil {
			return fmt.Sprintf("%s does not exist", target)
		}
		if info.IsDir() {
			if u.Fragment != "" {
				return "an anchor in a link to a directory"
			}
			return ""
		}
	}
	if u.Fragment == "" || !strings.HasSuffix(target, ".md") {
		return "" // anchors of other files (such as #L10 of a source file) are not checked
	}
	as, ok := c.anchors[target]
	if !ok {
		src, err := os.ReadFile(filepath.Join(c.root, filepath.FromSlash(target)))
		if err != nil {
			return fmt.Sprintf("%s: %v", target, err)
		}
		as = anchors(c.md.Parser().Parse(text.NewReader(src)), src)
		c.anchors[target] = as
	}
	if !as[u.Fragment] {
		return fmt.Sprintf("%s has no heading or anchor #%s", target, u.Fragment)
	}
	return ""
}

var (
	hrefRE = regexp.MustCompile(`(?i)\s(?:href|src)\s*=\s*"([^"]*)"`)
	idRE   = regexp.MustCompile(`(?i)<a\s[^>]*?\b(?:id|name)\s*=\s*"([^"]+)"`)
)

// htmlRefs returns the href and src attributes of raw HTML.
func htmlRefs(html []byte) []string {
	var refs []string
	for _, m := range hrefRE.FindAllSubmatch(html, -1) {
		refs = append(refs, string(m[1]))
	}
	return refs
}

// anchors returns the anchors of a parsed document: the GitHub anchor of
// each heading (numbered -1, -2, … when it repeats) and the id or name of
// each <a> element in raw HTML.
func anchors(doc ast.Node, src []byte) map[string]bool {
	as := map[string]bool{}
	var s Slugger
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			var b bytes.Buffer
			plainText(&b, n, src)
			as[s.Slug(b.String())] = true
		case *ast.RawHTML:
			for i := range n.Segments.Len() {
				seg := n.Segments.At(i)
				for _, m := range idRE.FindAllSubmatch(seg.Value(src), -1) {
					as[string(m[1])] = true
				}
			}
		case *ast.HTMLBlock:
			for i := range n.Lines().Len() {
				seg := n.Lines().At(i)
				for _, m := range idRE.FindAllSubmatch(seg.Value(src), -1) {
					as[string(m[1])] = true
				}
			}
		}
		return ast.WalkContinue, nil
	})
	return as
}

// plainText writes the text of an inline tree, as GitHub renders it for a
// heading's anchor: the text of code spans, links and emphasis, no HTML.
func plainText(b *bytes.Buffer, n ast.Node, src []byte) {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		case *ast.AutoLink:
			b.Write(c.Label(src))
		case *ast.RawHTML:
		default:
			plainText(b, c, src)
		}
	}
}

// Slugger computes GitHub's heading anchors (as github-slugger does): the
// text in lower case, without characters other than letters, digits,
// marks, '_', '-' and ' ', with each space turned into '-'; a repeated
// anchor gets the suffix -1, -2, ….
type Slugger struct {
	seen map[string]int
}

// Slug returns the anchor of the next heading whose text is s.
func (s *Slugger) Slug(heading string) string {
	if s.seen == nil {
		s.seen = map[string]int{}
	}
	base := Slug(heading)
	slug := base
	for {
		if _, dup := s.seen[slug]; !dup {
			break
		}
		s.seen[base]++
		slug = fmt.Sprintf("%s-%d", base, s.seen[base])
	}
	s.seen[slug] = 0
	return slug
}

// Slug returns the GitHub anchor of a heading's text, ignoring repeats.
func Slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// line returns the line of an inline node: that of the first text inside
// it, or 0 when it has none.
func line(src []byte, n ast.Node) int {
	var pos = -1
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			pos = t.Segment.Start
			return ast.WalkStop, nil
		}
		return ast.WalkContinue, nil
	})
	if pos < 0 {
		return 0
	}
	return lineAt(src, pos)
}

// lineAt returns the 1-based line of a byte offset.
func lineAt(src []byte, off int) int {
	return bytes.Count(src[:min(off, len(src))], []byte("\n")) + 1
}
