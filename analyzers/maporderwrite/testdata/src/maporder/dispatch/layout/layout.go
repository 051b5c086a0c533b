// Package layout renders parameters as lines, through an interface with
// two implementations: one in map order, one sorted.
package layout

import "slices"

// Layout renders a parameter map as lines.
type Layout interface {
	Lines(params map[string]string) []string
}

// Loose renders in the order the map yields.
type Loose struct{ Indent string }

// Lines implements Layout.
func (l Loose) Lines(params map[string]string) []string {
	var out []string
	for k, v := range params {
		out = append(out, l.line(k, v))
	}
	return out
}

func (l Loose) line(k, v string) string { return l.Indent + k + ": " + v }

// Tidy renders sorted lines.
type Tidy struct{ Loose }

// Lines implements Layout.
func (t Tidy) Lines(params map[string]string) []string {
	out := t.Loose.Lines(params)
	slices.Sort(out)
	return out
}
