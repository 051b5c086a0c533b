package controller

import (
	"context"
	"fmt"
	"slices"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	appsv1alpha1 "github.com/reconcilelint/example-operator/api/v1alpha1"
)

const memcachedFinalizer = "apps.example.com/memcached-finalizer"

// Definitions to manage status conditions.
const (
	// typeAvailableMemcached represents the status of the Deployment reconciliation.
	typeAvailableMemcached = "Available"
)

// MemcachedReconciler reconciles a Memcached object. It follows the
// operator-sdk memcached-operator sample, with every write guarded so that a
// reconcile of an up-to-date Memcached issues no requests at all.
type MemcachedReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=apps.example.com,resources=memcacheds,verbs=get;list;watch;create;update;patch;delete
// +kubebuilder:rbac:groups=apps.example.com,resources=memcacheds/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=apps.example.com,resources=memcacheds/finalizers,verbs=update
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch;delete

// Reconcile moves the cluster towards the state described by the Memcached.
func (r *MemcachedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)

	memcached := &appsv1alpha1.Memcached{}
	if err := r.Get(ctx, req.NamespacedName, memcached); err != nil {
		if apierrors.IsNotFound(err) {
			// The object was deleted after the request was queued. Owned
			// objects are garbage collected, so there is nothing left to do.
			log.Info("memcached resource not found. Ignoring since object must be deleted")
			return ctrl.Result{}, nil
		}
		log.Error(err, "Failed to get memcached")
		return ctrl.Result{}, err
	}

	if !memcached.DeletionTimestamp.IsZero() {
		if controllerutil.ContainsFinalizer(memcached, memcachedFinalizer) {
			// Owned objects are garbage collected; the finalizer only
			// makes sure the deletion is logged before the object goes.
			log.Info("Finalizing Memcached before deletion")
			// RemoveFinalizer reports whether it changed anything, so the
			// Update below is sent at most once.
			if controllerutil.RemoveFinalizer(memcached, memcachedFinalizer) {
				if err := r.Update(ctx, memcached); err != nil {
					return ctrl.Result{}, err
				}
			}
		}
		return ctrl.Result{}, nil
	}

	// AddFinalizer is a no-op (and returns false) once the finalizer is present.
	if controllerutil.AddFinalizer(memcached, memcachedFinalizer) {
		if err := r.Update(ctx, memcached); err != nil {
			log.Error(err, "Failed to add finalizer")
			return ctrl.Result{}, err
		}
	}

	dep, err := r.deploymentForMemcached(memcached)
	if err != nil {
		return ctrl.Result{}, err
	}
	found := &appsv1.Deployment{}
	err = r.Get(ctx, client.ObjectKeyFromObject(dep), found)
	if apierrors.IsNotFound(err) {
		// Create only after a NotFound from a Get of the same key.
		log.Info("Creating a new Deployment", "Deployment.Namespace", dep.Namespace, "Deployment.Name", dep.Name)
		if err := r.Create(ctx, dep); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	} else if err != nil {
		return ctrl.Result{}, err
	}

	// Scale the Deployment only when the observed size differs. The API
	// server defaults spec.replicas, so it is never nil on a read object.
	size := memcached.Spec.Size
	if *found.Spec.Replicas != size {
		found.Spec.Replicas = ptr.To(size)
		if err := r.Update(ctx, found); err != nil {
			log.Error(err, "Failed to update Deployment")
			return ctrl.Result{}, err
		}
	}

	// SetStatusCondition only bumps LastTransitionTime when the status flips,
	// and reports whether anything changed, so this write is idempotent.
	if meta.SetStatusCondition(&memcached.Status.Conditions, metav1.Condition{
		Type:               typeAvailableMemcached,
		Status:             metav1.ConditionTrue,
		Reason:             "Reconciling",
		Message:            fmt.Sprintf("Deployment for custom resource (%s) with %d replicas created successfully", memcached.Name, size),
		ObservedGeneration: memcached.Generation,
		LastTransitionTime: metav1.Now(),
	}) {
		if err := r.Status().Update(ctx, memcached); err != nil {
			log.Error(err, "Failed to update Memcached status")
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// deploymentForMemcached returns a freshly built desired Deployment.
func (r *MemcachedReconciler) deploymentForMemcached(memcached *appsv1alpha1.Memcached) (*appsv1.Deployment, error) {
	ls := map[string]string{
		"app.kubernetes.io/name":       "memcached",
		"app.kubernetes.io/instance":   memcached.Name,
		"app.kubernetes.io/managed-by": "example-operator",
	}
	dep := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: memcached.Name, Namespace: memcached.Namespace},
		Spec: appsv1.DeploymentSpec{
			Replicas: ptr.To(memcached.Spec.Size),
			Selector: &metav1.LabelSelector{MatchLabels: ls},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: ls},
				Spec: corev1.PodSpec{
					SecurityContext: &corev1.PodSecurityContext{RunAsNonRoot: ptr.To(true)},
				},
			},
		},
	}
	// Appending to a freshly built object is fine: it starts empty every time.
	dep.Spec.Template.Spec.Containers = append(dep.Spec.Template.Spec.Containers, corev1.Container{
		Name:    "memcached",
		Image:   memcached.Spec.Image,
		Command: []string{"memcached", "--memory-limit=64", "-o", "modern", "-v"},
		Ports:   []corev1.ContainerPort{{ContainerPort: 11211, Name: "memcached"}},
	})
	if err := ctrl.SetControllerReference(memcached, dep, r.Scheme); err != nil {
		return nil, err
	}
	return dep, nil
}

// finalizersOrDeletionChanged passes the updates GenerationChangedPredicate
// drops but a finalizer-managing reconciler must see.
var finalizersOrDeletionChanged = predicate.Funcs{
	UpdateFunc: func(e event.UpdateEvent) bool {
		return !e.ObjectNew.GetDeletionTimestamp().IsZero() ||
			!slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers())
	},
}

// SetupWithManager sets up the controller with the Manager.
func (r *MemcachedReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		// Ignore our own status writes, but never filter out deletion or
		// finalizer changes: this reconciler owns a finalizer.
		For(&appsv1alpha1.Memcached{}, builder.WithPredicates(predicate.Or(predicate.GenerationChangedPredicate{}, finalizersOrDeletionChanged))).
		Owns(&appsv1.Deployment{}).
		Named("memcached").
		Complete(r)
}
