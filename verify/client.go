package verify

import (
	"context"
	"encoding/json"
	"strings"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// recClient is the client handed to the reconciler: it records every call,
// injects the faults of the plan and serves stale reads when asked to.
type recClient struct{ w *world }

var _ client.Client = (*recClient)(nil)

// reader serves obj's kind from the lagging cache of the plan, if any,
// and says whether it did.
func (c *recClient) reader(obj runtime.Object) (client.Reader, bool) {
	w := c.w
	if w.lag == nil || w.lag.cache == nil {
		return w.srv, false
	}
	if g, err := w.srv.GroupVersionKindFor(obj); err == nil && strings.TrimSuffix(g.Kind, "List") == w.lag.plan.kind {
		return w.lag.cache, true
	}
	return w.srv, false
}

func (c *recClient) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	return c.w.record("Get", obj, key, func() error {
		r, lagging := c.reader(obj)
		err := r.Get(ctx, key, obj, opts...)
		if lagging {
			// The read is stale when the server holds another version.
			cur := obj.DeepCopyObject().(client.Object)
			cerr := c.w.srv.Get(ctx, key, cur, opts...)
			c.w.staleRead = (err == nil) != (cerr == nil) || err == nil && cur.GetResourceVersion() != obj.GetResourceVersion()
		}
		return err
	})
}

func (c *recClient) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	lo := (&client.ListOptions{}).ApplyOptions(opts)
	var item runtime.Object = list
	if g, err := c.w.srv.GroupVersionKindFor(list); err == nil && len(g.Kind) > 4 {
		u := &unstructured.Unstructured{}
		u.SetGroupVersionKind(g.GroupVersion().WithKind(g.Kind[:len(g.Kind)-4]))
		item = u
	}
	return c.w.record("List", item, client.ObjectKey{Namespace: lo.Namespace}, func() error {
		r, lagging := c.reader(list)
		err := r.List(ctx, list, opts...)
		if lagging {
			cur := list.DeepCopyObject().(client.ObjectList)
			cerr := c.w.srv.List(ctx, cur, opts...)
			c.w.staleRead = (err == nil) != (cerr == nil) || err == nil && versions(list) != versions(cur)
		}
		return err
	})
}

// versions renders the keys and resourceVersions of a list's items.
func versions(l client.ObjectList) string {
	var b strings.Builder
	_ = meta.EachListItem(l, func(o runtime.Object) error {
		if m, err := meta.Accessor(o); err == nil {
			b.WriteString(m.GetNamespace() + "/" + m.GetName() + "@" + m.GetResourceVersion() + " ")
		}
		return nil
	})
	return b.String()
}

func (c *recClient) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	return c.w.record("Create", obj, client.ObjectKeyFromObject(obj), func() error { return c.w.srv.Create(ctx, obj, opts...) })
}

func (c *recClient) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	return c.w.record("Update", obj, client.ObjectKeyFromObject(obj), func() error { return c.w.srv.Update(ctx, obj, opts...) })
}

func (c *recClient) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
	return c.w.record("Patch", obj, client.ObjectKeyFromObject(obj), func() error { return c.w.srv.Patch(ctx, obj, patch, opts...) })
}

func applyKey(obj runtime.ApplyConfiguration) (*unstructured.Unstructured, client.ObjectKey) {
	u := &unstructured.Unstructured{}
	if data, err := json.Marshal(obj); err == nil {
		_ = u.UnmarshalJSON(data)
	}
	return u, client.ObjectKey{Namespace: u.GetNamespace(), Name: u.GetName()}
}

func (c *recClient) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...client.ApplyOption) error {
	u, key := applyKey(obj)
	return c.w.record("Apply", u, key, func() error { return c.w.srv.Apply(ctx, obj, opts...) })
}

func (c *recClient) Delete(ctx context.Context, obj client.Object, opts ...client.DeleteOption) error {
	return c.w.record("Delete", obj, client.ObjectKeyFromObject(obj), func() error { return c.w.srv.Delete(ctx, obj, opts...) })
}

func (c *recClient) DeleteAllOf(ctx context.Context, obj client.Object, opts ...client.DeleteAllOfOption) error {
	return c.w.record("DeleteAllOf", obj, client.ObjectKey{Namespace: obj.GetNamespace()}, func() error { return c.w.srv.DeleteAllOf(ctx, obj, opts...) })
}

func (c *recClient) Status() client.SubResourceWriter { return &recSub{c: c, name: "status"} }

func (c *recClient) SubResource(name string) client.SubResourceClient {
	return &recSub{c: c, name: name}
}

func (c *recClient) Scheme() *runtime.Scheme     { return c.w.srv.Scheme() }
func (c *recClient) RESTMapper() meta.RESTMapper { return c.w.srv.RESTMapper() }
func (c *recClient) GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error) {
	return c.w.srv.GroupVersionKindFor(obj)
}
func (c *recClient) IsObjectNamespaced(obj runtime.Object) (bool, error) {
	return c.w.srv.IsObjectNamespaced(obj)
}

type recSub struct {
	c    *recClient
	name string
}

func (s *recSub) op(verb string) string {
	if s.name == "status" {
		return "Status()." + verb
	}
	return "SubResource(" + s.name + ")." + verb
}

func (s *recSub) Get(ctx context.Context, obj, sub client.Object, opts ...client.SubResourceGetOption) error {
	return s.c.w.record("Get", obj, client.ObjectKeyFromObject(obj), func() error {
		return s.c.w.srv.SubResource(s.name).Get(ctx, obj, sub, opts...)
	})
}

func (s *recSub) Create(ctx context.Context, obj, sub client.Object, opts ...client.SubResourceCreateOption) error {
	return s.c.w.record(s.op("Create"), obj, client.ObjectKeyFromObject(obj), func() error {
		return s.c.w.srv.SubResource(s.name).Create(ctx, obj, sub, opts...)
	})
}

func (s *recSub) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	return s.c.w.record(s.op("Update"), obj, client.ObjectKeyFromObject(obj), func() error {
		return s.c.w.srv.SubResource(s.name).Update(ctx, obj, opts...)
	})
}

func (s *recSub) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
	return s.c.w.record(s.op("Patch"), obj, client.ObjectKeyFromObject(obj), func() error {
		return s.c.w.srv.SubResource(s.name).Patch(ctx, obj, patch, opts...)
	})
}

func (s *recSub) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...client.SubResourceApplyOption) error {
	u, key := applyKey(obj)
	return s.c.w.record(s.op("Apply"), u, key, func() error {
		return s.c.w.srv.SubResource(s.name).Apply(ctx, obj, opts...)
	})
}
