package apiserver

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sync"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
)

// gvkOf returns the kind of obj: from the scheme for typed objects, from
// apiVersion and kind for unstructured ones.
func (s *Server) gvkOf(obj runtime.Object) (schema.GroupVersionKind, error) {
	gvk, err := apiutil.GVKForObject(obj, s.scheme)
	if err != nil {
		return gvk, fmt.Errorf("apiserver: kind of %T: %w", obj, err)
	}
	if gvk.Kind == "" || gvk.Version == "" {
		return gvk, fmt.Errorf("apiserver: object %T has no apiVersion or kind", obj)
	}
	return gvk, nil
}

// isTyped reports whether gvk is served as a Go type from the scheme.
func (s *Server) isTyped(gvk schema.GroupVersionKind) bool {
	if !s.scheme.Recognizes(gvk) {
		return false
	}
	o, err := s.scheme.New(gvk)
	if err != nil {
		return false
	}
	_, isU := o.(*unstructured.Unstructured)
	return !isU
}

// canonical returns a private copy of obj in the stored form of gvk: a typed
// object with TypeMeta set when the scheme knows the kind, otherwise an
// unstructured object whose values went through JSON.
func (s *Server) canonical(obj runtime.Object, gvk schema.GroupVersionKind) (client.Object, error) {
	if u, ok := obj.(*unstructured.Unstructured); ok {
		data, err := u.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("apiserver: encode %s: %w", gvk.Kind, err)
		}
		return s.decode(data, gvk)
	}
	if _, ok := obj.(*metav1.PartialObjectMetadata); ok {
		return nil, fmt.Errorf("apiserver: cannot store metadata-only object of kind %s", gvk.Kind)
	}
	cp, ok := obj.DeepCopyObject().(client.Object)
	if !ok {
		return nil, fmt.Errorf("apiserver: %T is not a client.Object", obj)
	}
	cp.GetObjectKind().SetGroupVersionKind(gvk)
	normalizeTimes(reflect.ValueOf(cp))
	return cp, nil
}

// decode builds the stored form of gvk from JSON.
func (s *Server) decode(data []byte, gvk schema.GroupVersionKind) (client.Object, error) {
	if s.isTyped(gvk) {
		o, err := s.scheme.New(gvk)
		if err != nil {
			return nil, fmt.Errorf("apiserver: new %s: %w", gvk, err)
		}
		if err := json.Unmarshal(data, o); err != nil {
			return nil, fmt.Errorf("apiserver: decode %s: %w", gvk.Kind, err)
		}
		co, ok := o.(client.Object)
		if !ok {
			return nil, fmt.Errorf("apiserver: %T is not a client.Object", o)
		}
		co.GetObjectKind().SetGroupVersionKind(gvk)
		return co, nil
	}
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(data); err != nil {
		return nil, fmt.Errorf("apiserver: decode %s: %w", gvk.Kind, err)
	}
	u.SetGroupVersionKind(gvk)
	return u, nil
}

// output copies the stored object src into the caller's dst, converting
// between typed and unstructured forms as needed. Typed results carry no
// TypeMeta, as with controller-runtime's real client.
func (s *Server) output(src runtime.Object, dst runtime.Object) error {
	switch d := dst.(type) {
	case *unstructured.Unstructured:
		if su, ok := src.(*unstructured.Unstructured); ok {
			d.Object = runtime.DeepCopyJSON(su.Object)
			return nil
		}
		m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(src)
		if err != nil {
			return fmt.Errorf("apiserver: convert to unstructured: %w", err)
		}
		d.Object = m
		d.SetGroupVersionKind(src.GetObjectKind().GroupVersionKind())
		return nil
	case *metav1.PartialObjectMetadata:
		a, ok := src.(client.Object)
		if !ok {
			return fmt.Errorf("apiserver: %T has no metadata", src)
		}
		gvk := src.GetObjectKind().GroupVersionKind()
		d.ObjectMeta = *objectMeta(a).DeepCopy()
		d.SetGroupVersionKind(gvk)
		return nil
	}
	if su, ok := src.(*unstructured.Unstructured); ok {
		dv := reflect.ValueOf(dst)
		if dv.Kind() != reflect.Pointer || dv.IsNil() {
			return fmt.Errorf("apiserver: output object %T is not a non-nil pointer", dst)
		}
		dv.Elem().Set(reflect.Zero(dv.Elem().Type()))
		if err := runtime.DefaultUnstructuredConverter.FromUnstructured(su.Object, dst); err != nil {
			return fmt.Errorf("apiserver: convert %s: %w", su.GetKind(), err)
		}
		dst.GetObjectKind().SetGroupVersionKind(schema.GroupVersionKind{})
		return nil
	}
	sv, dv := reflect.ValueOf(src), reflect.ValueOf(dst)
	if sv.Type() != dv.Type() {
		return fmt.Errorf("apiserver: cannot read %T into %T", src, dst)
	}
	if dv.IsNil() {
		return fmt.Errorf("apiserver: output object %T is nil", dst)
	}
	dv.Elem().Set(reflect.ValueOf(src.DeepCopyObject()).Elem())
	dst.GetObjectKind().SetGroupVersionKind(schema.GroupVersionKind{})
	return nil
}

// objectMeta returns the ObjectMeta of a typed or unstructured object.
func objectMeta(o client.Object) *metav1.ObjectMeta {
	if a, ok := o.(metav1.ObjectMetaAccessor); ok {
		if m, ok := a.GetObjectMeta().(*metav1.ObjectMeta); ok {
			return m
		}
	}
	m := &metav1.ObjectMeta{
		Name: o.GetName(), GenerateName: o.GetGenerateName(), Namespace: o.GetNamespace(), UID: o.GetUID(),
		ResourceVersion: o.GetResourceVersion(), Generation: o.GetGeneration(),
		CreationTimestamp: o.GetCreationTimestamp(), DeletionTimestamp: o.GetDeletionTimestamp(),
		DeletionGracePeriodSeconds: o.GetDeletionGracePeriodSeconds(), Labels: o.GetLabels(),
		Annotations: o.GetAnnotations(), OwnerReferences: o.GetOwnerReferences(), Finalizers: o.GetFinalizers(),
		ManagedFields: o.GetManagedFields(),
	}
	return m
}

// content fields are everything but TypeMeta, metadata and, when excluded,
// status.
var skipTyped = map[string]bool{"TypeMeta": true, "ObjectMeta": true}
var skipUnstructured = map[string]bool{"apiVersion": true, "kind": true, "metadata": true}

// contentEqual reports whether old and new agree outside metadata (and
// outside status when withoutStatus), i.e. whether generation stays.
func contentEqual(old, new client.Object, withoutStatus bool) bool {
	if ou, ok := old.(*unstructured.Unstructured); ok {
		nu, ok := new.(*unstructured.Unstructured)
		if !ok {
			return false
		}
		seen := map[string]bool{}
		for k, v := range ou.Object {
			seen[k] = true
			if skipUnstructured[k] || (withoutStatus && k == "status") {
				continue
			}
			if !equality.Semantic.DeepEqual(v, nu.Object[k]) {
				return false
			}
		}
		for k, v := range nu.Object {
			if seen[k] || skipUnstructured[k] || (withoutStatus && k == "status") {
				continue
			}
			if !equality.Semantic.DeepEqual(nil, v) {
				return false
			}
		}
		return true
	}
	ov, nv := reflect.ValueOf(old).Elem(), reflect.ValueOf(new).Elem()
	if ov.Type() != nv.Type() {
		return false
	}
	t := ov.Type()
	for i := range t.NumField() {
		name := t.Field(i).Name
		if skipTyped[name] || (withoutStatus && name == "Status") {
			continue
		}
		if !equality.Semantic.DeepEqual(ov.Field(i).Interface(), nv.Field(i).Interface()) {
			return false
		}
	}
	return true
}

// setStatus makes dst's status a copy of src's (or removes it).
func setStatus(dst, src client.Object) {
	if du, ok := dst.(*unstructured.Unstructured); ok {
		if su, ok := src.(*unstructured.Unstructured); ok {
			if st, ok := su.Object["status"]; ok {
				du.Object["status"] = runtime.DeepCopyJSONValue(st)
				return
			}
		}
		delete(du.Object, "status")
		return
	}
	df := reflect.ValueOf(dst).Elem().FieldByName("Status")
	sf := reflect.ValueOf(src.DeepCopyObject()).Elem().FieldByName("Status")
	if df.IsValid() && sf.IsValid() && df.Type() == sf.Type() && df.CanSet() {
		df.Set(sf)
	}
}

// clearStatus resets the status of a newly created object.
func clearStatus(o client.Object) {
	if u, ok := o.(*unstructured.Unstructured); ok {
		delete(u.Object, "status")
		return
	}
	f := reflect.ValueOf(o).Elem().FieldByName("Status")
	if f.IsValid() && f.CanSet() {
		f.Set(reflect.Zero(f.Type()))
	}
}

var (
	timeType      = reflect.TypeFor[metav1.Time]()
	microTimeType = reflect.TypeFor[metav1.MicroTime]()
	hasTimeCache  sync.Map // reflect.Type -> bool
)

// normalizeTimes truncates every metav1.Time to seconds and every
// metav1.MicroTime to microseconds, which is what a round trip through the
// real server's JSON or protobuf encoding does.
func normalizeTimes(v reflect.Value) {
	if !v.IsValid() || !hasTime(v.Type()) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			normalizeTimes(v.Elem())
		}
	case reflect.Struct:
		switch v.Type() {
		case timeType:
			if v.CanSet() {
				t := v.Addr().Interface().(*metav1.Time)
				if !t.IsZero() {
					t.Time = t.Truncate(time.Second).Local()
				}
			}
			return
		case microTimeType:
			if v.CanSet() {
				t := v.Addr().Interface().(*metav1.MicroTime)
				if !t.IsZero() {
					t.Time = t.Truncate(time.Microsecond).Local()
				}
			}
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				normalizeTimes(v.Field(i))
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			normalizeTimes(v.Index(i))
		}
	case reflect.Map:
		// Map values are not addressable; times inside maps are rare in APIs.
	}
}

func hasTime(t reflect.Type) bool {
	if b, ok := hasTimeCache.Load(t); ok {
		return b.(bool)
	}
	hasTimeCache.Store(t, false) // breaks recursion for self-referencing types
	r := computeHasTime(t)
	hasTimeCache.Store(t, r)
	return r
}

func computeHasTime(t reflect.Type) bool {
	if t == timeType || t == microTimeType {
		return true
	}
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return hasTime(t.Elem())
	case reflect.Interface:
		return true
	case reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).IsExported() && hasTime(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}
