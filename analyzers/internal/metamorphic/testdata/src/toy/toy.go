// Package toy is the harness's own fixture: a few shapes for the rules to
// rewrite.
package toy

import (
	"sort"
	"strings"
	"time"
)

// Stamp calls time.Now directly.
func Stamp() string { return time.Now().String() }

// Names sorts, then joins.
func Names(in []string) string {
	out := append([]string(nil), in...)
	sort.Strings(out)
	return strings.Join(out, ",")
}

// T has a method whose body the rules move.
type T struct{ at time.Time }

// Touch sets at from the clock.
func (t *T) Touch(_ int, extra ...string) (n int) {
	t.at = time.Now()
	return len(extra)
}
