package verify

import (
	"errors"
	"fmt"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// TestHintFromDiff derives each hint from a difference of its kind, and
// none from a plain value change.
func TestHintFromDiff(t *testing.T) {
	long := func(s string) map[string]any {
		return map[string]any{"type": s, "message": fmt.Sprintf("%s: a message long enough to be cut when the list is printed in a report line", s)}
	}
	child := func(name string) map[string]any {
		return map[string]any{"metadata": map[string]any{"name": name, "namespace": "default", "generateName": "foo-",
			"ownerReferences": []any{map[string]any{"kind": "Widget", "name": "foo"}}}}
	}
	ref := map[string]map[string]any{"Widget default/foo": {}, "ConfigMap default/foo-a": child("foo-a")}
	got := map[string]map[string]any{"Widget default/foo": {}, "ConfigMap default/foo-a": child("foo-a"), "ConfigMap default/foo-b": child("foo-b")}
	cases := []struct {
		name string
		cs   []change
		ctx  *diffContext
		want string
	}{
		{"reordered long elements", []change{{path: "status.conditions", old: []any{long("A"), long("B"), long("C")}, new: []any{long("C"), long("A"), long("B")}}}, nil, hintMapOrder},
		{"time value", []change{{path: "status.lastUpdated", old: "2000-01-01T00:00:01Z", new: "2000-01-01T00:00:02Z"}}, nil, hintClock},
		{"time set in one state only", []change{{obj: "Widget default/foo", path: "status.lastUpdated", old: nil, new: "<time>"}}, nil, hintClock},
		{"duplicate child", diffStates(ref, got), newDiffContext(ref, got), hintDuplicate},
		{"extra child without a twin", []change{{obj: "Secret default/x", what: "extra", new: child("x")}}, newDiffContext(ref, got), ""},
		{"foreign finalizer removed", []change{{obj: "Widget default/foo", path: "metadata.finalizers", old: []any{"mine", "theirs"}, new: []any{"mine"}}},
			&diffContext{own: map[string]bool{"mine": true}}, hintForeignFinalizer},
		{"own finalizer removed", []change{{obj: "Widget default/foo", path: "metadata.finalizers", old: []any{"mine"}, new: nil}},
			&diffContext{own: map[string]bool{"mine": true}}, ""},
		{"plain value", []change{{path: "status.count", old: 1.0, new: 2.0}}, nil, ""},
		{"same elements, same order", []change{{path: "spec.x", old: []any{"a", "b"}, new: []any{"a", "b", "c"}}}, nil, ""},
	}
	for _, c := range cases {
		if got := hintFromDiff(c.cs, c.ctx); got != c.want {
			t.Errorf("%s: hint %q, want %q", c.name, got, c.want)
		}
	}
}

// TestHintForError names the cause of an error loop: AlreadyExists is a
// non-idempotent create, not a permanent error.
func TestHintForError(t *testing.T) {
	gr := schema.GroupResource{Resource: "configmaps"}
	cases := []struct {
		err  error
		want string
	}{
		{fmt.Errorf("create child: %w", apierrors.NewAlreadyExists(gr, "foo")), hintDuplicate},
		{apierrors.NewConflict(gr, "foo", errors.New("modified")), hintConflict},
		{errors.New("backing service not ready"), hintPermanentError},
		{nil, ""},
	}
	for _, c := range cases {
		if got := hintForError(c.err); got != c.want {
			t.Errorf("hintForError(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}
