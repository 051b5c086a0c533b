package rl4

import (
	"slices"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// For options built outside the For call: in a closure, by a helper of
// the package, by a closure held in a package-level variable.

// P14: the options built by a closure.
func (r *GadgetReconciler) P14(mgr ctrl.Manager) error {
	opts := func() builder.ForOption {
		return builder.WithPredicates(predicate.GenerationChangedPredicate{})
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, opts()). // want `finalizerpredicate: opts\(\) \(GenerationChangedPredicate\) on the primary watch drops finalizer-only updates of Widget \(they do not bump metadata.generation\): finalizer-only changes \(e\.g\. removal of finalizer "example.com/gadget"\) won't trigger \(\*GadgetReconciler\)\.Reconcile`
		Complete(r)
}

// P14Fixed: the closure ORs in a predicate that passes finalizer changes
// and the deletion mark.
func (r *GadgetReconciler) P14Fixed(mgr ctrl.Manager) error {
	opts := func() builder.ForOption {
		return builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.Funcs{
			UpdateFunc: func(e event.UpdateEvent) bool {
				return !e.ObjectNew.GetDeletionTimestamp().IsZero() ||
					!slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers())
			},
		}))
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, opts()).
		Complete(r)
}

// generationOptions builds For options that filter on the generation.
func generationOptions() builder.ForOption {
	return builder.WithPredicates(predicate.GenerationChangedPredicate{})
}

// finalizerAwareOptions builds For options that also pass finalizer
// changes and the deletion mark.
func finalizerAwareOptions() builder.ForOption {
	return builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, finalizerAware{}))
}

// P15: the options built by a helper of the package.
func (r *GadgetReconciler) P15(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, generationOptions()). // want `finalizerpredicate: generationOptions\(\) \(GenerationChangedPredicate\) on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// P15Fixed: the helper that ORs in the finalizer-aware predicate.
func (r *GadgetReconciler) P15Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, finalizerAwareOptions()).
		Complete(r)
}

// widgetOptions and widgetOptionsFixed are closures held in package-level
// variables.
var widgetOptions = func() builder.ForOption {
	return builder.WithPredicates(predicate.GenerationChangedPredicate{})
}

var widgetOptionsFixed = func() builder.ForOption {
	return builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, finalizerAware{}))
}

// P16: the options built by the closure of a package-level variable.
func (r *GadgetReconciler) P16(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, widgetOptions()). // want `finalizerpredicate: widgetOptions\(\) \(GenerationChangedPredicate\) on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// P16Fixed: the variable whose closure ORs in the finalizer-aware
// predicate.
func (r *GadgetReconciler) P16Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, widgetOptionsFixed()).
		Complete(r)
}

// P20: a closure that takes the predicate it wraps.
func (r *GadgetReconciler) P20(mgr ctrl.Manager) error {
	with := func(p predicate.Predicate) builder.ForOption {
		return builder.WithPredicates(p)
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, with(predicate.GenerationChangedPredicate{})). // want `finalizerpredicate: with\(…\) \(GenerationChangedPredicate\) on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// P20Fixed: P20 passing the Or with the finalizer-aware predicate.
func (r *GadgetReconciler) P20Fixed(mgr ctrl.Manager) error {
	with := func(p predicate.Predicate) builder.ForOption {
		return builder.WithPredicates(p)
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, with(predicate.Or(predicate.GenerationChangedPredicate{}, finalizerAware{}))).
		Complete(r)
}

// generationOption and finalizerAwareOption are options held in
// package-level variables.
var generationOption = builder.WithPredicates(predicate.GenerationChangedPredicate{})

var finalizerAwareOption = builder.WithPredicates(predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, finalizerAware{}))

// P22: the option of a package-level variable.
func (r *GadgetReconciler) P22(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, generationOption). // want `finalizerpredicate: generationOption \(GenerationChangedPredicate\) on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// P22Fixed: the variable whose option ORs in the finalizer-aware
// predicate.
func (r *GadgetReconciler) P22Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, finalizerAwareOption).
		Complete(r)
}

// widgetOptionList and widgetOptionListFixed return lists of options.
func widgetOptionList() []builder.ForOption {
	return []builder.ForOption{builder.WithPredicates(predicate.GenerationChangedPredicate{})}
}

func widgetOptionListFixed() []builder.ForOption {
	return []builder.ForOption{builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, finalizerAware{}))}
}

// P23: the options spread from a list a helper returns.
func (r *GadgetReconciler) P23(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, widgetOptionList()...). // want `finalizerpredicate: widgetOptionList\(\) \(GenerationChangedPredicate\) on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// P23Fixed: the list whose option ORs in the finalizer-aware predicate.
func (r *GadgetReconciler) P23Fixed(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, widgetOptionListFixed()...).
		Complete(r)
}

// P24: a closure that builds the option from a predicate it captured.
func (r *GadgetReconciler) P24(mgr ctrl.Manager) error {
	var filter predicate.Predicate = predicate.GenerationChangedPredicate{}
	opts := func() builder.ForOption {
		return builder.WithPredicates(filter)
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, opts()). // want `finalizerpredicate: opts\(\) \(GenerationChangedPredicate\) on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// P24Fixed: the captured predicate ORs in the finalizer-aware one.
func (r *GadgetReconciler) P24Fixed(mgr ctrl.Manager) error {
	var filter predicate.Predicate = predicate.Or(predicate.GenerationChangedPredicate{}, finalizerAware{})
	opts := func() builder.ForOption {
		return builder.WithPredicates(filter)
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, opts()).
		Complete(r)
}

// P25: a closure that builds the option from a predicate.Funcs it
// captured, whose UpdateFunc compares only the generation.
func (r *GadgetReconciler) P25(mgr ctrl.Manager) error {
	specChanged := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
	}}
	opts := func() builder.ForOption {
		return builder.WithPredicates(specChanged)
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, opts()). // want `finalizerpredicate: opts\(\) \(predicate.Funcs \(its UpdateFunc\)\) on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// P25Fixed: the captured Funcs also passes finalizer changes and the
// deletion mark.
func (r *GadgetReconciler) P25Fixed(mgr ctrl.Manager) error {
	specOrFinalizers := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration() ||
			!slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers()) ||
			!e.ObjectNew.GetDeletionTimestamp().IsZero()
	}}
	opts := func() builder.ForOption {
		return builder.WithPredicates(specOrFinalizers)
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, opts()).
		Complete(r)
}
