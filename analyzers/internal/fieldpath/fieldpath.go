// Package fieldpath compares the field paths the model names object data
// by: a list of elements from the object, each a Go field name ("Status",
// "Members"), a key of an unstructured object's content ("members"), an
// element of a slice or map ("[]", any index or key) or the element of a
// constant map key ("[\"example.com/owner\"]"). Every check and shared
// analysis that asks whether two paths name the same data asks here.
package fieldpath

import "strings"

// Any is the element that stands for any index or key of a slice or map.
const Any = "[]"

// Len is the last element of the path of a slice's length (len(x.Items)
// reads x.Items' length): only a store of the slice itself (or of what
// holds it) changes it, not a store into one of its elements.
const Len = "#len"

// SameElem reports whether two path elements name the same field. A Go
// field name and the key of unstructured content that decoding fills it
// from are the same field: encoding/json (and so the unstructured
// converter) matches keys to field names without regard to case, so
// "Members" and "members", "ObservedGeneration" and "observedGeneration"
// are one field. Map elements ("[…]") compare exactly: map keys are case
// sensitive.
func SameElem(a, b string) bool {
	if a == b {
		return true
	}
	if strings.HasPrefix(a, "[") || strings.HasPrefix(b, "[") {
		return false
	}
	return strings.EqualFold(a, b)
}

// Equal reports whether a and b are the same path.
func Equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !SameElem(a[i], b[i]) {
			return false
		}
	}
	return true
}

// HasPrefix reports whether prefix is a prefix of path (or path itself).
func HasPrefix(path, prefix []string) bool {
	return len(prefix) <= len(path) && CommonPrefix(path, prefix) == len(prefix)
}

// Overlap reports whether one path is a prefix of the other: data at one
// contains or is contained in data at the other.
func Overlap(a, b []string) bool {
	return CommonPrefix(a, b) == min(len(a), len(b))
}

// Compatible reports whether two paths may name the same data: one is a
// prefix of the other, an element position (Any) matching any element,
// and a slice's length (Len) matching no element of it.
func Compatible(a, b []string) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] == Len || b[i] == Len {
			if a[i] != b[i] {
				return false // a length, and an element of the slice
			}
			continue
		}
		if !SameElem(a[i], b[i]) && a[i] != Any && b[i] != Any {
			return false
		}
	}
	return true
}

// CommonPrefix returns the length of the longest common prefix of a and b.
func CommonPrefix(a, b []string) int {
	n := 0
	for n < len(a) && n < len(b) && SameElem(a[n], b[n]) {
		n++
	}
	return n
}
