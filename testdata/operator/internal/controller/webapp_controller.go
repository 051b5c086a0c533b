package controller

import (
	"context"
	"fmt"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	appsv1alpha1 "github.com/reconcilelint/example-operator/api/v1alpha1"
)

// WebAppReconciler reconciles a WebApp object: a Deployment running the
// application and a ConfigMap with its configuration.
type WebAppReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=apps.example.com,resources=webapps,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps.example.com,resources=webapps/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch;create;update;patch
// +kubebuilder:rbac:groups="",resources=configmaps,verbs=get;list;watch;create

// Reconcile brings a WebApp to its desired state.
func (r *WebAppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	start := time.Now()
	defer func() {
		ctrl.LoggerFrom(ctx).V(1).Info("reconciled WebApp", "name", req.Name, "duration", time.Since(start))
	}()
	var app appsv1alpha1.WebApp
	if err := r.Get(ctx, req.NamespacedName, &app); err != nil {
		return ctrl.Result{}, fmt.Errorf("get webapp: %w", err) // BUG(RL5001): %w keeps the NotFound of a deleted WebApp, which is then retried forever; wrap in client.IgnoreNotFound
	}
	labels := map[string]string{instanceLabel: app.Name, componentLabel: "web"}

	// Render the initial configuration once; operators tune it in place
	// afterwards.
	var configMaps corev1.ConfigMapList
	if err := r.List(ctx, &configMaps, client.InNamespace(app.Namespace), client.MatchingLabels(labels)); err != nil {
		return ctrl.Result{}, err
	}
	if len(configMaps.Items) == 0 {
		cm := &corev1.ConfigMap{
			ObjectMeta: metav1.ObjectMeta{Name: app.Name + "-config", Namespace: app.Namespace, Labels: labels},
			Data:       app.Spec.Config,
		}
		if err := ctrl.SetControllerReference(&app, cm, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		// Not RL2003: the List above is an existence check. A List (like a Get)
		// served from a cache that lags behind the previous Create can still
		// miss the ConfigMap once, and the AlreadyExists of that pass is
		// retried and settles; client.IgnoreAlreadyExists would avoid even that.
		if err := r.Create(ctx, cm); err != nil {
			return ctrl.Result{}, err
		}
	}

	app.Status.ConfigMaps = nil
	for _, cm := range configMaps.Items {
		app.Status.ConfigMaps = append(app.Status.ConfigMaps, cm.Name) // BUG(RL1002): the cache lists in the order of its map, so the names change order between reconciles and every status write is a change
	}

	dep := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error {
		if dep.CreationTimestamp.IsZero() {
			dep.Spec.Selector = &metav1.LabelSelector{MatchLabels: labels}
		}
		dep.Spec.Replicas = app.Spec.Replicas
		dep.Spec.Template.Labels = labels
		// Restart the pods so that they pick up edits to the ConfigMap.
		metav1.SetMetaDataAnnotation(&dep.Spec.Template.ObjectMeta, "kubectl.kubernetes.io/restartedAt", time.Now().Format(time.RFC3339)) // BUG(RL1001): a new timestamp on every reconcile defeats CreateOrUpdate's comparison: every reconcile updates the Deployment and rolls out the pods

		var env []corev1.EnvVar
		for name, value := range app.Spec.Env {
			env = append(env, corev1.EnvVar{Name: name, Value: value}) // BUG(RL1002): env order follows map iteration, so the pod template changes (and rolls out) whenever the order does
		}
		dep.Spec.Template.Spec.Containers = []corev1.Container{{
			Name:                     "web",
			Image:                    app.Spec.Image,
			Env:                      env,
			Ports:                    []corev1.ContainerPort{{Name: "http", ContainerPort: 8080, Protocol: corev1.ProtocolTCP}},
			VolumeMounts:             []corev1.VolumeMount{{Name: "config", MountPath: "/etc/webapp"}},
			ImagePullPolicy:          corev1.PullIfNotPresent,
			TerminationMessagePath:   corev1.TerminationMessagePathDefault,
			TerminationMessagePolicy: corev1.TerminationMessageReadFile,
		}}
		dep.Spec.Template.Spec.Volumes = []corev1.Volume{{
			Name: "config",
			VolumeSource: corev1.VolumeSource{ConfigMap: &corev1.ConfigMapVolumeSource{
				LocalObjectReference: corev1.LocalObjectReference{Name: app.Name + "-config"},
			}},
		}}
		return controllerutil.SetControllerReference(&app, dep, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}

	app.Status.ObservedGeneration = app.Generation
	app.Status.AvailableReplicas = dep.Status.AvailableReplicas
	app.Status.LastReconcileTime = metav1.Now()          // BUG(RL1001): a fresh timestamp makes every status write a real change
	if err := r.Status().Update(ctx, &app); err != nil { // BUG(RL2001): status is written on every reconcile with no comparison against what was read
		// Conflicts are common here; try again shortly.
		return ctrl.Result{RequeueAfter: 5 * time.Second}, err // BUG(RL5002): the RequeueAfter is ignored when the error is non-nil
	}

	// Keep AvailableReplicas fresh while the rollout progresses.
	return ctrl.Result{RequeueAfter: 500 * time.Millisecond}, nil // BUG(RL5003): an unconditional 500ms requeue on the success path polls every WebApp twice a second forever
}

// SetupWithManager sets up the controller with the Manager.
func (r *WebAppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		// WebApp has no finalizer, so a generation-only filter is safe here.
		For(&appsv1alpha1.WebApp{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Owns(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}).
		Named("webapp").
		Complete(r)
}
