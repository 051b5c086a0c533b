package verify_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify"
	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

// SetupWithManager is memcached's own wiring, as kubebuilder writes it.
func (r *memcached) SetupWithManager(mgr manager.Manager) error {
	return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).Owns(&appsv1.Deployment{}).Named("memcached").Complete(r)
}

// counterSetup wires counter with or without a generation predicate.
type counterSetup struct {
	counter
	generation bool
}

func (r *counterSetup) SetupWithManager(mgr manager.Manager) error {
	var opts []builder.ForOption
	if r.generation {
		opts = append(opts, builder.WithPredicates(predicate.GenerationChangedPredicate{}))
	}
	return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}, opts...).Named("counter").Complete(r)
}

func fromSetup(setup func(manager.Manager) error, mk func(client.Client) reconcile.Reconciler) verify.Spec {
	return verify.FromSetup(setup, verify.Spec{Scheme: scheme, Objects: []client.Object{widget()}, New: mk,
		Updates: []func(client.Object){setReplicas(2), setReplicas(3)}})
}

// TestFromSetupGood: memcached wired by its own SetupWithManager passes
// every property.
func TestFromSetupGood(t *testing.T) {
	verify.Run(t, fromSetup((&memcached{}).SetupWithManager, func(c client.Client) reconcile.Reconciler { return &memcached{c, scheme} }))
}

// TestFromSetupPredicates: the predicate given in SetupWithManager is the
// one events go through: with it, counter's status writes do not
// re-trigger it (NoHotLoop holds, Converges fails: the stability passes
// still write); without it they do (NoHotLoop fails with the chain, and
// Converges leaves the hot loop to it).
func TestFromSetupPredicates(t *testing.T) {
	for _, gen := range []bool{true, false} {
		s := fromSetup((&counterSetup{generation: gen}).SetupWithManager, func(c client.Client) reconcile.Reconciler { return &counter{c} })
		hot := verify.Check(t, s, verify.NoHotLoop)
		if (hot == nil) != gen {
			t.Errorf("generation predicate %v: NoHotLoop failure %v, want a failure: %v", gen, hot, !gen)
		}
		o := verify.Evaluate(t, s, verify.Converges)
		if (o.Failure != nil) != gen || !gen && !o.Inconclusive {
			t.Errorf("generation predicate %v: Converges %+v, want a failure: %v (inconclusive otherwise)", gen, o, gen)
		}
	}
}

// TestFromSetupBuildsTheReconciler: without Spec.New, each world builds
// the reconciler by running the setup again on its own client (as main.go
// wires it), so CrashSafe's restarts get a fresh one; memcached passes.
func TestFromSetupBuildsTheReconciler(t *testing.T) {
	setup := func(mgr manager.Manager) error {
		return (&memcached{Client: mgr.GetClient(), Scheme: mgr.GetScheme()}).SetupWithManager(mgr)
	}
	verify.Run(t, verify.FromSetup(setup, verify.Spec{Scheme: scheme, Objects: []client.Object{widget()},
		Updates: []func(client.Object){setReplicas(2), setReplicas(3)}}))
}

const ownerIndex = ".metadata.controller"

// indexedChildren creates one ConfigMap per Widget unless a List through
// the field index SetupWithManager registers finds it, as the kubebuilder
// CronJob tutorial finds its Jobs.
type indexedChildren struct{ client.Client }

func (r *indexedChildren) SetupWithManager(mgr manager.Manager) error {
	err := mgr.GetFieldIndexer().IndexField(context.Background(), &corev1.ConfigMap{}, ownerIndex, func(o client.Object) []string {
		if ref := metav1.GetControllerOf(o); ref != nil && ref.Kind == "Widget" {
			return []string{ref.Name}
		}
		return nil
	})
	if err != nil {
		return err
	}
	return builder.ControllerManagedBy(mgr).For(&testapi.Widget{}).Owns(&corev1.ConfigMap{}).Named("indexed").Complete(r)
}

func (r *indexedChildren) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	var children corev1.ConfigMapList
	if err := r.List(ctx, &children, client.InNamespace(req.Namespace), client.MatchingFields{ownerIndex: req.Name}); err != nil {
		return reconcile.Result{}, err
	}
	if len(children.Items) > 0 {
		return reconcile.Result{}, nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, GenerateName: w.Name + "-"}}
	if err := controllerutil.SetControllerReference(w, cm, scheme); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, r.Create(ctx, cm)
}

// TestFromSetupFieldIndex: the index registered in SetupWithManager
// answers the reconciler's List, so the generateName create happens once
// and the reconciler converges; without the index the List would find
// nothing and every pass would create another ConfigMap.
func TestFromSetupFieldIndex(t *testing.T) {
	setup := func(mgr manager.Manager) error {
		return (&indexedChildren{Client: mgr.GetClient()}).SetupWithManager(mgr)
	}
	verify.Run(t, verify.FromSetup(setup, verify.Spec{Scheme: scheme, Objects: []client.Object{widget()},
		Properties: []verify.Property{verify.Idempotent, verify.Converges, verify.NoHotLoop, verify.CrashSafe}}))
}

// TestFromSetupWiring: Wiring lists what SetupWithManager registered, in
// order, and FromSetup's error when it failed.
func TestFromSetupWiring(t *testing.T) {
	setup := func(mgr manager.Manager) error {
		return builder.ControllerManagedBy(mgr).
			For(&testapi.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
			Owns(&appsv1.Deployment{}).
			Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(context.Context, client.Object) []reconcile.Request { return nil })).
			Watches(&corev1.ConfigMap{}, handler.Funcs{}, builder.OnlyMetadata).
			Named("wiring").Complete(&memcached{})
	}
	got, err := verify.FromSetup(setup, verify.Spec{Scheme: scheme}).Wiring()
	want := []string{"Widget (primary), 1 predicate(s)", "Deployment", "Secret", "ConfigMap (metadata only)"}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Wiring() = %q, %v; want %q", got, err, want)
	}
	if _, err := verify.FromSetup(func(manager.Manager) error { return context.Canceled }, verify.Spec{Scheme: scheme}).Wiring(); !errors.Is(err, context.Canceled) {
		t.Errorf("Wiring() of a failed setup: error %v, want the setup's error", err)
	}
}
