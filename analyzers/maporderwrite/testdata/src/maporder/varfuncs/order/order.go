// Package order holds list helpers in exported variables: callers in
// other packages call them through the function values the variables hold.
package order

import "sort"

// Keys returns the map's keys in the map's order.
var Keys = func(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// SortCount sorts a list in place and says how long it is.
var SortCount = func(keys []string) int {
	sort.Strings(keys)
	return len(keys)
}

// Reverse reverses a list in place: it keeps whatever order the list had.
var Reverse = func(keys []string) {
	for i, j := 0, len(keys)-1; i < j; i, j = i+1, j-1 {
		keys[i], keys[j] = keys[j], keys[i]
	}
}
