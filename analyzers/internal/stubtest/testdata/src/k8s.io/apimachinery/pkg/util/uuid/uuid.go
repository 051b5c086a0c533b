// Package uuid is a stub of k8s.io/apimachinery/pkg/util/uuid.
package uuid

import (
	"github.com/google/uuid"

	"k8s.io/apimachinery/pkg/types"
)

// NewUUID returns a new random UID.
func NewUUID() types.UID {
	return types.UID(uuid.New().String())
}
