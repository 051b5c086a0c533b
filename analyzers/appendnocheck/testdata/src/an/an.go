package an

import (
	"context"
	"slices"

	"an/api"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fin = "example.com/cleanup"

type WidgetReconciler struct{ client.Client }

// Positives.

// P2004a: the write follows the append (fix wraps the write).
func (r *WidgetReconciler) P2004a(ctx context.Context, w *api.Widget) error {
	if w.DeletionTimestamp.IsZero() {
		w.Finalizers = append(w.Finalizers, fin) // want `appendnocheck: append to Finalizers of an object read from the API has no membership test: every reconcile adds another copy, and Update persists it`
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}

// P2004b: a container appended through a pointer to the pod spec.
func (r *WidgetReconciler) P2004b(ctx context.Context, key client.ObjectKey) error {
	var d appsv1.Deployment
	if err := r.Get(ctx, key, &d); err != nil {
		return err
	}
	ps := &d.Spec.Template.Spec
	ps.Containers = append(ps.Containers, corev1.Container{Name: "proxy", Image: "envoy:v1"}) // want `appendnocheck: append to Spec.Template.Spec.Containers of an object read from the API has no membership test: every reconcile adds another copy, and a duplicate name fails validation`
	return r.Update(ctx, &d)
}

// A test of another field is not a membership test (fix: AddFinalizer in place).
func (r *WidgetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase == "" {
		w.Finalizers = append(w.Finalizers, fin) // want `appendnocheck: append to Finalizers`
		w.Spec.Replicas = 1
		if err := r.Update(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// SetFinalizers(append(GetFinalizers(), …)).
func (r *WidgetReconciler) setter(ctx context.Context, key client.ObjectKey) error {
	w := &api.Widget{}
	if err := r.Get(ctx, key, w); err != nil {
		return err
	}
	w.SetFinalizers(append(w.GetFinalizers(), fin)) // want `appendnocheck: append to Finalizers`
	return r.Update(ctx, w)
}

// An env var appended in a CreateOrUpdate mutate func: CreateOrUpdate
// reads the existing Deployment first.
func (r *WidgetReconciler) mutate(ctx context.Context, w *api.Widget) error {
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, d, func() error {
		if len(d.Spec.Template.Spec.Containers) == 0 {
			d.Spec.Template.Spec.Containers = []corev1.Container{{Name: "app"}}
		}
		c := &d.Spec.Template.Spec.Containers[0]
		env := corev1.EnvVar{Name: "MODE", Value: "fast"}
		c.Env = append(c.Env, env) // want `appendnocheck: append to Spec.Template.Spec.Containers\[\].Env .*CreateOrUpdate persists it`
		return nil
	})
	return err
}

// A helper of the same package, called with an object that was read.
func addVolume(d *appsv1.Deployment) {
	d.Spec.Template.Spec.Volumes = append(d.Spec.Template.Spec.Volumes, corev1.Volume{Name: "cache"}) // want `appendnocheck: append to Spec.Template.Spec.Volumes`
}

func (r *WidgetReconciler) viaHelper(ctx context.Context, key client.ObjectKey) error {
	var d appsv1.Deployment
	if err := r.Get(ctx, key, &d); err != nil {
		return err
	}
	addVolume(&d)
	return r.Update(ctx, &d)
}

// Owner references: message only.
func (r *WidgetReconciler) owners(ctx context.Context, key client.ObjectKey, w *api.Widget) error {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key, &cm); err != nil {
		return err
	}
	cm.OwnerReferences = append(cm.OwnerReferences, metav1.OwnerReference{Name: w.Name, UID: w.UID}) // want `appendnocheck: append to OwnerReferences .*controllerutil.SetOwnerReference`
	return r.Update(ctx, &cm)
}

// A client-go typed Get.
func typed(ctx context.Context, cs kubernetes.Interface, ns, name string) error {
	pod, err := cs.CoreV1().Pods(ns).Get(ctx, name, metav1.GetOptions{})
	if err != nil {
		return err
	}
	pod.Spec.ImagePullSecrets = append(pod.Spec.ImagePullSecrets, corev1.LocalObjectReference{Name: "regcred"}) // want `appendnocheck: append to Spec.ImagePullSecrets`
	_, err = cs.CoreV1().Pods(ns).Update(ctx, pod, metav1.UpdateOptions{})
	return err
}

// Negatives.

func (r *WidgetReconciler) N2004a(ctx context.Context, w *api.Widget, d *appsv1.Deployment) error {
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

// A fresh desired object is not read from the API.
func (r *WidgetReconciler) desired(ctx context.Context, w *api.Widget) error {
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	d.Spec.Template.Spec.Containers = append(d.Spec.Template.Spec.Containers, corev1.Container{Name: "app"})
	return r.Create(ctx, d)
}

// A found flag set in a loop.
func (r *WidgetReconciler) foundFlag(ctx context.Context, w *api.Widget) error {
	found := false
	for _, f := range w.Finalizers {
		if f == fin {
			found = true
			break
		}
	}
	if !found {
		w.Finalizers = append(w.Finalizers, fin)
	}
	return r.Update(ctx, w)
}

// An index loop that returns early when the element is present.
func (r *WidgetReconciler) earlyReturn(ctx context.Context, d *appsv1.Deployment) error {
	for i := range d.Spec.Template.Spec.Volumes {
		if d.Spec.Template.Spec.Volumes[i].Name == "cache" {
			return nil
		}
	}
	d.Spec.Template.Spec.Volumes = append(d.Spec.Template.Spec.Volumes, corev1.Volume{Name: "cache"})
	return r.Update(ctx, d)
}

// The list is reset first.
func (r *WidgetReconciler) reset(ctx context.Context, d *appsv1.Deployment) error {
	d.Spec.Template.Spec.Tolerations = nil
	d.Spec.Template.Spec.Tolerations = append(d.Spec.Template.Spec.Tolerations, corev1.Toleration{Key: "a"})
	return r.Update(ctx, d)
}

// Remove, then add: idempotent.
func (r *WidgetReconciler) removeThenAdd(ctx context.Context, w *api.Widget) error {
	controllerutil.RemoveFinalizer(w, fin)
	w.Finalizers = append(w.Finalizers, fin)
	return r.Update(ctx, w)
}

// A length test over the list.
func (r *WidgetReconciler) emptyOnly(ctx context.Context, w *api.Widget) error {
	if len(w.Finalizers) == 0 {
		w.Finalizers = append(w.Finalizers, fin)
		return r.Update(ctx, w)
	}
	return nil
}

// sets.Has over the list.
func (r *WidgetReconciler) setHas(ctx context.Context, w *api.Widget) error {
	if !sets.New(w.Finalizers...).Has(fin) {
		w.Finalizers = append(w.Finalizers, fin)
		return r.Update(ctx, w)
	}
	return nil
}

// Never written back.
func (r *WidgetReconciler) notWritten(ctx context.Context, key client.ObjectKey) ([]string, error) {
	var w api.Widget
	if err := r.Get(ctx, key, &w); err != nil {
		return nil, err
	}
	w.Finalizers = append(w.Finalizers, fin)
	return w.Finalizers, nil
}

// A helper called only with a fresh object.
func addSidecar(d *appsv1.Deployment) {
	d.Spec.Template.Spec.Containers = append(d.Spec.Template.Spec.Containers, corev1.Container{Name: "sidecar"})
}

func (r *WidgetReconciler) freshHelper(ctx context.Context, w *api.Widget) error {
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	addSidecar(d)
	return r.Create(ctx, d)
}

// A helper called under a membership test at its call site.
func addCache(d *appsv1.Deployment) {
	d.Spec.Template.Spec.Volumes = append(d.Spec.Template.Spec.Volumes, corev1.Volume{Name: "cache2"})
}

func (r *WidgetReconciler) guardedHelper(ctx context.Context, key client.ObjectKey) error {
	var d appsv1.Deployment
	if err := r.Get(ctx, key, &d); err != nil {
		return err
	}
	if !slices.ContainsFunc(d.Spec.Template.Spec.Volumes, func(v corev1.Volume) bool { return v.Name == "cache2" }) {
		addCache(&d)
		return r.Update(ctx, &d)
	}
	return nil
}

// AddFinalizer is the right way.
func (r *WidgetReconciler) addFinalizer(ctx context.Context, w *api.Widget) error {
	if controllerutil.AddFinalizer(w, fin) {
		return r.Update(ctx, w)
	}
	return nil
}

// A condition of unknown kind.
func (r *WidgetReconciler) unknown(ctx context.Context, w *api.Widget, want func() bool) error {
	if want() {
		w.Finalizers = append(w.Finalizers, fin)
	}
	return r.Update(ctx, w)
}

// Appending to a local list, then assigning it, is a different pattern.
func (r *WidgetReconciler) listItems(ctx context.Context) error {
	var list api.WidgetList
	if err := r.List(ctx, &list); err != nil {
		return err
	}
	for i := range list.Items {
		w := &list.Items[i]
		if slices.Contains(w.Finalizers, fin) {
			continue
		}
		w.Finalizers = append(w.Finalizers, fin)
		if err := r.Update(ctx, w); err != nil {
			return err
		}
	}
	return nil
}
