// Package options builds its conditions with functional options: each
// field of the condition carries what the option that stores it was
// given, and only that.
package options

import (
	"context"
	"fmt"
	"time"

	"nondet/api"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type condOption func(*metav1.Condition)

func condition(opts ...condOption) metav1.Condition {
	c := metav1.Condition{}
	for _, o := range opts {
		o(&c)
	}
	return c
}

func withType(t string) condOption { return func(c *metav1.Condition) { c.Type = t } }

func withStatus(s metav1.ConditionStatus) condOption {
	return func(c *metav1.Condition) { c.Status = s }
}

func withReason(r string) condOption { return func(c *metav1.Condition) { c.Reason = r } }

func withMessage(m string) condOption { return func(c *metav1.Condition) { c.Message = m } }

func stampedAt(t metav1.Time) condOption {
	return func(c *metav1.Condition) { c.LastTransitionTime = t }
}

// SetStatusCondition keeps the transition time of an unchanged condition:
// the stamp an option stores does not make a change.
type LibraryReconciler struct{ client.Client }

func (r *LibraryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	c := condition(withType("Ready"), withStatus(metav1.ConditionTrue), withReason("Reconciled"), stampedAt(metav1.Now()))
	if meta.SetStatusCondition(&w.Status.Conditions, c) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The clock in the message, through an option: every pass changes the
// condition.
type MessageReconciler struct{ client.Client }

func (r *MessageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	c := condition(withType("Ready"), withStatus(metav1.ConditionTrue), withReason("Reconciled"),
		withMessage(fmt.Sprintf("checked at %s", time.Now().Format(time.RFC3339))))
	meta.SetStatusCondition(&w.Status.Conditions, c) // want `nondetwrite: time.Now\(\) flows into Widget.Status.Conditions`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// syncedCondition builds, in a helper, a condition whose message an
// option fills with the age of the object.
func syncedCondition(created time.Time) metav1.Condition {
	return condition(withType("Synced"), withStatus(metav1.ConditionTrue), withReason("Synced"),
		withMessage("age "+time.Since(created).String()))
}

// The helper's condition changes its message on every pass.
type AgeReconciler struct{ client.Client }

func (r *AgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if meta.SetStatusCondition(&w.Status.Conditions, syncedCondition(w.CreationTimestamp.Time)) { // want `nondetwrite: time.(Now|Since)\(\) flows into Widget.Status.Conditions, written by Status\(\).Update on every reconcile`
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// readyCondition stamps the transition time through an option, in a
// helper: SetStatusCondition keeps it while the status holds.
func readyCondition() metav1.Condition {
	return condition(withType("Ready"), withStatus(metav1.ConditionTrue), withReason("Ready"), stampedAt(metav1.Now()))
}

type ReadyReconciler struct{ client.Client }

func (r *ReadyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if meta.SetStatusCondition(&w.Status.Conditions, readyCondition()) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The same in a closure the reconciler runs: the stamp is still kept
// while the status holds.
type ClosureReconciler struct{ client.Client }

func (r *ClosureReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return func() (ctrl.Result, error) {
		var w api.Widget
		if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
			return ctrl.Result{}, client.IgnoreNotFound(err)
		}
		c := condition(withType("Ready"), withStatus(metav1.ConditionTrue), withReason("Reconciled"), stampedAt(metav1.Now()))
		if meta.SetStatusCondition(&w.Status.Conditions, c) {
			return ctrl.Result{}, r.Status().Update(ctx, &w)
		}
		return ctrl.Result{}, nil
	}()
}
