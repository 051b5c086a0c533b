package meta

import (
	"errors"
	"fmt"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// Accessor takes an arbitrary object pointer and returns meta.Interface.
func Accessor(obj any) (metav1.Object, error) {
	switch t := obj.(type) {
	case metav1.Object:
		return t, nil
	case metav1.ObjectMetaAccessor:
		if m := t.GetObjectMeta(); m != nil {
			return m, nil
		}
	}
	return nil, errNotObject
}

var errNotObject = errors.New("object does not implement the Object interfaces")

// RESTScopeName is the name of a REST scope.
type RESTScopeName string

// The scope names.
const (
	RESTScopeNameNamespace RESTScopeName = "namespace"
	RESTScopeNameRoot      RESTScopeName = "root"
)

// RESTScope contains the information needed to deal with REST resources
// that are in a resource hierarchy.
type RESTScope interface {
	Name() RESTScopeName
}

// RESTMapping contains the information needed to deal with objects of a
// specific resource and kind in a RESTful manner.
type RESTMapping struct {
	Resource         schema.GroupVersionResource
	GroupVersionKind schema.GroupVersionKind
	Scope            RESTScope
}

// RESTMapper allows clients to map resources to kind, and map kind and
// version to interfaces for manipulating those objects.
type RESTMapper interface {
	KindFor(resource schema.GroupVersionResource) (schema.GroupVersionKind, error)
	KindsFor(resource schema.GroupVersionResource) ([]schema.GroupVersionKind, error)
	ResourceFor(input schema.GroupVersionResource) (schema.GroupVersionResource, error)
	ResourcesFor(input schema.GroupVersionResource) ([]schema.GroupVersionResource, error)
	RESTMapping(gk schema.GroupKind, versions ...string) (*RESTMapping, error)
	RESTMappings(gk schema.GroupKind, versions ...string) ([]*RESTMapping, error)
	ResourceSingularizer(resource string) (singular string, err error)
}

// NoKindMatchError is returned if the RESTMapper can't find any match for a
// kind.
type NoKindMatchError struct {
	GroupKind        schema.GroupKind
	SearchedVersions []string
}

// Error implements error.
func (e *NoKindMatchError) Error() string {
	return fmt.Sprintf("no matches for kind %q in group %q", e.GroupKind.Kind, e.GroupKind.Group)
}

// Is implements errors.Is matching.
func (*NoKindMatchError) Is(target error) bool {
	_, ok := target.(*NoKindMatchError)
	return ok
}

// IsNoMatchError reports whether err is a NoKindMatchError.
func IsNoMatchError(err error) bool {
	var e *NoKindMatchError
	return errors.As(err, &e)
}

// IsListType reports whether obj looks like a list.
func IsListType(obj runtime.Object) bool {
	_, ok := obj.(metav1.ListMetaAccessor)
	return ok
}
