package rl42

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	"rl42/api"
)

// Update functions that compare some fields of the spec only.

// modeChanged passes an update when the mode changed.
type modeChanged struct{ predicate.Funcs }

func (modeChanged) Update(e event.UpdateEvent) bool {
	o, n := e.ObjectOld.(*api.Widget), e.ObjectNew.(*api.Widget)
	return o.Spec.Mode != n.Spec.Mode
}

// M1: the replicas are read in a helper of a scope; a change of them
// alone never passes.
type ModeReconciler struct{ client.Client }

type modeScope struct{ w *api.Widget }

func (s *modeScope) desired() int32 { return s.w.Spec.Replicas * 2 }

func (r *ModeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &modeScope{w: w}
	w.Status.Phase = w.Spec.Mode
	w.Status.Ready = s.desired()
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

func (r *ModeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(modeChanged{})). // want `metadatapredicate: rl42.modeChanged on the primary watch passes an update of the spec of Widget only when spec.Mode changed, but \(\*ModeReconciler\)\.Reconcile \(or a function it calls\) reads spec.Replicas`
		Complete(r)
}

// Negative: the reconciler reads only the compared field.
type ModeOnlyReconciler struct{ client.Client }

func (r *ModeOnlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = w.Spec.Mode
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

func (r *ModeOnlyReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(modeChanged{})).
		Complete(r)
}

// Negative: the filter compares both fields the reconciler reads.
type ModeAndSizeReconciler struct{ client.Client }

func (r *ModeAndSizeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = w.Spec.Mode
	w.Status.Ready = w.Spec.Replicas
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

func (r *ModeAndSizeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Widget{}, builder.WithPredicates(predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool {
			o, n := e.ObjectOld.(*api.Widget), e.ObjectNew.(*api.Widget)
			return o.Spec.Mode != n.Spec.Mode || o.Spec.Replicas != n.Spec.Replicas
		}})).
		Complete(r)
}
