package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/workqueue"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const (
	// propagateLabel marks a source ConfigMap to copy.
	propagateLabel = "apps.example.com/propagate"
	// injectLabel marks a namespace that receives the copies.
	injectLabel = "apps.example.com/inject-shared-config"

	propagatedFromAnnotation = "apps.example.com/propagated-from"
	contentHashAnnotation    = "apps.example.com/content-hash"
	propagatorFinalizer      = "apps.example.com/propagated-copies"
)

// ConfigMapPropagatorReconciler copies every ConfigMap labelled
// apps.example.com/propagate=true into the namespaces labelled
// apps.example.com/inject-shared-config=true, and removes the copies when the
// source is deleted.
type ConfigMapPropagatorReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create;update;delete
// +kubebuilder:rbac:groups="",resources=namespaces,verbs=get;list;watch

// Reconcile syncs the copies of one source ConfigMap.
func (r *ConfigMapPropagatorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var src corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &src); err != nil {
		// A deleted source needs no work: its finalizer already ran.
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if src.Labels[propagateLabel] != "true" && !controllerutil.ContainsFinalizer(&src, propagatorFinalizer) {
		return ctrl.Result{}, nil
	}

	var namespaces corev1.NamespaceList
	if err := r.List(ctx, &namespaces, client.MatchingLabels{injectLabel: "true"}); err != nil {
		return ctrl.Result{}, err
	}

	if !src.DeletionTimestamp.IsZero() || src.Labels[propagateLabel] != "true" {
		for _, ns := range namespaces.Items {
			dst := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: src.Name, Namespace: ns.Name}}
			if err := r.Delete(ctx, dst); client.IgnoreNotFound(err) != nil {
				return ctrl.Result{}, err
			}
		}
		if controllerutil.RemoveFinalizer(&src, propagatorFinalizer) {
			if err := r.Update(ctx, &src); err != nil {
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}

	if controllerutil.AddFinalizer(&src, propagatorFinalizer) {
		if err := r.Update(ctx, &src); err != nil {
			return ctrl.Result{}, err
		}
	}

	hash, err := hashOf(src.Data)
	if err != nil {
		return ctrl.Result{}, err
	}
	for _, ns := range namespaces.Items {
		if ns.Name == src.Namespace {
			continue
		}
		if err := r.syncCopy(ctx, &src, ns.Name, hash); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// syncCopy makes the copy of src in namespace current. The content hash
// annotation records which version of the source the copy holds, so an
// up-to-date copy is not written again.
func (r *ConfigMapPropagatorReconciler) syncCopy(ctx context.Context, src *corev1.ConfigMap, namespace, hash string) error {
	var dst corev1.ConfigMap
	err := r.Get(ctx, client.ObjectKey{Namespace: namespace, Name: src.Name}, &dst)
	if apierrors.IsNotFound(err) {
		return client.IgnoreAlreadyExists(r.Create(ctx, propagatedCopy(src, namespace, hash)))
	}
	if err != nil {
		return err
	}
	if dst.Annotations[contentHashAnnotation] == hash {
		return nil
	}
	metav1.SetMetaDataAnnotation(&dst.ObjectMeta, contentHashAnnotation, hash)
	dst.Data = src.Data
	return r.Update(ctx, &dst)
}

func propagatedCopy(src *corev1.ConfigMap, namespace, hash string) *corev1.ConfigMap {
	return &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{
			Name:      src.Name,
			Namespace: namespace,
			Annotations: map[string]string{
				propagatedFromAnnotation: src.Namespace + "/" + src.Name,
				contentHashAnnotation:    hash,
			},
		},
		Data: src.Data,
	}
}

// SetupWithManager sets up the controller with the Manager.
func (r *ConfigMapPropagatorReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("configmap-propagator").
		For(&corev1.ConfigMap{}).
		// Skip resyncs and no-op updates.
		WithEventFilter(predicate.GenerationChangedPredicate{}). // BUG(RL4001): ConfigMaps never set metadata.generation, so every update is dropped, including the deletion mark: the finalizer only runs after a controller restart
		Watches(&corev1.Namespace{}, handler.Funcs{
			CreateFunc: func(ctx context.Context, e event.CreateEvent, _ workqueue.TypedRateLimitingInterface[reconcile.Request]) {
				if e.Object.GetLabels()[injectLabel] != "true" {
					return
				}
				// Seed the new namespace right away instead of waiting for
				// the next change to a source.
				var sources corev1.ConfigMapList
				if err := r.List(ctx, &sources, client.MatchingLabels{propagateLabel: "true"}); err != nil {
					return
				}
				for i := range sources.Items {
					src := &sources.Items[i]
					hash, _ := hashOf(src.Data)
					if err := r.Create(ctx, propagatedCopy(src, e.Object.GetName(), hash)); err != nil { // BUG(RL3002): a write in an event handler runs once per event, with no retry; an error here is lost for good
						logf.FromContext(ctx).Error(err, "unable to seed namespace", "namespace", e.Object.GetName())
					}
				}
			},
		}).
		Complete(r)
}
