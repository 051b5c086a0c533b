package verify

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/client/apiutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"github.com/reconcilelint/reconcilelint/verify/apiserver"
	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

// TestRecordSetup: For (with its predicate), Owns and Watches (with its
// map function) are recorded from the builder, and their real handlers
// enqueue what controller-runtime would.
func TestRecordSetup(t *testing.T) {
	setup := func(mgr manager.Manager) error {
		return builder.ControllerManagedBy(mgr).
			For(&testapi.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
			Owns(&corev1.ConfigMap{}).
			Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(_ context.Context, o client.Object) []reconcile.Request {
				return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: o.GetNamespace(), Name: "from-" + o.GetName()}}}
			})).
			Named("recorded").
			Complete(reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) { return reconcile.Result{}, nil }))
	}
	rec, err := recordSetup(setup, testapi.NewScheme(), nil)
	if err != nil {
		t.Fatal(err)
	}
	ws := rec.watches
	if len(ws) != 3 {
		t.Fatalf("recorded %d watches, want 3 (For, Owns, Watches)", len(ws))
	}
	if _, ok := ws[0].object.(*testapi.Widget); !ok || len(ws[0].predicates) != 1 {
		t.Errorf("For: %T with %d predicate(s), want *Widget with 1", ws[0].object, len(ws[0].predicates))
	}
	var got []string
	sink := queueSink{add: func(r reconcile.Request) { got = append(got, r.String()) }}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "child", OwnerReferences: []metav1.OwnerReference{{
		APIVersion: "example.com/v1", Kind: "Widget", Name: "foo", UID: "u1", Controller: ptr.To(true)}}}}
	ws[1].handler.Create(context.Background(), event.CreateEvent{Object: cm}, sink)
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "s"}}
	ws[2].handler.Create(context.Background(), event.CreateEvent{Object: sec}, sink)
	if want := []string{"default/foo", "default/from-s"}; !slices.Equal(got, want) {
		t.Errorf("enqueued %v, want %v", got, want)
	}
}

// TestRecordSetupErrors: a manager method the recorder does not implement,
// an error from SetupWithManager and a setup without watches are errors
// that every property reports, not panics.
func TestRecordSetupErrors(t *testing.T) {
	cases := map[string]func(manager.Manager) error{
		"unsupported method": func(mgr manager.Manager) error { _ = mgr.GetConfig(); return nil },
		"setup error":        func(manager.Manager) error { return context.Canceled },
		"no watch":           func(manager.Manager) error { return nil },
	}
	for name, setup := range cases {
		s := FromSetup(setup, Spec{Scheme: testapi.NewScheme()})
		if _, err := s.withDefaults(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// widgetsInNamespace is a reconciler whose map function reads through its
// own client, as kubebuilder map functions do.
type widgetsInNamespace struct{ client.Client }

func (r *widgetsInNamespace) mapSecret(ctx context.Context, o client.Object) []reconcile.Request {
	var l testapi.WidgetList
	if err := r.List(ctx, &l, client.InNamespace(o.GetNamespace())); err != nil {
		return nil
	}
	var out []reconcile.Request
	for _, w := range l.Items {
		out = append(out, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&w)})
	}
	return out
}

func (r *widgetsInNamespace) Reconcile(context.Context, reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// TestRecordSetupBoundClient: a map function that lists through the
// client SetupWithManager's receiver got from mgr.GetClient() reads the
// world the recording is bound to.
func TestRecordSetupBoundClient(t *testing.T) {
	setup := func(mgr manager.Manager) error {
		r := &widgetsInNamespace{Client: mgr.GetClient()}
		return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).
			Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.mapSecret)).Named("bound").Complete(r)
	}
	sch := testapi.NewScheme()
	rec, err := recordSetup(setup, sch, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv, err := apiserver.New(apiserver.WithScheme(sch), apiserver.WithObjects(
		&testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "w1"}},
		&testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "w2"}},
		&testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "b", Name: "w3"}}))
	if err != nil {
		t.Fatal(err)
	}
	rec.bind.to(srv)
	var got []string
	sink := queueSink{add: func(r reconcile.Request) { got = append(got, r.String()) }}
	rec.watches[1].handler.Create(context.Background(), event.CreateEvent{Object: &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "a", Name: "s"}}}, sink)
	if want := []string{"a/w1", "a/w2"}; !slices.Equal(got, want) {
		t.Errorf("map function enqueued %v, want %v", got, want)
	}
}

// TestIndexedList: a List with MatchingFields on a registered index
// returns the objects whose index function gives the value, like the
// cache; other field requirements still apply; a non-exact match on an
// index is an error.
func TestIndexedList(t *testing.T) {
	sch := testapi.NewScheme()
	cm := func(ns, name, owner string) *corev1.ConfigMap {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: ns, Name: name, Labels: map[string]string{"owner": owner}}}
	}
	srv, err := apiserver.New(apiserver.WithScheme(sch), apiserver.WithObjects(
		cm("a", "c1", "x"), cm("a", "c2", "y"), cm("a", "c3", "x"), cm("b", "c4", "x")))
	if err != nil {
		t.Fatal(err)
	}
	m := newRecordingManager(sch, srv.RESTMapper(), srv)
	err = m.GetFieldIndexer().IndexField(context.Background(), &corev1.ConfigMap{}, ".owner", func(o client.Object) []string {
		return []string{o.(*corev1.ConfigMap).Labels["owner"]}
	})
	if err != nil {
		t.Fatal(err)
	}
	names := func(opts ...client.ListOption) ([]string, error) {
		var l corev1.ConfigMapList
		if err := m.GetClient().List(context.Background(), &l, opts...); err != nil {
			return nil, err
		}
		var out []string
		for _, c := range l.Items {
			out = append(out, c.Namespace+"/"+c.Name)
		}
		return out, nil
	}
	for _, tc := range []struct {
		opts []client.ListOption
		want []string
	}{
		{[]client.ListOption{client.MatchingFields{".owner": "x"}}, []string{"a/c1", "a/c3", "b/c4"}},
		{[]client.ListOption{client.InNamespace("a"), client.MatchingFields{".owner": "x"}}, []string{"a/c1", "a/c3"}},
		{[]client.ListOption{client.MatchingFields{".owner": "x", "metadata.name": "c3"}}, []string{"a/c3"}},
		{[]client.ListOption{client.MatchingFields{".owner": "none"}}, nil},
	} {
		got, err := names(tc.opts...)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("List(%v) = %v, %v; want %v", tc.opts, got, err, tc.want)
		}
	}
	sel, _ := fields.ParseSelector(".owner!=x")
	if _, err := names(client.MatchingFieldsSelector{Selector: sel}); err == nil || !strings.Contains(err.Error(), "non-exact") {
		t.Errorf("non-exact match on an index: error %v, want one that says non-exact", err)
	}
	if err := m.GetCache().IndexField(context.Background(), &corev1.ConfigMap{}, ".owner", nil); err == nil {
		t.Error("registering an index twice: no error")
	}
}

type namedRequest struct{ name string }

// TestRecordSetupUnsupported: what FromSetup cannot wire is a setup
// error that says what and why, not a panic or a silent gap.
func TestRecordSetupUnsupported(t *testing.T) {
	noop := reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) { return reconcile.Result{}, nil })
	cases := []struct {
		name  string
		setup func(manager.Manager) error
		want  string
	}{
		{"typed request", func(mgr manager.Manager) error {
			return builder.TypedControllerManagedBy[namedRequest](mgr).Named("typed").
				Watches(&testapi.Widget{}, handler.TypedEnqueueRequestsFromMapFunc(func(_ context.Context, o client.Object) []namedRequest {
					return []namedRequest{{o.GetName()}}
				})).
				Complete(reconcile.TypedFunc[namedRequest](func(context.Context, namedRequest) (reconcile.Result, error) { return reconcile.Result{}, nil }))
		}, "typed requests"},
		{"channel source", func(mgr manager.Manager) error {
			ch := make(chan event.GenericEvent)
			return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).Named("channel").
				WatchesRawSource(source.Channel(ch, &handler.EnqueueRequestForObject{})).Complete(noop)
		}, "source.Channel"},
		{"func source", func(mgr manager.Manager) error {
			return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).Named("func").
				WatchesRawSource(source.Func(func(context.Context, workqueue.TypedRateLimitingInterface[reconcile.Request]) error { return nil })).Complete(noop)
		}, "only Kind sources"},
		{"manager method", func(mgr manager.Manager) error { _ = mgr.GetConfig(); return nil }, "Manager.GetConfig"},
		{"cache method", func(mgr manager.Manager) error {
			_, err := mgr.GetCache().GetInformer(context.Background(), &testapi.Widget{})
			return err
		}, "GetCache().GetInformer"},
		{"two controllers", func(mgr manager.Manager) error {
			if err := builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).Named("one").Complete(noop); err != nil {
				return err
			}
			return builder.ControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Named("two").Complete(noop)
		}, "2 controllers"},
		{"other runnable", func(mgr manager.Manager) error {
			if err := mgr.Add(manager.RunnableFunc(func(context.Context) error { return nil })); err != nil {
				return err
			}
			return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).Named("runnable").Complete(noop)
		}, "not a controller-runtime controller"},
	}
	for _, tc := range cases {
		_, err := recordSetup(tc.setup, testapi.NewScheme(), nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestRecordSetupTypedAndMetadata: a Kind source of a typed object
// (WatchesRawSource(source.Kind(…, &corev1.Secret{}, typed handler,
// typed predicate))) gets its events as that type, and a metadata-only
// watch (builder.OnlyMetadata) gets PartialObjectMetadata, as in
// controller-runtime.
func TestRecordSetupTypedAndMetadata(t *testing.T) {
	var metaSeen string
	setup := func(mgr manager.Manager) error {
		return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).Named("typed-kind").
			WatchesRawSource(source.Kind(mgr.GetCache(), &corev1.Secret{},
				handler.TypedEnqueueRequestsFromMapFunc(func(_ context.Context, s *corev1.Secret) []reconcile.Request {
					return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: s.Namespace, Name: s.StringData["widget"]}}}
				}),
				predicate.NewTypedPredicateFuncs(func(s *corev1.Secret) bool { return s.Labels["watch"] == "yes" }))).
			Watches(&corev1.ConfigMap{}, handler.EnqueueRequestsFromMapFunc(func(_ context.Context, o client.Object) []reconcile.Request {
				metaSeen = fmt.Sprintf("%T %s", o, o.GetObjectKind().GroupVersionKind().Kind)
				return []reconcile.Request{{NamespacedName: types.NamespacedName{Namespace: o.GetNamespace(), Name: "from-cm"}}}
			}), builder.OnlyMetadata).
			Complete(reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) { return reconcile.Result{}, nil }))
	}
	rec, err := recordSetup(setup, testapi.NewScheme(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rec.watches) != 3 {
		t.Fatalf("recorded %d watches, want 3", len(rec.watches))
	}
	var got []string
	sink := queueSink{add: func(r reconcile.Request) { got = append(got, r.String()) }}
	sec := func(label string) *corev1.Secret {
		return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "s", Labels: map[string]string{"watch": label}},
			StringData: map[string]string{"widget": "w-" + label}}
	}
	// The builder registers Watches before raw sources.
	typed, metaOnly := rec.watches[2], rec.watches[1]
	for _, s := range []*corev1.Secret{sec("yes"), sec("no")} {
		ev := event.CreateEvent{Object: s}
		if passes(typed.predicates, ev) {
			typed.handler.Create(context.Background(), ev, sink)
		}
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "c"}}
	if gvk, err := apiutil.GVKForObject(metaOnly.object, testapi.NewScheme()); err != nil || gvk.Kind != "ConfigMap" {
		t.Errorf("metadata-only watch: kind %v, %v; want ConfigMap", gvk, err)
	}
	metaOnly.handler.Create(context.Background(), event.CreateEvent{Object: cm}, sink)
	if want := []string{"default/w-yes", "default/from-cm"}; !slices.Equal(got, want) {
		t.Errorf("enqueued %v, want %v", got, want)
	}
	if want := "*v1.PartialObjectMetadata ConfigMap"; metaSeen != want {
		t.Errorf("metadata-only map function got %q, want %q", metaSeen, want)
	}
}

func passes(ps []predicate.Predicate, e event.CreateEvent) bool {
	for _, p := range ps {
		if !p.Create(e) {
			return false
		}
	}
	return true
}

// TestFromSetupRebuildFails: a setup that fails when a world builds its
// reconciler (after a first run that succeeded) makes that world's
// Reconciles fail with the reason, not a panic.
func TestFromSetupRebuildFails(t *testing.T) {
	runs := 0
	setup := func(mgr manager.Manager) error {
		if runs++; runs > 1 {
			return context.DeadlineExceeded
		}
		return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).Named("rebuild").
			Complete(reconcile.Func(func(context.Context, reconcile.Request) (reconcile.Result, error) { return reconcile.Result{}, nil }))
	}
	s := FromSetup(setup, Spec{Scheme: testapi.NewScheme()})
	_, err := s.New(nil).Reconcile(context.Background(), reconcile.Request{})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "building a fresh reconciler") {
		t.Errorf("Reconcile of a reconciler whose setup failed: error %v, want the setup's error", err)
	}
}
