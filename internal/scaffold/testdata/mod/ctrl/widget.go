// Package ctrl holds the reconcilers the scaffold's tests scaffold.
package ctrl

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"

	widgetsv1 "example.com/op/api/v1"
)

// verify takes the name of the verify import: the test imports it as
// verify2.
var verify = "taken"

// WidgetReconciler has fields main.go sets from the manager and one it
// does not.
type WidgetReconciler struct {
	client.Client
	Scheme   *runtime.Scheme
	Recorder record.EventRecorder
	Reader   client.Reader
	Greeting string
}

// Reconcile reconciles a Widget.
func (r *WidgetReconciler) Reconcile(context.Context, reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// SetupWithManager wires it.
func (r *WidgetReconciler) SetupWithManager(mgr manager.Manager) error {
	return builder.ControllerManagedBy(mgr).For(&widgetsv1.Widget{}).Owns(&corev1.ConfigMap{}).Complete(r)
}

// ClusterReconciler reconciles a cluster-scoped custom kind, with a value
// receiver.
type ClusterReconciler struct{ client.Client }

// Reconcile reconciles a Cluster.
func (ClusterReconciler) Reconcile(context.Context, reconcile.Request) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// SetupWithManager wires it.
func (r ClusterReconciler) SetupWithManager(mgr manager.Manager) error {
	return builder.ControllerManagedBy(mgr).For(&widgetsv1.Cluster{}).Complete(r)
}
