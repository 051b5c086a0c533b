package summary

// memo is a lazily filled table of the model. The summary analyzer fills
// the tables of the base model while it builds the package's model and
// exports its facts; then the base is frozen. Every reader of the model (a
// shared analysis or a check) works on a View whose tables fall back to
// the frozen base's: what a view computes stays in the view, so readers of
// one package run concurrently without a lock, and none sees another's
// partial results.
type memo[K comparable, V any] struct {
	base   *memo[K, V]
	m      map[K]V
	frozen bool
}

// get returns the entry for k, from this table or the base's.
func (t *memo[K, V]) get(k K) (V, bool) {
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

// put sets the entry for k. It panics on a frozen table: after the build,
// the base model is read only and every computation belongs to a view.
func (t *memo[K, V]) put(k K, v V) {
	if t.frozen {
		panic("summary: a lazy part of the model was computed on the shared base after the build; read the model through Summary.View")
	}
	if t.m == nil {
		t.m = make(map[K]V)
	}
	t.m[k] = v
}

// view returns a table that falls back to t, which must be frozen.
func (t *memo[K, V]) view() *memo[K, V] {
	return &memo[K, V]{base: t}
}
