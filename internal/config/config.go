// Package config holds the reconcilelint configuration: the
// .reconcilelint.yaml file of a module and the settings: block of the
// golangci-lint plugin, which share one structure. It finds, decodes
// (strictly: an unknown key is an error) and resolves a configuration
// against the set of checks that the driver runs.
//
// Resolution applies enable first and disable second, so disable wins:
//
//	enable:  ["*"]        # start from every check (the default)
//	disable: ["RL3001"]   # then switch these off
//
// It imports the standard library, go.yaml.in/yaml/v3 and
// analyzers/checkdoc, and no analyzer or driver code.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/reconcilelint/reconcilelint/analyzers/checkdoc"
	"go.yaml.in/yaml/v3"
)

// FileName is the name of the configuration file that Find looks for.
// AltFileName is accepted as well.
const (
	FileName    = ".reconcilelint.yaml"
	AltFileName = ".reconcilelint.yml"
)

// BaseAnalyzer is the name under which the options of the shared base
// analyzer (the summary) are configured.
const BaseAnalyzer = "reconcilelint"

// Config is one decoded configuration, before it is checked against the
// checks that exist. The zero value is the default configuration: every
// check enabled at its default severity, and any finding fails the gate.
type Config struct {
	// Enable lists the checks to run, by name or ID, or "*" for all.
	// Empty means all.
	Enable StringList `yaml:"enable,omitempty" json:"enable,omitempty"`
	// Disable lists checks to switch off after Enable, by name or ID, or
	// "*" for all. Disable wins over Enable.
	Disable StringList `yaml:"disable,omitempty" json:"disable,omitempty"`
	// Severity overrides the default severity of a check; keys are check
	// names or IDs, values info, warning or error.
	Severity map[string]string `yaml:"severity,omitempty" json:"severity,omitempty"`
	// Options holds per-analyzer options, keyed by analyzer name (or
	// check ID); "reconcilelint" configures the base analyzer. A value is
	// a scalar or a list of scalars.
	Options map[string]map[string]StringList `yaml:"options,omitempty" json:"options,omitempty"`
	// FailOn is the lowest severity that fails the gate: info, warning or
	// error. Empty means info: every finding fails.
	FailOn string `yaml:"fail-on,omitempty" json:"fail-on,omitempty"`

	source   string     // file path, or a word such as "config"
	fromFile bool       // source is a file path
	root     *yaml.Node // the document, for line numbers; nil if unknown
}

// topLevelKeys are the valid keys of a configuration, in documentation order.
var topLevelKeys = []string{"enable", "disable", "severity", "options", "fail-on"}

// StringList is a list of strings that may be written in YAML as a single
// scalar ("*") or as a sequence of scalars (["a", "b"]).
type StringList []string

// UnmarshalYAML implements yaml.Unmarshaler.
func (l *StringList) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.ScalarNode:
		if n.Tag == "!!null" {
			*l = nil
			return nil
		}
		*l = StringList{n.Value}
		return nil
	case yaml.SequenceNode:
		out := make(StringList, 0, len(n.Content))
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode || c.Tag == "!!null" {
				return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: list items must be scalars", c.Line)}}
			}
			out = append(out, c.Value)
		}
		*l = out
		return nil
	}
	return &yaml.TypeError{Errors: []string{fmt.Sprintf("line %d: want a scalar or a list of scalars", n.Line)}}
}

// Error is a configuration error. Its message is one line: the file path
// (or "config" / "reconcilelint settings"), the line when known, and the
// problem.
type Error struct {
	Source string // file path, or a word naming where the config came from
	IsFile bool   // Source is a file path
	Line   int    // 1-based line in the document, or 0 when unknown
	Msg    string
	Err    error // underlying error, if any
}

// Error implements error.
func (e *Error) Error() string {
	switch {
	case e.Line > 0 && e.IsFile:
		return fmt.Sprintf("%s:%d: %s", e.Source, e.Line, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("%s: line %d: %s", e.Source, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Source, e.Msg)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// Find walks up from startDir to the filesystem root and returns the path
// of the first .reconcilelint.yaml (or .reconcilelint.yml) it meets. It
// returns "" and no error when there is none. Having both names in one
// directory is an error.
func Find(startDir string) (string, error) {
	dir, err := filepath.Abs(startDir)
	if err != nil {
		return "", fmt.Errorf("config: find from %s: %w", startDir, err)
	}
	for {
		var found []string
		for _, name := range []string{FileName, AltFileName} {
			p := filepath.Join(dir, name)
			fi, err := os.Stat(p)
			switch {
			case err == nil && !fi.IsDir():
				found = append(found, p)
			case err == nil, errors.Is(err, fs.ErrNotExist), errors.Is(err, syscall.ENOTDIR):
				// a directory of that name, or nothing: keep looking
			default:
				return "", fmt.Errorf("config: find: %w", err)
			}
		}
		switch len(found) {
		case 1:
			return found[0], nil
		case 2:
			return "", fmt.Errorf("config: both %s and %s in %s; keep one", FileName, AltFileName, dir)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// Load reads and decodes the configuration file at path. Errors name the
// file and, where known, the line.
func Load(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &Error{Source: path, IsFile: true, Msg: err.Error(), Err: err}
	}
	return parse(data, path, true)
}

// Parse decodes a configuration from YAML (or JSON, which is YAML).
// An empty document is the default configuration.
func Parse(data []byte) (*Config, error) {
	return parse(data, "config", false)
}

// FromSettings decodes the settings of the golangci-lint plugin (or any
// value of the same shape, such as a map[string]any decoded from JSON or
// YAML) with the same strictness as Parse. A nil value is the default
// configuration. A *Config or Config is copied.
func FromSettings(v any) (*Config, error) {
	const source = "reconcilelint settings"
	switch v := v.(type) {
	case nil:
		return &Config{source: source}, nil
	case *Config:
		if v == nil {
			return &Config{source: source}, nil
		}
		c := *v
		return &c, nil
	case Config:
		return &v, nil
	}
	data, err := marshal(v)
	if err != nil {
		return nil, &Error{Source: source, Msg: fmt.Sprintf("cannot encode settings: %v", err), Err: err}
	}
	c, err := parse(data, source, false)
	if err != nil {
		// Line numbers would point into the re-encoded text, not into the
		// user's golangci-lint configuration: drop them.
		var ce *Error
		if errors.As(err, &ce) {
			ce.Line = 0
		}
		return nil, err
	}
	c.root = nil
	return c, nil
}

// marshal is yaml.Marshal, which panics on values it cannot encode (such
// as functions); the panic becomes an error.
func marshal(v any) (data []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			data, err = nil, fmt.Errorf("%v", p)
		}
	}()
	return yaml.Marshal(v)
}

func parse(data []byte, source string, fromFile bool) (*Config, error) {
	c := &Config{source: source, fromFile: fromFile}
	if len(bytes.TrimSpace(data)) == 0 {
		return c, nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(c); err != nil {
		if errors.Is(err, io.EOF) { // only comments
			return c, nil
		}
		return nil, yamlError(source, fromFile, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		return nil, &Error{Source: source, IsFile: fromFile, Line: extra.Line, Msg: "more than one YAML document"}
	} else if !errors.Is(err, io.EOF) {
		return nil, yamlError(source, fromFile, err)
	}
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err == nil {
		c.root = &root
	}
	c.source, c.fromFile = source, fromFile
	return c, nil
}

var (
	lineRE         = regexp.MustCompile(`^line (\d+): (.*)$`)
	unknownFieldRE = regexp.MustCompile(`^field (\S+) not found in type \S+$`)
)

// yamlError turns a yaml.v3 error into a one-line *Error.
func yamlError(source string, isFile bool, err error) error {
	var msgs []string
	var te *yaml.TypeError
	if errors.As(err, &te) {
		msgs = te.Errors
	} else {
		msgs = []string{strings.TrimPrefix(err.Error(), "yaml: ")}
	}
	out := &Error{Source: source, IsFile: isFile, Err: err}
	var parts []string
	for _, m := range msgs {
		m = strings.TrimSpace(m)
		prefix := ""
		if sm := lineRE.FindStringSubmatch(m); sm != nil {
			if out.Line == 0 {
				out.Line, _ = strconv.Atoi(sm[1])
			} else {
				prefix = "line " + sm[1] + ": "
			}
			m = sm[2]
		}
		if sm := unknownFieldRE.FindStringSubmatch(m); sm != nil {
			m = fmt.Sprintf("unknown key %q (valid keys: %s)", sm[1], strings.Join(topLevelKeys, ", "))
		}
		parts = append(parts, prefix+m)
	}
	out.Msg = strings.ReplaceAll(strings.Join(parts, "; "), "\n", " ")
	return out
}

// errorf returns an *Error located at the given path of keys in the
// document (see line).
func (c *Config) errorf(at []string, format string, args ...any) error {
	src := c.source
	if src == "" {
		src = "config"
	}
	return &Error{Source: src, IsFile: c.fromFile, Line: c.line(at...), Msg: fmt.Sprintf(format, args...)}
}

// line returns the line of the node reached from the document root by
// following the mapping keys in path; a last element of the form "[=v]"
// selects the sequence item whose value is v. It returns 0 when unknown.
func (c *Config) line(path ...string) int {
	if c.root == nil || len(c.root.Content) == 0 || len(path) == 0 {
		return 0
	}
	n := c.root.Content[0]
	line := 0
	for _, p := range path {
		if v, ok := strings.CutPrefix(p, "[="); ok {
			v = strings.TrimSuffix(v, "]")
			if n.Kind == yaml.ScalarNode && n.Value == v {
				return n.Line
			}
			if n.Kind != yaml.SequenceNode {
				return line
			}
			for _, item := range n.Content {
				if item.Value == v {
					return item.Line
				}
			}
			return line
		}
		if n.Kind != yaml.MappingNode {
			return line
		}
		next := (*yaml.Node)(nil)
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == p {
				line = n.Content[i].Line
				next = n.Content[i+1]
				break
			}
		}
		if next == nil {
			return line
		}
		n = next
	}
	return line
}

// Source returns where the configuration came from: the file path for
// Load, "config" for Parse and "reconcilelint settings" for FromSettings.
func (c *Config) Source() string { return c.source }

// severityChoices is the text listing valid severities.
const severityChoices = "info, warning or error"

// parseSeverity is checkdoc.ParseSeverity reporting only success; the
// callers word their own one-line messages.
func parseSeverity(s string) (checkdoc.Severity, bool) {
	v, err := checkdoc.ParseSeverity(s)
	return v, err == nil
}
