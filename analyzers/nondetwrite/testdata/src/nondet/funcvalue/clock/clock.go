// Package clock holds the clock and the ID source that its importers call
// through package variables, so that tests can replace them.
package clock

import (
	"strings"
	"time"

	"github.com/google/uuid"
)

// Now returns the current time.
var Now = time.Now

// NewID returns a new short ID.
var NewID = func(prefix string) string {
	return prefix + "-" + strings.SplitN(uuid.NewString(), "-", 2)[0]
}

// Layout is the timestamp layout the importers use.
var Layout = func() string { return time.RFC3339 }

// Today returns the current date; tests freeze it.
var Today func() string

func init() {
	Today = func() string { return time.Now().Format(time.DateOnly) }
}
