// Package common holds a "common annotations" helper of another package.
package common

import (
	"math/rand"
	"strconv"
	"time"
)

// Annotations returns the annotations every child carries: a deploy stamp
// and a random nonce, both new on every call.
func Annotations(owner string) map[string]string {
	return map[string]string{
		"example.com/owner":       owner,
		"example.com/deployed-at": time.Now().Format(time.RFC3339),
		"example.com/nonce":       strconv.Itoa(rand.Int()),
	}
}

// StableAnnotations returns annotations that depend only on the owner.
func StableAnnotations(owner string) map[string]string {
	return map[string]string{"example.com/owner": owner}
}
