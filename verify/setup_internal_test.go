package verify

import (
	"context"
	"slices"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

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
	ws, err := recordSetup(setup, testapi.NewScheme(), nil)
	if err != nil {
		t.Fatal(err)
	}
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
		"unsupported method": func(mgr manager.Manager) error { _ = mgr.GetFieldIndexer(); return nil },
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
