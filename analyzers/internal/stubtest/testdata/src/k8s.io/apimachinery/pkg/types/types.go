// Package types is a stub of k8s.io/apimachinery/pkg/types.
package types

// NamespacedName comprises a resource name, with a mandatory namespace.
type NamespacedName struct {
	Namespace string
	Name      string
}

// Separator is the default separation character used in String.
const Separator = '/'

// String returns namespace/name, or just name when the namespace is empty.
func (n NamespacedName) String() string {
	if n.Namespace == "" {
		return n.Name
	}
	return n.Namespace + string(Separator) + n.Name
}

// MarshalLog emits a struct for structured logging.
func (n NamespacedName) MarshalLog() any {
	return struct {
		Name      string `json:"name"`
		Namespace string `json:"namespace,omitempty"`
	}{Name: n.Name, Namespace: n.Namespace}
}

// UID is a unique identifier of an object.
type UID string

// NodeName is the name of a node.
type NodeName string

// PatchType is the content type of a patch.
type PatchType string

// The patch types understood by the API server.
const (
	JSONPatchType           PatchType = "application/json-patch+json"
	MergePatchType          PatchType = "application/merge-patch+json"
	StrategicMergePatchType PatchType = "application/strategic-merge-patch+json"
	ApplyPatchType          PatchType = ApplyYAMLPatchType
	ApplyYAMLPatchType      PatchType = "application/apply-patch+yaml"
	ApplyCBORPatchType      PatchType = "application/apply-patch+cbor"
)
