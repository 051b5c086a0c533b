// Package options writes its objects through the dynamic client, as
// Unstructured values built by functional options around the converted
// content: the write persists the object the content was converted from.
package options

import (
	"context"

	"an/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
)

type uOption func(*unstructured.Unstructured)

func newUnstructured(opts ...uOption) *unstructured.Unstructured {
	u := &unstructured.Unstructured{}
	for _, o := range opts {
		o(u)
	}
	return u
}

func withContent(m map[string]interface{}) uOption {
	return func(u *unstructured.Unstructured) { u.Object = m }
}

type Syncer struct {
	dyn dynamic.Interface
	gvr schema.GroupVersionResource
}

// Sync reads the object, appends the finalizer with no membership test
// and writes the object's conversion back.
func (s *Syncer) Sync(ctx context.Context, ns, name string) error {
	got, err := s.dyn.Resource(s.gvr).Namespace(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	w := &api.Widget{}
	if err := runtime.DefaultUnstructuredConverter.FromUnstructured(got.Object, w); err != nil {
		return err
	}
	w.Finalizers = append(w.Finalizers, "example.com/cleanup") // want `appendnocheck: append to Finalizers of an object read from the API has no membership test`
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(w)
	if err != nil {
		return err
	}
	_, err = s.dyn.Resource(s.gvr).Namespace(ns).Update(ctx, newUnstructured(withContent(m)), metav1.UpdateOptions{})
	return err
}
