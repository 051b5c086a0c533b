// Package labels is a stub of k8s.io/apimachinery/pkg/labels.
package labels

import (
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/selection"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Labels gives access to label values.
type Labels interface {
	Has(label string) (exists bool)
	Get(label string) (value string)
	Lookup(label string) (value string, exists bool)
}

// Set is a map of label to value.
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

// Has reports whether label is present.
func (ls Set) Has(label string) bool {
	_, ok := ls[label]
	return ok
}

// Get returns the value of label.
func (ls Set) Get(label string) string { return ls[label] }

// Lookup returns the value of label and whether it exists.
func (ls Set) Lookup(label string) (string, bool) {
	v, ok := ls[label]
	return v, ok
}

// AsSelector converts the set into a selector.
func (ls Set) AsSelector() Selector { return SelectorFromSet(ls) }

// Requirement is one label selector term.
type Requirement struct {
	key       string
	operator  selection.Operator
	strValues []string
}

// NewRequirement builds a Requirement.
func NewRequirement(key string, op selection.Operator, vals []string, opts ...field.PathOption) (*Requirement, error) {
	return &Requirement{key: key, operator: op, strValues: append([]string(nil), vals...)}, nil
}

// Matches reports whether ls satisfies the requirement.
func (r *Requirement) Matches(ls Labels) bool {
	v, ok := ls.Lookup(r.key)
	switch r.operator {
	case selection.Exists:
		return ok
	case selection.DoesNotExist:
		return !ok
	case selection.In, selection.Equals, selection.DoubleEquals:
		return ok && contains(r.strValues, v)
	case selection.NotIn, selection.NotEquals:
		return !ok || !contains(r.strValues, v)
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Key returns the key.
func (r *Requirement) Key() string { return r.key }

// Operator returns the operator.
func (r *Requirement) Operator() selection.Operator { return r.operator }

// Values returns the values as a set.
func (r *Requirement) Values() sets.String { return sets.NewString(r.strValues...) }

// String renders the requirement.
func (r *Requirement) String() string {
	return r.key + " " + string(r.operator) + " (" + strings.Join(r.strValues, ",") + ")"
}

// Requirements is a list of requirements.
type Requirements []Requirement

// Selector matches labels.
type Selector interface {
	Matches(Labels) bool
	Empty() bool
	String() string
	Add(r ...Requirement) Selector
	Requirements() (requirements Requirements, selectable bool)
	DeepCopySelector() Selector
	RequiresExactMatch(label string) (value string, found bool)
}

type internalSelector []Requirement

func (s internalSelector) Matches(l Labels) bool {
	for i := range s {
		if !s[i].Matches(l) {
			return false
		}
	}
	return true
}
func (s internalSelector) Empty() bool { return len(s) == 0 }
func (s internalSelector) String() string {
	var parts []string
	for i := range s {
		parts = append(parts, s[i].String())
	}
	return strings.Join(parts, ",")
}
func (s internalSelector) Add(r ...Requirement) Selector {
	return append(append(internalSelector(nil), s...), r...)
}
func (s internalSelector) Requirements() (Requirements, bool) { return Requirements(s), true }
func (s internalSelector) DeepCopySelector() Selector         { return append(internalSelector(nil), s...) }
func (s internalSelector) RequiresExactMatch(label string) (string, bool) {
	for _, r := range s {
		if r.key == label && (r.operator == selection.Equals || r.operator == selection.DoubleEquals) && len(r.strValues) == 1 {
			return r.strValues[0], true
		}
	}
	return "", false
}

// NewSelector returns an empty selector.
func NewSelector() Selector { return internalSelector(nil) }

// Everything returns a selector that matches every label set.
func Everything() Selector { return internalSelector{} }

// SelectorFromSet returns a selector requiring every label of ls.
func SelectorFromSet(ls Set) Selector {
	var s internalSelector
	keys := make([]string, 0, len(ls))
	for k := range ls {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s = append(s, Requirement{key: k, operator: selection.Equals, strValues: []string{ls[k]}})
	}
	return s
}

// Parse parses a "k=v,k2=v2" selector (equality terms only in the stub).
func Parse(selector string, opts ...field.PathOption) (Selector, error) {
	ls := Set{}
	for _, term := range strings.Split(selector, ",") {
		if k, v, ok := strings.Cut(term, "="); ok {
			ls[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return SelectorFromSet(ls), nil
}

// FormatLabels renders a label map.
func FormatLabels(labelMap map[string]string) string {
	s := Set(labelMap).String()
	if s == "" {
		return "<none>"
	}
	return s
}

// Merge combines two sets; labels2 wins on conflicts.
func Merge(labels1, labels2 Set) Set {
	out := Set{}
	for k, v := range labels1 {
		out[k] = v
	}
	for k, v := range labels2 {
		out[k] = v
	}
	return out
}

// Equals reports whether two sets are equal.
func Equals(labels1, labels2 Set) bool {
	if len(labels1) != len(labels2) {
		return false
	}
	for k, v := range labels1 {
		if w, ok := labels2[k]; !ok || w != v {
			return false
		}
	}
	return true
}

type nothingSelector struct{}

func (nothingSelector) Matches(_ Labels) bool                          { return false }
func (nothingSelector) Empty() bool                                    { return false }
func (nothingSelector) String() string                                 { return "" }
func (nothingSelector) Add(_ ...Requirement) Selector                  { return nothingSelector{} }
func (nothingSelector) Requirements() (Requirements, bool)             { return nil, false }
func (nothingSelector) DeepCopySelector() Selector                     { return nothingSelector{} }
func (nothingSelector) RequiresExactMatch(label string) (string, bool) { return "", false }

// Nothing returns a selector that matches no labels.
func Nothing() Selector { return nothingSelector{} }
