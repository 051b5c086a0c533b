// Package strategicpatch is a stub of k8s.io/apimachinery/pkg/util/strategicpatch:
// the diff functions return "{}" when nothing differs.
package strategicpatch

import "k8s.io/apimachinery/pkg/util/mergepatch"

// PatchMeta is the patch strategy and merge key of a field.
type PatchMeta struct{}

// LookupPatchMeta describes the patch strategy of a type's fields.
type LookupPatchMeta interface {
	LookupPatchMetadataForStruct(key string) (LookupPatchMeta, PatchMeta, error)
	LookupPatchMetadataForSlice(key string) (LookupPatchMeta, PatchMeta, error)
	Name() string
}

// PatchMetaFromStruct is the LookupPatchMeta of a Go struct.
type PatchMetaFromStruct struct{}

// NewPatchMetaFromStruct returns the patch meta of dataStruct's type.
func NewPatchMetaFromStruct(dataStruct interface{}) (PatchMetaFromStruct, error) {
	return PatchMetaFromStruct{}, nil
}

// CreateTwoWayMergePatch returns the patch from original to modified.
func CreateTwoWayMergePatch(original, modified []byte, dataStruct interface{}, fns ...mergepatch.PreconditionFunc) ([]byte, error) {
	return []byte("{}"), nil
}

// CreateThreeWayMergePatch returns the patch that turns current into
// modified, deleting what original set and modified does not.
func CreateThreeWayMergePatch(original, modified, current []byte, schema LookupPatchMeta, overwrite bool, fns ...mergepatch.PreconditionFunc) ([]byte, error) {
	return []byte("{}"), nil
}
