package rl42

import (
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"rl42/api"
)

// The predicate families of P1's reconciler (the paused annotation
// decides an early return), each with its fixed twin: For options built
// outside the For call, predicate.And, and a typed source.Kind watch.

// P8: the For options built by a closure.
func (r *PausedReconciler) P8(mgr ctrl.Manager) error {
	opts := func() builder.ForOption {
		return builder.WithPredicates(predicate.GenerationChangedPredicate{})
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, opts()). // want `metadatapredicate: opts\(\) \(GenerationChangedPredicate\) on the primary watch drops updates that change only the annotations of Widget \(they do not bump metadata.generation\), but \(\*PausedReconciler\)\.Reconcile decides on annotation "example.com/paused"`
		Complete(r)
}

// P8Fixed: the closure ORs in AnnotationChangedPredicate.
func (r *PausedReconciler) P8Fixed(mgr ctrl.Manager) error {
	opts := func() builder.ForOption {
		return builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, opts()).
		Complete(r)
}

// generationOptions builds For options that filter on the generation.
func generationOptions() builder.ForOption {
	return builder.WithPredicates(predicate.GenerationChangedPredicate{})
}

// metadataOptions builds For options that also pass annotation changes.
func metadataOptions() builder.ForOption {
	return builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))
}

// P9: the options built by a helper of the package.
func (r *PausedReconciler) P9(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, generationOptions()). // want `metadatapredicate: generationOptions\(\) \(GenerationChangedPredicate\) on the primary watch drops updates that change only the annotations of Widget`
		Complete(r)
}

// P9Fixed: the helper that ORs in AnnotationChangedPredicate.
func (r *PausedReconciler) P9Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, metadataOptions()).
		Complete(r)
}

// widgetOptions and widgetOptionsFixed are closures held in package-level
// variables.
var widgetOptions = func() builder.ForOption {
	return builder.WithPredicates(predicate.GenerationChangedPredicate{})
}

var widgetOptionsFixed = func() builder.ForOption {
	return builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{}))
}

// P10: the options built by the closure of a package-level variable.
func (r *PausedReconciler) P10(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, widgetOptions()). // want `metadatapredicate: widgetOptions\(\) \(GenerationChangedPredicate\) on the primary watch drops updates that change only the annotations of Widget`
		Complete(r)
}

// P10Fixed: the variable whose closure ORs in AnnotationChangedPredicate.
func (r *PausedReconciler) P10Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, widgetOptionsFixed()).
		Complete(r)
}

// P11: the generation predicate ANDed with the resource-version one.
func (r *PausedReconciler) P11(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.And(predicate.GenerationChangedPredicate{}, predicate.ResourceVersionChangedPredicate{}))). // want `metadatapredicate: GenerationChangedPredicate on the primary watch drops updates that change only the annotations of Widget`
		Complete(r)
}

// P11Fixed: the And's generation operand ORed with
// AnnotationChangedPredicate.
func (r *PausedReconciler) P11Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.And(predicate.ResourceVersionChangedPredicate{}, predicate.Or(predicate.GenerationChangedPredicate{}, predicate.AnnotationChangedPredicate{})))).
		Complete(r)
}

// P12: a typed watch of the Widget with the typed generation predicate.
func (r *PausedReconciler) P12(mgr ctrl.Manager) error {
	c, err := controller.New("widgets", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &api.Widget{}, &handler.TypedEnqueueRequestForObject[*api.Widget]{},
		predicate.TypedGenerationChangedPredicate[*api.Widget]{})) // want `metadatapredicate: GenerationChangedPredicate on the primary watch drops updates that change only the annotations of Widget`
}

// P12Fixed: the typed generation predicate ORed with the typed
// annotation predicate.
func (r *PausedReconciler) P12Fixed(mgr ctrl.Manager) error {
	c, err := controller.New("widgets", mgr, controller.Options{Reconciler: r})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &api.Widget{}, &handler.TypedEnqueueRequestForObject[*api.Widget]{},
		predicate.Or[*api.Widget](predicate.TypedGenerationChangedPredicate[*api.Widget]{}, predicate.TypedAnnotationChangedPredicate[*api.Widget]{})))
}
