package verify

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"runtime"
	"strings"
	"time"
	"unsafe"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kruntime "k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/tools/record"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/healthz"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify/apiserver"
)

// handlerWatch is one watch of the controller as its own SetupWithManager
// declared it: the watched type, the real event handler and predicates.
type handlerWatch struct {
	object     client.Object
	handler    handler.EventHandler
	predicates []predicate.Predicate
}

// FromSetup wires spec like the controller: it runs setup (the
// reconciler's own SetupWithManager) against a recording manager and takes
// For, Owns, Watches, their predicates and map functions from the
// controller-runtime builder it drives, so the test cannot drift from the
// controller. Events are then dispatched through the controller's real
// handlers and predicates. spec's For, Owns, Watches and predicates are
// replaced; Scheme (before the call, for the builder) and Objects are
// still needed.
//
// When spec.New is nil, every world builds its reconciler by running setup
// again against a recording manager whose GetClient is the world's client,
// and takes the reconciler setup hands to the builder's Complete: write
// setup as main.go wires the reconciler, so the test builds it the same
// way.
//
//	verify.Run(t, verify.FromSetup(func(mgr manager.Manager) error {
//		return (&MemcachedReconciler{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr)
//	}, verify.Spec{Scheme: scheme, Objects: []client.Object{sampleMemcached()}}))
//
// The recording manager's GetClient, GetAPIReader and GetCache read and
// write the world that is running, so event handlers and map functions
// that use the reconciler's client see the simulated cluster. Indexes
// registered with GetFieldIndexer (or the cache's IndexField) answer Lists
// with client.MatchingFields on the indexed field, as the cache does.
//
// Not supported, each a setup error that every property reports: an error
// from setup; typed requests (a controller of a request type other than
// reconcile.Request); sources other than Kind sources (source.Channel,
// source.Informer, source.Func); more or fewer than one controller;
// other runnables added to the manager; and manager methods with no
// meaning in a simulated cluster (GetConfig, GetHTTPClient,
// GetWebhookServer, GetEventRecorder, GetConverterRegistry, Start).
func FromSetup(setup func(mgr manager.Manager) error, spec Spec) Spec {
	if spec.Scheme == nil {
		spec.Scheme = clientgoscheme.Scheme
	}
	rec, err := recordSetup(setup, spec.Scheme, spec.Kinds)
	if err != nil {
		spec.setupErr = err
		return spec
	}
	spec.For, spec.ForPredicates, spec.Owns, spec.OwnsPredicates, spec.Watches = nil, nil, nil, nil, nil
	spec.handlers = rec.watches
	spec.For = rec.forObject()
	if user := spec.New; user != nil {
		spec.New = func(c client.Client) reconcile.Reconciler {
			rec.bind.to(c)
			return user(&indexedClient{Client: c, idx: rec.idx})
		}
		return spec
	}
	scheme, mapper := spec.Scheme, rec.mapper
	spec.New = func(c client.Client) reconcile.Reconciler {
		rec.bind.to(c)
		m := newRecordingManager(scheme, mapper, c)
		var r reconcile.Reconciler
		err := callSetup(setup, m)
		if err == nil {
			r, err = m.reconciler()
		}
		if err != nil {
			// The first run of setup succeeded; a later one that fails
			// depends on more than the manager. Every Reconcile of this
			// world reports it, rather than a panic ending the test binary.
			err = fmt.Errorf("verify: FromSetup: SetupWithManager failed when building a fresh reconciler: %w", err)
			return reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) { return reconcile.Result{}, err })
		}
		return r
	}
	return spec
}

// Wiring describes the watches FromSetup recorded, in the order the
// controller registered them: the kind, "(primary)" for the watch that
// enqueues the object itself (builder.For), "(metadata only)" for a
// metadata-only watch, and the number of predicates, e.g. "Memcached
// (primary), 1 predicate(s)" or "Deployment". It returns nil for a Spec
// that FromSetup did not make, and FromSetup's error when it failed.
func (s Spec) Wiring() ([]string, error) {
	if s.setupErr != nil {
		return nil, s.setupErr
	}
	scheme := s.Scheme
	if scheme == nil {
		scheme = clientgoscheme.Scheme
	}
	var out []string
	for _, w := range s.handlers {
		line := fmt.Sprintf("%T", w.object)
		if gvk, err := apiutil.GVKForObject(w.object, scheme); err == nil {
			line = gvk.Kind
		}
		if _, ok := w.handler.(*handler.EnqueueRequestForObject); ok {
			line += " (primary)"
		}
		if _, ok := w.object.(*metav1.PartialObjectMetadata); ok {
			line += " (metadata only)"
		}
		if n := len(w.predicates); n > 0 {
			line += fmt.Sprintf(", %d predicate(s)", n)
		}
		out = append(out, line)
	}
	return out, nil
}

// recording is what one run of SetupWithManager registered.
type recording struct {
	watches []handlerWatch
	idx     *indexes
	bind    *binding
	mapper  meta.RESTMapper
}

// forObject is the primary kind: the watch whose handler enqueues the
// object itself (builder.For), else the first watch.
func (r *recording) forObject() client.Object {
	for _, w := range r.watches {
		if _, ok := w.handler.(*handler.EnqueueRequestForObject); ok {
			return w.object
		}
	}
	return r.watches[0].object
}

func recordSetup(setup func(mgr manager.Manager) error, scheme *kruntime.Scheme, kinds []apiserver.Kind) (*recording, error) {
	srv, err := apiserver.New(apiserver.WithScheme(scheme), apiserver.WithKinds(kinds...))
	if err != nil {
		return nil, fmt.Errorf("verify: FromSetup: %w", err)
	}
	b := &binding{c: srv}
	m := newRecordingManager(scheme, srv.RESTMapper(), &worldClient{b: b})
	if err := callSetup(setup, m); err != nil {
		return nil, fmt.Errorf("verify: FromSetup: SetupWithManager: %w", err)
	}
	ctrl, err := m.controller()
	if err != nil {
		return nil, err
	}
	srcs, err := startWatches(ctrl)
	if err != nil {
		return nil, err
	}
	rec := &recording{idx: m.idx, bind: b, mapper: m.mapper}
	for _, s := range srcs {
		hw, err := kindSource(s, scheme)
		if err != nil {
			return nil, err
		}
		rec.watches = append(rec.watches, hw)
	}
	if len(rec.watches) == 0 {
		return nil, errors.New("verify: FromSetup: SetupWithManager registered no watch")
	}
	return rec, nil
}

// recordingManager is a manager.Manager that records the controllers
// added to it. The methods controller-runtime's builder calls, and those a
// SetupWithManager commonly calls, are implemented; calling another one is
// a setup error that names it.
type recordingManager struct {
	manager.Manager
	scheme  *kruntime.Scheme
	mapper  meta.RESTMapper
	client  client.Client
	reader  client.Reader
	idx     *indexes
	runners []manager.Runnable
}

// newRecordingManager returns a manager whose client is c, answering
// Lists on the indexes that setup registers.
func newRecordingManager(scheme *kruntime.Scheme, mapper meta.RESTMapper, c client.Client) *recordingManager {
	idx := &indexes{scheme: scheme, fns: map[string]map[string]indexEntry{}}
	return &recordingManager{scheme: scheme, mapper: mapper, idx: idx, reader: c, client: &indexedClient{Client: c, idx: idx}}
}

func (m *recordingManager) GetScheme() *kruntime.Scheme          { return m.scheme }
func (m *recordingManager) GetRESTMapper() meta.RESTMapper       { return m.mapper }
func (m *recordingManager) GetLogger() logr.Logger               { return logr.Discard() }
func (m *recordingManager) GetClient() client.Client             { return m.client }
func (m *recordingManager) GetAPIReader() client.Reader          { return m.reader }
func (m *recordingManager) GetFieldIndexer() client.FieldIndexer { return m.idx }
func (m *recordingManager) GetCache() cache.Cache {
	return &recordingCache{Reader: m.client, idx: m.idx}
}
func (m *recordingManager) GetEventRecorderFor(string) record.EventRecorder {
	return &record.FakeRecorder{}
}
func (m *recordingManager) Elected() <-chan struct{} {
	ch := make(chan struct{})
	close(ch)
	return ch
}
func (m *recordingManager) AddHealthzCheck(string, healthz.Checker) error           { return nil }
func (m *recordingManager) AddReadyzCheck(string, healthz.Checker) error            { return nil }
func (m *recordingManager) AddMetricsServerExtraHandler(string, http.Handler) error { return nil }
func (m *recordingManager) Add(r manager.Runnable) error {
	m.runners = append(m.runners, r)
	return nil
}
func (m *recordingManager) GetControllerOptions() config.Controller {
	skip := true
	return config.Controller{SkipNameValidation: &skip}
}

// controller returns the one controller setup built.
func (m *recordingManager) controller() (manager.Runnable, error) {
	var ctrls []manager.Runnable
	for _, r := range m.runners {
		if !isController(r) {
			return nil, fmt.Errorf("verify: FromSetup: SetupWithManager added a runnable %T that is not a controller-runtime controller; verify cannot run it", r)
		}
		ctrls = append(ctrls, r)
	}
	if len(ctrls) != 1 {
		return nil, fmt.Errorf("verify: FromSetup: SetupWithManager built %d controllers, want exactly 1", len(ctrls))
	}
	c := ctrls[0]
	do := reflect.ValueOf(c).Elem().FieldByName("Do")
	if do.Type() != reflect.TypeFor[reconcile.Reconciler]() {
		return nil, fmt.Errorf("verify: FromSetup: the controller reconciles typed requests (%s); verify drives only reconcile.Request", strings.TrimPrefix(do.Type().String(), "reconcile."))
	}
	return c, nil
}

// reconciler returns the reconciler setup handed to the builder's
// Complete.
func (m *recordingManager) reconciler() (reconcile.Reconciler, error) {
	c, err := m.controller()
	if err != nil {
		return nil, err
	}
	r, _ := reflect.ValueOf(c).Elem().FieldByName("Do").Interface().(reconcile.Reconciler)
	if r == nil {
		return nil, errors.New("verify: FromSetup: the controller has no reconciler")
	}
	return r, nil
}

// isController reports whether r is controller-runtime's controller
// (internal/controller.Controller[request]) that has not started.
func isController(r manager.Runnable) bool {
	v := reflect.ValueOf(r)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return false
	}
	t := v.Elem().Type()
	return strings.HasPrefix(t.PkgPath(), "sigs.k8s.io/controller-runtime/") && strings.HasPrefix(t.Name(), "Controller[") &&
		v.Elem().FieldByName("Do").IsValid()
}

// callSetup runs setup, turning a panic (a manager method the recorder does
// not implement, or one of setup's own) into an error.
func callSetup(setup func(mgr manager.Manager) error, m *recordingManager) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if name := unsupportedMethod(); name != "" {
				err = fmt.Errorf("SetupWithManager called Manager.%s, which the recording manager does not support", name)
				return
			}
			err = fmt.Errorf("SetupWithManager panicked: %v", p)
		}
	}()
	return setup(m)
}

// unsupportedMethod finds, in the stack of a panic, the Manager method the
// recording manager promotes from its nil embedded interface.
func unsupportedMethod() string {
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(0, pcs)])
	for {
		f, more := frames.Next()
		for _, recv := range []string{"(*recordingManager).", "(*recordingCache)."} {
			if i := strings.Index(f.Function, recv); i >= 0 && strings.HasPrefix(f.Function, "github.com/reconcilelint/reconcilelint/verify.") {
				name := f.Function[i+len(recv):]
				if recv == "(*recordingCache)." {
					name = "GetCache()." + name
				}
				return name
			}
		}
		if !more {
			return ""
		}
	}
}

// startWatches reads the sources a controller that has not started holds
// (controller-runtime's internal Controller.startWatches, in every
// supported version).
func startWatches(r manager.Runnable) ([]any, error) {
	v := reflect.ValueOf(r)
	f := v.Elem().FieldByName("startWatches")
	if !f.IsValid() || f.Kind() != reflect.Slice {
		return nil, fmt.Errorf("verify: FromSetup: %T has no startWatches (unsupported controller-runtime version)", r)
	}
	f = reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
	out := make([]any, f.Len())
	for i := range out {
		out[i] = f.Index(i).Interface()
	}
	return out, nil
}

// kindSource reads the exported fields of a source.Kind: Type, Handler
// and Predicates. A Kind of a typed object (source.Kind(cache,
// &corev1.Pod{}, handler.TypedEnqueueRequestForObject[*corev1.Pod]{}))
// and a metadata-only watch (builder.OnlyMetadata) get their events in the
// form the source declares.
func kindSource(s any, scheme *kruntime.Scheme) (handlerWatch, error) {
	v := reflect.ValueOf(s)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return handlerWatch{}, fmt.Errorf("verify: FromSetup: unsupported source %T (only Kind sources)", s)
	}
	if t := v.Type(); t.PkgPath() == "sigs.k8s.io/controller-runtime/pkg/source" && strings.HasPrefix(t.Name(), "channel[") {
		return handlerWatch{}, errors.New("verify: FromSetup: the controller watches a source.Channel (events from outside the cluster); verify cannot know when those arrive, so FromSetup does not support it: write the Spec's For, Owns and Watches by hand")
	}
	typ, h, ps := v.FieldByName("Type"), v.FieldByName("Handler"), v.FieldByName("Predicates")
	if !typ.IsValid() || !h.IsValid() || !ps.IsValid() || h.Kind() != reflect.Interface || ps.Kind() != reflect.Slice {
		return handlerWatch{}, fmt.Errorf("verify: FromSetup: unsupported source %T (only Kind sources: For, Owns, Watches, or WatchesRawSource(source.Kind(…)))", s)
	}
	obj, ok := typ.Interface().(client.Object)
	if !ok || h.IsNil() {
		return handlerWatch{}, fmt.Errorf("verify: FromSetup: source %T has no object type or no handler", s)
	}
	conv := converterTo(typ.Type(), obj, scheme)
	hw := handlerWatch{object: obj}
	if eh, ok := h.Interface().(handler.EventHandler); ok && conv == nil {
		hw.handler = eh
	} else {
		rh, err := newReflectHandler(h.Elem(), conv)
		if err != nil {
			return handlerWatch{}, fmt.Errorf("verify: FromSetup: handler of %T: %w", s, err)
		}
		hw.handler = rh
	}
	for i := range ps.Len() {
		pv := ps.Index(i)
		if p, ok := pv.Interface().(predicate.Predicate); ok && conv == nil {
			hw.predicates = append(hw.predicates, p)
			continue
		}
		rp, err := newReflectPredicate(pv.Elem(), conv)
		if err != nil {
			return handlerWatch{}, fmt.Errorf("verify: FromSetup: predicate %d of %T: %w", i+1, s, err)
		}
		hw.predicates = append(hw.predicates, rp)
	}
	return hw, nil
}

// converter turns an event's object into the form a source declares; nil
// when the world's objects are used as they are.
type converter func(o client.Object) (reflect.Value, error)

// converterTo returns the converter for a source whose object type
// parameter is t (obj is its zero object): metadata only for
// *metav1.PartialObjectMetadata, the Go type for a typed source, nil for a
// client.Object source.
func converterTo(t reflect.Type, obj client.Object, scheme *kruntime.Scheme) converter {
	if _, ok := obj.(*metav1.PartialObjectMetadata); ok {
		gvk := obj.GetObjectKind().GroupVersionKind()
		return func(o client.Object) (reflect.Value, error) {
			pm := &metav1.PartialObjectMetadata{ObjectMeta: metav1.ObjectMeta{
				Name: o.GetName(), GenerateName: o.GetGenerateName(), Namespace: o.GetNamespace(), UID: o.GetUID(),
				ResourceVersion: o.GetResourceVersion(), Generation: o.GetGeneration(), CreationTimestamp: o.GetCreationTimestamp(),
				DeletionTimestamp: o.GetDeletionTimestamp(), DeletionGracePeriodSeconds: o.GetDeletionGracePeriodSeconds(),
				Labels: o.GetLabels(), Annotations: o.GetAnnotations(), OwnerReferences: o.GetOwnerReferences(),
				Finalizers: o.GetFinalizers(), ManagedFields: o.GetManagedFields(),
			}}
			pm.SetGroupVersionKind(gvk)
			return reflect.ValueOf(pm.DeepCopy()), nil
		}
	}
	if t.Kind() == reflect.Interface {
		return nil
	}
	return func(o client.Object) (reflect.Value, error) {
		if reflect.TypeOf(o) == t {
			return reflect.ValueOf(o), nil
		}
		out := reflect.New(t.Elem())
		if err := scheme.Convert(o, out.Interface(), nil); err != nil {
			return reflect.Value{}, fmt.Errorf("convert %T to %s: %w", o, t, err)
		}
		return out, nil
	}
}

// reflectHandler calls a handler.TypedEventHandler[T, reconcile.Request]
// of any object type T with events converted to T.
type reflectHandler struct {
	h    reflect.Value
	conv converter
}

func newReflectHandler(h reflect.Value, conv converter) (*reflectHandler, error) {
	for _, name := range []string{"Create", "Update", "Delete", "Generic"} {
		m := h.MethodByName(name)
		if !m.IsValid() || m.Type().NumIn() != 3 {
			return nil, fmt.Errorf("%s has no %s(ctx, event, queue) method", h.Type(), name)
		}
		if q := m.Type().In(2); q != reflect.TypeFor[workqueue.TypedRateLimitingInterface[reconcile.Request]]() {
			return nil, fmt.Errorf("%s enqueues %s; verify drives only reconcile.Request", h.Type(), q)
		}
	}
	return &reflectHandler{h: h, conv: conv}, nil
}

// typedEvent builds the typed event that method name of v takes, with its
// object fields set to the converted objects.
func typedEvent(m reflect.Value, conv converter, fields map[string]client.Object, deleteStateUnknown bool) (reflect.Value, error) {
	in := 0
	if m.Type().NumIn() == 3 {
		in = 1 // a handler's (ctx, event, queue)
	}
	ev := reflect.New(m.Type().In(in)).Elem()
	for name, o := range fields {
		cv := reflect.ValueOf(o)
		if conv != nil {
			var err error
			if cv, err = conv(o); err != nil {
				return reflect.Value{}, err
			}
		}
		f := ev.FieldByName(name)
		if !f.IsValid() || !cv.Type().AssignableTo(f.Type()) {
			return reflect.Value{}, fmt.Errorf("event %s has no field %s of %s", ev.Type(), name, cv.Type())
		}
		f.Set(cv)
	}
	if deleteStateUnknown {
		if f := ev.FieldByName("DeleteStateUnknown"); f.IsValid() {
			f.SetBool(true)
		}
	}
	return ev, nil
}

func (r *reflectHandler) call(ctx context.Context, name string, fields map[string]client.Object, unknown bool, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	m := r.h.MethodByName(name)
	ev, err := typedEvent(m, r.conv, fields, unknown)
	if err != nil {
		// An object of another form than the source declares never
		// reaches the handler, as in controller-runtime.
		return
	}
	m.Call([]reflect.Value{reflect.ValueOf(ctx), ev, reflect.ValueOf(q)})
}

func (r *reflectHandler) Create(ctx context.Context, e event.CreateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	r.call(ctx, "Create", map[string]client.Object{"Object": e.Object}, false, q)
}

func (r *reflectHandler) Update(ctx context.Context, e event.UpdateEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	r.call(ctx, "Update", map[string]client.Object{"ObjectOld": e.ObjectOld, "ObjectNew": e.ObjectNew}, false, q)
}

func (r *reflectHandler) Delete(ctx context.Context, e event.DeleteEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	r.call(ctx, "Delete", map[string]client.Object{"Object": e.Object}, e.DeleteStateUnknown, q)
}

func (r *reflectHandler) Generic(ctx context.Context, e event.GenericEvent, q workqueue.TypedRateLimitingInterface[reconcile.Request]) {
	r.call(ctx, "Generic", map[string]client.Object{"Object": e.Object}, false, q)
}

// reflectPredicate calls a predicate.TypedPredicate[T] of any object type
// T with events converted to T.
type reflectPredicate struct {
	p    reflect.Value
	conv converter
}

func newReflectPredicate(p reflect.Value, conv converter) (*reflectPredicate, error) {
	for _, name := range []string{"Create", "Update", "Delete", "Generic"} {
		m := p.MethodByName(name)
		if !m.IsValid() || m.Type().NumIn() != 1 || m.Type().NumOut() != 1 || m.Type().Out(0).Kind() != reflect.Bool {
			return nil, fmt.Errorf("%s has no %s(event) bool method", p.Type(), name)
		}
	}
	return &reflectPredicate{p: p, conv: conv}, nil
}

func (r *reflectPredicate) call(name string, fields map[string]client.Object, unknown bool) bool {
	m := r.p.MethodByName(name)
	ev, err := typedEvent(m, r.conv, fields, unknown)
	if err != nil {
		return false
	}
	return m.Call([]reflect.Value{ev})[0].Bool()
}

func (r *reflectPredicate) Create(e event.CreateEvent) bool {
	return r.call("Create", map[string]client.Object{"Object": e.Object}, false)
}

func (r *reflectPredicate) Update(e event.UpdateEvent) bool {
	return r.call("Update", map[string]client.Object{"ObjectOld": e.ObjectOld, "ObjectNew": e.ObjectNew}, false)
}

func (r *reflectPredicate) Delete(e event.DeleteEvent) bool {
	return r.call("Delete", map[string]client.Object{"Object": e.Object}, e.DeleteStateUnknown)
}

func (r *reflectPredicate) Generic(e event.GenericEvent) bool {
	return r.call("Generic", map[string]client.Object{"Object": e.Object}, false)
}

// queueSink is the workqueue the controller's handlers add requests to: it
// passes them to the world's queue.
type queueSink struct {
	workqueue.TypedRateLimitingInterface[reconcile.Request]
	add func(reconcile.Request)
}

func (q queueSink) Add(r reconcile.Request)            { q.add(r) }
func (q queueSink) AddRateLimited(r reconcile.Request) { q.add(r) }
func (q queueSink) AddAfter(r reconcile.Request, _ time.Duration) {
	q.add(r)
}
