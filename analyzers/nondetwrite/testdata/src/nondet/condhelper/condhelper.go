// Package condhelper: condition setters of the package that report whether
// they changed the conditions. One compares the whole condition it is
// given, LastTransitionTime included, so with a time taken on every pass it
// reports a change on every pass and the write it guards persists the new
// time each time. Its twins compare only what the condition says (Status,
// Reason, Message), and keep the old time when nothing else changed.
package condhelper

import (
	"context"
	"time"

	"nondet/api"
	"nondet/condhelper/conds"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// mergeWhole replaces the condition of c's type whenever it differs from c.
func mergeWhole(conds *[]metav1.Condition, c metav1.Condition) bool {
	for i := range *conds {
		if (*conds)[i].Type != c.Type {
			continue
		}
		if (*conds)[i] == c {
			return false
		}
		(*conds)[i] = c
		return true
	}
	*conds = append(*conds, c)
	return true
}

// mergeMeaning replaces the condition of c's type only when what it says
// changed; the time then is the time of that change.
func mergeMeaning(conds *[]metav1.Condition, c metav1.Condition) bool {
	for i := range *conds {
		old := (*conds)[i]
		if old.Type != c.Type {
			continue
		}
		if old.Status == c.Status && old.Reason == c.Reason && old.Message == c.Message {
			return false
		}
		(*conds)[i] = c
		return true
	}
	*conds = append(*conds, c)
	return true
}

// Positive.

type WholeReconciler struct{ client.Client }

func (r *WholeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cond := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", LastTransitionTime: metav1.Now()}
	changed := mergeWhole(&w.Status.Conditions, cond) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.Conditions, written by Status\(\).Update on every reconcile: the write's comparison includes the stamped field`
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		changed = true
	}
	if changed {
		if err := r.Status().Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Negative: the same reconciler with the setter that compares what the
// condition says.
type MeaningReconciler struct{ client.Client }

func (r *MeaningReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cond := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", LastTransitionTime: metav1.Now()}
	changed := mergeMeaning(&w.Status.Conditions, cond)
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		changed = true
	}
	if changed {
		if err := r.Status().Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// applyFlip updates the condition of desired's type in place and stamps
// now only when the status flips; it compares only what the condition
// says, and the slice it is given is not what it compares against the
// time.
func applyFlip(conds []metav1.Condition, desired metav1.Condition, now time.Time) ([]metav1.Condition, bool) {
	for i := range conds {
		cur := &conds[i]
		if cur.Type != desired.Type {
			continue
		}
		changed := false
		if cur.Status != desired.Status {
			cur.Status = desired.Status
			cur.LastTransitionTime = metav1.NewTime(now)
			changed = true
		}
		if cur.Reason != desired.Reason {
			cur.Reason = desired.Reason
			changed = true
		}
		return conds, changed
	}
	desired.LastTransitionTime = metav1.NewTime(now)
	return append(conds, desired), true
}

// Negative: a time passed on every pass, stamped only on a flip.
type FlipReconciler struct{ client.Client }

func (r *FlipReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled"}
	conds, changed := applyFlip(w.Status.Conditions, desired, time.Now())
	if !changed {
		return ctrl.Result{}, nil
	}
	w.Status.Conditions = conds
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// markSeen records who holds the object and when; its nil test of the
// annotations is no comparison of what it stores.
func markSeen(w *api.Widget, holder string) {
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	w.Annotations["example.com/holder"] = holder
	w.Annotations["example.com/seen"] = time.Now().Format(time.RFC3339)
}

// Negative: the stamp is written only when the holder changes.
type HolderReconciler struct {
	client.Client
	Identity string
}

func (r *HolderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations["example.com/holder"] == r.Identity {
		return ctrl.Result{}, nil
	}
	markSeen(&w, r.Identity)
	return ctrl.Result{}, r.Update(ctx, &w)
}

// Positive: the whole-condition setter of another package, through its
// facts.
type LibraryReconciler struct{ client.Client }

func (r *LibraryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	c := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", LastTransitionTime: metav1.Now()}
	if !conds.Merge(&w.Status.Conditions, c) { // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.Conditions, written by Status\(\).Update on every reconcile: the write's comparison includes the stamped field`
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Negative: the setter of another package that compares what the
// condition says.
type LibraryOnChangeReconciler struct{ client.Client }

func (r *LibraryOnChangeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	c := metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Reconciled", LastTransitionTime: metav1.Now()}
	if !conds.MergeOnChange(&w.Status.Conditions, c) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
