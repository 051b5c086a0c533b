// Package toy is the harness's own fixture: a few shapes for the rules to
// rewrite.
package toy

import (
	"net/url"
	"sort"
	"strings"
	"time"

	"toy/part"
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

// DeepCopyInto copies t into out.
func (t *T) DeepCopyInto(out *T) { *out = *t }

// DeepCopy copies t.
func (t *T) DeepCopy() *T {
	out := new(T)
	t.DeepCopyInto(out)
	return out
}

// Snapshot keeps a copy of t before touching it.
func (t *T) Snapshot() time.Time {
	before := t.DeepCopy()
	t.Touch(0)
	return before.at
}

// Endpoint builds a URL from a literal of another package's struct.
func Endpoint(host string) string {
	u := &url.URL{Scheme: "https", Host: host, Path: "/" + time.Now().Format(time.DateOnly)}
	return u.String()
}

// Query builds a URL held in a local value of another package's struct.
func Query(host string) string {
	var u url.URL
	u.Host = host
	u.RawQuery = "at=" + time.Now().Format(time.DateOnly)
	return u.String()
}

// Holder holds a part of another package's type.
type Holder struct{ Spec part.Spec }

// Scale stores into a part of the holder.
func Scale(h *Holder, n int) {
	h.Spec.Replicas = n
	h.Spec.Note = time.Now().String()
}
