//go:build ignore

package ex

import (
	"context"
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type WidgetReconciler struct{ client.Client }

// RL1001 P1
func (r *WidgetReconciler) P1001a(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.ObservedGeneration = w.Generation
	w.Status.LastUpdated = metav1.Now()
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

func stamp(w *Widget) {
	metav1.SetMetaDataAnnotation(&w.ObjectMeta, "example.com/run", fmt.Sprintf("%d-%s", os.Getpid(), uuid.NewString()))
}

// RL1001 P2: guard defeated
func (r *WidgetReconciler) P1001b(ctx context.Context, w *Widget) error {
	before := w.DeepCopy()
	stamp(w)
	if !equality.Semantic.DeepEqual(before, w) {
		return r.Patch(ctx, w, client.MergeFrom(before))
	}
	return nil
}

// RL1001 P3: CreateOrUpdate with nondeterministic mutate
func (r *WidgetReconciler) P1001c(ctx context.Context, w *Widget) error {
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		metav1.SetMetaDataAnnotation(&d.Spec.Template.ObjectMeta, "restartedAt", time.Now().Format(time.RFC3339))
		return nil
	})
	return err
}

// RL1001 P4: duration in message + reconcileID
func (r *WidgetReconciler) P1001d(ctx context.Context, w *Widget) error {
	w.Status.Message = fmt.Sprintf("ready for %s (reconcile %s)", time.Since(w.CreationTimestamp.Time).Round(time.Second), controller.ReconcileIDFromContext(ctx))
	return r.Status().Update(ctx, w)
}

// RL1001 N1
func (r *WidgetReconciler) N1001a(ctx context.Context, w *Widget) error {
	changed := meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{
		Type: "Ready", Status: metav1.ConditionTrue, Reason: "Available",
		ObservedGeneration: w.Generation, LastTransitionTime: metav1.Now(),
	})
	if changed {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// RL1001 N2
func (r *WidgetReconciler) N1001b(ctx context.Context, w *Widget, desired string) error {
	if w.Status.Phase != desired {
		w.Status.Phase = desired
		w.Status.LastTransition = metav1.Now()
		return r.Status().Update(ctx, w)
	}
	return nil
}

// RL1001 N3
func (r *WidgetReconciler) N1001c(ctx context.Context, w *Widget) (ctrl.Result, error) {
	start := time.Now()
	defer func() { ctrl.LoggerFrom(ctx).Info("reconciled", "took", time.Since(start)) }()
	return ctrl.Result{RequeueAfter: time.Until(w.CreationTimestamp.Add(time.Hour))}, nil
}

// RL1002 P1
func (r *WidgetReconciler) P1002a(ctx context.Context, w *Widget) error {
	w.Status.Keys = w.Status.Keys[:0]
	for k := range w.Spec.Params {
		w.Status.Keys = append(w.Status.Keys, k)
	}
	return r.Status().Update(ctx, w)
}

// RL1002 P2
func (r *WidgetReconciler) P1002b(ctx context.Context, w *Widget) error {
	w.Status.Message = "params: " + strings.Join(slices.Collect(maps.Keys(w.Spec.Params)), ",")
	w.Status.Keys = sets.KeySet(w.Spec.Params).UnsortedList()
	return r.Status().Update(ctx, w)
}

// RL1002 N1
func (r *WidgetReconciler) N1002a(ctx context.Context, w *Widget) error {
	w.Status.Keys = slices.Sorted(maps.Keys(w.Spec.Params))
	w.Status.Message = strings.Join(sets.List(sets.KeySet(w.Spec.Params)), ",")
	return r.Status().Update(ctx, w)
}

// RL1002 N2
func (r *WidgetReconciler) N1002b(ctx context.Context, w *Widget, d *appsv1.Deployment) error {
	keys := make([]string, 0, len(w.Spec.Params))
	for k, v := range w.Spec.Params {
		keys = append(keys, k)
		metav1.SetMetaDataLabel(&d.ObjectMeta, k, v)
	}
	sort.Strings(keys)
	w.Status.Keys = keys
	return r.Status().Update(ctx, w)
}

// RL1001 N4: set-once (G2 nil test on an observed field)
func (r *WidgetReconciler) N1001d(ctx context.Context, w *Widget) error {
	if w.Status.StartTime == nil {
		now := metav1.Now()
		w.Status.StartTime = &now
		return r.Status().Update(ctx, w)
	}
	return nil
}
