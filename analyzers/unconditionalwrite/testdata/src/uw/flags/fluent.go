package flags

import (
	"context"

	"uw/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// setIfDiff stores v and reports whether it differed.
func setIfDiff[T comparable](dst *T, v T) bool {
	if *dst == v {
		return false
	}
	*dst = v
	return true
}

// syncer records, through chained setters, whether the status changed;
// each marks it dirty only when its value differed.
type syncer struct {
	st    *api.WidgetStatus
	dirty bool
}

func (s *syncer) phase(p string) *syncer {
	if setIfDiff(&s.st.Phase, p) {
		s.dirty = true
	}
	return s
}

func (s *syncer) generation(g int64) *syncer {
	if setIfDiff(&s.st.ObservedGeneration, g) {
		s.dirty = true
	}
	return s
}

func (s *syncer) changed() bool { return s.dirty }

type FluentReconciler struct{ client.Client }

func (r *FluentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := (&syncer{st: &w.Status}).phase("Ready").generation(w.Generation)
	if !s.changed() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Twin: one chained setter marks the syncer dirty whatever it finds.
type sloppySyncer struct {
	st    *api.WidgetStatus
	dirty bool
}

func (s *sloppySyncer) phase(p string) *sloppySyncer {
	s.st.Phase = p
	s.dirty = true
	return s
}

func (s *sloppySyncer) changed() bool { return s.dirty }

type SloppyFluentReconciler struct{ client.Client }

func (r *SloppyFluentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := (&sloppySyncer{st: &w.Status}).phase("Ready")
	if !s.changed() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `unconditionalwrite: Status\(\)\.Update of the Widget runs on every reconcile`
}
