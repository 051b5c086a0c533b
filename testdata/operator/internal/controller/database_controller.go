package controller

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	kbatch "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/utils/ptr"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	appsv1alpha1 "github.com/reconcilelint/example-operator/api/v1alpha1"
)

const (
	// databaseFinalizer guards the data volumes: StatefulSet PVCs are not
	// garbage collected with their owner.
	databaseFinalizer = "apps.example.com/database-volumes"
	// backupFinalizer belongs to the backup operator, which takes a final
	// snapshot of a Database before letting it go.
	backupFinalizer = "backup.example.com/final-snapshot"
	// credentialsHashAnnotation rolls the pods when the credentials change.
	credentialsHashAnnotation = "apps.example.com/credentials-hash"
	// pausedAnnotation stops reconciliation while an operator repairs a
	// database by hand.
	pausedAnnotation = "apps.example.com/paused"

	instanceLabel  = "app.kubernetes.io/instance"
	componentLabel = "app.kubernetes.io/component"
)

// DatabaseReconciler reconciles a Database object: a PostgreSQL StatefulSet,
// a one-off schema bootstrap Job and the cleanup of the data volumes.
type DatabaseReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

// +kubebuilder:rbac:groups=apps.example.com,resources=databases,verbs=get;list;watch;update;patch
// +kubebuilder:rbac:groups=apps.example.com,resources=databases/status,verbs=get;update;patch
// +kubebuilder:rbac:groups=apps.example.com,resources=databases/finalizers,verbs=update
// +kubebuilder:rbac:groups=apps,resources=statefulsets,verbs=get;list;watch;create;update;patch
// +kubebuilder:rbac:groups=batch,resources=jobs,verbs=get;list;watch;create
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get;list;watch
// +kubebuilder:rbac:groups="",resources=persistentvolumeclaims,verbs=list;deletecollection

// Reconcile brings a Database to its desired state.
func (r *DatabaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	// Bound the whole pass; the deferred cancel must not hide what it returns.
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()

	var db appsv1alpha1.Database
	if err := r.Get(ctx, req.NamespacedName, &db); err != nil {
		log.Error(err, "unable to fetch Database")
		return ctrl.Result{}, err // BUG(RL5001): NotFound for a deleted Database is returned, so the gone key is retried with backoff forever
	}

	if db.Annotations[pausedAnnotation] == "true" && db.DeletionTimestamp.IsZero() {
		log.Info("reconciliation paused")
		return ctrl.Result{}, nil
	}

	if !db.DeletionTimestamp.IsZero() {
		// The backup operator must take its final snapshot while the
		// volumes still exist.
		if controllerutil.ContainsFinalizer(&db, backupFinalizer) {
			log.Info("waiting for the final backup before releasing the volumes")
			return ctrl.Result{}, nil
		}
		if err := r.DeleteAllOf(ctx, &corev1.PersistentVolumeClaim{}, client.InNamespace(db.Namespace),
			client.MatchingLabels{instanceLabel: db.Name}); err != nil {
			return ctrl.Result{}, err
		}
		if controllerutil.RemoveFinalizer(&db, databaseFinalizer) {
			if err := r.Update(ctx, &db); err != nil { // the claims may still be terminating (pvc-protection), but the cluster finishes that; waiting for claims the database's own pods mount would hold the deletion for ever
				return ctrl.Result{}, err
			}
		}
		return ctrl.Result{}, nil
	}

	// First reconcile of a new Database: register the finalizer and move it
	// to Pending.
	if db.Status.Phase == "" {
		db.Finalizers = append(db.Finalizers, databaseFinalizer) // BUG(RL2004): no membership test; because Phase never sticks (below) the finalizer is appended again on every reconcile
		db.Status.Phase = appsv1alpha1.DatabasePending
		if err := r.Update(ctx, &db); err != nil { // BUG(RL2002): Database has a status subresource, so the main-resource Update drops Status.Phase
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}

	storage, err := resource.ParseQuantity(db.Spec.Storage)
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("invalid spec.storage %q: %w", db.Spec.Storage, err) // BUG(RL5004): a malformed spec is retried forever instead of returning reconcile.TerminalError
	}

	// The credentials Secret is a secondary object supplied by the user. It
	// is often created just after the Database, so retrying with backoff
	// until it appears is intended.
	var creds corev1.Secret
	if err := r.Get(ctx, client.ObjectKey{Namespace: db.Namespace, Name: db.Spec.CredentialsSecretName}, &creds); err != nil {
		return ctrl.Result{}, fmt.Errorf("get credentials secret %q: %w", db.Spec.CredentialsSecretName, err)
	}

	// Bootstrap the schema once.
	var initJobs kbatch.JobList
	if err := r.List(ctx, &initJobs, client.InNamespace(db.Namespace),
		client.MatchingLabels{instanceLabel: db.Name, componentLabel: "init"}); err != nil {
		return ctrl.Result{}, err
	}
	if len(initJobs.Items) == 0 {
		job := &kbatch.Job{
			ObjectMeta: metav1.ObjectMeta{
				GenerateName: db.Name + "-init-",
				Namespace:    db.Namespace,
				Labels:       map[string]string{instanceLabel: db.Name, componentLabel: "init"},
			},
			Spec: initJobSpec(&db),
		}
		if err := ctrl.SetControllerReference(&db, job, r.Scheme); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Create(ctx, job); err != nil { // BUG(RL2003): GenerateName plus a List that may not yet show the previous Job: every reconcile before the cache catches up creates another init Job
			return ctrl.Result{}, err
		}
	}

	// The pods roll when, and only when, the credentials change: the
	// annotation holds a hash of the Secret data, not a timestamp.
	credsHash, err := hashOf(creds.Data)
	if err != nil {
		return ctrl.Result{}, err
	}
	sts := &appsv1.StatefulSet{ObjectMeta: metav1.ObjectMeta{Name: db.Name, Namespace: db.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, sts, func() error {
		labels := map[string]string{instanceLabel: db.Name, componentLabel: "postgres"}
		if sts.CreationTimestamp.IsZero() {
			// Immutable after creation.
			sts.Spec.ServiceName = db.Name
			sts.Spec.Selector = &metav1.LabelSelector{MatchLabels: labels}
			sts.Spec.VolumeClaimTemplates = []corev1.PersistentVolumeClaim{{
				ObjectMeta: metav1.ObjectMeta{Name: "data", Labels: map[string]string{instanceLabel: db.Name}},
				Spec: corev1.PersistentVolumeClaimSpec{
					AccessModes: []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
					Resources:   corev1.VolumeResourceRequirements{Requests: corev1.ResourceList{corev1.ResourceStorage: storage}},
				},
			}}
		}
		sts.Spec.Replicas = db.Spec.Replicas
		sts.Spec.Template.Labels = labels
		metav1.SetMetaDataAnnotation(&sts.Spec.Template.ObjectMeta, credentialsHashAnnotation, credsHash)
		// Iterate the parameters in sorted order so that the argument list
		// is the same on every reconcile.
		var args []string
		for _, k := range slices.Sorted(maps.Keys(db.Spec.Parameters)) {
			args = append(args, "-c", k+"="+db.Spec.Parameters[k])
		}
		sts.Spec.Template.Spec.Containers = []corev1.Container{postgresContainer(&db, args)}
		return controllerutil.SetControllerReference(&db, sts, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}

	phase := appsv1alpha1.DatabaseProvisioning
	if sts.Status.ReadyReplicas == ptr.Deref(db.Spec.Replicas, 1) {
		phase = appsv1alpha1.DatabaseReady
	}
	// Compare with what we read; a Database that is already up to date
	// costs no write.
	if db.Status.ObservedGeneration != db.Generation || db.Status.Phase != phase || db.Status.ReadyReplicas != sts.Status.ReadyReplicas {
		// Set once: the nil test keeps the clock value from changing later.
		if db.Status.StartTime == nil {
			now := metav1.Now()
			db.Status.StartTime = &now
		}
		db.Status.ObservedGeneration = db.Generation
		db.Status.Phase = phase
		db.Status.ReadyReplicas = sts.Status.ReadyReplicas
		if err := r.Status().Update(ctx, &db); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// hashOf returns a stable hash of v. encoding/json writes map keys in sorted
// order, so equal maps always hash the same.
func hashOf(v any) (string, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:8]), nil
}

func postgresContainer(db *appsv1alpha1.Database, args []string) corev1.Container {
	fromSecret := func(key string) *corev1.EnvVarSource {
		return &corev1.EnvVarSource{SecretKeyRef: &corev1.SecretKeySelector{
			LocalObjectReference: corev1.LocalObjectReference{Name: db.Spec.CredentialsSecretName}, Key: key,
		}}
	}
	return corev1.Container{
		Name:  "postgres",
		Image: "postgres:" + db.Spec.Version,
		Args:  args,
		Env: []corev1.EnvVar{
			{Name: "POSTGRES_USER", ValueFrom: fromSecret("username")},
			{Name: "POSTGRES_PASSWORD", ValueFrom: fromSecret("password")},
			{Name: "PGDATA", Value: "/var/lib/postgresql/data/pgdata"},
		},
		Ports:        []corev1.ContainerPort{{Name: "postgres", ContainerPort: 5432, Protocol: corev1.ProtocolTCP}},
		VolumeMounts: []corev1.VolumeMount{{Name: "data", MountPath: "/var/lib/postgresql/data"}},
		// Spelled out so that the object we send matches what the API
		// server stores, and CreateOrUpdate sees no difference.
		ImagePullPolicy:          corev1.PullIfNotPresent,
		TerminationMessagePath:   corev1.TerminationMessagePathDefault,
		TerminationMessagePolicy: corev1.TerminationMessageReadFile,
	}
}

func initJobSpec(db *appsv1alpha1.Database) kbatch.JobSpec {
	return kbatch.JobSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
		RestartPolicy: corev1.RestartPolicyOnFailure,
		Containers: []corev1.Container{{
			Name: "init", Image: "postgres:" + db.Spec.Version,
			Command: []string{"psql", "-h", db.Name, "-f", "/schema/init.sql"},
		}},
	}}}
}

// SetupWithManager sets up the controller with the Manager.
func (r *DatabaseReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		// Skip our own status updates.
		For(&appsv1alpha1.Database{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // BUG(RL4001,RL4002): the reconciler waits for the backup operator's finalizer, but removing a finalizer does not bump generation, so that removal never triggers a Reconcile; nor does removing the paused annotation
		Owns(&appsv1.StatefulSet{}).
		Owns(&kbatch.Job{}).
		Named("database").
		Complete(r)
}
