package controller

import (
	"context"
	"slices"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// PullSecretReconciler adds the registry pull Secret to the imagePullSecrets
// of every ServiceAccount in the namespaces that have that Secret.
//
// It is an ObjectReconciler: reconcile.AsReconciler fetches the
// ServiceAccount and drops requests whose object no longer exists, so
// Reconcile never sees a NotFound for its own object.
type PullSecretReconciler struct {
	client.Client
	// SecretName is the name of the registry credentials Secret.
	SecretName string
}

// +kubebuilder:rbac:groups="",resources=serviceaccounts,verbs=get;list;watch;patch
// +kubebuilder:rbac:groups="",resources=secrets,verbs=get;list;watch

// Reconcile ensures sa references the pull Secret.
func (r *PullSecretReconciler) Reconcile(ctx context.Context, sa *corev1.ServiceAccount) (ctrl.Result, error) {
	// Secondary object: until the Secret has been copied into this
	// namespace, an error (and a retry) is the right answer.
	var pullSecret corev1.Secret
	if err := r.Get(ctx, client.ObjectKey{Namespace: sa.Namespace, Name: r.SecretName}, &pullSecret); err != nil {
		return ctrl.Result{}, err
	}
	if pullSecret.Type != corev1.SecretTypeDockerConfigJson {
		logf.FromContext(ctx).Info("ignoring pull secret of unexpected type", "type", pullSecret.Type)
		return ctrl.Result{}, nil
	}

	// Membership test first: the append and the Patch run at most once.
	if slices.ContainsFunc(sa.ImagePullSecrets, func(ref corev1.LocalObjectReference) bool { return ref.Name == r.SecretName }) {
		return ctrl.Result{}, nil
	}
	base := sa.DeepCopy()
	sa.ImagePullSecrets = append(sa.ImagePullSecrets, corev1.LocalObjectReference{Name: r.SecretName})
	return ctrl.Result{}, r.Patch(ctx, sa, client.MergeFrom(base))
}

// serviceAccountsForSecret maps the pull Secret to the ServiceAccounts of its
// namespace. Like every handler it only reads and returns requests.
func (r *PullSecretReconciler) serviceAccountsForSecret(ctx context.Context, secret client.Object) []reconcile.Request {
	if secret.GetName() != r.SecretName {
		return nil
	}
	var accounts corev1.ServiceAccountList
	if err := r.List(ctx, &accounts, client.InNamespace(secret.GetNamespace())); err != nil {
		logf.FromContext(ctx).Error(err, "unable to list ServiceAccounts")
		return nil
	}
	reqs := make([]reconcile.Request, 0, len(accounts.Items))
	for i := range accounts.Items {
		reqs = append(reqs, reconcile.Request{NamespacedName: client.ObjectKeyFromObject(&accounts.Items[i])})
	}
	return reqs
}

// SetupWithManager sets up the controller with the Manager.
func (r *PullSecretReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ServiceAccount{}).
		Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(r.serviceAccountsForSecret)).
		Named("pullsecret").
		Complete(reconcile.AsReconciler(mgr.GetClient(), r))
}
