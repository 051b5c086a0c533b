// Package createfilter holds primary-watch predicates that drop Create
// events (corpus case C01).
package createfilter

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

const nodeFinalizer = "example.com/node"

// NodeReconciler removes its finalizer from Services being deleted.
type NodeReconciler struct{ client.Client }

func (r *NodeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var node corev1.Service
	if err := r.Get(ctx, req.NamespacedName, &node); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if node.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	if controllerutil.RemoveFinalizer(&node, nodeFinalizer) {
		return ctrl.Result{}, r.Update(ctx, &node)
	}
	return ctrl.Result{}, nil
}

// SetupWithManager drops creates: a Service already terminating when the
// controller starts keeps the finalizer.
func (r *NodeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	pred := predicate.Funcs{
		CreateFunc:  func(event.CreateEvent) bool { return false },
		DeleteFunc:  func(event.DeleteEvent) bool { return false },
		UpdateFunc:  func(event.UpdateEvent) bool { return true },
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
	return ctrl.NewControllerManagedBy(mgr).
		WithEventFilter(pred). // want `eventtypebranch: the predicates of the primary watch drop every Create event of Service but pass updates: the informer delivers each Service that exists when the controller starts \(or was created while it was down\) as a Create event, so \(\*NodeReconciler\)\.Reconcile does not see it until it changes or the cache resyncs; a Service already marked for deletion keeps finalizer "example.com/node" until then; let Create events through`
		For(&corev1.Service{}).
		Complete(r)
}

// PodReconciler manages no finalizers.
type PodReconciler struct{ client.Client }

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, &pod))
}

// updatesOnly is a predicate type whose Create always returns false.
type updatesOnly struct {
	predicate.Funcs
}

func (updatesOnly) Create(e event.CreateEvent) bool {
	if e.Object == nil {
		return false
	}
	return false
}

// SetupWithManager: a predicate type of its own, on For.
func (r *PodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Pod{}, builder.WithPredicates(updatesOnly{})). // want `eventtypebranch: the predicates of the primary watch drop every Create event of Pod but pass updates: .*\(\*PodReconciler\)\.Reconcile does not see it until it changes or the cache resyncs; let Create events through`
		Complete(r)
}

// Negatives.

// N1: the fixed C01: creates pass; deletes and generic events are dropped
// (a deleted object cannot be reconciled anyway).
func (r *NodeReconciler) N1(mgr ctrl.Manager) error {
	pred := predicate.Funcs{
		CreateFunc:  func(event.CreateEvent) bool { return true },
		DeleteFunc:  func(event.DeleteEvent) bool { return false },
		UpdateFunc:  func(event.UpdateEvent) bool { return true },
		GenericFunc: func(event.GenericEvent) bool { return false },
	}
	return ctrl.NewControllerManagedBy(mgr).
		WithEventFilter(pred).
		For(&corev1.Service{}).
		Complete(r)
}

// N2: a create filter on a secondary watch, and a CreateFunc that decides
// from the object.
func (r *NodeReconciler) N2(mgr ctrl.Manager) error {
	noCreates := predicate.Funcs{CreateFunc: func(event.CreateEvent) bool { return false }}
	labelled := predicate.Funcs{CreateFunc: func(e event.CreateEvent) bool { return e.Object.GetLabels()["managed"] == "true" }}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Service{}, builder.WithPredicates(labelled)).
		Owns(&corev1.Pod{}, builder.WithPredicates(noCreates)).
		Complete(r)
}

// N3: a predicate that drops every event is not a branch on the event
// type (and GenerationChangedPredicate passes creates).
func (r *PodReconciler) N3(mgr ctrl.Manager) error {
	none := predicate.Funcs{
		CreateFunc: func(event.CreateEvent) bool { return false },
		UpdateFunc: func(event.UpdateEvent) bool { return false },
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Pod{}, builder.WithPredicates(none, predicate.GenerationChangedPredicate{})).
		Complete(r)
}
