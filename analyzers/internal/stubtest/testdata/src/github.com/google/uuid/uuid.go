// Package uuid is a stub of github.com/google/uuid.
package uuid

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
)

// A UUID is a 128 bit (16 byte) Universal Unique IDentifier as defined in
// RFC 9562.
type UUID [16]byte

// Version represents a UUID's version.
type Version byte

// Nil is the empty UUID, all zeros.
var Nil UUID

// New creates a new random UUID or panics.
func New() UUID {
	u, err := NewRandom()
	if err != nil {
		panic(err)
	}
	return u
}

// NewString creates a new random UUID and returns it as a string or panics.
func NewString() string {
	return New().String()
}

// NewRandom returns a random (version 4) UUID.
func NewRandom() (UUID, error) {
	var u UUID
	if _, err := rand.Read(u[:]); err != nil {
		return Nil, err
	}
	u[6] = (u[6] & 0x0f) | 0x40
	u[8] = (u[8] & 0x3f) | 0x80
	return u, nil
}

// NewUUID returns a version 1 UUID; the stub returns a random one.
func NewUUID() (UUID, error) {
	return NewRandom()
}

// Parse decodes s into a UUID.
func Parse(s string) (UUID, error) {
	var u UUID
	if len(s) != 36 || s[8] != '-' || s[13] != '-' || s[18] != '-' || s[23] != '-' {
		return u, fmt.Errorf("invalid UUID format")
	}
	b, err := hex.DecodeString(s[0:8] + s[9:13] + s[14:18] + s[19:23] + s[24:])
	if err != nil {
		return u, err
	}
	copy(u[:], b)
	return u, nil
}

// MustParse is like Parse but panics if the string cannot be parsed.
func MustParse(s string) UUID {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// String returns the string form of uuid, xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.
func (uuid UUID) String() string {
	h := hex.EncodeToString(uuid[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// URN returns the RFC 2141 URN form of uuid.
func (uuid UUID) URN() string {
	return "urn:uuid:" + uuid.String()
}

// Version returns the version of uuid.
func (uuid UUID) Version() Version {
	return Version(uuid[6] >> 4)
}
