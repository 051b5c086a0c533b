// Package keys holds map-key helpers of another package.
package keys

import (
	"cmp"
	"maps"
	"slices"
	"sort"
)

// Sorted returns the keys of m in sorted order.
func Sorted(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// SortedOf is Sorted for any ordered key type.
func SortedOf[K cmp.Ordered, V any](m map[K]V) []K {
	return slices.Sorted(maps.Keys(m))
}

// Unsorted returns the keys of m in map order.
func Unsorted(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
