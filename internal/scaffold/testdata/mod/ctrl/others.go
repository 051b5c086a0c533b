package ctrl

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	"example.com/op/api/v1"
	"example.com/op/noscheme"
)

// NodeReconciler is an ObjectReconciler of a built-in cluster-scoped kind.
type NodeReconciler struct{ C client.Client }

// Reconcile reconciles a Node.
func (r *NodeReconciler) Reconcile(context.Context, *corev1.Node) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// SetupWithManager wires it.
func (r *NodeReconciler) SetupWithManager(mgr manager.Manager) error {
	return builder.ControllerManagedBy(mgr).For(&corev1.Node{}).Complete(r)
}

type key struct{ name string }

// TypedReconciler reconciles typed requests.
type TypedReconciler struct{}

// Reconcile reconciles a key.
func (TypedReconciler) Reconcile(context.Context, key) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// NoSetupReconciler has no SetupWithManager.
type NoSetupReconciler struct{}

// Reconcile reconciles.
func (NoSetupReconciler) Reconcile(context.Context, reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// NoForReconciler's builder has no For.
type NoForReconciler struct{}

// Reconcile reconciles.
func (NoForReconciler) Reconcile(context.Context, reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// SetupWithManager wires it without For.
func (r NoForReconciler) SetupWithManager(mgr manager.Manager) error {
	return builder.ControllerManagedBy(mgr).Owns(&v1.Widget{}).Complete(r)
}

// GadgetReconciler's kind has no AddToScheme.
type GadgetReconciler struct{}

// Reconcile reconciles.
func (GadgetReconciler) Reconcile(context.Context, reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// SetupWithManager wires it.
func (r GadgetReconciler) SetupWithManager(mgr manager.Manager) error {
	return builder.ControllerManagedBy(mgr).For(&noscheme.Gadget{}).Complete(r)
}

// TakenReconciler's test name is taken.
type TakenReconciler struct{}

// Reconcile reconciles.
func (TakenReconciler) Reconcile(context.Context, reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// SetupWithManager wires it.
func (r TakenReconciler) SetupWithManager(mgr manager.Manager) error {
	return builder.ControllerManagedBy(mgr).For(&v1.Widget{}).Complete(r)
}
