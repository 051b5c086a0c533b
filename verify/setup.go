package verify

import (
	"errors"
	"fmt"
	"reflect"
	"time"
	"unsafe"

	"github.com/go-logr/logr"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/util/workqueue"
	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/handler"
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
// replaced; Scheme, New and Objects are still needed (Scheme before the
// call, for the builder). An error from setup, or a watch that is not a
// Kind source, makes every property fail with a setup error.
//
//	verify.Run(t, verify.FromSetup((&MemcachedReconciler{}).SetupWithManager, verify.Spec{Scheme: scheme, Objects: …, New: …}))
func FromSetup(setup func(mgr manager.Manager) error, spec Spec) Spec {
	if spec.Scheme == nil {
		spec.Scheme = clientgoscheme.Scheme
	}
	watches, err := recordSetup(setup, spec.Scheme, spec.Kinds)
	if err != nil {
		spec.setupErr = err
		return spec
	}
	spec.For, spec.ForPredicates, spec.Owns, spec.OwnsPredicates, spec.Watches = nil, nil, nil, nil, nil
	spec.handlers = watches
	if len(watches) > 0 {
		spec.For = watches[0].object
	}
	return spec
}

// recordingManager is a manager.Manager that records the controllers
// added to it. Only the methods controller-runtime's builder calls are
// implemented; the others are not reached.
type recordingManager struct {
	manager.Manager
	scheme  *runtime.Scheme
	mapper  meta.RESTMapper
	runners []manager.Runnable
}

func (m *recordingManager) GetScheme() *runtime.Scheme     { return m.scheme }
func (m *recordingManager) GetRESTMapper() meta.RESTMapper { return m.mapper }
func (m *recordingManager) GetLogger() logr.Logger         { return logr.Discard() }
func (m *recordingManager) GetCache() cache.Cache          { return nil }
func (m *recordingManager) Add(r manager.Runnable) error {
	m.runners = append(m.runners, r)
	return nil
}
func (m *recordingManager) GetControllerOptions() config.Controller {
	skip := true
	return config.Controller{SkipNameValidation: &skip}
}

func recordSetup(setup func(mgr manager.Manager) error, scheme *runtime.Scheme, kinds []apiserver.Kind) ([]handlerWatch, error) {
	srv, err := apiserver.New(apiserver.WithScheme(scheme), apiserver.WithKinds(kinds...))
	if err != nil {
		return nil, fmt.Errorf("verify: FromSetup: %w", err)
	}
	m := &recordingManager{scheme: scheme, mapper: srv.RESTMapper()}
	if err := callSetup(setup, m); err != nil {
		return nil, fmt.Errorf("verify: FromSetup: SetupWithManager: %w", err)
	}
	var out []handlerWatch
	for _, r := range m.runners {
		srcs, err := startWatches(r)
		if err != nil {
			return nil, err
		}
		for _, s := range srcs {
			hw, err := kindSource(s)
			if err != nil {
				return nil, err
			}
			out = append(out, hw)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("verify: FromSetup: SetupWithManager registered no watch")
	}
	return out, nil
}

// callSetup runs setup, turning a panic of a manager method the recorder
// does not implement into an error.
func callSetup(setup func(mgr manager.Manager) error, m manager.Manager) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the recording manager does not support what SetupWithManager called: %v", p)
		}
	}()
	return setup(m)
}

// startWatches reads the sources a controller that has not started holds
// (controller-runtime's internal Controller.startWatches, in every
// supported version).
func startWatches(r manager.Runnable) ([]any, error) {
	v := reflect.ValueOf(r)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("verify: FromSetup: unexpected runnable %T", r)
	}
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
// and Predicates.
func kindSource(s any) (handlerWatch, error) {
	v := reflect.ValueOf(s)
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return handlerWatch{}, fmt.Errorf("verify: FromSetup: unsupported source %T (only Kind sources)", s)
	}
	typ, h, ps := v.FieldByName("Type"), v.FieldByName("Handler"), v.FieldByName("Predicates")
	if !typ.IsValid() || !h.IsValid() || !ps.IsValid() {
		return handlerWatch{}, fmt.Errorf("verify: FromSetup: unsupported source %T (only Kind sources)", s)
	}
	obj, ok1 := typ.Interface().(client.Object)
	eh, ok2 := h.Interface().(handler.EventHandler)
	if !ok1 || !ok2 {
		return handlerWatch{}, fmt.Errorf("verify: FromSetup: source %T watches a typed object or request; only client.Object and reconcile.Request are supported", s)
	}
	hw := handlerWatch{object: obj, handler: eh}
	for i := range ps.Len() {
		p, ok := ps.Index(i).Interface().(predicate.Predicate)
		if !ok {
			return handlerWatch{}, fmt.Errorf("verify: FromSetup: predicate %T of %T is not a predicate.Predicate", ps.Index(i).Interface(), s)
		}
		hw.predicates = append(hw.predicates, p)
	}
	return hw, nil
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
