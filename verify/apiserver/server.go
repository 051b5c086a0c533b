// Package apiserver is an in-memory Kubernetes API server that implements
// controller-runtime's client.WithWatch with the semantics of the real
// kube-apiserver, as far as a controller can observe them:
//
//   - create sets uid, creationTimestamp, resourceVersion and generation
//     (for kinds that track it); generateName gets a random suffix;
//   - a spec change increments generation; status- and metadata-only changes
//     do not;
//   - an Update or Patch that changes nothing keeps the resourceVersion and
//     emits no watch event;
//   - with the status subresource enabled, the main resource ignores status
//     and the status subresource ignores everything else;
//   - Update without a resourceVersion on a kind that forbids unconditional
//     updates (all custom resources) is Invalid; a stale one is a Conflict;
//   - Delete of an object with finalizers sets deletionTimestamp (and bumps
//     generation), adding a finalizer to it is Forbidden, and removing the
//     last finalizer removes the object with a DELETED event;
//   - ownerReferences are garbage collected in the background style;
//   - JSON merge, JSON patch, strategic merge and server-side apply patches
//     use the apimachinery, json-patch and structured-merge-diff libraries.
//
// The store holds typed objects for kinds registered in the scheme and
// unstructured objects for custom resources declared with [WithKinds].
// Every write is synchronous; watch events are delivered through [Server.Watch]
// and, synchronously, to functions registered with [Server.Subscribe].
//
// What it does not model: admission (webhooks, namespace lifecycle, quota),
// defaulting and validation beyond object names, built-in controllers
// (kubelet, ReplicaSet, StatefulSet), field selectors other than
// metadata.name and metadata.namespace, and the foreground/orphan deletion
// finalizers (both propagation policies are applied at once).
package apiserver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"sort"
	"sync"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/managedfields"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Kind describes how the server treats one GroupVersionKind. The zero value
// of every flag is the behaviour of a custom resource: namespaced, generation
// tracked, no status subresource, resourceVersion required on Update, no
// strategic merge patch.
type Kind struct {
	// GVK is the kind this entry describes.
	GVK schema.GroupVersionKind
	// Resource is the lower-case plural resource name. It is guessed from the
	// kind when empty.
	Resource string
	// ClusterScoped is true for kinds that are not namespaced.
	ClusterScoped bool
	// StatusSubresource enables the /status subresource.
	StatusSubresource bool
	// NoGeneration disables metadata.generation (ConfigMap, Secret, Service…).
	NoGeneration bool
	// AllowUnconditionalUpdate accepts an Update without resourceVersion, as
	// most built-in kinds do. Custom resources reject it as Invalid.
	AllowUnconditionalUpdate bool
	// StrategicMerge accepts strategic merge patches (built-in typed kinds).
	StrategicMerge bool
}

// CRD returns the Kind of a custom resource.
func CRD(gvk schema.GroupVersionKind, namespaced, statusSubresource bool) Kind {
	return Kind{GVK: gvk, ClusterScoped: !namespaced, StatusSubresource: statusSubresource}
}

func (k Kind) resource() schema.GroupVersionResource {
	if k.Resource != "" {
		return k.GVK.GroupVersion().WithResource(k.Resource)
	}
	plural, _ := meta.UnsafeGuessKindToResource(k.GVK)
	return plural
}

func (k Kind) groupResource() schema.GroupResource { return k.resource().GroupResource() }

// builtinKinds is the behaviour of the built-in kinds a controller usually
// touches, as registered by their REST strategies in kube-apiserver.
func builtinKinds() []Kind {
	b := func(gvk schema.GroupVersionKind, cluster, status, gen bool) Kind {
		return Kind{GVK: gvk, ClusterScoped: cluster, StatusSubresource: status, NoGeneration: !gen,
			AllowUnconditionalUpdate: true, StrategicMerge: true}
	}
	core := corev1.SchemeGroupVersion.WithKind
	apps := appsv1.SchemeGroupVersion.WithKind
	batch := batchv1.SchemeGroupVersion.WithKind
	rbac := rbacv1.SchemeGroupVersion.WithKind
	return []Kind{
		b(core("ConfigMap"), false, false, false),
		b(core("Secret"), false, false, false),
		b(core("ServiceAccount"), false, false, false),
		b(core("Service"), false, true, false),
		b(core("Endpoints"), false, false, false),
		b(core("Event"), false, false, false),
		b(core("PersistentVolumeClaim"), false, true, false),
		b(core("PersistentVolume"), true, true, false),
		b(core("Pod"), false, true, true),
		b(core("Namespace"), true, true, false),
		b(core("Node"), true, true, false),
		b(apps("Deployment"), false, true, true),
		b(apps("StatefulSet"), false, true, true),
		b(apps("DaemonSet"), false, true, true),
		b(apps("ReplicaSet"), false, true, true),
		b(batch("Job"), false, true, true),
		b(batch("CronJob"), false, true, true),
		b(rbac("Role"), false, false, false),
		b(rbac("RoleBinding"), false, false, false),
		b(rbac("ClusterRole"), true, false, false),
		b(rbac("ClusterRoleBinding"), true, false, false),
		b(networkingv1.SchemeGroupVersion.WithKind("Ingress"), false, true, true),
		b(networkingv1.SchemeGroupVersion.WithKind("NetworkPolicy"), false, false, true),
		b(policyv1.SchemeGroupVersion.WithKind("PodDisruptionBudget"), false, true, true),
		b(coordinationv1.SchemeGroupVersion.WithKind("Lease"), false, false, false),
	}
}

// Option configures a Server.
type Option func(*config)

type config struct {
	scheme       *runtime.Scheme
	kinds        []Kind
	objects      []client.Object
	clock        func() time.Time
	seed         uint64
	fieldManager string
	trackFields  bool
	noGC         bool
	eventLog     int
}

// WithScheme sets the scheme that maps Go types to kinds. The default is
// client-go's scheme of built-in kinds.
func WithScheme(s *runtime.Scheme) Option { return func(c *config) { c.scheme = s } }

// WithKinds declares kinds: custom resources served as unstructured objects,
// or typed kinds whose defaults (see [Kind]) do not fit. A typed kind that is
// registered in the scheme but not declared is treated as a custom resource
// whose status subresource is on if its Go type has a Status field.
func WithKinds(kinds ...Kind) Option { return func(c *config) { c.kinds = append(c.kinds, kinds...) } }

// WithObjects creates the given objects, in order, when the server starts.
func WithObjects(objs ...client.Object) Option {
	return func(c *config) { c.objects = append(c.objects, objs...) }
}

// WithClock sets the clock used for creationTimestamp and deletionTimestamp.
// The default is time.Now, which inside a testing/synctest bubble is virtual.
func WithClock(now func() time.Time) Option { return func(c *config) { c.clock = now } }

// WithSeed seeds the generator of UIDs and generateName suffixes, so that two
// servers built with the same seed and fed the same requests agree.
func WithSeed(seed uint64) Option { return func(c *config) { c.seed = seed } }

// WithFieldManager sets the field manager recorded for writes that name none.
// The default is "manager", the name kube-apiserver derives for a Go binary
// called manager (the kubebuilder default).
func WithFieldManager(name string) Option { return func(c *config) { c.fieldManager = name } }

// WithManagedFields makes every write maintain metadata.managedFields, as the
// real server does. By default they are maintained only for objects that a
// server-side apply has touched, which keeps plain writes fast.
func WithManagedFields(on bool) Option { return func(c *config) { c.trackFields = on } }

// WithoutGarbageCollection turns off the ownerReference garbage collector.
func WithoutGarbageCollection() Option { return func(c *config) { c.noGC = true } }

// WithEventHistory sets how many past events are kept for watches that start
// from an old resourceVersion (default 1024). Older ones get 410 Gone.
func WithEventHistory(n int) Option { return func(c *config) { c.eventLog = n } }

type objKey struct {
	gvk       schema.GroupVersionKind
	namespace string
	name      string
}

// Server is the in-memory API server. Its methods are safe for concurrent use.
// A *Server is a client.WithWatch.
type Server struct {
	mu           sync.Mutex
	scheme       *runtime.Scheme
	kinds        map[schema.GroupVersionKind]*Kind
	objects      map[schema.GroupVersionKind]map[types.NamespacedName]runtime.Object
	byUID        map[types.UID]objKey
	rv           uint64
	clock        func() time.Time
	rng          *rand.Rand
	fieldManager string
	trackFields  bool
	gc           bool
	managers     map[fmKey]*managedfields.FieldManager
	typeConv     managedfields.TypeConverter
	listeners    map[int]func(Event)
	nextListener int
	watchers     map[*watcher]struct{}
	history      []Event
	historyCap   int
	restMapper   meta.RESTMapper
}

type fmKey struct {
	gvk         schema.GroupVersionKind
	subresource string
}

var _ client.WithWatch = (*Server)(nil)

// New returns a server. It fails if an object given with [WithObjects] cannot
// be created.
func New(opts ...Option) (*Server, error) {
	c := config{scheme: clientgoscheme.Scheme, clock: time.Now, seed: 1, fieldManager: "manager", eventLog: 1024}
	for _, o := range opts {
		o(&c)
	}
	s := &Server{
		scheme:       c.scheme,
		kinds:        map[schema.GroupVersionKind]*Kind{},
		objects:      map[schema.GroupVersionKind]map[types.NamespacedName]runtime.Object{},
		byUID:        map[types.UID]objKey{},
		clock:        c.clock,
		rng:          rand.New(rand.NewPCG(c.seed, c.seed^0x9e3779b97f4a7c15)),
		fieldManager: c.fieldManager,
		trackFields:  c.trackFields,
		gc:           !c.noGC,
		managers:     map[fmKey]*managedfields.FieldManager{},
		listeners:    map[int]func(Event){},
		watchers:     map[*watcher]struct{}{},
		historyCap:   c.eventLog,
	}
	for _, k := range builtinKinds() {
		s.kinds[k.GVK] = &k
	}
	for _, k := range c.kinds {
		s.kinds[k.GVK] = &k
	}
	for _, o := range c.objects {
		if err := s.Create(context.Background(), o.DeepCopyObject().(client.Object)); err != nil {
			return nil, fmt.Errorf("apiserver: initial object %s/%s: %w", o.GetNamespace(), o.GetName(), err)
		}
	}
	return s, nil
}

// kindFor returns the behaviour of gvk, inventing the custom-resource default
// for kinds that were not declared. Callers hold s.mu.
func (s *Server) kindFor(gvk schema.GroupVersionKind) *Kind {
	if k, ok := s.kinds[gvk]; ok {
		return k
	}
	k := &Kind{GVK: gvk}
	if t, ok := s.scheme.AllKnownTypes()[gvk]; ok {
		f, has := t.FieldByName("Status")
		k.StatusSubresource = has && f.Type.Kind() == reflect.Struct
	}
	s.kinds[gvk] = k
	s.restMapper = nil
	return k
}

// Kinds returns the kinds the server knows, sorted by group, version and kind.
func (s *Server) Kinds() []Kind {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Kind, 0, len(s.kinds))
	for _, k := range s.kinds {
		out = append(out, *k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].GVK.String() < out[j].GVK.String() })
	return out
}

// ResourceVersion returns the server's current resourceVersion.
func (s *Server) ResourceVersion() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return fmt.Sprint(s.rv)
}

// Snapshot returns a read-only copy of the server at this instant: reads
// on it see the state of now.
// Taking a snapshot is cheap: stored objects are never mutated in place.
func (s *Server) Snapshot() client.Reader {
	s.mu.Lock()
	defer s.mu.Unlock()
	cp := &Server{
		scheme:  s.scheme,
		kinds:   map[schema.GroupVersionKind]*Kind{},
		objects: make(map[schema.GroupVersionKind]map[types.NamespacedName]runtime.Object, len(s.objects)),
		rv:      s.rv,
	}
	for g, k := range s.kinds {
		cp.kinds[g] = k
	}
	for g, m := range s.objects {
		mm := make(map[types.NamespacedName]runtime.Object, len(m))
		for k, v := range m {
			mm[k] = v
		}
		cp.objects[g] = mm
	}
	return snapshot{cp}
}

type snapshot struct{ s *Server }

func (r snapshot) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	return r.s.Get(ctx, key, obj, opts...)
}

func (r snapshot) List(ctx context.Context, list client.ObjectList, opts ...client.ListOption) error {
	return r.s.List(ctx, list, opts...)
}
