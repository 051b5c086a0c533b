// Package fields is a stub of k8s.io/apimachinery/pkg/fields.
package fields

import (
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/selection"
)

// Fields gives access to field values.
type Fields interface {
	Has(field string) (exists bool)
	Get(field string) (value string)
}

// Set is a map of field to value.
type Set map[string]string

// String renders the set as a selector.
func (ls Set) String() string {
	var parts []string
	for k, v := range ls {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

// Has reports whether field is present.
func (ls Set) Has(field string) bool {
	_, ok := ls[field]
	return ok
}

// Get returns the value of field.
func (ls Set) Get(field string) string { return ls[field] }

// AsSelector converts the set into a selector.
func (ls Set) AsSelector() Selector { return SelectorFromSet(ls) }

// TransformFunc rewrites a field and value.
type TransformFunc func(field, value string) (newField, newValue string, err error)

// Requirement is one field selector term.
type Requirement struct {
	Operator selection.Operator
	Field    string
	Value    string
}

// Requirements is a list of requirements.
type Requirements []Requirement

// Selector matches fields.
type Selector interface {
	Matches(Fields) bool
	Empty() bool
	RequiresExactMatch(field string) (value string, found bool)
	Transform(fn TransformFunc) (Selector, error)
	Requirements() Requirements
	String() string
	DeepCopySelector() Selector
}

type setSelector Set

func (s setSelector) Matches(f Fields) bool {
	for k, v := range s {
		if f.Get(k) != v {
			return false
		}
	}
	return true
}
func (s setSelector) Empty() bool { return len(s) == 0 }
func (s setSelector) RequiresExactMatch(field string) (string, bool) {
	v, ok := s[field]
	return v, ok
}
func (s setSelector) Transform(fn TransformFunc) (Selector, error) { return s, nil }
func (s setSelector) Requirements() Requirements {
	var r Requirements
	for k, v := range s {
		r = append(r, Requirement{Operator: selection.Equals, Field: k, Value: v})
	}
	return r
}
func (s setSelector) String() string             { return Set(s).String() }
func (s setSelector) DeepCopySelector() Selector { return s }

// SelectorFromSet returns a selector requiring every field of ls.
func SelectorFromSet(ls Set) Selector {
	s := setSelector{}
	for k, v := range ls {
		s[k] = v
	}
	return s
}

// Everything returns a selector that matches everything.
func Everything() Selector { return setSelector{} }

// OneTermEqualSelector returns a selector for k=v.
func OneTermEqualSelector(k, v string) Selector { return setSelector{k: v} }

// ParseSelector parses a "k=v,k2=v2" selector.
func ParseSelector(selector string) (Selector, error) {
	s := setSelector{}
	for _, term := range strings.Split(selector, ",") {
		if k, v, ok := strings.Cut(term, "="); ok {
			s[k] = v
		}
	}
	return s, nil
}
