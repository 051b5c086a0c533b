// Package creates: Creates sent on every pass, their AlreadyExists taken
// as success (RL2001), and Creates a lookup decides (silent).
package creates

import (
	"context"

	"uw/api"
	"uw/creates/ensure"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func account(w *api.Widget) *corev1.ServiceAccount {
	return &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-sa", Namespace: w.Namespace}}
}

// The Create's error is tested for AlreadyExists in a nested branch.
type NestedTestReconciler struct{ client.Client }

func (r *NestedTestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Create(ctx, account(&w)); err != nil { // want `unconditionalwrite: Create of the ServiceAccount is sent on every reconcile: nothing looks the object up first`
		if !apierrors.IsAlreadyExists(err) {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Steps in a slice of method values, each taking AlreadyExists as success
// through client.IgnoreAlreadyExists; a spec switch before the loop decides
// nothing about the objects.
type StepsReconciler struct{ client.Client }

func (r *StepsReconciler) service(ctx context.Context, w *api.Widget) error {
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	return client.IgnoreAlreadyExists(r.Create(ctx, svc)) // want `unconditionalwrite: Create of the Service is sent on every reconcile`
}

func (r *StepsReconciler) config(ctx context.Context, w *api.Widget) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	err := r.Create(ctx, cm) // want `unconditionalwrite: Create of the ConfigMap is sent on every reconcile`
	if err == nil || apierrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}

func (r *StepsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Replicas == 0 {
		return ctrl.Result{}, nil
	}
	for _, step := range []func(context.Context, *api.Widget) error{r.service, r.config} {
		if err := step(ctx, &w); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// A typed clientset: the error is the second result.
type TypedReconciler struct {
	client.Client
	Kube kubernetes.Interface
}

func (r *TypedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sec := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-token", Namespace: w.Namespace}}
	if _, err := r.Kube.CoreV1().Secrets(w.Namespace).Create(ctx, sec, metav1.CreateOptions{}); err != nil && !apierrors.IsAlreadyExists(err) { // want `unconditionalwrite: Create of the Secret is sent on every reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A helper of another package that takes AlreadyExists as success: the
// finding is at its call.
type LibReconciler struct{ client.Client }

func (r *LibReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, ensure.Tolerant(ctx, r.Client, account(&w)) // want `unconditionalwrite: Tolerant creates the ServiceAccount on every reconcile`
}

// Negatives.

// The Create runs only when the Get said NotFound; AlreadyExists is
// still taken as success, for a cache that lags.
type LookupFirstReconciler struct{ client.Client }

func (r *LookupFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sa := account(&w)
	err := r.Get(ctx, client.ObjectKeyFromObject(sa), &corev1.ServiceAccount{})
	if apierrors.IsNotFound(err) {
		return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, sa))
	}
	return ctrl.Result{}, err
}

// The helper is called only on the NotFound branch of the caller's Get.
type HelperAfterLookupReconciler struct{ client.Client }

func (r *HelperAfterLookupReconciler) create(ctx context.Context, sa *corev1.ServiceAccount) error {
	if err := r.Create(ctx, sa); err != nil && !apierrors.IsAlreadyExists(err) {
		return err
	}
	return nil
}

func (r *HelperAfterLookupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sa := account(&w)
	if err := r.Get(ctx, client.ObjectKeyFromObject(sa), &corev1.ServiceAccount{}); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, r.create(ctx, sa)
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A List found no child: the Create is decided by observed state.
type ListFirstReconciler struct{ client.Client }

func (r *ListFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var accounts corev1.ServiceAccountList
	if err := r.List(ctx, &accounts, client.InNamespace(w.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	if len(accounts.Items) == 0 {
		return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, account(&w)))
	}
	return ctrl.Result{}, nil
}

// The helper of another package looks the object up itself.
type LibLookupReconciler struct{ client.Client }

func (r *LibLookupReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, ensure.Missing(ctx, r.Client, account(&w))
}

// Errors ignored altogether say nothing of what the code expects; a
// returned AlreadyExists fails the pass (RL2003's), and CreateOrUpdate
// reads first.
type OtherHandlingReconciler struct{ client.Client }

func (r *OtherHandlingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_ = r.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-hint", Namespace: w.Namespace}})
	sa := account(&w)
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, sa, func() error { return nil }); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}})
}

// A Create a status flag decides, which the same pass then records: the
// next pass skips it.
type BootstrapOnceReconciler struct{ client.Client }

func (r *BootstrapOnceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Status.Phase == "" {
		if err := client.IgnoreAlreadyExists(r.Create(ctx, account(&w))); err != nil {
			return ctrl.Result{}, err
		}
		w.Status.Phase = "Bootstrapped"
		return ctrl.Result{}, r.Status().Update(ctx, &w)
	}
	return ctrl.Result{}, nil
}

// A GenerateName Create is RL2003's: it cannot fail with AlreadyExists.
type GeneratedReconciler struct{ client.Client }

func (r *GeneratedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{GenerateName: w.Name + "-", Namespace: w.Namespace}}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, cm))
}
