package nondet

import (
	"context"
	"fmt"
	"os"
	"time"

	"nondet/api"
	"nondet/lib"

	"github.com/google/uuid"
	appsv1 "k8s.io/api/apps/v1"
	coordinationv1 "k8s.io/api/coordination/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// P1: a timestamp on every status write (fix: stamp on change).
type StampReconciler struct{ client.Client }

func (r *StampReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.ObservedGeneration = w.Generation
	w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// P2: a guard defeated by the stamp it compares.
type DefeatedReconciler struct{ client.Client }

func stamp(w *api.Widget) {
	metav1.SetMetaDataAnnotation(&w.ObjectMeta, "example.com/run", fmt.Sprintf("%d-%s", os.Getpid(), uuid.NewString()))
}

func (r *DefeatedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before := w.DeepCopy()
	stamp(w) // want `nondetwrite: .* flows into Widget.Annotations, written by Patch on every reconcile: the write's comparison includes the stamped field`
	if !equality.Semantic.DeepEqual(before, w) {
		return ctrl.Result{}, r.Patch(ctx, w, client.MergeFrom(before))
	}
	return ctrl.Result{}, nil
}

// P3: CreateOrUpdate with a timestamp in the mutate function.
type RestartReconciler struct{ client.Client }

func (r *RestartReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		metav1.SetMetaDataAnnotation(&d.Spec.Template.ObjectMeta, "restartedAt", time.Now().Format(time.RFC3339)) // want `nondetwrite: time.Now\(\) flows into Deployment.Spec.Template.Annotations, written by CreateOrUpdate`
		return nil
	})
	return ctrl.Result{}, err
}

// P4: a duration and the reconcile ID in a message; a helper of another
// package that returns the time.
type MessageReconciler struct{ client.Client }

func (r *MessageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = fmt.Sprintf("ready for %s (reconcile %s)", time.Since(w.CreationTimestamp.Time).Round(time.Second), controller.ReconcileIDFromContext(ctx)) // want `nondetwrite: time.Since\(\) flows into Widget.Status.Message`
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Labels["example.com/stamp"] = lib.Stamp() // want `nondetwrite: time.Now\(\) flows into Widget.Labels, written by Update`
	w.Labels["example.com/label"] = lib.Label()
	return ctrl.Result{}, r.Update(ctx, &w)
}

// Negatives.
type GoodReconciler struct{ client.Client }

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	defer func() { ctrl.LoggerFrom(ctx).Info("reconciled", "took", time.Since(start)) }()
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// SetStatusCondition stamps LastTransitionTime only when the condition changes.
	if meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Available",
		ObservedGeneration: w.Generation, LastTransitionTime: metav1.Now(),
	}) {
		if err := r.Status().Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	// A change guard controls the stamp.
	if w.Status.Phase != "Ready" {
		w.Status.Phase = "Ready"
		w.Status.LastTransition = metav1.Now()
		if err := r.Status().Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	// Set once.
	if w.Status.StartTime == nil {
		now := metav1.Now()
		w.Status.StartTime = &now
		if err := r.Status().Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	// A time used only in a condition.
	if time.Now().After(w.CreationTimestamp.Add(time.Hour)) {
		w.Status.Phase = "Expired"
	}
	// Stored into a Lease: a heartbeat.
	var lease coordinationv1.Lease
	if err := r.Get(ctx, req.NamespacedName, &lease); err == nil {
		now := metav1.NewMicroTime(time.Now())
		lease.Spec.RenewTime = &now
		_ = r.Update(ctx, &lease)
	}
	// Stamped, then overwritten before the write.
	w.Status.Message = time.Now().String()
	w.Status.Message = "steady"
	_ = r.Status().Update(ctx, &w)
	return ctrl.Result{RequeueAfter: time.Until(w.CreationTimestamp.Add(time.Hour))}, nil
}

// P9: a hand-appended condition stamped with metav1.Now() (fix:
// meta.SetStatusCondition, which stamps only on a status change).
type ConditionReconciler struct{ client.Client }

func (r *ConditionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Conditions = append(w.Status.Conditions, metav1.Condition{ // want `nondetwrite: metav1.Now\(\) flows into .*Conditions, written by Status\(\)\.Update`
		Type:               "Ready",
		Status:             metav1.ConditionTrue,
		LastTransitionTime: metav1.Now(),
		Reason:             "Reconciled",
	})
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
