// Package kutil holds object helpers of another package.
package kutil

import (
	"context"

	"wsr/api"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Annotate reads the object again into a copy and patches the copy with
// the annotations: the object it is given is neither sent nor filled.
func Annotate(ctx context.Context, c client.Client, obj client.Object, notes map[string]string) error {
	o := obj.DeepCopyObject().(client.Object)
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), o); err != nil {
		return err
	}
	orig := o.DeepCopyObject().(client.Object)
	a := o.GetAnnotations()
	if a == nil {
		a = make(map[string]string)
	}
	for k, v := range notes {
		a[k] = v
	}
	o.SetAnnotations(a)
	return c.Patch(ctx, o, client.MergeFrom(orig))
}

// AnnotateInPlace patches the object it is given: the answer fills it.
func AnnotateInPlace(ctx context.Context, c client.Client, obj client.Object, notes map[string]string) error {
	orig := obj.DeepCopyObject().(client.Object)
	a := obj.GetAnnotations()
	if a == nil {
		a = make(map[string]string)
	}
	for k, v := range notes {
		a[k] = v
	}
	obj.SetAnnotations(a)
	return c.Patch(ctx, obj, client.MergeFrom(orig))
}

// Stamp reads the widget again into a copy, patches the copy and hands
// the server's answer back to the caller's object.
func Stamp(ctx context.Context, c client.Client, w *api.Widget, note string) error {
	latest := &api.Widget{}
	if err := c.Get(ctx, client.ObjectKeyFromObject(w), latest); err != nil {
		return err
	}
	orig := latest.DeepCopy()
	if latest.Annotations == nil {
		latest.Annotations = map[string]string{}
	}
	latest.Annotations["example.com/note"] = note
	if err := c.Patch(ctx, latest, client.MergeFrom(orig)); err != nil {
		return err
	}
	latest.DeepCopyInto(w)
	return nil
}
