package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// nodeStorageFinalizer holds a storage Node until its local volumes are
// released.
const nodeStorageFinalizer = "apps.example.com/node-storage"

// storageLabel marks the Nodes whose local volumes this controller manages.
const storageLabel = "apps.example.com/storage"

// volumeNodeLabel names the Node a local PersistentVolume lives on.
const volumeNodeLabel = "apps.example.com/node"

// NodeStorageReconciler keeps a finalizer on storage Nodes and releases
// their volumes when a Node is deleted.
type NodeStorageReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups="",resources=nodes,verbs=get;list;watch;update
// +kubebuilder:rbac:groups="",resources=persistentvolumes,verbs=deletecollection

// Reconcile adds the finalizer to storage Nodes and removes it once a
// deleted Node's volumes are released.
func (r *NodeStorageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var node corev1.Node
	if err := r.Get(ctx, req.NamespacedName, &node); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if node.Labels[storageLabel] != "true" {
		return ctrl.Result{}, nil
	}
	if !node.DeletionTimestamp.IsZero() {
		if err := r.releaseVolumes(ctx, &node); err != nil {
			logf.FromContext(ctx).Error(err, "releasing local volumes", "node", node.Name)
		}
		if controllerutil.RemoveFinalizer(&node, nodeStorageFinalizer) {
			return ctrl.Result{}, r.Update(ctx, &node) // BUG(RL7001): a failed release is only logged, then the finalizer goes: nothing retries it and the volumes leak
		}
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(&node, nodeStorageFinalizer)
	return ctrl.Result{}, r.Update(ctx, &node) // BUG(RL2001): AddFinalizer's result is ignored, so every pass sends an Update of an unchanged Node
}

// releaseVolumes deletes the local PersistentVolumes of a Node.
func (r *NodeStorageReconciler) releaseVolumes(ctx context.Context, node *corev1.Node) error {
	return r.DeleteAllOf(ctx, &corev1.PersistentVolume{}, client.MatchingLabels{volumeNodeLabel: node.Name})
}

// SetupWithManager sets up the controller with the Manager.
func (r *NodeStorageReconciler) SetupWithManager(mgr ctrl.Manager) error {
	changesOnly := predicate.Funcs{
		CreateFunc: func(event.CreateEvent) bool { return false },
		DeleteFunc: func(event.DeleteEvent) bool { return false },
	}
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Node{}).
		WithEventFilter(changesOnly). // BUG(RL3001): Nodes that exist when the controller starts arrive as Create events and are dropped: a Node deleted while the controller was down keeps its finalizer
		Complete(r)
}
