// Package common holds a "common annotations" helper of another package.
package common

import (
	"math/rand"
	"strconv"
	"time"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/uuid"
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

// RunAnnotations returns an annotation with a fresh UID: a new one on
// every call.
func RunAnnotations(owner string) map[string]string {
	return map[string]string{
		"example.com/owner":  owner,
		"example.com/run-id": string(uuid.NewUUID()),
	}
}

// OwnerAnnotations derives the identity annotation from the owner's UID.
func OwnerAnnotations(owner string, uid types.UID) map[string]string {
	return map[string]string{
		"example.com/owner":  owner,
		"example.com/run-id": string(uid),
	}
}
