// Package rand is a stub of k8s.io/apimachinery/pkg/util/rand.
package rand

import "math/rand"

const alphanums = "bcdfghjklmnpqrstvwxz2456789"

// String generates a random alphanumeric string of n characters.
func String(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphanums[rand.Intn(len(alphanums))]
	}
	return string(b)
}

// Intn returns a random int in [0, max).
func Intn(max int) int { return rand.Intn(max) }

// Int returns a random int.
func Int() int { return rand.Int() }

// IntnRange returns a random int in [min, max).
func IntnRange(min, max int) int { return rand.Intn(max-min) + min }

// Int63nRange returns a random int64 in [min, max).
func Int63nRange(min, max int64) int64 { return rand.Int63n(max-min) + min }

// Perm returns a random permutation of [0, n).
func Perm(n int) []int { return rand.Perm(n) }

// Seed is a no-op in the stub.
func Seed(seed int64) {}

// SafeEncodeString maps s onto a restricted alphabet.
func SafeEncodeString(s string) string {
	r := make([]byte, len(s))
	for i, b := range []byte(s) {
		r[i] = alphanums[int(b)%len(alphanums)]
	}
	return string(r)
}
