// Package verify checks the runtime behaviour of a controller-runtime
// reconciler inside `go test`, with no cluster and no downloaded binaries.
//
// It runs the user's real Reconcile against an in-memory API server
// (package apiserver) that behaves like kube-apiserver, drives the
// controller's own loop — watch → queue → reconcile → requeue — in virtual
// time (testing/synctest), and checks the properties that Sieve, Acto and
// Anvil showed matter: Idempotent, Converges, NoHotLoop, Deterministic,
// CrashSafe, TransientErrors, StaleReads, HistoryIndependent,
// NotFoundIsSuccess and Deletion. Faults are enumerated from a reference
// trace, not drawn at random; a property whose outcome depends on map order
// is repeated (bounded), so verdicts do not flip.
//
// Adopting it takes one call in a test:
//
//	func TestMemcachedReconciler(t *testing.T) {
//		verify.Run(t, verify.Spec{
//			Scheme: scheme, For: &cachev1.Memcached{}, Owns: []client.Object{&appsv1.Deployment{}},
//			Objects: []client.Object{sampleMemcached()},
//			New: func(c client.Client) reconcile.Reconciler { return &MemcachedReconciler{Client: c, Scheme: scheme} },
//		})
//	}
package verify

import (
	"context"
	"fmt"
	"os"
	"testing"
	"testing/synctest"
	"time"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify/apiserver"
)

// Property names one checked property. Its value is the subtest name.
type Property string

// The properties. See the README for their exact meaning.
const (
	// Idempotent: at the fixpoint, further Reconciles (with the clock
	// advanced) make no effective write and return the same Result. The
	// fixpoint is reached with the clock stopped, or with it advancing
	// when only the stopped clock keeps a loop going; a run without any
	// fixpoint leaves Idempotent inconclusive (Converges and NoHotLoop
	// report the loop).
	Idempotent Property = "Idempotent"
	// Converges: the loop reaches a quiet queue within the budget, then
	// stays there for StablePasses passes over every primary. A run that
	// does not settle because of a hot loop by cause is left to NoHotLoop
	// (Converges is then inconclusive).
	Converges Property = "Converges"
	// NoHotLoop: with the controller's watches and predicates, the queue
	// drains; no write → event → reconcile cycle and no immediate requeue.
	NoHotLoop Property = "NoHotLoop"
	// Deterministic: fresh worlds, started at the same virtual instant and
	// with the clock advanced the same way between passes, make the same
	// writes (map order, randomness and process state must not leak in).
	Deterministic Property = "Deterministic"
	// CrashSafe: a crash after any effective write, followed by a restart
	// with a fresh reconciler, ends in the same state as the reference run.
	CrashSafe Property = "CrashSafe"
	// TransientErrors: Conflict, Timeout or TooManyRequests at any call
	// site still ends in the reference state.
	TransientErrors Property = "TransientErrors"
	// StaleReads: an informer cache of one kind lagging behind the
	// controller's own writes causes no duplicate creates or wrong
	// deletes: the end state is the reference state. Plan lag@Wx-Rk=K
	// keeps the cache of kind K at the state before the effective write
	// Wx until reconcile k has ended (k up to 3 reconciles after Wx's):
	// K's reads come from that state, and K's events are held back until
	// the cache catches up, as an informer delivers an event only once its
	// cache holds that version. The primary is therefore never older than
	// the event that enqueued its reconcile, while other objects of its
	// kind may lag. When the queue goes quiet first, a periodic resync of
	// the primary kind goes through the predicates, then the cache catches
	// up. Plans are enumerated from the reference trace: every reconcile
	// that reads a watched kind after the controller's write of it.
	StaleReads Property = "StaleReads"
	// HistoryIndependent: applying Spec.Updates one at a time, or as one
	// coalesced update, to a settled world ends in the state of a fresh
	// start at the final spec.
	HistoryIndependent Property = "HistoryIndependent"
	// NotFoundIsSuccess: reconciling a missing primary returns
	// (Result{}, nil) and makes no write call.
	NotFoundIsSuccess Property = "NotFoundIsSuccess"
	// Deletion: deleting the primary runs to completion, removes only the
	// reconciler's finalizers, adds none, and leaves no writes after.
	Deletion Property = "Deletion"
	// NoRedundantWrites: at the fixpoint Idempotent reaches, further
	// Reconciles (clock advancing) send no write request at all: an
	// Update, Patch or Apply that changes nothing still costs the API
	// server a request (and an admission and audit pass) on every
	// reconcile, which is what the static check RL2001 reports. It is not
	// in AllProperties: a controller may accept that cost; select it in
	// Spec.Properties.
	NoRedundantWrites Property = "NoRedundantWrites"
)

// AllProperties lists every property in the order Run checks them.
var AllProperties = []Property{
	Idempotent, Converges, NoHotLoop, NotFoundIsSuccess, Deletion,
	Deterministic, CrashSafe, TransientErrors, StaleReads, HistoryIndependent,
}

// Watch is a secondary watch with a map function: controller-runtime's
// builder.Watches(obj, handler.EnqueueRequestsFromMapFunc(Map), WithPredicates(...)).
type Watch struct {
	// Object is a zero object of the watched kind.
	Object client.Object
	// Map maps an event's object to requests.
	Map handler.MapFunc
	// Predicates filter the events.
	Predicates []predicate.Predicate
}

type predicateT = predicate.Predicate

// Update turns a typed change of the primary into an entry of
// Spec.Updates: verify.Update(func(m *cachev1.Memcached) { m.Spec.Size = 3 }).
// On an object of another type it changes nothing, and HistoryIndependent
// reports a setup error when the updates leave the primary unchanged.
func Update[T client.Object](change func(T)) func(client.Object) {
	return func(o client.Object) {
		if t, ok := o.(T); ok {
			change(t)
		}
	}
}

// Spec describes the controller under test and the world it runs in.
type Spec struct {
	// Scheme knows every Go type the reconciler reads and writes. Default:
	// client-go's scheme.
	Scheme *runtime.Scheme
	// New builds a reconciler on the given client. It is called at start
	// and after every simulated crash, so in-memory state is lost as in a
	// real restart. Required.
	New func(c client.Client) reconcile.Reconciler
	// For is a zero object of the primary kind (builder.For). Required.
	For client.Object
	// ForPredicates filter events of the primary kind.
	ForPredicates []predicate.Predicate
	// Owns lists zero objects of owned kinds (builder.Owns): their events
	// enqueue the controller owner of the For kind.
	Owns []client.Object
	// OwnsPredicates filter events of owned kinds.
	OwnsPredicates []predicate.Predicate
	// Watches are secondary watches with map functions.
	Watches []Watch
	// Objects is the initial world, including at least one primary object.
	// Each is stored as an object that already exists when the controller
	// starts: its status (even with a status subresource), its generation
	// (when above 1), its labels, annotations, owner references and
	// finalizers are kept as given; uid, creationTimestamp and
	// resourceVersion are assigned, and deletionTimestamp is cleared
	// (Deletion deletes the primary itself).
	Objects []client.Object
	// Kinds declares custom resources served as unstructured objects, or
	// overrides the server's defaults for typed kinds.
	Kinds []apiserver.Kind
	// Updates are successive changes a user makes to each primary object,
	// for HistoryIndependent. Without them that property is skipped. They
	// build on each other: each receives the primary as the previous ones
	// (and, step by step, the reconciler) left it, and changes only what it
	// sets. Write them with Update to avoid type assertions.
	Updates []func(primary client.Object)
	// Properties selects what to check; default AllProperties.
	Properties []Property
	// Budget is the most reconciles a run may take (default 100).
	Budget int
	// StablePasses is how many passes the fixpoint must survive (default 3).
	StablePasses int
	// IdempotentRepeats is how many extra Reconciles Idempotent makes at
	// the fixpoint (default 20, enough to expose map-order writes).
	IdempotentRepeats int
	// DeterministicRuns is how many worlds Deterministic compares with the
	// first one (default 10).
	DeterministicRuns int
	// Step is the virtual time that passes before each Reconcile (default 1s).
	Step time.Duration
	// MinRequeueAfter: a RequeueAfter below it counts as an immediate
	// requeue (default 1s).
	MinRequeueAfter time.Duration
	// HotLoopWrites is how many self-triggered rewrites in a row make a
	// hot loop for NoHotLoop: a reconcile enqueued by the event of the
	// controller's own effective write writes the same object again. A
	// chain counts even when it ends: a status machine writing one phase
	// per pass four times in a row fails the default; raise the limit if
	// the steps are intended. The same number of consecutive immediate
	// requeues of one request is a hot loop too (default 3).
	HotLoopWrites int
	// Repetitions bounds how often a property is checked when the
	// fault-free run is not reproducible (its calls or written content
	// differ between ProbeRuns worlds: map order, randomness); the property
	// fails if any repetition fails, and the report says "k of N runs"
	// (default 5).
	Repetitions int
	// ProbeRuns is how many fault-free worlds are compared to decide
	// whether to repeat (default 5).
	ProbeRuns int
	// Seed seeds UIDs and generateName suffixes (default 1).
	Seed uint64
	// probe caches the answer of nondeterministic for the properties of
	// one Run.
	probe *probe
	// handlers are the watches FromSetup recorded; when set, events go
	// through them instead of For, Owns and Watches.
	handlers []handlerWatch
	// setupErr is FromSetup's error, reported by every property.
	setupErr error
	// AfterDelete, when set, is called at the end of Deletion with a reader
	// of the final state, to check that cleanup happened.
	AfterDelete func(ctx context.Context, c client.Reader) error
}

func (s Spec) withDefaults() (Spec, error) {
	if s.Scheme == nil {
		s.Scheme = clientgoscheme.Scheme
	}
	if s.setupErr != nil {
		return s, s.setupErr
	}
	if s.New == nil || s.For == nil {
		return s, fmt.Errorf("verify: Spec.New and Spec.For are required")
	}
	if len(s.Properties) == 0 {
		s.Properties = AllProperties
	}
	if s.Budget <= 0 {
		s.Budget = 100
	}
	if s.StablePasses <= 0 {
		s.StablePasses = 3
	}
	if s.IdempotentRepeats <= 0 {
		s.IdempotentRepeats = 20
	}
	if s.DeterministicRuns <= 0 {
		s.DeterministicRuns = 10
	}
	if s.Step <= 0 {
		s.Step = time.Second
	}
	if s.MinRequeueAfter <= 0 {
		s.MinRequeueAfter = time.Second
	}
	if s.HotLoopWrites <= 0 {
		s.HotLoopWrites = 3
	}
	if s.Repetitions <= 0 {
		s.Repetitions = 5
	}
	if s.ProbeRuns <= 0 {
		s.ProbeRuns = 5
	}
	s.probe = &probe{}
	if s.Seed == 0 {
		s.Seed = 1
	}
	return s, nil
}

func gvkOf(o runtime.Object, scheme *runtime.Scheme) (schema.GroupVersionKind, error) {
	return apiutil.GVKForObject(o, scheme)
}

// PlanEnv is the environment variable that restricts fault-enumerating
// properties to one plan ID, as printed in failure reports.
const PlanEnv = "VERIFY_PLAN"

// Run checks every property of spec.Properties as a subtest of t named
// after the property, and reports each failure with t.Error.
func Run(t *testing.T, spec Spec) {
	t.Helper()
	s, err := spec.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range s.Properties {
		t.Run(string(p), func(t *testing.T) {
			o := check(t, &s, p)
			if o.Failure != nil {
				t.Error(o.Failure.String())
				return
			}
			if o.Note != "" {
				t.Skip(o.Note)
			}
		})
	}
}

// Check checks one property and returns its failure, or nil when it holds,
// does not apply, or is inconclusive. It must be called from a test, not
// inside a synctest bubble; it fails t only if spec is unusable.
func Check(t *testing.T, spec Spec, p Property) *Failure {
	t.Helper()
	return Evaluate(t, spec, p).Failure
}

// Outcome is what checking one property found.
type Outcome struct {
	// Property is the checked property.
	Property Property
	// Failure is the violation; nil when the property holds or was not
	// checked.
	Failure *Failure
	// Note says why the property was not checked: it does not apply
	// (HistoryIndependent without Updates), or it is inconclusive.
	Note string
	// Inconclusive is true when the property needs a settled reference run
	// and the run did not settle. Converges and NoHotLoop report why; an
	// inconclusive property does not fail the test by itself.
	Inconclusive bool
}

// Evaluate checks one property like Check, and also says whether it was
// skipped or inconclusive.
func Evaluate(t *testing.T, spec Spec, p Property) Outcome {
	t.Helper()
	s, err := spec.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	return check(t, &s, p)
}

func check(t *testing.T, s *Spec, p Property) Outcome {
	if p == HistoryIndependent && len(s.Updates) == 0 {
		return Outcome{Property: p, Note: "HistoryIndependent needs Spec.Updates"}
	}
	c := &checker{t: t, spec: s, prop: p, only: os.Getenv(PlanEnv)}
	f := c.once(p)
	note := c.note
	// Deterministic compares worlds itself; for every other property,
	// repeat when the fault-free run is not reproducible, so the verdict
	// does not depend on one draw of the map order.
	if p != Deterministic && s.Repetitions > 1 && c.nondeterministic() {
		runs, failed := s.Repetitions, 0
		if f != nil {
			failed++
		}
		for range runs - 1 {
			c.note = ""
			g := c.once(p)
			if g != nil {
				failed++
				if f == nil {
					f = g
				}
			} else if note == "" {
				note = c.note
			}
		}
		if f != nil {
			f.Runs, f.Failed = runs, failed
		}
	}
	if f != nil {
		f.Property = p
		f.Repro = repro(t.Name(), f.Plan)
		return Outcome{Property: p, Failure: f}
	}
	return Outcome{Property: p, Note: note, Inconclusive: note == inconclusive || note == inconclusiveHot}
}

// once checks property p once.
func (c *checker) once(p Property) *Failure {
	switch p {
	case Idempotent:
		return c.idempotent()
	case NoRedundantWrites:
		return c.noRedundantWrites()
	case Converges:
		return c.converges()
	case NoHotLoop:
		return c.noHotLoop()
	case NotFoundIsSuccess:
		return c.notFound()
	case Deletion:
		return c.deletion()
	case Deterministic:
		return c.deterministic()
	case CrashSafe:
		return c.crashSafe()
	case TransientErrors:
		return c.transientErrors()
	case StaleReads:
		return c.staleReads()
	case HistoryIndependent:
		return c.historyIndependent()
	}
	c.t.Fatalf("verify: unknown property %q", p)
	return nil
}

// checker runs the worlds of one property.
type checker struct {
	t    *testing.T
	spec *Spec
	prop Property
	only string
	// note, when set, says why the property was not checked.
	note string
}

// probe is whether the fault-free run is reproducible, once computed.
type probe struct {
	done, varies bool
}

// bubble runs f in a fresh synctest bubble: a virtual clock that starts at
// the same instant every time.
func (c *checker) bubble(f func(ctx context.Context)) {
	synctest.Test(c.t, func(t *testing.T) { f(t.Context()) })
}
