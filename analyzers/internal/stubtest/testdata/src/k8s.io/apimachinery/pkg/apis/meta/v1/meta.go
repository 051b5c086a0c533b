// Package v1 is a stub of k8s.io/apimachinery/pkg/apis/meta/v1.
package v1

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// Object lets code work with object metadata from any of the versioned or
// internal API objects.
type Object interface {
	GetNamespace() string
	SetNamespace(namespace string)
	GetName() string
	SetName(name string)
	GetGenerateName() string
	SetGenerateName(name string)
	GetUID() types.UID
	SetUID(uid types.UID)
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetGeneration() int64
	SetGeneration(generation int64)
	GetSelfLink() string
	SetSelfLink(selfLink string)
	GetCreationTimestamp() Time
	SetCreationTimestamp(timestamp Time)
	GetDeletionTimestamp() *Time
	SetDeletionTimestamp(timestamp *Time)
	GetDeletionGracePeriodSeconds() *int64
	SetDeletionGracePeriodSeconds(*int64)
	GetLabels() map[string]string
	SetLabels(labels map[string]string)
	GetAnnotations() map[string]string
	SetAnnotations(annotations map[string]string)
	GetFinalizers() []string
	SetFinalizers(finalizers []string)
	GetOwnerReferences() []OwnerReference
	SetOwnerReferences([]OwnerReference)
	GetManagedFields() []ManagedFieldsEntry
	SetManagedFields(managedFields []ManagedFieldsEntry)
}

// ObjectMetaAccessor gives access to an object's metadata.
type ObjectMetaAccessor interface {
	GetObjectMeta() Object
}

// ListMetaAccessor gives access to a list's metadata.
type ListMetaAccessor interface {
	GetListMeta() ListInterface
}

// Common is the metadata shared by objects and lists.
type Common interface {
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetSelfLink() string
	SetSelfLink(selfLink string)
}

// ListInterface lets code work with list metadata.
type ListInterface interface {
	GetResourceVersion() string
	SetResourceVersion(version string)
	GetSelfLink() string
	SetSelfLink(selfLink string)
	GetContinue() string
	SetContinue(c string)
	GetRemainingItemCount() *int64
	SetRemainingItemCount(c *int64)
}

// Type exposes the type and API version of an object.
type Type interface {
	GetAPIVersion() string
	SetAPIVersion(version string)
	GetKind() string
	SetKind(kind string)
}

// TypeMeta describes an individual object in an API response or request
// with strings representing the type of the object and its API schema version.
type TypeMeta struct {
	Kind       string `json:"kind,omitempty" protobuf:"bytes,1,opt,name=kind"`
	APIVersion string `json:"apiVersion,omitempty" protobuf:"bytes,2,opt,name=apiVersion"`
}

// GetObjectKind implements runtime.Object.
func (obj *TypeMeta) GetObjectKind() schema.ObjectKind { return obj }

// SetGroupVersionKind sets APIVersion and Kind.
func (obj *TypeMeta) SetGroupVersionKind(gvk schema.GroupVersionKind) {
	obj.APIVersion, obj.Kind = gvk.ToAPIVersionAndKind()
}

// GroupVersionKind parses APIVersion and Kind.
func (obj *TypeMeta) GroupVersionKind() schema.GroupVersionKind {
	return schema.FromAPIVersionAndKind(obj.APIVersion, obj.Kind)
}

// ListMeta describes metadata that synthetic resources must have.
type ListMeta struct {
	SelfLink           string `json:"selfLink,omitempty" protobuf:"bytes,1,opt,name=selfLink"`
	ResourceVersion    string `json:"resourceVersion,omitempty" protobuf:"bytes,2,opt,name=resourceVersion"`
	Continue           string `json:"continue,omitempty" protobuf:"bytes,3,opt,name=continue"`
	RemainingItemCount *int64 `json:"remainingItemCount,omitempty" protobuf:"bytes,4,opt,name=remainingItemCount"`
}

// GetResourceVersion returns ResourceVersion.
func (meta *ListMeta) GetResourceVersion() string { return meta.ResourceVersion }

// SetResourceVersion sets ResourceVersion.
func (meta *ListMeta) SetResourceVersion(version string) { meta.ResourceVersion = version }

// GetSelfLink returns SelfLink.
func (meta *ListMeta) GetSelfLink() string { return meta.SelfLink }

// SetSelfLink sets SelfLink.
func (meta *ListMeta) SetSelfLink(selfLink string) { meta.SelfLink = selfLink }

// GetContinue returns Continue.
func (meta *ListMeta) GetContinue() string { return meta.Continue }

// SetContinue sets Continue.
func (meta *ListMeta) SetContinue(c string) { meta.Continue = c }

// GetRemainingItemCount returns RemainingItemCount.
func (meta *ListMeta) GetRemainingItemCount() *int64 { return meta.RemainingItemCount }

// SetRemainingItemCount sets RemainingItemCount.
func (meta *ListMeta) SetRemainingItemCount(c *int64) { meta.RemainingItemCount = c }

// GetListMeta implements ListMetaAccessor.
func (meta *ListMeta) GetListMeta() ListInterface { return meta }

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta struct {
	Name                       string               `json:"name,omitempty" protobuf:"bytes,1,opt,name=name"`
	GenerateName               string               `json:"generateName,omitempty" protobuf:"bytes,2,opt,name=generateName"`
	Namespace                  string               `json:"namespace,omitempty" protobuf:"bytes,3,opt,name=namespace"`
	SelfLink                   string               `json:"selfLink,omitempty" protobuf:"bytes,4,opt,name=selfLink"`
	UID                        types.UID            `json:"uid,omitempty" protobuf:"bytes,5,opt,name=uid,casttype=k8s.io/kubernetes/pkg/types.UID"`
	ResourceVersion            string               `json:"resourceVersion,omitempty" protobuf:"bytes,6,opt,name=resourceVersion"`
	Generation                 int64                `json:"generation,omitempty" protobuf:"varint,7,opt,name=generation"`
	CreationTimestamp          Time                 `json:"creationTimestamp,omitempty" protobuf:"bytes,8,opt,name=creationTimestamp"`
	DeletionTimestamp          *Time                `json:"deletionTimestamp,omitempty" protobuf:"bytes,9,opt,name=deletionTimestamp"`
	DeletionGracePeriodSeconds *int64               `json:"deletionGracePeriodSeconds,omitempty" protobuf:"varint,10,opt,name=deletionGracePeriodSeconds"`
	Labels                     map[string]string    `json:"labels,omitempty" protobuf:"bytes,11,rep,name=labels"`
	Annotations                map[string]string    `json:"annotations,omitempty" protobuf:"bytes,12,rep,name=annotations"`
	OwnerReferences            []OwnerReference     `json:"ownerReferences,omitempty" patchStrategy:"merge" patchMergeKey:"uid" protobuf:"bytes,13,rep,name=ownerReferences"`
	Finalizers                 []string             `json:"finalizers,omitempty" patchStrategy:"merge" protobuf:"bytes,14,rep,name=finalizers"`
	ManagedFields              []ManagedFieldsEntry `json:"managedFields,omitempty" protobuf:"bytes,17,rep,name=managedFields"`
}

// GetObjectMeta implements ObjectMetaAccessor.
func (obj *ObjectMeta) GetObjectMeta() Object { return obj }

// GetNamespace returns Namespace.
func (meta *ObjectMeta) GetNamespace() string { return meta.Namespace }

// SetNamespace sets Namespace.
func (meta *ObjectMeta) SetNamespace(namespace string) { meta.Namespace = namespace }

// GetName returns Name.
func (meta *ObjectMeta) GetName() string { return meta.Name }

// SetName sets Name.
func (meta *ObjectMeta) SetName(name string) { meta.Name = name }

// GetGenerateName returns GenerateName.
func (meta *ObjectMeta) GetGenerateName() string { return meta.GenerateName }

// SetGenerateName sets GenerateName.
func (meta *ObjectMeta) SetGenerateName(generateName string) { meta.GenerateName = generateName }

// GetUID returns UID.
func (meta *ObjectMeta) GetUID() types.UID { return meta.UID }

// SetUID sets UID.
func (meta *ObjectMeta) SetUID(uid types.UID) { meta.UID = uid }

// GetResourceVersion returns ResourceVersion.
func (meta *ObjectMeta) GetResourceVersion() string { return meta.ResourceVersion }

// SetResourceVersion sets ResourceVersion.
func (meta *ObjectMeta) SetResourceVersion(version string) { meta.ResourceVersion = version }

// GetGeneration returns Generation.
func (meta *ObjectMeta) GetGeneration() int64 { return meta.Generation }

// SetGeneration sets Generation.
func (meta *ObjectMeta) SetGeneration(generation int64) { meta.Generation = generation }

// GetSelfLink returns SelfLink.
func (meta *ObjectMeta) GetSelfLink() string { return meta.SelfLink }

// SetSelfLink sets SelfLink.
func (meta *ObjectMeta) SetSelfLink(selfLink string) { meta.SelfLink = selfLink }

// GetCreationTimestamp returns CreationTimestamp.
func (meta *ObjectMeta) GetCreationTimestamp() Time { return meta.CreationTimestamp }

// SetCreationTimestamp sets CreationTimestamp.
func (meta *ObjectMeta) SetCreationTimestamp(creationTimestamp Time) {
	meta.CreationTimestamp = creationTimestamp
}

// GetDeletionTimestamp returns DeletionTimestamp.
func (meta *ObjectMeta) GetDeletionTimestamp() *Time { return meta.DeletionTimestamp }

// SetDeletionTimestamp sets DeletionTimestamp.
func (meta *ObjectMeta) SetDeletionTimestamp(deletionTimestamp *Time) {
	meta.DeletionTimestamp = deletionTimestamp
}

// GetDeletionGracePeriodSeconds returns DeletionGracePeriodSeconds.
func (meta *ObjectMeta) GetDeletionGracePeriodSeconds() *int64 {
	return meta.DeletionGracePeriodSeconds
}

// SetDeletionGracePeriodSeconds sets DeletionGracePeriodSeconds.
func (meta *ObjectMeta) SetDeletionGracePeriodSeconds(deletionGracePeriodSeconds *int64) {
	meta.DeletionGracePeriodSeconds = deletionGracePeriodSeconds
}

// GetLabels returns Labels.
func (meta *ObjectMeta) GetLabels() map[string]string { return meta.Labels }

// SetLabels sets Labels.
func (meta *ObjectMeta) SetLabels(labels map[string]string) { meta.Labels = labels }

// GetAnnotations returns Annotations.
func (meta *ObjectMeta) GetAnnotations() map[string]string { return meta.Annotations }

// SetAnnotations sets Annotations.
func (meta *ObjectMeta) SetAnnotations(annotations map[string]string) {
	meta.Annotations = annotations
}

// GetFinalizers returns Finalizers.
func (meta *ObjectMeta) GetFinalizers() []string { return meta.Finalizers }

// SetFinalizers sets Finalizers.
func (meta *ObjectMeta) SetFinalizers(finalizers []string) { meta.Finalizers = finalizers }

// GetOwnerReferences returns OwnerReferences.
func (meta *ObjectMeta) GetOwnerReferences() []OwnerReference { return meta.OwnerReferences }

// SetOwnerReferences sets OwnerReferences.
func (meta *ObjectMeta) SetOwnerReferences(references []OwnerReference) {
	meta.OwnerReferences = references
}

// GetManagedFields returns ManagedFields.
func (meta *ObjectMeta) GetManagedFields() []ManagedFieldsEntry { return meta.ManagedFields }

// SetManagedFields sets ManagedFields.
func (meta *ObjectMeta) SetManagedFields(managedFields []ManagedFieldsEntry) {
	meta.ManagedFields = managedFields
}

// OwnerReference contains enough information to let you identify an owning
// object.
type OwnerReference struct {
	APIVersion         string    `json:"apiVersion" protobuf:"bytes,5,opt,name=apiVersion"`
	Kind               string    `json:"kind" protobuf:"bytes,1,opt,name=kind"`
	Name               string    `json:"name" protobuf:"bytes,3,opt,name=name"`
	UID                types.UID `json:"uid" protobuf:"bytes,4,opt,name=uid,casttype=k8s.io/apimachinery/pkg/types.UID"`
	Controller         *bool     `json:"controller,omitempty" protobuf:"varint,6,opt,name=controller"`
	BlockOwnerDeletion *bool     `json:"blockOwnerDeletion,omitempty" protobuf:"varint,7,opt,name=blockOwnerDeletion"`
}

// ManagedFieldsOperationType is the type of operation that produced a
// ManagedFieldsEntry.
type ManagedFieldsOperationType string

// The managed fields operations.
const (
	ManagedFieldsOperationApply  ManagedFieldsOperationType = "Apply"
	ManagedFieldsOperationUpdate ManagedFieldsOperationType = "Update"
)

// ManagedFieldsEntry is a workflow-id, a FieldSet and the group version of
// the resource that the fieldset applies to.
type ManagedFieldsEntry struct {
	Manager     string                     `json:"manager,omitempty" protobuf:"bytes,1,opt,name=manager"`
	Operation   ManagedFieldsOperationType `json:"operation,omitempty" protobuf:"bytes,2,opt,name=operation,casttype=ManagedFieldsOperationType"`
	APIVersion  string                     `json:"apiVersion,omitempty" protobuf:"bytes,3,opt,name=apiVersion"`
	Time        *Time                      `json:"time,omitempty" protobuf:"bytes,4,opt,name=time"`
	FieldsType  string                     `json:"fieldsType,omitempty" protobuf:"bytes,6,opt,name=fieldsType"`
	FieldsV1    *FieldsV1                  `json:"fieldsV1,omitempty" protobuf:"bytes,7,opt,name=fieldsV1"`
	Subresource string                     `json:"subresource,omitempty" protobuf:"bytes,8,opt,name=subresource"`
}

// FieldsV1 stores a set of fields in a data structure like a Trie.
type FieldsV1 struct {
	Raw []byte `json:"-" protobuf:"bytes,1,opt,name=Raw"`
}

// PartialObjectMetadata is a generic representation of any object with
// ObjectMeta.
type PartialObjectMetadata struct {
	TypeMeta   `json:",inline"`
	ObjectMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
}

// DeepCopyObject implements runtime.Object.
func (in *PartialObjectMetadata) DeepCopyObject() runtime.Object {
	out := new(PartialObjectMetadata)
	out.TypeMeta = in.TypeMeta
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return out
}

// PartialObjectMetadataList contains a list of objects containing only
// their metadata.
type PartialObjectMetadataList struct {
	TypeMeta `json:",inline"`
	ListMeta `json:"metadata,omitempty" protobuf:"bytes,1,opt,name=metadata"`
	Items    []PartialObjectMetadata `json:"items" protobuf:"bytes,2,rep,name=items"`
}

// DeepCopyObject implements runtime.Object.
func (in *PartialObjectMetadataList) DeepCopyObject() runtime.Object {
	out := new(PartialObjectMetadataList)
	*out = *in
	out.Items = nil
	for i := range in.Items {
		out.Items = append(out.Items, *in.Items[i].DeepCopyObject().(*PartialObjectMetadata))
	}
	return out
}
