// Package sample is a reconciler that imports many stub packages.
package sample

import (
	"context"
	"time"

	"github.com/go-logr/logr"
	"github.com/google/go-cmp/cmp"
	"github.com/google/uuid"
	appsv1 "k8s.io/api/apps/v1"
	batchv1 "k8s.io/api/batch/v1"
	coordinationv1 "k8s.io/api/coordination/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/intstr"
	"k8s.io/apimachinery/pkg/util/rand"
	"k8s.io/apimachinery/pkg/util/sets"
	kuuid "k8s.io/apimachinery/pkg/util/uuid"
	"k8s.io/apimachinery/pkg/watch"
	"k8s.io/client-go/tools/cache"
	"k8s.io/client-go/util/workqueue"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

const finalizer = "example.com/finalizer"

// Reconciler reconciles Deployments.
type Reconciler struct {
	client.Client
	Scheme *runtime.Scheme
	Log    logr.Logger
}

var _ reconcile.Reconciler = &Reconciler{}

// Reconcile implements reconcile.Reconciler.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	logger := log.FromContext(ctx).WithValues("id", controller.ReconcileIDFromContext(ctx))
	var dep appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !dep.DeletionTimestamp.IsZero() {
		if controllerutil.RemoveFinalizer(&dep, finalizer) { // want `call to RemoveFinalizer`
			return ctrl.Result{}, r.Update(ctx, &dep)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(&dep, finalizer) { // want `call to AddFinalizer`
		if err := r.Update(ctx, &dep); err != nil {
			return ctrl.Result{}, err
		}
	}

	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: dep.Name, Namespace: dep.Namespace}}
	op, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		metav1.SetMetaDataLabel(&cm.ObjectMeta, "app", dep.Name)
		cm.Data = map[string]string{"id": uuid.NewString(), "rand": rand.String(5), "uid": string(kuuid.NewUUID())}
		return controllerutil.SetControllerReference(&dep, cm, r.Scheme)
	})
	if err != nil && !apierrors.IsConflict(err) {
		return ctrl.Result{}, err
	}
	logger.Info("configmap", "op", op)

	patch := client.MergeFrom(dep.DeepCopy())
	dep.Spec.Replicas = ptr.To[int32](2)
	if err := r.Patch(ctx, &dep, patch); err != nil {
		return ctrl.Result{}, err
	}

	conds := []metav1.Condition{}
	meta.SetStatusCondition(&conds, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue, LastTransitionTime: metav1.Now()})
	if meta.IsStatusConditionTrue(conds, "Ready") && equality.Semantic.DeepEqual(conds, conds) && cmp.Equal(conds, conds) {
		logger.V(1).Info("ready")
	}

	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(req.Namespace), client.MatchingLabels{"app": dep.Name}, client.UnsafeDisableDeepCopy); err != nil {
		return ctrl.Result{}, err
	}
	names := sets.New[string]()
	for i := range pods.Items {
		names.Insert(pods.Items[i].Name)
	}
	_ = sets.List(names)
	_ = labels.SelectorFromSet(labels.Set{"a": "b"})
	_ = resource.MustParse("100m")
	_ = intstr.FromInt32(80)
	_ = types.NamespacedName{}
	_ = watch.Added
	_ = &batchv1.Job{}
	_ = &coordinationv1.Lease{}
	_ = &unstructured.Unstructured{}
	_, _ = cache.MetaNamespaceKeyFunc(&dep)
	_ = workqueue.NewTypedRateLimitingQueue(workqueue.DefaultTypedControllerRateLimiter[reconcile.Request]())
	if err := r.Status().Update(ctx, &dep); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// SetupWithManager registers the reconciler.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&corev1.ConfigMap{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
			return []reconcile.Request{{NamespacedName: client.ObjectKeyFromObject(o)}}
		})).
		WatchesRawSource(source.Kind(mgr.GetCache(), &corev1.Pod{}, &handler.TypedEnqueueRequestForObject[*corev1.Pod]{})).
		WithEventFilter(predicate.Or(predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{})).
		WithEventFilter(predicate.Funcs{UpdateFunc: func(e event.UpdateEvent) bool { return true }}).
		Named("sample").
		Complete(r)
}
