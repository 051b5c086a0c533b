// Package runtime is a stub of k8s.io/apimachinery/pkg/runtime.
package runtime

import (
	"fmt"
	"reflect"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Object is implemented by every API type.
type Object interface {
	GetObjectKind() schema.ObjectKind
	DeepCopyObject() Object
}

// ApplyConfiguration is implemented by server-side-apply configurations.
type ApplyConfiguration interface {
	IsApplyConfiguration()
}

// Unstructured is an object that keeps its content as a map.
type Unstructured interface {
	Object
	NewEmptyInstance() Unstructured
	UnstructuredContent() map[string]any
	SetUnstructuredContent(map[string]any)
	IsList() bool
	EachListItem(func(Object) error) error
	EachListItemWithAlloc(func(Object) error) error
}

// UnstructuredConverter converts between typed objects and maps.
type UnstructuredConverter interface {
	ToUnstructured(obj any) (map[string]any, error)
	FromUnstructured(u map[string]any, obj any) error
}

type unstructuredConverter struct{}

func (*unstructuredConverter) ToUnstructured(obj any) (map[string]any, error) {
	return nil, fmt.Errorf("stub: ToUnstructured not implemented")
}

func (*unstructuredConverter) FromUnstructured(u map[string]any, obj any) error {
	return fmt.Errorf("stub: FromUnstructured not implemented")
}

// DefaultUnstructuredConverter converts via reflection.
var DefaultUnstructuredConverter = &unstructuredConverter{}

// ObjectTyper reports the kinds of objects.
type ObjectTyper interface {
	ObjectKinds(Object) ([]schema.GroupVersionKind, bool, error)
	Recognizes(gvk schema.GroupVersionKind) bool
}

// ObjectCreater creates objects of a kind.
type ObjectCreater interface {
	New(kind schema.GroupVersionKind) (out Object, err error)
}

// Scheme maps Go types to kinds.
type Scheme struct {
	gvkToType map[schema.GroupVersionKind]reflect.Type
	typeToGVK map[reflect.Type][]schema.GroupVersionKind
}

// NewScheme creates an empty Scheme.
func NewScheme() *Scheme {
	return &Scheme{
		gvkToType: map[schema.GroupVersionKind]reflect.Type{},
		typeToGVK: map[reflect.Type][]schema.GroupVersionKind{},
	}
}

// AddKnownTypes registers types under gv using their Go type names as kinds.
func (s *Scheme) AddKnownTypes(gv schema.GroupVersion, types ...Object) {
	for _, obj := range types {
		t := reflect.TypeOf(obj).Elem()
		s.AddKnownTypeWithName(gv.WithKind(t.Name()), obj)
	}
}

// AddKnownTypeWithName registers obj under gvk.
func (s *Scheme) AddKnownTypeWithName(gvk schema.GroupVersionKind, obj Object) {
	t := reflect.TypeOf(obj).Elem()
	s.gvkToType[gvk] = t
	s.typeToGVK[t] = append(s.typeToGVK[t], gvk)
}

// AllKnownTypes returns every registered kind.
func (s *Scheme) AllKnownTypes() map[schema.GroupVersionKind]reflect.Type { return s.gvkToType }

// ObjectKinds returns the kinds registered for obj's type.
func (s *Scheme) ObjectKinds(obj Object) ([]schema.GroupVersionKind, bool, error) {
	t := reflect.TypeOf(obj)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	gvks, ok := s.typeToGVK[t]
	if !ok {
		return nil, false, fmt.Errorf("no kind is registered for the type %v", t)
	}
	return gvks, false, nil
}

// Recognizes reports whether gvk is registered.
func (s *Scheme) Recognizes(gvk schema.GroupVersionKind) bool {
	_, ok := s.gvkToType[gvk]
	return ok
}

// New returns a new object of kind.
func (s *Scheme) New(kind schema.GroupVersionKind) (Object, error) {
	t, ok := s.gvkToType[kind]
	if !ok {
		return nil, fmt.Errorf("no kind %q is registered", kind)
	}
	return reflect.New(t).Interface().(Object), nil
}

// IsGroupRegistered reports whether any kind of group is registered.
func (s *Scheme) IsGroupRegistered(group string) bool {
	for gvk := range s.gvkToType {
		if gvk.Group == group {
			return true
		}
	}
	return false
}

// IsVersionRegistered reports whether any kind of version is registered.
func (s *Scheme) IsVersionRegistered(version schema.GroupVersion) bool {
	for gvk := range s.gvkToType {
		if gvk.GroupVersion() == version {
			return true
		}
	}
	return false
}

// SetVersionPriority is a no-op in the stub.
func (s *Scheme) SetVersionPriority(versions ...schema.GroupVersion) error { return nil }

// Name returns the scheme name.
func (s *Scheme) Name() string { return "stub" }

// SchemeBuilder collects functions that add things to a scheme.
type SchemeBuilder []func(*Scheme) error

// AddToScheme applies all functions.
func (sb *SchemeBuilder) AddToScheme(s *Scheme) error {
	for _, f := range *sb {
		if err := f(s); err != nil {
			return err
		}
	}
	return nil
}

// Register adds functions.
func (sb *SchemeBuilder) Register(funcs ...func(*Scheme) error) {
	*sb = append(*sb, funcs...)
}

// NewSchemeBuilder returns a SchemeBuilder holding funcs.
func NewSchemeBuilder(funcs ...func(*Scheme) error) SchemeBuilder {
	var sb SchemeBuilder
	sb.Register(funcs...)
	return sb
}

// RawExtension holds an embedded object in serialised or decoded form.
type RawExtension struct {
	Raw    []byte `json:"-" protobuf:"bytes,1,opt,name=raw"`
	Object Object `json:"-"`
}

// DeepCopyInto copies the receiver into out.
func (in *RawExtension) DeepCopyInto(out *RawExtension) {
	*out = *in
	if in.Raw != nil {
		out.Raw = append([]byte(nil), in.Raw...)
	}
	if in.Object != nil {
		out.Object = in.Object.DeepCopyObject()
	}
}

// DeepCopy copies the receiver.
func (in *RawExtension) DeepCopy() *RawExtension {
	if in == nil {
		return nil
	}
	out := new(RawExtension)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyJSON deep copies the passed value, assuming it is a valid JSON
// representation.
func DeepCopyJSON(x map[string]any) map[string]any {
	if x == nil {
		return nil
	}
	return DeepCopyJSONValue(x).(map[string]any)
}

// DeepCopyJSONValue deep copies the passed value, assuming it is a valid
// JSON representation.
func DeepCopyJSONValue(x any) any {
	switch x := x.(type) {
	case map[string]any:
		if x == nil {
			return x
		}
		clone := make(map[string]any, len(x))
		for k, v := range x {
			clone[k] = DeepCopyJSONValue(v)
		}
		return clone
	case []any:
		if x == nil {
			return x
		}
		clone := make([]any, len(x))
		for i, v := range x {
			clone[i] = DeepCopyJSONValue(v)
		}
		return clone
	default:
		return x
	}
}
