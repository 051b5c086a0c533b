package sets

import "sort"

// String is a set of strings.
//
// Deprecated: use generic Set instead.
type String map[string]Empty

// NewString creates a String from a list of values.
func NewString(items ...string) String {
	return String(New[string](items...))
}

// StringKeySet creates a String from the keys of a map.
func StringKeySet[T any](theMap map[string]T) String {
	ret := String{}
	for k := range theMap {
		ret[k] = Empty{}
	}
	return ret
}

// Insert adds items to the set.
func (s String) Insert(items ...string) String { return String(Set[string](s).Insert(items...)) }

// Delete removes items from the set.
func (s String) Delete(items ...string) String { return String(Set[string](s).Delete(items...)) }

// Has reports whether item is in the set.
func (s String) Has(item string) bool { return Set[string](s).Has(item) }

// HasAll reports whether every item is in the set.
func (s String) HasAll(items ...string) bool { return Set[string](s).HasAll(items...) }

// HasAny reports whether any item is in the set.
func (s String) HasAny(items ...string) bool { return Set[string](s).HasAny(items...) }

// Clone returns a copy of the set.
func (s String) Clone() String { return String(Set[string](s).Clone()) }

// Difference returns the items of s that are not in s2.
func (s String) Difference(s2 String) String {
	return String(Set[string](s).Difference(Set[string](s2)))
}

// Union returns the items in either set.
func (s String) Union(s2 String) String { return String(Set[string](s).Union(Set[string](s2))) }

// Intersection returns the items in both sets.
func (s String) Intersection(s2 String) String {
	return String(Set[string](s).Intersection(Set[string](s2)))
}

// IsSuperset reports whether s contains every item of s2.
func (s String) IsSuperset(s2 String) bool { return Set[string](s).IsSuperset(Set[string](s2)) }

// Equal reports whether both sets hold the same items.
func (s String) Equal(s2 String) bool { return Set[string](s).Equal(Set[string](s2)) }

// List returns the items in ascending order.
func (s String) List() []string {
	res := s.UnsortedList()
	sort.Strings(res)
	return res
}

// UnsortedList returns the items in map iteration (random) order.
func (s String) UnsortedList() []string {
	res := make([]string, 0, len(s))
	for key := range s {
		res = append(res, key)
	}
	return res
}

// PopAny removes and returns an arbitrary item.
func (s String) PopAny() (string, bool) { return Set[string](s).PopAny() }

// Len returns the number of items.
func (s String) Len() int { return len(s) }
