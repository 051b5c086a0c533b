package client

import (
	"encoding/json"

	"k8s.io/apimachinery/pkg/types"
)

var (
	// Apply uses server-side apply semantic to control the fields.
	Apply Patch = applyPatch{}

	// Merge uses the raw object as a merge patch, without modifications.
	Merge Patch = mergePatch{}
)

type patch struct {
	patchType types.PatchType
	data      []byte
}

// Type implements Patch.
func (s *patch) Type() types.PatchType { return s.patchType }

// Data implements Patch.
func (s *patch) Data(obj Object) ([]byte, error) { return s.data, nil }

// RawPatch constructs a new Patch with the given PatchType and data.
func RawPatch(patchType types.PatchType, data []byte) Patch {
	return &patch{patchType, data}
}

// MergeFromWithOptimisticLock can be used if clients want to make sure a
// patch is being applied to the latest resource version of an object.
type MergeFromWithOptimisticLock struct{}

// ApplyToMergeFrom applies this configuration to the given patch options.
func (m MergeFromWithOptimisticLock) ApplyToMergeFrom(in *MergeFromOptions) {
	in.OptimisticLock = true
}

// MergeFromOption is some configuration that modifies options for a merge-from patch data.
type MergeFromOption interface {
	ApplyToMergeFrom(*MergeFromOptions)
}

// MergeFromOptions contains options to generate a merge-from patch data.
type MergeFromOptions struct {
	OptimisticLock bool
}

type mergeFromPatch struct {
	patchType types.PatchType
	from      Object
	opts      MergeFromOptions
}

// Type implements Patch.
func (s *mergeFromPatch) Type() types.PatchType { return s.patchType }

// Data implements Patch: the stub returns the JSON of obj.
func (s *mergeFromPatch) Data(obj Object) ([]byte, error) {
	return json.Marshal(obj)
}

// MergeFrom creates a Patch that patches using the merge-patch strategy
// with the given object as base.
func MergeFrom(obj Object) Patch {
	return &mergeFromPatch{patchType: types.MergePatchType, from: obj}
}

// MergeFromWithOptions creates a Patch that patches using the merge-patch
// strategy with the given object as base.
func MergeFromWithOptions(obj Object, opts ...MergeFromOption) Patch {
	options := &MergeFromOptions{}
	for _, opt := range opts {
		opt.ApplyToMergeFrom(options)
	}
	return &mergeFromPatch{patchType: types.MergePatchType, from: obj, opts: *options}
}

// StrategicMergeFrom creates a Patch that patches using the
// strategic-merge-patch strategy with the given object as base.
func StrategicMergeFrom(obj Object, opts ...MergeFromOption) Patch {
	options := &MergeFromOptions{}
	for _, opt := range opts {
		opt.ApplyToMergeFrom(options)
	}
	return &mergeFromPatch{patchType: types.StrategicMergePatchType, from: obj, opts: *options}
}

type mergePatch struct{}

func (s mergePatch) Type() types.PatchType           { return types.MergePatchType }
func (s mergePatch) Data(obj Object) ([]byte, error) { return json.Marshal(obj) }

type applyPatch struct{}

func (p applyPatch) Type() types.PatchType           { return types.ApplyPatchType }
func (p applyPatch) Data(obj Object) ([]byte, error) { return json.Marshal(obj) }
