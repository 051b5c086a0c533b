package verify_test

import (
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
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
// re-trigger it (NoHotLoop holds, Converges fails); without it they do.
func TestFromSetupPredicates(t *testing.T) {
	for _, gen := range []bool{true, false} {
		s := fromSetup((&counterSetup{generation: gen}).SetupWithManager, func(c client.Client) reconcile.Reconciler { return &counter{c} })
		hot := verify.Check(t, s, verify.NoHotLoop)
		if (hot == nil) != gen {
			t.Errorf("generation predicate %v: NoHotLoop failure %v, want a failure: %v", gen, hot, !gen)
		}
		if f := verify.Check(t, s, verify.Converges); f == nil {
			t.Errorf("generation predicate %v: Converges passed", gen)
		}
	}
}
