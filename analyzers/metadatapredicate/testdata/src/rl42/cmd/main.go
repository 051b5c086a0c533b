package main

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl42/api"
	"rl42/recs"
)

func main() {
	mgr, err := ctrl.NewManager(nil, ctrl.Options{})
	if err != nil {
		panic(err)
	}
	// The reconciler lives in another package: its TypeInfo fact lists
	// the annotation it decides on.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `metadatapredicate: GenerationChangedPredicate on the primary watch drops updates that change only the annotations of Widget .*but \(\*RemoteReconciler\)\.Reconcile decides on annotation "example.com/paused" \(a branch, recs.go:\d+:\d+\)`
		Complete(&recs.RemoteReconciler{Client: mgr.GetClient()}); err != nil {
		panic(err)
	}
	// No metadata read: not reported.
	if err := ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Named("plain").
		Complete(&recs.PlainReconciler{Client: mgr.GetClient()}); err != nil {
		panic(err)
	}
}
