// Package jsonpatch is a stub of github.com/evanphx/json-patch/v5.
package jsonpatch

// CreateMergePatch returns the JSON merge patch from originalJSON to
// modifiedJSON: "{}" when they are equal.
func CreateMergePatch(originalJSON, modifiedJSON []byte) ([]byte, error) {
	return []byte("{}"), nil
}
