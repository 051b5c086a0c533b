// Package conversion is a stub of k8s.io/apimachinery/pkg/conversion.
package conversion

import "k8s.io/apimachinery/third_party/forked/golang/reflect"

// Equalities wraps the forked reflect package's Equalities.
type Equalities struct {
	reflect.Equalities
}

// EqualitiesOrDie builds Equalities from funcs, panicking on error.
func EqualitiesOrDie(funcs ...any) Equalities {
	return Equalities{reflect.EqualitiesOrDie(funcs...)}
}

// Copy returns a copy of e.
func (e Equalities) Copy() Equalities {
	out := Equalities{reflect.Equalities{}}
	for k, v := range e.Equalities {
		out.Equalities[k] = v
	}
	return out
}
