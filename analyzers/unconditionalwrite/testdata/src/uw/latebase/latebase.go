// Package latebase has merge patches whose base is copied from the object
// after the change the patch should carry: the patch is empty, the change
// is lost, and a request is made on every pass.
package latebase

import (
	"context"

	"uw/api"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Positives.

type LabelReconciler struct{ client.Client }

// The label is set, then the base copied.
func (r *LabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	w.Labels["app.kubernetes.io/managed-by"] = "widgets"
	patch := client.MergeFrom(w.DeepCopy()) // want `unconditionalwrite: the base of this merge patch is copied from the object after Labels\[\] was changed \(line 33\): .*the Patch sends none of that change, and makes a request on every pass; copy the base before the first change`
	return ctrl.Result{}, r.Patch(ctx, &w, patch)
}

type StatusReconciler struct{ client.Client }

// The status is set, the base copied, then patched through the status
// subresource; a field set after the copy goes out, the phase does not.
func (r *StatusReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Ready"
	base := w.DeepCopy()
	w.Status.ObservedGeneration = w.Generation
	if err := r.Status().Patch(ctx, &w, client.MergeFrom(base)); err != nil { // want `unconditionalwrite: the base of this merge patch is copied from the object after Status.Phase was changed`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type ChildReconciler struct{ client.Client }

// A child's replicas are set, then the base copied, under a guard: the
// guard does not bring the change back.
func (r *ChildReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	want := int32(3)
	if d.Spec.Replicas != nil && *d.Spec.Replicas == want {
		return ctrl.Result{}, nil
	}
	d.Spec.Replicas = &want
	orig := d.DeepCopy()
	return ctrl.Result{}, r.Patch(ctx, &d, client.StrategicMergeFrom(orig)) // want `unconditionalwrite: the base of this merge patch is copied from the object after Spec.Replicas was changed`
}

// Fixed twins.

type LabelFixedReconciler struct{ client.Client }

// The base first, the change after it, and a patch only on a change.
func (r *LabelFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := w.DeepCopy()
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	w.Labels["app.kubernetes.io/managed-by"] = "widgets"
	if equality.Semantic.DeepEqual(base.Labels, w.Labels) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Patch(ctx, &w, client.MergeFrom(base))
}

type StatusFixedReconciler struct{ client.Client }

// The base is copied first; both fields go out.
func (r *StatusFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := w.DeepCopy()
	w.Status.Phase = "Ready"
	w.Status.ObservedGeneration = w.Generation
	if equality.Semantic.DeepEqual(base.Status, w.Status) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Patch(ctx, &w, client.MergeFrom(base))
}

type ResetReconciler struct{ client.Client }

// The field is cleared before the copy and set again after it: the
// second value is what the patch carries.
func (r *ResetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := w.Spec.Replicas * 2
	w.Status.Phase = ""
	base := w.DeepCopy()
	w.Status.Phase = "Scaled"
	if base.Status.Phase == w.Status.Phase && desired == 0 {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Patch(ctx, &w, client.MergeFrom(base))
}

type InitReconciler struct{ client.Client }

// The map is made before the copy, the label set after it: the patch
// carries the label.
func (r *InitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	base := w.DeepCopy()
	w.Labels["app.kubernetes.io/managed-by"] = "widgets"
	if equality.Semantic.DeepEqual(base.Labels, w.Labels) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Patch(ctx, &w, client.MergeFrom(base))
}

type IntoReconciler struct{ client.Client }

// The base is a new object filled by DeepCopyInto after the change.
func (r *IntoReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d.Spec.Paused = true
	orig := &appsv1.Deployment{}
	d.DeepCopyInto(orig)
	return ctrl.Result{}, r.Patch(ctx, &d, client.MergeFrom(orig)) // want `unconditionalwrite: the base of this merge patch is copied from the object after Spec.Paused was changed`
}

// scope holds the reconciled object and the children it lists.
type scope struct {
	owner    *api.Widget
	children []*appsv1.Deployment
}

type ScopeReconciler struct{ client.Client }

// The owner is changed before the loop; each child is copied, labelled and
// patched: the children's patches carry their own change.
func (r *ScopeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &scope{owner: &api.Widget{}}
	if err := r.Get(ctx, req.NamespacedName, s.owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.reconcileScope(ctx, s)
}

func (r *ScopeReconciler) reconcileScope(ctx context.Context, s *scope) error {
	owner := s.owner
	if owner.Labels == nil {
		owner.Labels = map[string]string{}
	}
	owner.Labels["example.com/seen"] = "true"
	for i := range s.children {
		child := s.children[i]
		if child.Labels["example.com/owner"] == owner.Name {
			continue
		}
		original := child.DeepCopy()
		child.Labels["example.com/owner"] = owner.Name
		if err := r.Patch(ctx, child, client.MergeFrom(original)); err != nil {
			return err
		}
	}
	return nil
}

// Negative: the label set before the copy is persisted by its own Update
// first; the base copied after it is the persisted state, and the status
// patch that follows carries the phase it changes after the copy.
type PersistedFirstReconciler struct{ client.Client }

func (r *PersistedFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Labels["app.kubernetes.io/managed-by"] != "widgets" {
		if w.Labels == nil {
			w.Labels = map[string]string{}
		}
		w.Labels["app.kubernetes.io/managed-by"] = "widgets"
		if err := r.Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	if w.Status.Phase == "Ready" {
		return ctrl.Result{}, nil
	}
	base := w.DeepCopy()
	w.Status.Phase = "Ready"
	return ctrl.Result{}, r.Status().Patch(ctx, &w, client.MergeFrom(base))
}

// KindFirstReconciler sets the kind the client reads by before the copy:
// nothing the patch should carry.
type KindFirstReconciler struct{ client.Client }

func (r *KindFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	w.SetGroupVersionKind(schema.GroupVersionKind{Group: "example.com", Version: "v1", Kind: "Widget"})
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(w.DeepCopy())
	if w.Labels["managed"] == "yes" {
		return ctrl.Result{}, nil
	}
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	w.Labels["managed"] = "yes"
	return ctrl.Result{}, r.Patch(ctx, &w, patch)
}

// SelfPersistingReconciler's helper writes the condition it changes
// itself; the base copied after it need not carry it.
type SelfPersistingReconciler struct{ client.Client }

func (r *SelfPersistingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.markSeen(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	orig := w.DeepCopy()
	w.Status.Phase = "Ready"
	if equality.Semantic.DeepEqual(orig.Status, w.Status) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Patch(ctx, &w, client.MergeFrom(orig))
}

func (r *SelfPersistingReconciler) markSeen(ctx context.Context, w *api.Widget) error {
	old := w.DeepCopy()
	if meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Seen", Status: metav1.ConditionTrue, Reason: "Seen"}) {
		return r.Status().Patch(ctx, w, client.MergeFrom(old))
	}
	return nil
}
