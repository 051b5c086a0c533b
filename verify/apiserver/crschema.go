package apiserver

import (
	"fmt"
	"sync"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/managedfields"
	"sigs.k8s.io/structured-merge-diff/v6/typed"
)

// customResourceSchema is the structured-merge-diff schema the store uses
// for kinds it has no OpenAPI model of (custom resources). Like the schema
// kube-apiserver builds from a CRD, apiVersion, kind, metadata, spec and
// status are named fields of the root and metadata is ObjectMeta, so
// finalizers are a set and ownerReferences a map keyed by uid in
// managedFields, and apply records no "." entry for the named fields. The
// contents of spec and status are deduced from the object (maps merge
// granularly, lists are atomic), as for x-kubernetes-preserve-unknown-fields.
// The meta/v1 types are copied from client-go's applyconfigurations schema.
const customResourceSchema = `types:
- name: __custom_resource
  map:
    fields:
    - name: apiVersion
      type:
        scalar: string
    - name: kind
      type:
        scalar: string
    - name: metadata
      type:
        namedType: io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta
    - name: spec
      type:
        namedType: __untyped_deduced_
    - name: status
      type:
        namedType: __untyped_deduced_
    elementType:
      namedType: __untyped_deduced_
- name: io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1
  map:
    elementType:
      scalar: untyped
      list:
        elementType:
          namedType: __untyped_atomic_
        elementRelationship: atomic
      map:
        elementType:
          namedType: __untyped_deduced_
        elementRelationship: separable
- name: io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry
  map:
    fields:
    - name: apiVersion
      type:
        scalar: string
    - name: fieldsType
      type:
        scalar: string
    - name: fieldsV1
      type:
        namedType: io.k8s.apimachinery.pkg.apis.meta.v1.FieldsV1
    - name: manager
      type:
        scalar: string
    - name: operation
      type:
        scalar: string
    - name: subresource
      type:
        scalar: string
    - name: time
      type:
        namedType: io.k8s.apimachinery.pkg.apis.meta.v1.Time
- name: io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta
  map:
    fields:
    - name: annotations
      type:
        map:
          elementType:
            scalar: string
    - name: creationTimestamp
      type:
        namedType: io.k8s.apimachinery.pkg.apis.meta.v1.Time
    - name: deletionGracePeriodSeconds
      type:
        scalar: numeric
    - name: deletionTimestamp
      type:
        namedType: io.k8s.apimachinery.pkg.apis.meta.v1.Time
    - name: finalizers
      type:
        list:
          elementType:
            scalar: string
          elementRelationship: associative
    - name: generateName
      type:
        scalar: string
    - name: generation
      type:
        scalar: numeric
    - name: labels
      type:
        map:
          elementType:
            scalar: string
    - name: managedFields
      type:
        list:
          elementType:
            namedType: io.k8s.apimachinery.pkg.apis.meta.v1.ManagedFieldsEntry
          elementRelationship: atomic
    - name: name
      type:
        scalar: string
    - name: namespace
      type:
        scalar: string
    - name: ownerReferences
      type:
        list:
          elementType:
            namedType: io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference
          elementRelationship: associative
          keys:
          - uid
    - name: resourceVersion
      type:
        scalar: string
    - name: selfLink
      type:
        scalar: string
    - name: uid
      type:
        scalar: string
- name: io.k8s.apimachinery.pkg.apis.meta.v1.OwnerReference
  map:
    fields:
    - name: apiVersion
      type:
        scalar: string
      default: ""
    - name: blockOwnerDeletion
      type:
        scalar: boolean
    - name: controller
      type:
        scalar: boolean
    - name: kind
      type:
        scalar: string
      default: ""
    - name: name
      type:
        scalar: string
      default: ""
    - name: uid
      type:
        scalar: string
      default: ""
    elementRelationship: atomic
- name: io.k8s.apimachinery.pkg.apis.meta.v1.Time
  scalar: untyped
- name: __untyped_atomic_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
- name: __untyped_deduced_
  scalar: untyped
  list:
    elementType:
      namedType: __untyped_atomic_
    elementRelationship: atomic
  map:
    elementType:
      namedType: __untyped_deduced_
    elementRelationship: separable
`

var customResourceType = sync.OnceValue(func() typed.ParseableType {
	p, err := typed.NewParser(typed.YAMLObject(customResourceSchema))
	if err != nil {
		panic(fmt.Sprintf("apiserver: custom resource schema: %v", err))
	}
	return p.Type("__custom_resource")
})

// customResourceConverter is the managedfields.TypeConverter of kinds
// without an OpenAPI model: ObjectMeta-typed metadata, deduced spec and
// status (see customResourceSchema).
type customResourceConverter struct{}

var _ managedfields.TypeConverter = customResourceConverter{}

func (customResourceConverter) ObjectToTyped(obj runtime.Object, opts ...typed.ValidationOptions) (*typed.TypedValue, error) {
	if u, ok := obj.(*unstructured.Unstructured); ok {
		return customResourceType().FromUnstructured(u.UnstructuredContent(), opts...)
	}
	return customResourceType().FromStructured(obj, opts...)
}

func (customResourceConverter) TypedToObject(tv *typed.TypedValue) (runtime.Object, error) {
	return managedfields.NewDeducedTypeConverter().TypedToObject(tv)
}
