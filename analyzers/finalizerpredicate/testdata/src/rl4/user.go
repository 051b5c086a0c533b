package rl4

import (
	"context"

	"reflect"
	"slices"
	"strings"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl4/preds"
)

// Predicates whose Update is evaluated from its body: predicate types of
// their own and predicate.Funcs UpdateFuncs.

// generationPredicate is the generation filter operator-sdk v0.17 shipped
// as its own type (corpus case D03): it passes an update when the
// generation changed, or when the kind never sets it.
type generationPredicate struct {
	predicate.Funcs
}

func (generationPredicate) Update(e event.UpdateEvent) bool {
	if e.ObjectOld == nil || e.ObjectNew == nil {
		return false
	}
	if e.ObjectNew.GetGeneration() == e.ObjectOld.GetGeneration() && e.ObjectNew.GetGeneration() != 0 {
		return false
	}
	return true
}

// P10: that type on a CRD drops finalizer-only updates.
func (r *GadgetReconciler) P10(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		WithEventFilter(generationPredicate{}). // want `finalizerpredicate: rl4.generationPredicate on the primary watch drops finalizer-only updates of Widget \(they do not bump metadata.generation\): finalizer-only changes \(e\.g\. removal of finalizer "example.com/gadget"\) won't trigger \(\*GadgetReconciler\)\.Reconcile`
		Complete(r)
}

// P11: an UpdateFunc that compares only the spec drops the deletion mark
// of a CRD too (error).
func (r *GadgetReconciler) P11(mgr ctrl.Manager) error {
	specChanged := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		oldW, newW := e.ObjectOld.(*Widget), e.ObjectNew.(*Widget)
		return !reflect.DeepEqual(oldW.Spec, newW.Spec)
	}}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(specChanged)). // want `finalizerpredicate: predicate.Funcs \(its UpdateFunc\) on the primary watch drops the update that marks a Widget for deletion \(it blocks that update\)`
		Complete(r)
}

// P12: a predicate type of another package, through its PredicateValue
// fact (its Update calls a helper).
func (r *GadgetReconciler) P12(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(preds.ChangedGeneration{})). // want `finalizerpredicate: preds.ChangedGeneration on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// N11: the operator-sdk type passes every update of a kind that never
// sets metadata.generation.
func (r *CMReconciler) N11(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(generationPredicate{}).
		Complete(r)
}

// finalizerAware passes generation changes, finalizer changes and the
// deletion mark.
type finalizerAware struct {
	predicate.Funcs
}

func (finalizerAware) Update(e event.UpdateEvent) bool {
	return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration() ||
		!slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers()) ||
		e.ObjectNew.GetDeletionTimestamp() != nil
}

// byName is a predicate whose Update the analysis cannot decide.
type byName struct {
	predicate.Funcs
}

func (byName) Update(e event.UpdateEvent) bool {
	return strings.HasPrefix(e.ObjectNew.GetName(), "managed-")
}

// promoted has no Update of its own: predicate.Funcs' Update depends on
// the UpdateFunc field.
type promoted struct {
	predicate.Funcs
}

// N12: user predicates that pass both events, cannot be decided, or are
// promoted from predicate.Funcs.
func (r *GadgetReconciler) N12(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(finalizerAware{}, byName{}, promoted{})).
		Complete(r)
}

// N13: an UpdateFunc that type-asserts with comma-ok and also passes the
// deletion mark; the Or with the generation predicate passes
// finalizer-only updates through the Funcs' finalizer test.
func (r *GadgetReconciler) N13(mgr ctrl.Manager) error {
	deletingOrFinalizers := predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
		w, ok := e.ObjectNew.(*Widget)
		if !ok {
			return true
		}
		if !w.DeletionTimestamp.IsZero() {
			return true
		}
		return len(w.Finalizers) != len(e.ObjectOld.GetFinalizers())
	}}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.Or[client.Object](generationPredicate{}, deletingOrFinalizers))).
		Complete(r)
}

// HelmReconciler adds its finalizer with SetFinalizers(append(…)) after a
// range-loop membership test (the shape of D03's reconciler): a range over
// the finalizers is not a wait for other finalizers.
type HelmReconciler struct{ client.Client }

const helmFinalizer = "example.com/uninstall-release"

func (r HelmReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	pending := w.GetFinalizers()
	if !has(pending, helmFinalizer) {
		w.SetFinalizers(append(pending, helmFinalizer))
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// P13: D03's wiring: the predicate type on a reconciler value.
func P13(mgr ctrl.Manager) error {
	r := HelmReconciler{Client: mgr.GetClient()}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}).
		WithEventFilter(generationPredicate{}). // want `finalizerpredicate: rl4.generationPredicate on the primary watch drops finalizer-only updates of Widget \(they do not bump metadata.generation\): finalizer-only changes \(e\.g\. removal of finalizer "example.com/uninstall-release"\) won't trigger \(HelmReconciler\)\.Reconcile`
		Complete(r)
}

// N14: the fixed D01: an UpdateFunc that passes generation changes and
// the deletion-timestamp transition. It reads the deletion timestamp, so
// the catalogue's table takes it to pass both events.
func (r *GadgetReconciler) N14(mgr ctrl.Manager) error {
	primary := predicate.Funcs{
		UpdateFunc: func(e event.UpdateEvent) bool {
			if e.ObjectOld == nil || e.ObjectNew == nil {
				return false
			}
			oldDeleting := !e.ObjectOld.GetDeletionTimestamp().IsZero()
			newDeleting := !e.ObjectNew.GetDeletionTimestamp().IsZero()
			return e.ObjectNew.GetGeneration() != e.ObjectOld.GetGeneration() || oldDeleting != newDeleting
		},
		DeleteFunc: func(event.DeleteEvent) bool { return false },
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(primary)).
		Complete(r)
}
