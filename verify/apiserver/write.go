package apiserver

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"time"

	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// writeOpts are the request options that matter to a write.
type writeOpts struct {
	manager string
	dryRun  bool
	applied bool // the managed fields were computed by server-side apply
	seed    bool // Seed: keep the given status and generation
}

func (s *Server) opts(manager string, dryRun []string) writeOpts {
	if manager == "" {
		manager = s.fieldManager
	}
	return writeOpts{manager: manager, dryRun: slices.Contains(dryRun, metav1.DryRunAll)}
}

func (s *Server) lookup(gvk schema.GroupVersionKind, nn types.NamespacedName) client.Object {
	if o, ok := s.objects[gvk][nn]; ok {
		return o.(client.Object)
	}
	return nil
}

// key returns the storage key of obj for kind k.
func key(k *Kind, namespace, name string) types.NamespacedName {
	if k.ClusterScoped {
		namespace = ""
	}
	return types.NamespacedName{Namespace: namespace, Name: name}
}

// preconditionFailed starts the API server's precondition messages.
const preconditionFailed = "Precondition failed"

const alphanums = "bcdfghjklmnpqrstvwxz2456789"

func (s *Server) randomSuffix() string {
	b := make([]byte, 5)
	for i := range b {
		b[i] = alphanums[s.rng.IntN(len(alphanums))]
	}
	return string(b)
}

func (s *Server) newUID() types.UID {
	a, b := s.rng.Uint64(), s.rng.Uint64()
	return types.UID(fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", a>>32, (a>>16)&0xffff, a&0xfff,
		0x8000|(b>>48)&0x3fff, b&0xffffffffffff))
}

func (s *Server) now() metav1.Time {
	return metav1.NewTime(s.clock().Truncate(time.Second).Local())
}

func invalid(k *Kind, name string, errs ...*field.Error) error {
	return apierrors.NewInvalid(k.GVK.GroupKind(), name, errs)
}

func conflict(k *Kind, name string) error {
	return apierrors.NewConflict(k.groupResource(), name,
		errors.New("the object has been modified; please apply your changes to the latest version and try again"))
}

func validateName(k *Kind, name string) error {
	if name == "" {
		return invalid(k, name, field.Required(field.NewPath("metadata", "name"), "name or generateName is required"))
	}
	if msgs := validation.IsDNS1123Subdomain(name); len(msgs) > 0 {
		return invalid(k, name, field.Invalid(field.NewPath("metadata", "name"), name, msgs[0]))
	}
	return nil
}

// createLocked stores obj, a private canonical copy. The caller holds s.mu.
func (s *Server) createLocked(k *Kind, obj client.Object, o writeOpts) (client.Object, error) {
	if k.ClusterScoped {
		obj.SetNamespace("")
	} else if obj.GetNamespace() == "" {
		return nil, apierrors.NewBadRequest(fmt.Sprintf("%s %q: the namespace of the object must be set", k.GVK.Kind, obj.GetName()))
	}
	if obj.GetResourceVersion() != "" {
		// The storage layer answers with a plain error, which the handler
		// turns into a 500 with an unknown reason.
		return nil, &apierrors.StatusError{ErrStatus: metav1.Status{Status: metav1.StatusFailure,
			Code: http.StatusInternalServerError, Reason: metav1.StatusReasonUnknown,
			Message: "resourceVersion should not be set on objects to be created"}}
	}
	if obj.GetName() == "" && obj.GetGenerateName() != "" {
		for range 8 {
			name := obj.GetGenerateName() + s.randomSuffix()
			if s.lookup(k.GVK, key(k, obj.GetNamespace(), name)) == nil {
				obj.SetName(name)
				break
			}
		}
	}
	if err := validateName(k, obj.GetName()); err != nil {
		return nil, err
	}
	nn := key(k, obj.GetNamespace(), obj.GetName())
	if s.lookup(k.GVK, nn) != nil {
		return nil, apierrors.NewAlreadyExists(k.groupResource(), obj.GetName())
	}
	obj.SetUID(s.newUID())
	obj.SetCreationTimestamp(s.now())
	obj.SetDeletionTimestamp(nil)
	obj.SetDeletionGracePeriodSeconds(nil)
	obj.SetSelfLink("")
	switch {
	case k.NoGeneration:
		obj.SetGeneration(0)
	case !o.seed || obj.GetGeneration() < 1:
		obj.SetGeneration(1)
	}
	if k.StatusSubresource && !o.seed {
		clearStatus(obj)
	}
	if !o.applied {
		obj.SetManagedFields(nil)
		if s.trackFields {
			obj = s.trackUpdate(k, nil, obj, "", o.manager)
		}
	}
	if o.dryRun {
		return obj, nil
	}
	s.put(k, obj, nil, watch.Added)
	if s.gc && len(obj.GetOwnerReferences()) > 0 && s.allOwnersGone(obj, "") {
		if err := s.deleteLocked(k, obj, nil, writeOpts{}); err != nil {
			return nil, err
		}
	}
	return obj, nil
}

// put stores obj with a new resourceVersion and emits the event.
func (s *Server) put(k *Kind, obj, old client.Object, t watch.EventType) {
	s.rv++
	obj.SetResourceVersion(strconv.FormatUint(s.rv, 10))
	m := s.objects[k.GVK]
	if m == nil {
		m = map[types.NamespacedName]runtime.Object{}
		s.objects[k.GVK] = m
	}
	m[key(k, obj.GetNamespace(), obj.GetName())] = obj
	s.byUID[obj.GetUID()] = objKey{gvk: k.GVK, namespace: obj.GetNamespace(), name: obj.GetName()}
	s.emit(Event{Type: t, Object: obj, Old: old})
}

// checkRV compares the resourceVersion the client sent with the stored one.
func checkRV(k *Kind, sent string, old client.Object, required bool) error {
	if sent == "" {
		if required {
			return invalid(k, old.GetName(), field.Invalid(field.NewPath("metadata", "resourceVersion"), "0x0", "must be specified for an update"))
		}
		return nil
	}
	if _, err := strconv.ParseUint(sent, 10, 64); err != nil {
		return invalid(k, old.GetName(), field.Invalid(field.NewPath("metadata", "resourceVersion"), sent, "must be a resource version returned by the server"))
	}
	if sent != old.GetResourceVersion() {
		return conflict(k, old.GetName())
	}
	return nil
}

// updateLocked turns obj, the private canonical copy of the desired state,
// into the stored state, applying the strategy of kind k and subresource
// sub ("" or "status"). It returns the object to hand back to the client.
// The caller holds s.mu and has checked the resourceVersion.
func (s *Server) updateLocked(k *Kind, old, obj client.Object, sub string, o writeOpts) (client.Object, error) {
	switch sub {
	case "status":
		nu := old.DeepCopyObject().(client.Object)
		setStatus(nu, obj)
		if obj.GetManagedFields() != nil {
			nu.SetManagedFields(obj.GetManagedFields())
		}
		obj = nu
	case "":
		if k.StatusSubresource {
			setStatus(obj, old)
		}
	}
	if uid := obj.GetUID(); uid != "" && uid != old.GetUID() {
		return nil, apierrors.NewConflict(k.groupResource(), old.GetName(),
			fmt.Errorf("%s: UID in precondition: %v, UID in object meta: %v", preconditionFailed, uid, old.GetUID()))
	}
	obj.SetUID(old.GetUID())
	obj.SetNamespace(old.GetNamespace())
	obj.SetName(old.GetName())
	obj.SetCreationTimestamp(old.GetCreationTimestamp())
	obj.SetDeletionTimestamp(old.GetDeletionTimestamp())
	obj.SetDeletionGracePeriodSeconds(old.GetDeletionGracePeriodSeconds())
	obj.SetGeneration(old.GetGeneration())
	obj.SetResourceVersion(old.GetResourceVersion())
	obj.SetSelfLink("")
	if obj.GetManagedFields() == nil {
		obj.SetManagedFields(old.GetManagedFields())
	}
	if old.GetDeletionTimestamp() != nil {
		var added []string
		for _, f := range obj.GetFinalizers() {
			if !slices.Contains(old.GetFinalizers(), f) {
				added = append(added, f)
			}
		}
		if len(added) > 0 {
			sort.Strings(added)
			// kube-apiserver validates object metadata twice on update (the
			// common-field check of rest.BeforeUpdate and the strategy's
			// ValidateUpdate), so the answer carries the cause twice.
			forbidden := field.Forbidden(field.NewPath("metadata", "finalizers"),
				fmt.Sprintf("no new finalizers can be added if the object is being deleted, found new finalizers %#v", added))
			return nil, invalid(k, old.GetName(), forbidden, forbidden)
		}
	}
	if !k.NoGeneration && !contentEqual(old, obj, k.StatusSubresource) {
		obj.SetGeneration(old.GetGeneration() + 1)
	}
	if !o.applied && (s.trackFields || len(old.GetManagedFields()) > 0) {
		obj = s.trackUpdate(k, old, obj, sub, o.manager)
	}
	if equality.Semantic.DeepEqual(old, obj) {
		return old, nil
	}
	if o.dryRun {
		return obj, nil
	}
	if old.GetDeletionTimestamp() != nil && len(obj.GetFinalizers()) == 0 {
		// The real server does not store the update: it deletes the stored
		// object, so the DELETED event carries the last stored state (with
		// its finalizers) at the deletion's resourceVersion, while the
		// caller gets the updated object at the old resourceVersion.
		s.removeLocked(k, old.DeepCopyObject().(client.Object), old)
		ret := obj.DeepCopyObject().(client.Object)
		ret.SetResourceVersion(old.GetResourceVersion())
		return ret, nil
	}
	s.put(k, obj, old, watch.Modified)
	return obj, nil
}

// removeLocked deletes the object for good: a DELETED event carrying final
// (the last state, with a new resourceVersion), then garbage collection.
func (s *Server) removeLocked(k *Kind, final, old client.Object) {
	s.rv++
	final.SetResourceVersion(strconv.FormatUint(s.rv, 10))
	delete(s.objects[k.GVK], key(k, final.GetNamespace(), final.GetName()))
	delete(s.byUID, final.GetUID())
	s.emit(Event{Type: watch.Deleted, Object: final, Old: old})
	if s.gc {
		s.collectLocked(final.GetUID())
	}
}

// deleteLocked deletes old: marks it when it has finalizers, removes it
// otherwise. The caller holds s.mu.
func (s *Server) deleteLocked(k *Kind, old client.Object, pre *metav1.Preconditions, o writeOpts) error {
	if pre != nil {
		if pre.UID != nil && *pre.UID != old.GetUID() {
			return apierrors.NewConflict(k.groupResource(), old.GetName(),
				fmt.Errorf("%s: UID in precondition: %v, UID in object meta: %v", preconditionFailed, *pre.UID, old.GetUID()))
		}
		if pre.ResourceVersion != nil && *pre.ResourceVersion != old.GetResourceVersion() {
			return apierrors.NewConflict(k.groupResource(), old.GetName(),
				fmt.Errorf("%s: ResourceVersion in precondition: %v, ResourceVersion in object meta: %v", preconditionFailed, *pre.ResourceVersion, old.GetResourceVersion()))
		}
	}
	if o.dryRun {
		return nil
	}
	if len(old.GetFinalizers()) == 0 {
		s.removeLocked(k, old.DeepCopyObject().(client.Object), old)
		return nil
	}
	if old.GetDeletionTimestamp() != nil {
		return nil
	}
	nu := old.DeepCopyObject().(client.Object)
	now := s.now()
	nu.SetDeletionTimestamp(&now)
	zero := int64(0)
	nu.SetDeletionGracePeriodSeconds(&zero)
	if g := nu.GetGeneration(); g > 0 {
		nu.SetGeneration(g + 1)
	}
	s.put(k, nu, old, watch.Modified)
	return nil
}

// allOwnersGone reports whether none of obj's owners exists, ignoring the
// owner with UID except.
func (s *Server) allOwnersGone(obj client.Object, except types.UID) bool {
	for _, r := range obj.GetOwnerReferences() {
		if r.UID != except && s.ownerExists(r) {
			return false
		}
	}
	return true
}

func (s *Server) ownerExists(r metav1.OwnerReference) bool {
	ok, found := s.byUID[r.UID]
	return found && ok.name == r.Name && ok.gvk.Kind == r.Kind
}

// collectLocked is the garbage collector's reaction to the removal of the
// object with the given UID: dependents that still have a live owner lose
// their dangling references; the others are deleted.
func (s *Server) collectLocked(owner types.UID) {
	for _, d := range s.sortedObjects() {
		refs := d.GetOwnerReferences()
		if !slices.ContainsFunc(refs, func(r metav1.OwnerReference) bool { return r.UID == owner }) {
			continue
		}
		k := s.kindFor(d.GetObjectKind().GroupVersionKind())
		if s.allOwnersGone(d, "") {
			if d.GetDeletionTimestamp() == nil {
				_ = s.deleteLocked(k, d, nil, writeOpts{})
			}
			continue
		}
		nu := d.DeepCopyObject().(client.Object)
		nu.SetOwnerReferences(slices.DeleteFunc(slices.Clone(refs), func(r metav1.OwnerReference) bool { return !s.ownerExists(r) }))
		_, _ = s.updateLocked(k, d, nu, "", writeOpts{manager: "garbage-collector"})
	}
}

// orphanLocked removes references to owner from its dependents.
func (s *Server) orphanLocked(owner types.UID) {
	for _, d := range s.sortedObjects() {
		refs := d.GetOwnerReferences()
		if !slices.ContainsFunc(refs, func(r metav1.OwnerReference) bool { return r.UID == owner }) {
			continue
		}
		nu := d.DeepCopyObject().(client.Object)
		nu.SetOwnerReferences(slices.DeleteFunc(slices.Clone(refs), func(r metav1.OwnerReference) bool { return r.UID == owner }))
		_, _ = s.updateLocked(s.kindFor(d.GetObjectKind().GroupVersionKind()), d, nu, "", writeOpts{manager: "garbage-collector"})
	}
}

// sortedObjects returns every stored object, ordered by kind, namespace and
// name, so that everything derived from it is deterministic.
func (s *Server) sortedObjects() []client.Object {
	gvks := make([]schema.GroupVersionKind, 0, len(s.objects))
	for g := range s.objects {
		gvks = append(gvks, g)
	}
	sort.Slice(gvks, func(i, j int) bool { return gvks[i].String() < gvks[j].String() })
	var out []client.Object
	for _, g := range gvks {
		out = append(out, s.sortedOf(g)...)
	}
	return out
}

func (s *Server) sortedOf(gvk schema.GroupVersionKind) []client.Object {
	m := s.objects[gvk]
	keys := make([]types.NamespacedName, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].Namespace != keys[j].Namespace {
			return keys[i].Namespace < keys[j].Namespace
		}
		return keys[i].Name < keys[j].Name
	})
	out := make([]client.Object, len(keys))
	for i, k := range keys {
		out[i] = m[k].(client.Object)
	}
	return out
}
