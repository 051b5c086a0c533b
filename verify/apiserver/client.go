package apiserver

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	jsonpatch "github.com/evanphx/json-patch/v5"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/mergepatch"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"
)

func ctxErr(ctx context.Context) error {
	if ctx == nil {
		return nil
	}
	return ctx.Err()
}

// Get reads the object named key into obj, which may be typed, unstructured
// or metav1.PartialObjectMetadata.
func (s *Server) Get(ctx context.Context, key client.ObjectKey, obj client.Object, _ ...client.GetOption) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	gvk, err := s.gvkOf(obj)
	if err != nil {
		return err
	}
	s.mu.Lock()
	k := s.kindFor(gvk)
	stored := s.lookup(gvk, keyOf(k, key))
	s.mu.Unlock()
	if stored == nil {
		return apierrors.NewNotFound(k.groupResource(), key.Name)
	}
	return s.output(stored, obj)
}

func keyOf(k *Kind, nn types.NamespacedName) types.NamespacedName {
	return key(k, nn.Namespace, nn.Name)
}

// listGVK returns the item kind of a list type.
func (s *Server) listGVK(list client.ObjectList) (schema.GroupVersionKind, error) {
	gvk, err := s.gvkOf(list)
	if err != nil {
		return gvk, err
	}
	if !strings.HasSuffix(gvk.Kind, "List") {
		return gvk, fmt.Errorf("apiserver: %T is not a list kind (%s)", list, gvk.Kind)
	}
	gvk.Kind = strings.TrimSuffix(gvk.Kind, "List")
	return gvk, nil
}

// newItemFor returns a copy of the stored object in the item form of list.
func (s *Server) newItemFor(list client.ObjectList, stored client.Object) (runtime.Object, error) {
	var item runtime.Object
	switch list.(type) {
	case *unstructured.UnstructuredList:
		item = &unstructured.Unstructured{}
	case *metav1.PartialObjectMetadataList:
		item = &metav1.PartialObjectMetadata{}
	default:
		o, err := s.scheme.New(stored.GetObjectKind().GroupVersionKind())
		if err != nil {
			return nil, fmt.Errorf("apiserver: new %s: %w", stored.GetObjectKind().GroupVersionKind(), err)
		}
		item = o
	}
	if err := s.output(stored, item); err != nil {
		return nil, err
	}
	return item, nil
}

// List lists objects of the list's item kind, sorted by namespace and name
// as etcd returns them. Namespace, label selector, the metadata.name and
// metadata.namespace field selectors, Limit and Continue are honoured.
func (s *Server) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	lo := (&client.ListOptions{}).ApplyOptions(opts)
	gvk, err := s.listGVK(list)
	if err != nil {
		return err
	}
	s.mu.Lock()
	k := s.kindFor(gvk)
	all := s.sortedOf(gvk)
	rv := s.rv
	s.mu.Unlock()
	var matched []client.Object
	for _, o := range all {
		if lo.Namespace != "" && !k.ClusterScoped && o.GetNamespace() != lo.Namespace {
			continue
		}
		if lo.LabelSelector != nil && !lo.LabelSelector.Matches(labels.Set(o.GetLabels())) {
			continue
		}
		if lo.FieldSelector != nil && !lo.FieldSelector.Matches(fields.Set{"metadata.name": o.GetName(), "metadata.namespace": o.GetNamespace()}) {
			continue
		}
		matched = append(matched, o)
	}
	start := 0
	if lo.Continue != "" {
		n, err := strconv.Atoi(lo.Continue)
		if err != nil || n < 0 || n > len(matched) {
			return apierrors.NewBadRequest(fmt.Sprintf("invalid continue token %q", lo.Continue))
		}
		start = n
	}
	end := len(matched)
	cont := ""
	if lo.Limit > 0 && int64(end-start) > lo.Limit {
		end = start + int(lo.Limit)
		cont = strconv.Itoa(end)
	}
	items := make([]runtime.Object, 0, end-start)
	for _, o := range matched[start:end] {
		it, err := s.newItemFor(list, o)
		if err != nil {
			return err
		}
		items = append(items, it)
	}
	if err := meta.SetList(list, items); err != nil {
		return fmt.Errorf("apiserver: set list items: %w", err)
	}
	list.SetResourceVersion(strconv.FormatUint(rv, 10))
	list.SetContinue(cont)
	if cont != "" {
		rem := int64(len(matched) - end)
		list.SetRemainingItemCount(&rem)
	} else {
		list.SetRemainingItemCount(nil)
	}
	if ul, ok := list.(*unstructured.UnstructuredList); ok {
		ul.SetGroupVersionKind(gvk.GroupVersion().WithKind(gvk.Kind + "List"))
	}
	return nil
}

// Create creates obj and writes the stored state back into it.
func (s *Server) Create(ctx context.Context, obj client.Object, opts ...client.CreateOption) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	co := (&client.CreateOptions{}).ApplyOptions(opts)
	gvk, err := s.gvkOf(obj)
	if err != nil {
		return err
	}
	c, err := s.canonical(obj, gvk)
	if err != nil {
		return err
	}
	s.mu.Lock()
	stored, err := s.createLocked(s.kindFor(gvk), c, s.opts(co.FieldManager, co.DryRun))
	s.mu.Unlock()
	if err != nil {
		return err
	}
	return s.output(stored, obj)
}

// Seed stores obj as an object that already exists when a controller
// starts, as found in a real cluster: unlike Create, it keeps obj's status
// (also for a kind with a status subresource), its generation (when above
// 1) and its finalizers as given. Like Create, it assigns uid,
// creationTimestamp and resourceVersion, clears deletionTimestamp and emits
// ADDED. The name must be set; obj is updated with the stored object.
func (s *Server) Seed(ctx context.Context, obj client.Object) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	gvk, err := s.gvkOf(obj)
	if err != nil {
		return err
	}
	c, err := s.canonical(obj, gvk)
	if err != nil {
		return err
	}
	o := s.opts("", nil)
	o.seed = true
	s.mu.Lock()
	stored, err := s.createLocked(s.kindFor(gvk), c, o)
	s.mu.Unlock()
	if err != nil {
		return err
	}
	return s.output(stored, obj)
}

// Update replaces the main resource of obj.
func (s *Server) Update(ctx context.Context, obj client.Object, opts ...client.UpdateOption) error {
	uo := (&client.UpdateOptions{}).ApplyOptions(opts)
	return s.update(ctx, obj, "", s.opts(uo.FieldManager, uo.DryRun))
}

func (s *Server) update(ctx context.Context, obj client.Object, sub string, o writeOpts) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	gvk, err := s.gvkOf(obj)
	if err != nil {
		return err
	}
	c, err := s.canonical(obj, gvk)
	if err != nil {
		return err
	}
	s.mu.Lock()
	k := s.kindFor(gvk)
	stored, err := s.updateChecked(k, c, sub, o, !k.AllowUnconditionalUpdate)
	s.mu.Unlock()
	if err != nil {
		return err
	}
	return s.output(stored, obj)
}

func (s *Server) updateChecked(k *Kind, c client.Object, sub string, o writeOpts, requireRV bool) (client.Object, error) {
	if sub != "" && !(sub == "status" && k.StatusSubresource) {
		return nil, apierrors.NewNotFound(k.groupResource(), c.GetName())
	}
	old := s.lookup(k.GVK, key(k, c.GetNamespace(), c.GetName()))
	if old == nil {
		return nil, apierrors.NewNotFound(k.groupResource(), c.GetName())
	}
	if err := checkRV(k, c.GetResourceVersion(), old, requireRV); err != nil {
		return nil, err
	}
	return s.updateLocked(k, old, c, sub, o)
}

// Patch applies a JSON merge, JSON, strategic merge or apply patch to the
// main resource of obj.
func (s *Server) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.PatchOption) error {
	po := (&client.PatchOptions{}).ApplyOptions(opts)
	return s.patch(ctx, obj, patch, "", po)
}

func (s *Server) patch(ctx context.Context, obj client.Object, patch client.Patch, sub string, po *client.PatchOptions) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	gvk, err := s.gvkOf(obj)
	if err != nil {
		return err
	}
	data, err := patch.Data(obj)
	if err != nil {
		return fmt.Errorf("apiserver: patch data: %w", err)
	}
	if (patch.Type() == types.ApplyYAMLPatchType || patch.Type() == types.ApplyCBORPatchType) && po.FieldManager == "" {
		return apierrors.NewBadRequest("PATCH, fieldManager is required for apply requests")
	}
	force := po.Force != nil && *po.Force
	s.mu.Lock()
	stored, err := s.patchLocked(s.kindFor(gvk), obj.GetNamespace(), obj.GetName(), patch.Type(), data, sub, s.opts(po.FieldManager, po.DryRun), force)
	s.mu.Unlock()
	if err != nil {
		return err
	}
	return s.output(stored, obj)
}

func unsupportedMediaType(msg string) error {
	return &apierrors.StatusError{ErrStatus: metav1.Status{
		Status: metav1.StatusFailure, Code: http.StatusUnsupportedMediaType,
		Reason: metav1.StatusReasonUnsupportedMediaType, Message: msg,
	}}
}

func (s *Server) patchLocked(k *Kind, namespace, name string, pt types.PatchType, data []byte, sub string, o writeOpts, force bool) (client.Object, error) {
	if sub != "" && !(sub == "status" && k.StatusSubresource) {
		return nil, apierrors.NewNotFound(k.groupResource(), name)
	}
	live := s.lookup(k.GVK, key(k, namespace, name))
	if pt == types.ApplyYAMLPatchType || pt == types.ApplyCBORPatchType {
		if pt == types.ApplyCBORPatchType {
			return nil, unsupportedMediaType("apply patches in CBOR are not supported")
		}
		return s.applyPatchLocked(k, live, namespace, name, data, sub, o, force)
	}
	if live == nil {
		return nil, apierrors.NewNotFound(k.groupResource(), name)
	}
	orig, err := json.Marshal(live)
	if err != nil {
		return nil, fmt.Errorf("apiserver: encode %s: %w", k.GVK.Kind, err)
	}
	// Errors are classified as kube-apiserver's patch handler does: a patch
	// that cannot be decoded or merged is a BadRequest, a JSON patch that
	// fails to apply (a failed test, a missing path) is a 422 without causes.
	var patched []byte
	switch pt {
	case types.MergePatchType:
		if patched, err = jsonpatch.MergePatch(orig, data); err != nil {
			return nil, apierrors.NewBadRequest(err.Error())
		}
	case types.JSONPatchType:
		p, err := jsonpatch.DecodePatch(data)
		if err != nil {
			return nil, apierrors.NewBadRequest(err.Error())
		}
		if patched, err = p.Apply(orig); err != nil {
			return nil, apierrors.NewGenericServerResponse(http.StatusUnprocessableEntity, "", schema.GroupResource{}, "", err.Error(), 0, false)
		}
	case types.StrategicMergePatchType:
		if !k.StrategicMerge || !s.isTyped(k.GVK) {
			return nil, unsupportedMediaType("strategic merge patch is not supported for " + k.GVK.GroupKind().String())
		}
		schemaObj, err := s.scheme.New(k.GVK)
		if err != nil {
			return nil, fmt.Errorf("apiserver: new %s: %w", k.GVK, err)
		}
		if patched, err = strategicpatch.StrategicMergePatch(orig, data, schemaObj); err != nil {
			switch err {
			case mergepatch.ErrNoListOfLists, mergepatch.ErrPatchContentNotMatchRetainKeys:
				return nil, apierrors.NewGenericServerResponse(http.StatusUnprocessableEntity, "", schema.GroupResource{}, "", err.Error(), 0, false)
			}
			return nil, apierrors.NewBadRequest(err.Error())
		}
	default:
		return nil, unsupportedMediaType(fmt.Sprintf("unsupported patch type %q", pt))
	}
	desired, err := s.decode(patched, k.GVK)
	if err != nil {
		return nil, apierrors.NewBadRequest(err.Error())
	}
	if err := checkRV(k, desired.GetResourceVersion(), live, false); err != nil {
		return nil, err
	}
	desired.SetResourceVersion(live.GetResourceVersion())
	return s.updateLocked(k, live, desired, sub, o)
}

func (s *Server) applyPatchLocked(k *Kind, live client.Object, namespace, name string, data []byte, sub string, o writeOpts, force bool) (client.Object, error) {
	applied := &unstructured.Unstructured{}
	if err := yaml.Unmarshal(data, &applied.Object); err != nil {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("error decoding YAML: %v", err))
	}
	if applied.Object == nil {
		return nil, apierrors.NewBadRequest("apply patch is empty")
	}
	if applied.GroupVersionKind() != k.GVK {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("apply patch kind %s does not match %s", applied.GroupVersionKind(), k.GVK))
	}
	if applied.GetName() != "" && applied.GetName() != name {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", applied.GetName(), name))
	}
	if k.ClusterScoped {
		namespace = ""
	}
	applied.SetName(name)
	applied.SetNamespace(namespace)
	if live == nil && sub != "" {
		return nil, apierrors.NewNotFound(k.groupResource(), name)
	}
	desired, err := s.applyLocked(k, live, applied, sub, o.manager, force)
	if err != nil {
		return nil, err
	}
	o.applied = true
	if live == nil {
		desired.SetResourceVersion("")
		return s.createLocked(k, desired, o)
	}
	if err := checkRV(k, applied.GetResourceVersion(), live, false); err != nil {
		return nil, err
	}
	desired.SetResourceVersion(live.GetResourceVersion())
	return s.updateLocked(k, live, desired, sub, o)
}

// Apply applies a server-side apply configuration (client.Writer.Apply).
// The result is decoded back into obj.
func (s *Server) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...client.ApplyOption) error {
	ao := (&client.ApplyOptions{}).ApplyOptions(opts)
	return s.applyConfig(ctx, obj, "", ao)
}

func (s *Server) applyConfig(ctx context.Context, obj runtime.ApplyConfiguration, sub string, ao *client.ApplyOptions) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	data, err := json.Marshal(obj)
	if err != nil {
		return fmt.Errorf("apiserver: encode apply configuration: %w", err)
	}
	u := &unstructured.Unstructured{}
	if err := u.UnmarshalJSON(data); err != nil {
		return apierrors.NewBadRequest(fmt.Sprintf("apply configuration: %v", err))
	}
	gvk := u.GroupVersionKind()
	if ao.FieldManager == "" {
		return apierrors.NewBadRequest("PATCH, fieldManager is required for apply requests")
	}
	force := ao.Force != nil && *ao.Force
	s.mu.Lock()
	stored, err := s.patchLocked(s.kindFor(gvk), u.GetNamespace(), u.GetName(), types.ApplyYAMLPatchType, data, sub, s.opts(ao.FieldManager, ao.DryRun), force)
	s.mu.Unlock()
	if err != nil {
		return err
	}
	out, err := json.Marshal(stored)
	if err != nil {
		return fmt.Errorf("apiserver: encode result: %w", err)
	}
	if err := json.Unmarshal(out, obj); err != nil {
		return fmt.Errorf("apiserver: decode result into %T: %w", obj, err)
	}
	return nil
}

// Delete deletes obj: it is marked with deletionTimestamp while finalizers
// remain, and removed otherwise. PropagationPolicy Orphan strips the owner
// references of dependents first; other policies let the garbage collector
// delete dependents once the owner is gone.
func (s *Server) Delete(ctx context.Context, obj client.Object, opts ...client.DeleteOption) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	do := (&client.DeleteOptions{}).ApplyOptions(opts)
	gvk, err := s.gvkOf(obj)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	k := s.kindFor(gvk)
	old := s.lookup(gvk, key(k, obj.GetNamespace(), obj.GetName()))
	if old == nil {
		return apierrors.NewNotFound(k.groupResource(), obj.GetName())
	}
	o := s.opts("", do.DryRun)
	if do.PropagationPolicy != nil && *do.PropagationPolicy == metav1.DeletePropagationOrphan && !o.dryRun {
		s.orphanLocked(old.GetUID())
	}
	return s.deleteLocked(k, old, do.Preconditions, o)
}

// DeleteAllOf deletes every object of obj's kind that matches the options.
func (s *Server) DeleteAllOf(ctx context.Context, obj client.Object, opts ...client.DeleteAllOfOption) error {
	if err := ctxErr(ctx); err != nil {
		return err
	}
	dao := (&client.DeleteAllOfOptions{}).ApplyOptions(opts)
	gvk, err := s.gvkOf(obj)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	k := s.kindFor(gvk)
	o := s.opts("", dao.DryRun)
	for _, d := range s.sortedOf(gvk) {
		if dao.Namespace != "" && !k.ClusterScoped && d.GetNamespace() != dao.Namespace {
			continue
		}
		if dao.LabelSelector != nil && !dao.LabelSelector.Matches(labels.Set(d.GetLabels())) {
			continue
		}
		if dao.FieldSelector != nil && !dao.FieldSelector.Matches(fields.Set{"metadata.name": d.GetName(), "metadata.namespace": d.GetNamespace()}) {
			continue
		}
		cur := s.lookup(gvk, key(k, d.GetNamespace(), d.GetName()))
		if cur == nil {
			continue
		}
		if err := s.deleteLocked(k, cur, dao.Preconditions, o); err != nil {
			return err
		}
	}
	return nil
}

// Status returns the client of the status subresource.
func (s *Server) Status() client.SubResourceWriter { return subResource{s: s, name: "status"} }

// SubResource returns the client of a subresource. Only "status" is served;
// other subresources answer NotFound.
func (s *Server) SubResource(name string) client.SubResourceClient {
	return subResource{s: s, name: name}
}

// Scheme returns the server's scheme.
func (s *Server) Scheme() *runtime.Scheme { return s.scheme }

// RESTMapper returns a mapper of every kind in the scheme and every declared
// kind, with the scope the server applies to it.
func (s *Server) RESTMapper() meta.RESTMapper {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.restMapper != nil {
		return s.restMapper
	}
	gvs := []schema.GroupVersion{}
	seen := map[schema.GroupVersion]bool{}
	all := map[schema.GroupVersionKind]bool{}
	for gvk := range s.scheme.AllKnownTypes() {
		if strings.HasSuffix(gvk.Kind, "List") || gvk.Version == runtime.APIVersionInternal {
			continue
		}
		all[gvk] = true
	}
	for gvk := range s.kinds {
		all[gvk] = true
	}
	for gvk := range all {
		if !seen[gvk.GroupVersion()] {
			seen[gvk.GroupVersion()] = true
			gvs = append(gvs, gvk.GroupVersion())
		}
	}
	m := meta.NewDefaultRESTMapper(gvs)
	for gvk := range all {
		k, ok := s.kinds[gvk]
		if !ok {
			k = &Kind{GVK: gvk}
		}
		scope := meta.RESTScopeNamespace
		if k.ClusterScoped {
			scope = meta.RESTScopeRoot
		}
		r := k.resource()
		m.AddSpecific(gvk, r, r.GroupVersion().WithResource(strings.ToLower(gvk.Kind)), scope)
	}
	s.restMapper = m
	return m
}

// GroupVersionKindFor returns the kind of obj.
func (s *Server) GroupVersionKindFor(obj runtime.Object) (schema.GroupVersionKind, error) {
	return s.gvkOf(obj)
}

// IsObjectNamespaced reports whether obj's kind is namespaced.
func (s *Server) IsObjectNamespaced(obj runtime.Object) (bool, error) {
	gvk, err := s.gvkOf(obj)
	if err != nil {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return !s.kindFor(gvk).ClusterScoped, nil
}

// subResource is the client of one subresource.
type subResource struct {
	s    *Server
	name string
}

func (r subResource) Get(ctx context.Context, obj, subResource client.Object, _ ...client.SubResourceGetOption) error {
	if r.name != "status" {
		return apierrors.NewNotFound(schema.GroupResource{Resource: r.name}, obj.GetName())
	}
	if err := r.s.Get(ctx, client.ObjectKeyFromObject(obj), subResource); err != nil {
		return err
	}
	return nil
}

func (r subResource) Create(_ context.Context, obj, _ client.Object, _ ...client.SubResourceCreateOption) error {
	return apierrors.NewMethodNotSupported(schema.GroupResource{Resource: r.name}, "create")
}

func (r subResource) Update(ctx context.Context, obj client.Object, opts ...client.SubResourceUpdateOption) error {
	uo := (&client.SubResourceUpdateOptions{}).ApplyOptions(opts)
	body := obj
	if uo.SubResourceBody != nil {
		body = uo.SubResourceBody
	}
	if err := r.s.update(ctx, body, r.name, r.s.opts(uo.FieldManager, uo.DryRun)); err != nil {
		return err
	}
	if body != obj {
		return r.s.output(body, obj)
	}
	return nil
}

func (r subResource) Patch(ctx context.Context, obj client.Object, patch client.Patch, opts ...client.SubResourcePatchOption) error {
	po := (&client.SubResourcePatchOptions{}).ApplyOptions(opts)
	return r.s.patch(ctx, obj, patch, r.name, &po.PatchOptions)
}

func (r subResource) Apply(ctx context.Context, obj runtime.ApplyConfiguration, opts ...client.SubResourceApplyOption) error {
	ao := (&client.SubResourceApplyOptions{}).ApplyOpts(opts)
	return r.s.applyConfig(ctx, obj, r.name, &ao.ApplyOptions)
}
