// Package defeated: a clock value assigned into the desired status before
// an equality check of the whole status defeats the check: the desired
// status always differs from the live one, so the guarded write runs on
// every pass. Stamping after the comparison, on its change edge, settles.
package defeated

import (
	"context"
	"fmt"
	"time"

	"nondet/api"
	"nondet/defeated/conds"

	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The seeds' canonical loop: a desired copy stamped before DeepEqual.
type DesiredCopyReconciler struct{ client.Client }

func (r *DesiredCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Phase = "Ready"
	desired.LastUpdated = metav1.Now()
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired // want `nondetwrite: metav1.Now\(\) flows into Widget.Status, written by Status\(\)\.Update on every reconcile: the write's comparison includes the stamped field`
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The fixed twins: the stamp on the change edge, and SetStatusCondition,
// which stamps only on a transition.
type StampOnChangeReconciler struct{ client.Client }

func (r *StampOnChangeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Phase = "Ready"
	desired.LastUpdated = w.Status.LastUpdated
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		desired.LastUpdated = metav1.Now()
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

type SetConditionReconciler struct{ client.Client }

func (r *SetConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// A condition setter of the package that stamps the time on every call,
// whatever the condition held: the whole status compared after it always
// differs from the live one, so the guarded write runs on every pass.
func setCondition(conds *[]metav1.Condition, t string, s metav1.ConditionStatus) {
	for i := range *conds {
		if (*conds)[i].Type == t {
			(*conds)[i].Status = s
			(*conds)[i].LastTransitionTime = metav1.Now()
			return
		}
	}
	*conds = append(*conds, metav1.Condition{Type: t, Status: s, LastTransitionTime: metav1.Now()})
}

// The fixed setter: the time is stamped only when the status changes (or
// the condition is new), as meta.SetStatusCondition does.
func setConditionOnChange(conds *[]metav1.Condition, t string, s metav1.ConditionStatus) {
	for i := range *conds {
		if (*conds)[i].Type == t {
			if (*conds)[i].Status != s {
				(*conds)[i].Status = s
				(*conds)[i].LastTransitionTime = metav1.Now()
			}
			return
		}
	}
	*conds = append(*conds, metav1.Condition{Type: t, Status: s, LastTransitionTime: metav1.Now()})
}

type StampingSetterReconciler struct{ client.Client }

func (r *StampingSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	setCondition(&w.Status.Conditions, "Ready", metav1.ConditionTrue) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.Conditions, written by Status\(\)\.Update on every reconcile: the write's comparison includes the stamped field`
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The twin: the same reconciler with meta.SetStatusCondition.
type SetStatusConditionReconciler struct{ client.Client }

func (r *SetStatusConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "Ready"})
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The twin with the package's setter fixed.
type OnChangeSetterReconciler struct{ client.Client }

func (r *OnChangeSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	setConditionOnChange(&w.Status.Conditions, "Ready", metav1.ConditionTrue)
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The setter on a desired copy of the status, compared with the live one.
type DesiredSetterReconciler struct{ client.Client }

func (r *DesiredSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Conditions = append([]metav1.Condition(nil), w.Status.Conditions...)
	setCondition(&desired.Conditions, "Ready", metav1.ConditionTrue)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired // want `nondetwrite: metav1.Now\(\) flows into Widget.Status, written by Status\(\)\.Update on every reconcile: the write's comparison includes the stamped field`
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// Its twin: the fixed setter on the desired copy.
type DesiredOnChangeSetterReconciler struct{ client.Client }

func (r *DesiredOnChangeSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Conditions = append([]metav1.Condition(nil), w.Status.Conditions...)
	setConditionOnChange(&desired.Conditions, "Ready", metav1.ConditionTrue)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// A generic setter over any slice of conditions, stamping on every call.
func setCond[S ~[]metav1.Condition](conds *S, t string, s metav1.ConditionStatus) {
	for i := range *conds {
		if (*conds)[i].Type == t {
			(*conds)[i].Status = s
			(*conds)[i].LastTransitionTime = metav1.Now()
			return
		}
	}
	*conds = append(*conds, metav1.Condition{Type: t, Status: s, LastTransitionTime: metav1.Now()})
}

// Its fixed form: the stamp on a status change only.
func setCondOnChange[S ~[]metav1.Condition](conds *S, t string, s metav1.ConditionStatus) {
	for i := range *conds {
		if (*conds)[i].Type == t {
			if (*conds)[i].Status != s {
				(*conds)[i].Status = s
				(*conds)[i].LastTransitionTime = metav1.Now()
			}
			return
		}
	}
	*conds = append(*conds, metav1.Condition{Type: t, Status: s, LastTransitionTime: metav1.Now()})
}

type GenericSetterReconciler struct{ client.Client }

func (r *GenericSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	setCond(&w.Status.Conditions, "Ready", metav1.ConditionTrue) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.Conditions, written by Status\(\)\.Update on every reconcile: the write's comparison includes the stamped field`
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

type GenericOnChangeSetterReconciler struct{ client.Client }

func (r *GenericOnChangeSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	setCondOnChange(&w.Status.Conditions, "Ready", metav1.ConditionTrue)
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The stamping setter of another package, seen through its facts.
type OtherPackageSetterReconciler struct{ client.Client }

func (r *OtherPackageSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	conds.Set(&w.Status.Conditions, "Ready", metav1.ConditionTrue) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.Conditions, written by Status\(\)\.Update on every reconcile: the write's comparison includes the stamped field`
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// Its twin, with the fixed setter of the other package on a desired copy.
type OtherPackageOnChangeSetterReconciler struct{ client.Client }

func (r *OtherPackageOnChangeSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Conditions = append([]metav1.Condition(nil), w.Status.Conditions...)
	conds.SetOnChange(&desired.Conditions, "Ready", metav1.ConditionTrue)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The stamping setter of another package on a desired copy.
type OtherPackageDesiredSetterReconciler struct{ client.Client }

func (r *OtherPackageDesiredSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Status
	desired.Conditions = append([]metav1.Condition(nil), w.Status.Conditions...)
	conds.Set(&desired.Conditions, "Ready", metav1.ConditionTrue)
	if !equality.Semantic.DeepEqual(w.Status, desired) {
		w.Status = desired // want `nondetwrite: metav1.Now\(\) flows into Widget.Status, written by Status\(\)\.Update on every reconcile: the write's comparison includes the stamped field`
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// An error message that embeds the elapsed time differs on every pass:
// the inequality test in front of its store always holds.
func validate(w *api.Widget) error {
	if w.Spec.Replicas < 0 {
		return fmt.Errorf("replicas %d is negative", w.Spec.Replicas)
	}
	return nil
}

type ElapsedMessageReconciler struct{ client.Client }

func (r *ElapsedMessageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	msg := "valid"
	if err := validate(&w); err != nil {
		msg = fmt.Sprintf("failed after %s: %v", time.Since(start), err)
	}
	if w.Status.Message != msg {
		w.Status.Message = msg // want `nondetwrite: time.Since\(\) flows into Widget.Status.Message, written by Status\(\)\.Update on every reconcile: the write's comparison includes the stamped field`
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// The twin: the message without the elapsed time settles.
type ErrorMessageReconciler struct{ client.Client }

func (r *ErrorMessageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	msg := "valid"
	if err := validate(&w); err != nil {
		msg = err.Error()
	}
	if w.Status.Message != msg {
		w.Status.Message = msg
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// A setter of cert-manager's shape: it builds the new condition stamped
// with the time, keeps the old time when the status did not change, and
// stores the condition on every path. The stored condition holds the old
// time whenever nothing changed: silent (corpus B02's fix).
func setConditionKeepTime(conds *[]metav1.Condition, t string, s metav1.ConditionStatus) {
	cond := metav1.Condition{Type: t, Status: s}
	now := metav1.Now()
	cond.LastTransitionTime = now
	for i := range *conds {
		if (*conds)[i].Type != t {
			continue
		}
		if (*conds)[i].Status == s {
			cond.LastTransitionTime = (*conds)[i].LastTransitionTime
		}
		(*conds)[i] = cond
		return
	}
	*conds = append(*conds, cond)
}

type KeepTimeSetterReconciler struct{ client.Client }

func (r *KeepTimeSetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	setConditionKeepTime(&w.Status.Conditions, "Ready", metav1.ConditionTrue)
	if !equality.Semantic.DeepEqual(before.Status, w.Status) {
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// A changed flag computed from a derived value (a function of the object,
// called through a field), then a stamp, then the write under the flag:
// the flag compares the phase, not the stamp, so the stamp rides along with
// a real change and the loop settles. A whole-status comparison taken
// after the stamp is defeated by it.
type DerivedFlagReconciler struct {
	client.Client
	phaseOf func(*api.Widget) string
}

func (r *DerivedFlagReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := w.DeepCopy()
	changed := w.Status.Phase != r.phaseOf(w)
	w.Status.Phase = r.phaseOf(w)
	w.Status.LastUpdated = metav1.Now()
	if changed {
		return ctrl.Result{}, r.Status().Patch(ctx, w, client.MergeFrom(base))
	}
	return ctrl.Result{}, nil
}

type DerivedThenComparedReconciler struct {
	client.Client
	phaseOf func(*api.Widget) string
}

func (r *DerivedThenComparedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := w.DeepCopy()
	w.Status.Phase = r.phaseOf(w)
	w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\)\.Patch on every reconcile: the write's comparison includes the stamped field`
	if !equality.Semantic.DeepEqual(base.Status, w.Status) {
		return ctrl.Result{}, r.Status().Patch(ctx, w, client.MergeFrom(base))
	}
	return ctrl.Result{}, nil
}
