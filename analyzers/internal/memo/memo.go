// Package memo holds the lazily filled tables of the model and of the
// analyses below it (summary, taint). The summary analyzer fills the
// tables of the base model while it builds the package's model and
// exports its facts; then the base is frozen. Every reader of the model
// (a shared analysis or a check) works on a view whose tables fall back
// to the frozen base's: what a view computes stays in the view, so the
// readers of one package run concurrently without a lock, and none sees
// another's partial results.
package memo

import "iter"

// Table is a lazily filled table: a base table, or a view of one.
type Table[K comparable, V any] struct {
	base   *Table[K, V]
	m      map[K]V
	frozen bool
}

// Get returns the entry for k, from this table or the base's.
func (t *Table[K, V]) Get(k K) (V, bool) {
	if v, ok := t.m[k]; ok {
		return v, true
	}
	if t.base != nil {
		v, ok := t.base.m[k]
		return v, ok
	}
	var zero V
	return zero, false
}

// Own returns the entry for k in this table, not the base's.
func (t *Table[K, V]) Own(k K) (V, bool) {
	v, ok := t.m[k]
	return v, ok
}

// All returns the entries of this table, not the base's.
func (t *Table[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		for k, v := range t.m {
			if !yield(k, v) {
				return
			}
		}
	}
}

// Put sets the entry for k. It panics on a frozen table: after the build,
// the base model is read only and every computation belongs to a view.
func (t *Table[K, V]) Put(k K, v V) {
	if t.frozen {
		panic("memo: a lazy part of the model was computed on the shared base after the build; read the model through Summary.View")
	}
	if t.m == nil {
		t.m = make(map[K]V)
	}
	t.m[k] = v
}

// View returns a table that falls back to t, which must be frozen.
func (t *Table[K, V]) View() *Table[K, V] {
	return &Table[K, V]{base: t}
}

// Freeze makes the table read only.
func (t *Table[K, V]) Freeze() { t.frozen = true }
