package unstructured

import (
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// Unstructured allows objects that do not have Golang structs registered
// to be manipulated generically.
type Unstructured struct {
	// Object is a JSON compatible map with string, float, int, bool,
	// []interface{}, or map[string]interface{} children.
	Object map[string]any
}

var _ metav1.Object = &Unstructured{}
var _ runtime.Unstructured = &Unstructured{}

func (u *Unstructured) getString(fields ...string) string {
	s, _, _ := NestedString(u.Object, fields...)
	return s
}

func (u *Unstructured) setField(value any, fields ...string) {
	if u.Object == nil {
		u.Object = make(map[string]any)
	}
	_ = SetNestedField(u.Object, value, fields...)
}

func (u *Unstructured) setString(value string, fields ...string) {
	if value == "" {
		RemoveNestedField(u.Object, fields...)
		return
	}
	u.setField(value, fields...)
}

func (u *Unstructured) getStringMap(fields ...string) map[string]string {
	m, _, _ := NestedStringMap(u.Object, fields...)
	return m
}

func (u *Unstructured) setStringMap(value map[string]string, fields ...string) {
	if value == nil {
		RemoveNestedField(u.Object, fields...)
		return
	}
	if u.Object == nil {
		u.Object = make(map[string]any)
	}
	_ = SetNestedStringMap(u.Object, value, fields...)
}

func (u *Unstructured) getTime(fields ...string) *metav1.Time {
	s := u.getString(fields...)
	if s == "" {
		return nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return nil
	}
	mt := metav1.NewTime(t)
	return &mt
}

func (u *Unstructured) setTime(t *metav1.Time, fields ...string) {
	if t == nil || t.IsZero() {
		RemoveNestedField(u.Object, fields...)
		return
	}
	u.setField(t.UTC().Format(time.RFC3339), fields...)
}

// GetObjectKind implements runtime.Object.
func (u *Unstructured) GetObjectKind() schema.ObjectKind { return u }

// IsList reports whether the object has an items list.
func (u *Unstructured) IsList() bool {
	field, ok := u.Object["items"]
	if !ok {
		return false
	}
	_, ok = field.([]any)
	return ok
}

// EachListItem calls fn for each item of a list object.
func (u *Unstructured) EachListItem(fn func(runtime.Object) error) error {
	items, _ := u.Object["items"].([]any)
	for _, item := range items {
		m, ok := item.(map[string]any)
		if !ok {
			continue
		}
		if err := fn(&Unstructured{Object: m}); err != nil {
			return err
		}
	}
	return nil
}

// EachListItemWithAlloc is EachListItem with freshly allocated items.
func (u *Unstructured) EachListItemWithAlloc(fn func(runtime.Object) error) error {
	return u.EachListItem(func(o runtime.Object) error { return fn(o.DeepCopyObject()) })
}

// UnstructuredContent returns the content map.
func (u *Unstructured) UnstructuredContent() map[string]any {
	if u.Object == nil {
		return make(map[string]any)
	}
	return u.Object
}

// SetUnstructuredContent replaces the content map.
func (u *Unstructured) SetUnstructuredContent(content map[string]any) { u.Object = content }

// NewEmptyInstance returns a new instance of the concrete type.
func (u *Unstructured) NewEmptyInstance() runtime.Unstructured {
	out := new(Unstructured)
	out.GetObjectKind().SetGroupVersionKind(u.GroupVersionKind())
	return out
}

// DeepCopyInto copies the receiver into out.
func (in *Unstructured) DeepCopyInto(out *Unstructured) {
	clone := in.DeepCopy()
	*out = *clone
}

// DeepCopy copies the receiver.
func (in *Unstructured) DeepCopy() *Unstructured {
	if in == nil {
		return nil
	}
	out := new(Unstructured)
	*out = *in
	out.Object = runtime.DeepCopyJSON(in.Object)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *Unstructured) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// GetAPIVersion returns apiVersion.
func (u *Unstructured) GetAPIVersion() string { return u.getString("apiVersion") }

// SetAPIVersion sets apiVersion.
func (u *Unstructured) SetAPIVersion(version string) { u.setField(version, "apiVersion") }

// GetKind returns kind.
func (u *Unstructured) GetKind() string { return u.getString("kind") }

// SetKind sets kind.
func (u *Unstructured) SetKind(kind string) { u.setField(kind, "kind") }

// SetGroupVersionKind sets apiVersion and kind.
func (u *Unstructured) SetGroupVersionKind(gvk schema.GroupVersionKind) {
	u.SetAPIVersion(gvk.GroupVersion().String())
	u.SetKind(gvk.Kind)
}

// GroupVersionKind parses apiVersion and kind.
func (u *Unstructured) GroupVersionKind() schema.GroupVersionKind {
	return schema.FromAPIVersionAndKind(u.GetAPIVersion(), u.GetKind())
}

// GetNamespace returns metadata.namespace.
func (u *Unstructured) GetNamespace() string { return u.getString("metadata", "namespace") }

// SetNamespace sets metadata.namespace.
func (u *Unstructured) SetNamespace(namespace string) {
	u.setString(namespace, "metadata", "namespace")
}

// GetName returns metadata.name.
func (u *Unstructured) GetName() string { return u.getString("metadata", "name") }

// SetName sets metadata.name.
func (u *Unstructured) SetName(name string) { u.setString(name, "metadata", "name") }

// GetGenerateName returns metadata.generateName.
func (u *Unstructured) GetGenerateName() string { return u.getString("metadata", "generateName") }

// SetGenerateName sets metadata.generateName.
func (u *Unstructured) SetGenerateName(generateName string) {
	u.setString(generateName, "metadata", "generateName")
}

// GetUID returns metadata.uid.
func (u *Unstructured) GetUID() types.UID { return types.UID(u.getString("metadata", "uid")) }

// SetUID sets metadata.uid.
func (u *Unstructured) SetUID(uid types.UID) { u.setString(string(uid), "metadata", "uid") }

// GetResourceVersion returns metadata.resourceVersion.
func (u *Unstructured) GetResourceVersion() string {
	return u.getString("metadata", "resourceVersion")
}

// SetResourceVersion sets metadata.resourceVersion.
func (u *Unstructured) SetResourceVersion(resourceVersion string) {
	u.setString(resourceVersion, "metadata", "resourceVersion")
}

// GetGeneration returns metadata.generation.
func (u *Unstructured) GetGeneration() int64 {
	v, _, _ := NestedInt64(u.Object, "metadata", "generation")
	return v
}

// SetGeneration sets metadata.generation.
func (u *Unstructured) SetGeneration(generation int64) {
	if generation == 0 {
		RemoveNestedField(u.Object, "metadata", "generation")
		return
	}
	u.setField(generation, "metadata", "generation")
}

// GetSelfLink returns metadata.selfLink.
func (u *Unstructured) GetSelfLink() string { return u.getString("metadata", "selfLink") }

// SetSelfLink sets metadata.selfLink.
func (u *Unstructured) SetSelfLink(selfLink string) { u.setString(selfLink, "metadata", "selfLink") }

// GetContinue returns metadata.continue.
func (u *Unstructured) GetContinue() string { return u.getString("metadata", "continue") }

// SetContinue sets metadata.continue.
func (u *Unstructured) SetContinue(c string) { u.setString(c, "metadata", "continue") }

// GetRemainingItemCount returns metadata.remainingItemCount.
func (u *Unstructured) GetRemainingItemCount() *int64 {
	v, found, _ := NestedInt64(u.Object, "metadata", "remainingItemCount")
	if !found {
		return nil
	}
	return &v
}

// SetRemainingItemCount sets metadata.remainingItemCount.
func (u *Unstructured) SetRemainingItemCount(c *int64) {
	if c == nil {
		RemoveNestedField(u.Object, "metadata", "remainingItemCount")
		return
	}
	u.setField(*c, "metadata", "remainingItemCount")
}

// GetCreationTimestamp returns metadata.creationTimestamp.
func (u *Unstructured) GetCreationTimestamp() metav1.Time {
	if t := u.getTime("metadata", "creationTimestamp"); t != nil {
		return *t
	}
	return metav1.Time{}
}

// SetCreationTimestamp sets metadata.creationTimestamp.
func (u *Unstructured) SetCreationTimestamp(timestamp metav1.Time) {
	u.setTime(&timestamp, "metadata", "creationTimestamp")
}

// GetDeletionTimestamp returns metadata.deletionTimestamp.
func (u *Unstructured) GetDeletionTimestamp() *metav1.Time {
	return u.getTime("metadata", "deletionTimestamp")
}

// SetDeletionTimestamp sets metadata.deletionTimestamp.
func (u *Unstructured) SetDeletionTimestamp(timestamp *metav1.Time) {
	u.setTime(timestamp, "metadata", "deletionTimestamp")
}

// GetDeletionGracePeriodSeconds returns metadata.deletionGracePeriodSeconds.
func (u *Unstructured) GetDeletionGracePeriodSeconds() *int64 {
	v, found, _ := NestedInt64(u.Object, "metadata", "deletionGracePeriodSeconds")
	if !found {
		return nil
	}
	return &v
}

// SetDeletionGracePeriodSeconds sets metadata.deletionGracePeriodSeconds.
func (u *Unstructured) SetDeletionGracePeriodSeconds(deletionGracePeriodSeconds *int64) {
	if deletionGracePeriodSeconds == nil {
		RemoveNestedField(u.Object, "metadata", "deletionGracePeriodSeconds")
		return
	}
	u.setField(*deletionGracePeriodSeconds, "metadata", "deletionGracePeriodSeconds")
}

// GetLabels returns metadata.labels.
func (u *Unstructured) GetLabels() map[string]string { return u.getStringMap("metadata", "labels") }

// SetLabels sets metadata.labels.
func (u *Unstructured) SetLabels(labels map[string]string) {
	u.setStringMap(labels, "metadata", "labels")
}

// GetAnnotations returns metadata.annotations.
func (u *Unstructured) GetAnnotations() map[string]string {
	return u.getStringMap("metadata", "annotations")
}

// SetAnnotations sets metadata.annotations.
func (u *Unstructured) SetAnnotations(annotations map[string]string) {
	u.setStringMap(annotations, "metadata", "annotations")
}

// GetFinalizers returns metadata.finalizers.
func (u *Unstructured) GetFinalizers() []string {
	v, _, _ := NestedStringSlice(u.Object, "metadata", "finalizers")
	return v
}

// SetFinalizers sets metadata.finalizers.
func (u *Unstructured) SetFinalizers(finalizers []string) {
	if finalizers == nil {
		RemoveNestedField(u.Object, "metadata", "finalizers")
		return
	}
	if u.Object == nil {
		u.Object = make(map[string]any)
	}
	_ = SetNestedStringSlice(u.Object, finalizers, "metadata", "finalizers")
}

// GetOwnerReferences returns metadata.ownerReferences.
func (u *Unstructured) GetOwnerReferences() []metav1.OwnerReference {
	list, _, _ := NestedSlice(u.Object, "metadata", "ownerReferences")
	var refs []metav1.OwnerReference
	for _, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			continue
		}
		ref := metav1.OwnerReference{}
		ref.APIVersion, _, _ = NestedString(m, "apiVersion")
		ref.Kind, _, _ = NestedString(m, "kind")
		ref.Name, _, _ = NestedString(m, "name")
		uid, _, _ := NestedString(m, "uid")
		ref.UID = types.UID(uid)
		if b, found, _ := NestedBool(m, "controller"); found {
			ref.Controller = &b
		}
		if b, found, _ := NestedBool(m, "blockOwnerDeletion"); found {
			ref.BlockOwnerDeletion = &b
		}
		refs = append(refs, ref)
	}
	return refs
}

// SetOwnerReferences sets metadata.ownerReferences.
func (u *Unstructured) SetOwnerReferences(references []metav1.OwnerReference) {
	if references == nil {
		RemoveNestedField(u.Object, "metadata", "ownerReferences")
		return
	}
	list := make([]any, 0, len(references))
	for _, ref := range references {
		m := map[string]any{
			"apiVersion": ref.APIVersion,
			"kind":       ref.Kind,
			"name":       ref.Name,
			"uid":        string(ref.UID),
		}
		if ref.Controller != nil {
			m["controller"] = *ref.Controller
		}
		if ref.BlockOwnerDeletion != nil {
			m["blockOwnerDeletion"] = *ref.BlockOwnerDeletion
		}
		list = append(list, m)
	}
	u.setField(list, "metadata", "ownerReferences")
}

// GetManagedFields is not supported by the stub and returns nil.
func (u *Unstructured) GetManagedFields() []metav1.ManagedFieldsEntry { return nil }

// SetManagedFields removes metadata.managedFields in the stub.
func (u *Unstructured) SetManagedFields(managedFields []metav1.ManagedFieldsEntry) {
	RemoveNestedField(u.Object, "metadata", "managedFields")
}

// UnstructuredList allows lists that do not have Golang structs registered
// to be manipulated generically.
type UnstructuredList struct {
	Object map[string]any

	// Items is a list of unstructured objects.
	Items []Unstructured `json:"items"`
}

var _ metav1.ListInterface = &UnstructuredList{}
var _ runtime.Unstructured = &UnstructuredList{}

func (u *UnstructuredList) meta() *Unstructured { return &Unstructured{Object: u.Object} }

// GetObjectKind implements runtime.Object.
func (u *UnstructuredList) GetObjectKind() schema.ObjectKind { return u }

// IsList returns true.
func (u *UnstructuredList) IsList() bool { return true }

// EachListItem calls fn for each item.
func (u *UnstructuredList) EachListItem(fn func(runtime.Object) error) error {
	for i := range u.Items {
		if err := fn(&u.Items[i]); err != nil {
			return err
		}
	}
	return nil
}

// EachListItemWithAlloc calls fn for a copy of each item.
func (u *UnstructuredList) EachListItemWithAlloc(fn func(runtime.Object) error) error {
	for i := range u.Items {
		if err := fn(u.Items[i].DeepCopy()); err != nil {
			return err
		}
	}
	return nil
}

// NewEmptyInstance returns a new instance of the concrete type.
func (u *UnstructuredList) NewEmptyInstance() runtime.Unstructured {
	out := new(UnstructuredList)
	out.SetGroupVersionKind(u.GroupVersionKind())
	return out
}

// UnstructuredContent returns the content map with the items.
func (u *UnstructuredList) UnstructuredContent() map[string]any {
	out := make(map[string]any, len(u.Object)+1)
	for k, v := range u.Object {
		out[k] = v
	}
	items := make([]any, len(u.Items))
	for i, item := range u.Items {
		items[i] = item.UnstructuredContent()
	}
	out["items"] = items
	return out
}

// SetUnstructuredContent replaces the content, splitting out the items.
func (u *UnstructuredList) SetUnstructuredContent(content map[string]any) {
	u.Object = content
	u.Items = nil
	if items, ok := content["items"].([]any); ok {
		for _, item := range items {
			if m, ok := item.(map[string]any); ok {
				u.Items = append(u.Items, Unstructured{Object: m})
			}
		}
		delete(content, "items")
	}
}

// DeepCopyInto copies the receiver into out.
func (in *UnstructuredList) DeepCopyInto(out *UnstructuredList) {
	*out = *in
	out.Object = runtime.DeepCopyJSON(in.Object)
	out.Items = make([]Unstructured, len(in.Items))
	for i := range in.Items {
		in.Items[i].DeepCopyInto(&out.Items[i])
	}
}

// DeepCopy copies the receiver.
func (in *UnstructuredList) DeepCopy() *UnstructuredList {
	if in == nil {
		return nil
	}
	out := new(UnstructuredList)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject implements runtime.Object.
func (in *UnstructuredList) DeepCopyObject() runtime.Object {
	if c := in.DeepCopy(); c != nil {
		return c
	}
	return nil
}

// GetAPIVersion returns apiVersion.
func (u *UnstructuredList) GetAPIVersion() string { return u.meta().GetAPIVersion() }

// SetAPIVersion sets apiVersion.
func (u *UnstructuredList) SetAPIVersion(version string) { u.setField(version, "apiVersion") }

// GetKind returns kind.
func (u *UnstructuredList) GetKind() string { return u.meta().GetKind() }

// SetKind sets kind.
func (u *UnstructuredList) SetKind(kind string) { u.setField(kind, "kind") }

func (u *UnstructuredList) setField(value any, fields ...string) {
	if u.Object == nil {
		u.Object = make(map[string]any)
	}
	_ = SetNestedField(u.Object, value, fields...)
}

// GetResourceVersion returns metadata.resourceVersion.
func (u *UnstructuredList) GetResourceVersion() string { return u.meta().GetResourceVersion() }

// SetResourceVersion sets metadata.resourceVersion.
func (u *UnstructuredList) SetResourceVersion(version string) {
	u.setField(version, "metadata", "resourceVersion")
}

// GetSelfLink returns metadata.selfLink.
func (u *UnstructuredList) GetSelfLink() string { return u.meta().GetSelfLink() }

// SetSelfLink sets metadata.selfLink.
func (u *UnstructuredList) SetSelfLink(selfLink string) { u.setField(selfLink, "metadata", "selfLink") }

// GetContinue returns metadata.continue.
func (u *UnstructuredList) GetContinue() string { return u.meta().GetContinue() }

// SetContinue sets metadata.continue.
func (u *UnstructuredList) SetContinue(c string) { u.setField(c, "metadata", "continue") }

// GetRemainingItemCount returns metadata.remainingItemCount.
func (u *UnstructuredList) GetRemainingItemCount() *int64 { return u.meta().GetRemainingItemCount() }

// SetRemainingItemCount sets metadata.remainingItemCount.
func (u *UnstructuredList) SetRemainingItemCount(c *int64) {
	if c == nil {
		RemoveNestedField(u.Object, "metadata", "remainingItemCount")
		return
	}
	u.setField(*c, "metadata", "remainingItemCount")
}

// SetGroupVersionKind sets apiVersion and kind.
func (u *UnstructuredList) SetGroupVersionKind(gvk schema.GroupVersionKind) {
	u.SetAPIVersion(gvk.GroupVersion().String())
	u.SetKind(gvk.Kind)
}

// GroupVersionKind parses apiVersion and kind.
func (u *UnstructuredList) GroupVersionKind() schema.GroupVersionKind {
	return schema.FromAPIVersionAndKind(u.GetAPIVersion(), u.GetKind())
}
