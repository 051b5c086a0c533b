//go:build ignore

package ex

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"reflect"
	"slices"

	"github.com/google/go-cmp/cmp"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// RL2001 P1
func (r *WidgetReconciler) P2001a(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.ObservedGeneration = w.Generation
	w.Status.Phase = "Ready"
	if err := r.Status().Update(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *WidgetReconciler) ensureDeployment(ctx context.Context, w *Widget, d *appsv1.Deployment) error {
	base := d.DeepCopy()
	d.Spec.Replicas = &w.Spec.Replicas
	return r.Patch(ctx, d, client.MergeFrom(base))
}

// RL2001 P2 (via helper)
func (r *WidgetReconciler) P2001b(ctx context.Context, w *Widget) error {
	var d appsv1.Deployment
	if err := r.Get(ctx, client.ObjectKeyFromObject(w), &d); err != nil {
		return err
	}
	return r.ensureDeployment(ctx, w, &d)
}

// RL2001 N1
func (r *WidgetReconciler) N2001a(ctx context.Context, w *Widget) error {
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrPatch(ctx, r.Client, d, func() error {
		d.Spec.Replicas = &w.Spec.Replicas
		return controllerutil.SetControllerReference(w, d, r.Scheme())
	})
	return err
}

// RL2001 N2 (three comparison styles)
func (r *WidgetReconciler) N2001b(ctx context.Context, w *Widget, d *appsv1.Deployment, desired appsv1.DeploymentSpec) error {
	if !equality.Semantic.DeepEqual(d.Spec, desired) {
		d.Spec = desired
		return r.Update(ctx, d)
	}
	if !reflect.DeepEqual(w.Status.Keys, []string{"a"}) || !cmp.Equal(w.Status.Phase, "Ready") {
		return r.Status().Update(ctx, w)
	}
	return nil
}

// RL2001 N3 (hash annotation)
func (r *WidgetReconciler) N2001c(ctx context.Context, w *Widget, cm *corev1.ConfigMap) error {
	raw, _ := json.Marshal(w.Spec)
	sum := sha256.Sum256(raw)
	h := hex.EncodeToString(sum[:])
	if cm.Annotations["example.com/spec-hash"] == h {
		return nil
	}
	metav1.SetMetaDataAnnotation(&cm.ObjectMeta, "example.com/spec-hash", h)
	cm.Data = w.Spec.Params
	return r.Update(ctx, cm)
}

// RL2001 N4 (changed bool)
func (r *WidgetReconciler) N2001d(ctx context.Context, w *Widget) error {
	changed := controllerutil.AddFinalizer(w, fin)
	changed = meta.SetStatusCondition(&w.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, Reason: "OK"}) || changed
	if !changed {
		return nil
	}
	return r.Update(ctx, w)
}

const fin = "example.com/cleanup"

// RL2002 P1: status via Update
func (r *WidgetReconciler) P2002a(ctx context.Context, w *Widget) error {
	w.Status.Phase = "Ready"
	return r.Update(ctx, w)
}

// RL2002 P2: Update response clobbers in-memory status
func (r *WidgetReconciler) P2002b(ctx context.Context, w *Widget) error {
	w.Status.Phase = "Provisioning"
	if controllerutil.AddFinalizer(w, fin) {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	return r.Status().Update(ctx, w)
}

// RL2002 P3: labels via Status().Update
func (r *WidgetReconciler) P2002c(ctx context.Context, w *Widget) error {
	metav1.SetMetaDataLabel(&w.ObjectMeta, "example.com/tier", "gold")
	w.Status.Phase = "Ready"
	return r.Status().Update(ctx, w)
}

// RL2002 N1
func (r *WidgetReconciler) N2002a(ctx context.Context, w *Widget) error {
	if controllerutil.AddFinalizer(w, fin) {
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	base := w.DeepCopy()
	w.Status.Phase = "Ready"
	return r.Status().Patch(ctx, w, client.MergeFrom(base))
}

// RL2002 N2: ConfigMap has no status subresource.
func (r *WidgetReconciler) N2002b(ctx context.Context, cm *corev1.ConfigMap) error {
	if cm.Data["k"] != "v" {
		cm.Data["k"] = "v"
		return r.Update(ctx, cm)
	}
	return nil
}

// RL2003 P1
func (r *WidgetReconciler) P2003a(ctx context.Context, w *Widget) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(w.Namespace), client.MatchingLabels{"widget": w.Name}); err != nil {
		return err
	}
	if len(pods.Items) == 0 {
		pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{GenerateName: w.Name + "-", Namespace: w.Namespace, Labels: map[string]string{"widget": w.Name}}}
		return r.Create(ctx, pod)
	}
	return nil
}

// RL2003 P2
func (r *WidgetReconciler) P2003b(ctx context.Context, w *Widget) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-cfg", Namespace: w.Namespace}}
	if err := r.Create(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// RL2003 N1
func (r *WidgetReconciler) N2003a(ctx context.Context, w *Widget) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-cfg", Namespace: w.Namespace}}
	err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm)
	if apierrors.IsNotFound(err) {
		return client.IgnoreAlreadyExists(r.Create(ctx, cm))
	}
	return err
}

// RL2004 P1
func (r *WidgetReconciler) P2004a(ctx context.Context, w *Widget) error {
	if w.DeletionTimestamp.IsZero() {
		w.Finalizers = append(w.Finalizers, fin)
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// RL2004 P2
func (r *WidgetReconciler) P2004b(ctx context.Context, key client.ObjectKey) error {
	var d appsv1.Deployment
	if err := r.Get(ctx, key, &d); err != nil {
		return err
	}
	ps := &d.Spec.Template.Spec
	ps.Containers = append(ps.Containers, corev1.Container{Name: "proxy", Image: "envoy:v1"})
	return r.Update(ctx, &d)
}

// RL2004 N1
func (r *WidgetReconciler) N2004a(ctx context.Context, w *Widget, d *appsv1.Deployment) error {
	if !slices.ContainsFunc(d.Spec.Template.Spec.Containers, func(c corev1.Container) bool { return c.Name == "proxy" }) {
		d.Spec.Template.Spec.Containers = append(d.Spec.Template.Spec.Containers, corev1.Container{Name: "proxy", Image: "envoy:v1"})
		return r.Update(ctx, d)
	}
	if !controllerutil.ContainsFinalizer(w, fin) {
		w.Finalizers = append(w.Finalizers, fin)
		return r.Update(ctx, w)
	}
	return nil
}

// RL2004 N2: fresh desired object every time
func desiredDeployment(w *Widget) *appsv1.Deployment {
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	d.Spec.Template.Spec.Containers = append(d.Spec.Template.Spec.Containers, corev1.Container{Name: "app", Image: w.Spec.Image})
	return d
}
