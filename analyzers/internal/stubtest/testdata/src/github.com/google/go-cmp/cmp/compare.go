// Package cmp is a stub of github.com/google/go-cmp/cmp.
package cmp

import (
	"fmt"
	"reflect"
)

type state struct{}

type applicableOption interface{}

// Option configures for specific behavior of Equal and Diff.
type Option interface {
	filter(s *state, t reflect.Type, vx, vy reflect.Value) applicableOption
}

// Equal reports whether x and y are equal; the stub ignores opts and uses
// reflect.DeepEqual.
func Equal(x, y any, opts ...Option) bool {
	return reflect.DeepEqual(x, y)
}

// Diff returns a human-readable report of the differences between two
// values, or the empty string when they are equal.
func Diff(x, y any, opts ...Option) string {
	if Equal(x, y, opts...) {
		return ""
	}
	return fmt.Sprintf("-%+v\n+%+v\n", x, y)
}
