// Package maporderwrite defines the RL1002 check: the order of a map
// iteration reaching an ordered field (a slice, or a string built by
// concatenation) of an object that a write then persists.
//
// Go randomises map iteration order, so a list built by ranging over a map
// comes out in a different order on each reconcile; the written object
// differs every time, the write emits a watch event, and the reconciler
// never converges (for a pod template, every reconcile rolls out the
// pods). Map order enters where a key or value of a range over a map (or
// over maps.Keys/Values/All, or slices.Collect of them, or
// sets.Set.UnsortedList) is appended or concatenated; sorting the result
// (sort.*, slices.Sort*, slices.Sorted, sets.List) before the write
// removes it. Copying a map into another map, or summing, is unordered and
// never reported.
//
// This package imports the summary and diag packages; it never imports a
// driver.
package maporderwrite
