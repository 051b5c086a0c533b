// Package sets is a stub of k8s.io/apimachinery/pkg/util/sets.
package sets

import (
	"cmp"
	"sort"
)

// Empty is the zero-size value type of every set.
type Empty struct{}

// Set is a set of comparable values, implemented via map[T]struct{}.
type Set[T comparable] map[T]Empty

// New creates a Set from a list of values.
func New[T comparable](items ...T) Set[T] {
	s := make(Set[T], len(items))
	s.Insert(items...)
	return s
}

// KeySet creates a Set from the keys of a map.
func KeySet[T comparable, V any](theMap map[T]V) Set[T] {
	s := make(Set[T], len(theMap))
	for k := range theMap {
		s[k] = Empty{}
	}
	return s
}

// Insert adds items to the set.
func (s Set[T]) Insert(items ...T) Set[T] {
	for _, item := range items {
		s[item] = Empty{}
	}
	return s
}

// Insert adds items to set (generic function form).
func Insert[T comparable](set Set[T], items ...T) Set[T] {
	return set.Insert(items...)
}

// Delete removes items from the set.
func (s Set[T]) Delete(items ...T) Set[T] {
	for _, item := range items {
		delete(s, item)
	}
	return s
}

// Clear empties the set.
func (s Set[T]) Clear() Set[T] {
	clear(s)
	return s
}

// Has reports whether item is in the set.
func (s Set[T]) Has(item T) bool {
	_, found := s[item]
	return found
}

// HasAll reports whether every item is in the set.
func (s Set[T]) HasAll(items ...T) bool {
	for _, item := range items {
		if !s.Has(item) {
			return false
		}
	}
	return true
}

// HasAny reports whether any item is in the set.
func (s Set[T]) HasAny(items ...T) bool {
	for _, item := range items {
		if s.Has(item) {
			return true
		}
	}
	return false
}

// Clone returns a copy of the set.
func (s Set[T]) Clone() Set[T] {
	out := make(Set[T], len(s))
	for k := range s {
		out[k] = Empty{}
	}
	return out
}

// Difference returns the items of s that are not in s2.
func (s Set[T]) Difference(s2 Set[T]) Set[T] {
	out := New[T]()
	for k := range s {
		if !s2.Has(k) {
			out[k] = Empty{}
		}
	}
	return out
}

// SymmetricDifference returns the items in exactly one of the sets.
func (s Set[T]) SymmetricDifference(s2 Set[T]) Set[T] {
	return s.Difference(s2).Union(s2.Difference(s))
}

// Union returns the items in either set.
func (s Set[T]) Union(s2 Set[T]) Set[T] {
	out := s.Clone()
	for k := range s2 {
		out[k] = Empty{}
	}
	return out
}

// Intersection returns the items in both sets.
func (s Set[T]) Intersection(s2 Set[T]) Set[T] {
	out := New[T]()
	for k := range s {
		if s2.Has(k) {
			out[k] = Empty{}
		}
	}
	return out
}

// IsSuperset reports whether s contains every item of s2.
func (s Set[T]) IsSuperset(s2 Set[T]) bool {
	for k := range s2 {
		if !s.Has(k) {
			return false
		}
	}
	return true
}

// Equal reports whether both sets hold the same items.
func (s Set[T]) Equal(s2 Set[T]) bool {
	return len(s) == len(s2) && s.IsSuperset(s2)
}

// UnsortedList returns the items in map iteration (random) order.
func (s Set[T]) UnsortedList() []T {
	res := make([]T, 0, len(s))
	for key := range s {
		res = append(res, key)
	}
	return res
}

// List returns the items of s in ascending order.
func List[T cmp.Ordered](s Set[T]) []T {
	res := s.UnsortedList()
	sort.Slice(res, func(i, j int) bool { return cmp.Less(res[i], res[j]) })
	return res
}

// PopAny removes and returns an arbitrary item.
func (s Set[T]) PopAny() (T, bool) {
	for key := range s {
		s.Delete(key)
		return key, true
	}
	var zero T
	return zero, false
}

// Len returns the number of items.
func (s Set[T]) Len() int { return len(s) }
