// Package patchutil has patch helpers of another package than the
// reconcilers that use them.
package patchutil

// HasChanges reports whether the patch has content: a length test only.
func HasChanges(patch []byte) bool {
	return len(patch) > 0
}

// IsEmpty reports whether the patch changes nothing, "{}" included.
func IsEmpty(patch []byte) bool {
	return len(patch) == 0 || string(patch) == "{}"
}
