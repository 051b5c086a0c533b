// Package lib holds helpers in another package.
package lib

import "time"

// Stamp returns the current time as text.
func Stamp() string { return time.Now().UTC().Format(time.RFC3339) }

// Label returns a fixed label.
func Label() string { return "stable" }
