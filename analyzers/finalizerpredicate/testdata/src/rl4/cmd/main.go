package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl4/api"
	"rl4/recs"
)

func main() {
	mgr, err := ctrl.NewManager(nil, ctrl.Options{})
	if err != nil {
		panic(err)
	}
	// The reconciler lives in another package: its TypeInfo fact says it
	// manages finalizers.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops finalizer-only updates of Widget .*removal of finalizer "example.com/remote"\) won't trigger \(\*RemoteReconciler\)\.Reconcile`
		Complete(&recs.RemoteReconciler{Client: mgr.GetClient()}); err != nil {
		panic(err)
	}
	// No finalizers: not reported.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Named("plain").
		Complete(&recs.PlainReconciler{Client: mgr.GetClient()}); err != nil {
		panic(err)
	}
}
