package verify_test

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

const finalizer = "example.com/cleanup"

// memcached is a well-written reconciler in the style of the operator-sdk
// memcached sample: finalizer, owned Deployment, status with conditions.
type memcached struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *memcached) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		if controllerutil.RemoveFinalizer(w, finalizer) {
			return reconcile.Result{}, r.Update(ctx, w)
		}
		return reconcile.Result{}, nil
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return reconcile.Result{}, r.Update(ctx, w)
	}
	dep := &appsv1.Deployment{}
	err := r.Get(ctx, req.NamespacedName, dep)
	if apierrors.IsNotFound(err) {
		dep = r.deployment(w)
		if err := controllerutil.SetControllerReference(w, dep, r.Scheme); err != nil {
			return reconcile.Result{}, err
		}
		if err := r.Create(ctx, dep); err != nil {
			return reconcile.Result{}, err
		}
		return reconcile.Result{}, nil
	}
	if err != nil {
		return reconcile.Result{}, err
	}
	want := r.deployment(w)
	if *dep.Spec.Replicas != *want.Spec.Replicas || dep.Spec.Template.Spec.Containers[0].Image != w.Spec.Image {
		dep.Spec.Replicas = want.Spec.Replicas
		dep.Spec.Template.Spec.Containers[0].Image = w.Spec.Image
		if err := r.Update(ctx, dep); err != nil {
			return reconcile.Result{}, err
		}
	}
	st := &testapi.WidgetStatus{}
	w.Status.DeepCopyInto(st)
	st.Phase = "Ready"
	st.ObservedGeneration = w.Generation
	st.Children = []string{dep.Name}
	meta.SetStatusCondition(&st.Conditions, metav1.Condition{Type: "Available", Status: metav1.ConditionTrue,
		Reason: "DeploymentCreated", Message: fmt.Sprintf("%d replicas", w.Spec.Replicas), ObservedGeneration: w.Generation})
	if !equality.Semantic.DeepEqual(*st, w.Status) {
		w.Status = *st
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{}, nil
}

func (r *memcached) deployment(w *testapi.Widget) *appsv1.Deployment {
	labels := map[string]string{"app": w.Name}
	return &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: w.Name},
		Spec: appsv1.DeploymentSpec{
			Replicas: ptr.To(w.Spec.Replicas),
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec:       corev1.PodSpec{Containers: []corev1.Container{{Name: "memcached", Image: w.Spec.Image}}},
			},
		},
	}
}

// cronJob is a well-written reconciler in the style of the kubebuilder
// CronJob tutorial: it runs a child (here a ConfigMap) per hourly slot,
// keeps a bounded history, reports status derived from the children, and
// requeues for the next slot.
type cronJob struct {
	client.Client
	Scheme *runtime.Scheme
}

const slot = time.Hour

func (r *cronJob) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return reconcile.Result{}, nil
	}
	var children corev1.ConfigMapList
	if err := r.List(ctx, &children, client.InNamespace(req.Namespace), client.MatchingLabels{"cron": w.Name}); err != nil {
		return reconcile.Result{}, err
	}
	now := time.Now()
	sched := now.Truncate(slot)
	name := fmt.Sprintf("%s-%d", w.Name, sched.Unix())
	var names []string
	for _, c := range children.Items {
		names = append(names, c.Name)
	}
	sort.Strings(names)
	if !slices.Contains(names, name) {
		cm := &corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: name, Labels: map[string]string{"cron": w.Name}},
			Data:       map[string]string{"scheduled": sched.UTC().Format(time.RFC3339)},
		}
		if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
			return reconcile.Result{}, err
		}
		if err := r.Create(ctx, cm); err != nil && !apierrors.IsAlreadyExists(err) {
			return reconcile.Result{}, err
		}
		names = append(names, name)
		sort.Strings(names)
	}
	for len(names) > 2 {
		old := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: w.Namespace, Name: names[0]}}
		if err := r.Delete(ctx, old); client.IgnoreNotFound(err) != nil {
			return reconcile.Result{}, err
		}
		names = names[1:]
	}
	last := metav1.NewTime(sched)
	if w.Status.LastUpdated == nil || !w.Status.LastUpdated.Equal(&last) || !slices.Equal(w.Status.Children, names) {
		w.Status.LastUpdated = &last
		w.Status.Children = names
		if err := r.Status().Update(ctx, w); err != nil {
			return reconcile.Result{}, err
		}
	}
	return reconcile.Result{RequeueAfter: sched.Add(slot).Sub(now)}, nil
}

// The phases of phased: three status writes in a row (two self-triggered
// rewrites), and four (three rewrites, a hot loop at the default
// HotLoopWrites).
var (
	threePhases = []string{"Pending", "Provisioning", "Ready"}
	fourPhases  = []string{"Pending", "Provisioning", "Configuring", "Ready"}
)

// warmUp is how long warmingUp keeps writing after the Widget's creation.
const warmUp = 2 * time.Second

// warmingUp writes a heartbeat into status.count once per pass while the
// Widget is younger than warmUp, then stops: each write's event enqueues
// the next pass, and the chain ends because time passes. With the clock
// stopped it would never end, and that alone is not a defect.
type warmingUp struct{ client.Client }

func (r *warmingUp) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &testapi.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if time.Since(w.CreationTimestamp.Time) >= warmUp {
		return reconcile.Result{}, nil
	}
	w.Status.Count++
	return reconcile.Result{}, r.Status().Update(ctx, w)
}
