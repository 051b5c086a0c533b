package cr

import (
	"context"
	"fmt"

	"cr/api"
	"cr/lib"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// P2003a: GenerateName under a List that may lag (fix: a stable name).
type PodReconciler struct{ client.Client }

func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(w.Namespace), client.MatchingLabels{"widget": w.Name}); err != nil {
		return ctrl.Result{}, err
	}
	if len(pods.Items) == 0 {
		pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{GenerateName: w.Name + "-", Namespace: w.Namespace, Labels: map[string]string{"widget": w.Name}}}
		if err := r.Create(ctx, pod); err != nil { // want `createnotidempotent: Create of an object with GenerateName and no Name makes a new object on every reconcile that runs before the cache shows the previous one`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// P2003b: a fixed name, AlreadyExists returned (fix: IgnoreAlreadyExists).
type ConfigReconciler struct{ client.Client }

func (r *ConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-cfg", Namespace: req.Namespace}}
	if err := r.Create(ctx, cm); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*ConfigReconciler\).Reconcile with no existence check before it`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The Get of the reconciled object is no existence check of the child.
type GetFirstReconciler struct{ client.Client }

func (r *GetFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-cfg", Namespace: w.Namespace}}
	if err := r.Create(ctx, cm); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*GetFirstReconciler\).Reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Through a helper of the same package, wrapped with %w.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) createSecret(ctx context.Context, ns string) error {
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: "creds", Namespace: ns}}
	return r.Create(ctx, s) // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*HelperReconciler\).Reconcile`
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.createSecret(ctx, req.Namespace); err != nil {
		return ctrl.Result{}, fmt.Errorf("create secret: %w", err)
	}
	return ctrl.Result{}, nil
}

// A client-go typed Create: no fix.
type TypedReconciler struct{ cs kubernetes.Interface }

func (r *TypedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name}}
	_, err := r.cs.CoreV1().ConfigMaps(req.Namespace).Create(ctx, cm, metav1.CreateOptions{}) // want `createnotidempotent: the AlreadyExists error`
	return ctrl.Result{}, err
}

// Helpers of another package, seen through their facts.
type LibReconciler struct{ client.Client }

func (r *LibReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := lib.EnsureConfigMap(ctx, r.Client, cm); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create in EnsureConfigMap is returned`
		return ctrl.Result{}, err
	}
	if err := lib.EnsureConfigMapTolerant(ctx, r.Client, cm); err != nil {
		return ctrl.Result{}, err
	}
	if err := lib.LaunchJob(ctx, r.Client, req.Namespace, req.Name+"-"); err != nil { // want `createnotidempotent: Create in LaunchJob of an object with GenerateName`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// SetGenerateName, no List guard: reported, no fix.
type SetterReconciler struct{ client.Client }

func (r *SetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := &batchv1.Job{}
	job.SetNamespace(req.Namespace)
	job.SetGenerateName(req.Name + "-")
	_ = r.Create(ctx, job) // want `createnotidempotent: Create of an object with GenerateName and no Name makes a new object on every reconcile: nothing looks for the one made before`
	return ctrl.Result{}, nil
}

// Negatives.

type SafeReconciler struct{ client.Client }

func (r *SafeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	// N2003a: looked up first.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-cfg", Namespace: req.Namespace}}
	err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm)
	if apierrors.IsNotFound(err) {
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	} else if err != nil {
		return ctrl.Result{}, err
	}
	// The failure branch of the Get.
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := r.Get(ctx, client.ObjectKeyFromObject(sec), sec); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, sec); err != nil {
			return ctrl.Result{}, err
		}
	}
	// AlreadyExists tested.
	sa := &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := r.Create(ctx, sa); err != nil && !apierrors.IsAlreadyExists(err) {
		return ctrl.Result{}, err
	}
	// IgnoreAlreadyExists.
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	if err := client.IgnoreAlreadyExists(r.Create(ctx, svc)); err != nil {
		return ctrl.Result{}, err
	}
	// CreateOrUpdate.
	cm2 := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-2", Namespace: req.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm2, func() error { return nil }); err != nil {
		return ctrl.Result{}, err
	}
	// The error is only logged.
	cm3 := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-3", Namespace: req.Namespace}}
	if err := r.Create(ctx, cm3); err != nil {
		fmt.Println(err)
	}
	return ctrl.Result{}, nil
}

// Not reachable from a reconcile root.
func standalone(ctx context.Context, c client.Client) error {
	return c.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: "x"}})
}

// objectStore is a project's own cache wrapper (an informer factory of
// its own): its Get answers NotFound like the API.
type objectStore interface {
	Get(key string) (client.Object, error)
}

// N: the existence check goes through the project's cache wrapper; its
// NotFound error says the object was looked up.
type WrapperReconciler struct {
	client.Client
	store objectStore
}

func (r *WrapperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_, err := r.store.Get(req.Namespace + "/" + req.Name + "-cm")
	if err != nil && !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	exists := !apierrors.IsNotFound(err)
	if !exists {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-cm", Namespace: req.Namespace}}
		return ctrl.Result{}, r.Create(ctx, cm)
	}
	return ctrl.Result{}, nil
}

// P: the same Create after a store lookup whose error is not tested for
// NotFound: nothing decides it.
type UncheckedStoreReconciler struct {
	client.Client
	store objectStore
}

func (r *UncheckedStoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := r.store.Get(req.Namespace + "/" + req.Name + "-cm"); err == nil {
		r.store = nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-cm", Namespace: req.Namespace}}
	return ctrl.Result{}, r.Create(ctx, cm) // want `createnotidempotent: the AlreadyExists error of this Create is returned`
}

// N: the same lookup, its NotFound told apart with client.IgnoreNotFound.
type IgnoreStoreReconciler struct {
	client.Client
	store objectStore
}

func (r *IgnoreStoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	_, err := r.store.Get(req.Namespace + "/" + req.Name + "-cm")
	if client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	if err != nil {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-cm", Namespace: req.Namespace}}
		return ctrl.Result{}, r.Create(ctx, cm)
	}
	return ctrl.Result{}, nil
}
