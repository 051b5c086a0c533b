package verify

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/selection"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
)

// binding is the world the recording manager's client serves: the API
// server of the world whose reconciler was built last (worlds run one at
// a time). Before any world it is an empty server.
type binding struct {
	mu sync.Mutex
	c  client.Client
}

// to binds the world of c, the client a world hands to Spec.New. Event
// handlers read and write the world's server directly: their calls are
// not the reconciler's, so fault plans and the trace do not count them.
func (b *binding) to(c client.Client) {
	if rc, ok := c.(*recClient); ok {
		c = rc.w.srv
	}
	b.mu.Lock()
	b.c = c
	b.mu.Unlock()
}

func (b *binding) get() client.Client {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.c
}

// worldClient is the client the recording manager of FromSetup hands out
// (GetClient, GetAPIReader): it forwards every call to the bound world.
type worldClient struct{ b *binding }

var _ client.Client = (*worldClient)(nil)

func (c *worldClient) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	return c.b.get().Get(ctx, key, obj, opts...)
}

func (c *worldClient) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	return c.b.get().List(ctx, list, opts...)
}

func (c *worldClient) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	return c.b.get().Create(ctx, obj, opts...)
}

func (c *worldClient) Delete(ctx context.Context, obj client.Object, opts ...client.DeleteOption) error {
	return c.b.get().Delete(ctx, obj, opts...)
}

func (c *worldClient) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	return c.b.get().Update(ctx, obj, opts...)
}

func (c *worldClient) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
	return c.b.get().Patch(ctx, obj, patch, opts...)
}

func (c *worldClient) Apply(ctx context.Context, obj kruntime.ApplyConfiguration, opts ...client.ApplyOption) error {
	return c.b.get().Apply(ctx, obj, opts...)
}

func (c *worldClient) DeleteAllOf(ctx context.Context, obj client.Object, opts ...client.DeleteAllOfOption) error {
	return c.b.get().DeleteAllOf(ctx, obj, opts...)
}

func (c *worldClient) Status() client.SubResourceWriter { return c.b.get().Status() }

func (c *worldClient) SubResource(name string) client.SubResourceClient {
	return c.b.get().SubResource(name)
}

func (c *worldClient) Scheme() *kruntime.Scheme    { return c.b.get().Scheme() }
func (c *worldClient) RESTMapper() meta.RESTMapper { return c.b.get().RESTMapper() }
func (c *worldClient) GroupVersionKindFor(obj kruntime.Object) (schema.GroupVersionKind, error) {
	return c.b.get().GroupVersionKindFor(obj)
}
func (c *worldClient) IsObjectNamespaced(obj kruntime.Object) (bool, error) {
	return c.b.get().IsObjectNamespaced(obj)
}

// indexEntry is one index registered with IndexField.
type indexEntry struct {
	obj client.Object
	fn  client.IndexerFunc
}

// indexes are the field indexes SetupWithManager registered (the
// manager's FieldIndexer and the cache's IndexField), by kind and field.
type indexes struct {
	scheme *kruntime.Scheme
	mu     sync.Mutex
	fns    map[string]map[string]indexEntry
}

var _ client.FieldIndexer = (*indexes)(nil)

// IndexField registers an index as the cache does; registering a field
// twice for a kind is an error, as in controller-runtime.
func (x *indexes) IndexField(_ context.Context, obj client.Object, field string, fn client.IndexerFunc) error {
	gvk, err := apiutil.GVKForObject(obj, x.scheme)
	if err != nil {
		return fmt.Errorf("verify: IndexField %q: %w", field, err)
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	k := gvk.GroupKind().String()
	if _, dup := x.fns[k][field]; dup {
		return fmt.Errorf("verify: IndexField: index %q of %s registered twice", field, k)
	}
	if x.fns[k] == nil {
		x.fns[k] = map[string]indexEntry{}
	}
	x.fns[k][field] = indexEntry{obj: obj, fn: fn}
	return nil
}

func (x *indexes) lookup(gk schema.GroupKind, field string) (indexEntry, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	e, ok := x.fns[gk.String()][field]
	return e, ok
}

// indexedClient answers a List whose field selector names a registered
// index the way controller-runtime's cache does: the objects whose index
// function returns the value. Other calls, and requirements on fields
// without an index, go to the wrapped client.
type indexedClient struct {
	client.Client
	idx *indexes
}

func (c *indexedClient) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	lo := (&client.ListOptions{}).ApplyOptions(opts)
	if lo.FieldSelector == nil || lo.FieldSelector.Empty() {
		return c.Client.List(ctx, list, opts...)
	}
	gvk, err := c.GroupVersionKindFor(list)
	if err != nil {
		return c.Client.List(ctx, list, opts...)
	}
	gk := schema.GroupKind{Group: gvk.Group, Kind: strings.TrimSuffix(gvk.Kind, "List")}
	type match struct {
		e     indexEntry
		value string
	}
	var matches []match
	var rest fields.Selector = fields.Everything()
	for _, r := range lo.FieldSelector.Requirements() {
		e, ok := c.idx.lookup(gk, r.Field)
		if !ok {
			term := fields.OneTermEqualSelector(r.Field, r.Value)
			if r.Operator == selection.NotEquals {
				term = fields.OneTermNotEqualSelector(r.Field, r.Value)
			}
			rest = fields.AndSelectors(rest, term)
			continue
		}
		if r.Operator != selection.Equals && r.Operator != selection.DoubleEquals {
			return fmt.Errorf("verify: field selector %q on index %q: non-exact field matches are not supported by the cache", lo.FieldSelector, r.Field)
		}
		matches = append(matches, match{e, r.Value})
	}
	if len(matches) == 0 {
		return c.Client.List(ctx, list, opts...)
	}
	plain := *lo
	plain.FieldSelector = rest
	if rest.Empty() {
		plain.FieldSelector = nil
	}
	if err := c.Client.List(ctx, list, &plain); err != nil {
		return err
	}
	items, err := meta.ExtractList(list)
	if err != nil {
		return fmt.Errorf("verify: indexed List: %w", err)
	}
	kept := items[:0]
	for _, it := range items {
		ok := true
		for _, m := range matches {
			o, err := c.asIndexed(it, m.e.obj)
			if err != nil {
				return err
			}
			if !slices.Contains(m.e.fn(o), m.value) {
				ok = false
				break
			}
		}
		if ok {
			kept = append(kept, it)
		}
	}
	if err := meta.SetList(list, kept); err != nil {
		return fmt.Errorf("verify: indexed List: %w", err)
	}
	return nil
}

// asIndexed gives an index function the item in the Go type it was
// registered for (an unstructured item is converted).
func (c *indexedClient) asIndexed(it kruntime.Object, want client.Object) (client.Object, error) {
	if reflect.TypeOf(it) == reflect.TypeOf(want) {
		return it.(client.Object), nil
	}
	if u, ok := it.(*unstructured.Unstructured); ok {
		out := want.DeepCopyObject().(client.Object)
		if err := kruntime.DefaultUnstructuredConverter.FromUnstructured(u.Object, out); err != nil {
			return nil, fmt.Errorf("verify: indexed List: convert %s to %T: %w", u.GetKind(), want, err)
		}
		return out, nil
	}
	o, ok := it.(client.Object)
	if !ok {
		return nil, fmt.Errorf("verify: indexed List: item %T is not a client.Object", it)
	}
	return o, nil
}

// recordingCache is the cache the recording manager hands out: reads go
// to the manager's client, IndexField registers an index. Informer access
// has no meaning in a simulated cluster and is a setup error.
type recordingCache struct {
	cache.Informers
	client.Reader
	idx *indexes
}

func (c *recordingCache) IndexField(ctx context.Context, obj client.Object, field string, fn client.IndexerFunc) error {
	return c.idx.IndexField(ctx, obj, field, fn)
}
