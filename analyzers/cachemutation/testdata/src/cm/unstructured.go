package cm

import (
	"context"

	"cm/convert"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	listersv1 "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
)

// DynController reads through the generic lister of a dynamic informer.
type DynController struct {
	lister cache.GenericLister
	dyn    dynamic.Interface
	gvr    schema.GroupVersionResource
	pods   listersv1.PodLister
}

// getObject returns the cached object converted by a helper of another
// package (karmada's GetUnstructuredObject, corpus case E04).
func (c *DynController) getObject(key string) (*unstructured.Unstructured, error) {
	obj, err := c.lister.Get(key)
	if err != nil {
		return nil, err
	}
	return convert.ToUnstructured(obj)
}

// P6001u: labels set on the conversion of a cached Unstructured, then
// updated: the converter handed out the cache's own maps.
func (c *DynController) P6001u(ctx context.Context, key string) error {
	u, err := c.getObject(key)
	if err != nil {
		return err
	}
	u.SetLabels(map[string]string{"example.com/claimed": "true"}) // want `cachemutation: a store into Labels changes an object owned by the informer cache: the result of GenericLister.Get, converted by ToUnstructured, which returns the maps of an Unstructured object without copying them, returned by \(\*DynController\).getObject`
	_, err = c.dyn.Resource(c.gvr).Namespace(u.GetNamespace()).Update(ctx, u, metav1.UpdateOptions{})
	return err
}

// N6001u: the conversion is deep-copied before the change.
func (c *DynController) N6001u(ctx context.Context, key string) error {
	u, err := c.getObject(key)
	if err != nil {
		return err
	}
	u = u.DeepCopy()
	u.SetLabels(map[string]string{"example.com/claimed": "true"})
	_, err = c.dyn.Resource(c.gvr).Namespace(u.GetNamespace()).Update(ctx, u, metav1.UpdateOptions{})
	return err
}

// N6001v: a typed object of a typed lister, converted: the converter
// copies a typed object into a new map, so the cache is untouched.
func (c *DynController) N6001v(ctx context.Context, ns, name string) error {
	pod, err := c.pods.Pods(ns).Get(name)
	if err != nil {
		return err
	}
	u, err := convert.ToUnstructured(pod)
	if err != nil {
		return err
	}
	u.SetLabels(map[string]string{"example.com/claimed": "true"})
	_, err = c.dyn.Resource(c.gvr).Namespace(ns).Update(ctx, u, metav1.UpdateOptions{})
	return err
}
