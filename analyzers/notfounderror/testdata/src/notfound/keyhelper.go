package notfound

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"notfound/helpers"
)

// Keys made by a helper of the package: the key is the request's when the
// helper builds it from the request's fields.

// keyOf builds a key from a namespace and a name.
func keyOf(namespace, name string) types.NamespacedName {
	var k types.NamespacedName
	k.Namespace = namespace
	k.Name = name
	return k
}

// configKey names the operator's own configuration, whatever is requested.
func configKey(namespace string) client.ObjectKey {
	return client.ObjectKey{Namespace: namespace, Name: "operator-config"}
}

type KeyHelperReconciler struct{ client.Client }

func (r *KeyHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var sa corev1.ServiceAccount
	if err := r.Get(ctx, keyOf(req.Namespace, req.Name), &sa); err != nil {
		return ctrl.Result{}, err // want `notfounderror`
	}
	return ctrl.Result{}, nil
}

// The configuration is not the requested object: its NotFound is an
// error to retry (not reported).
type ConfigKeyReconciler struct{ client.Client }

func (r *ConfigKeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, configKey(req.Namespace), &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A key made by a function of another package from the request's fields
// (its fact): the requested object.
type OtherPkgKeyReconciler struct{ client.Client }

func (r *OtherPkgKeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var sa corev1.ServiceAccount
	if err := r.Get(ctx, helpers.RequestKey(req.Namespace, req.Name), &sa); err != nil {
		return ctrl.Result{}, err // want `notfounderror`
	}
	return ctrl.Result{}, nil
}

// A key of another package's making that names a fixed object (not
// reported).
type OtherPkgSharedReconciler struct{ client.Client }

func (r *OtherPkgSharedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, helpers.SharedKey(req.Namespace), &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
