package notfound

import (
	"context"
	"fmt"

	"notfound/helpers"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Positives.

type BareReconciler struct{ client.Client }

func (r *BareReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*BareReconciler\).Reconcile returns the NotFound error of the Get of the requested object`
	}
	return ctrl.Result{}, nil
}

type WrappedReconciler struct{ client.Client }

func (r *WrappedReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return reconcile.Result{}, fmt.Errorf("get configmap %s: %w", req.NamespacedName, err) // want `notfounderror: .*retried forever`
	}
	return reconcile.Result{}, nil
}

// A composite key built from the request's fields.
type CompositeKeyReconciler struct{ c client.Client }

func (r *CompositeKeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var s corev1.Secret
	key := client.ObjectKey{Namespace: req.Namespace, Name: req.Name}
	err := r.c.Get(ctx, key, &s)
	if err != nil {
		ctrl.LoggerFrom(ctx).Error(err, "unable to fetch Secret")
		return ctrl.Result{}, err // want `notfounderror`
	}
	return ctrl.Result{}, nil
}

// The error reaches Reconcile through a helper of this package.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) fetch(ctx context.Context, key types.NamespacedName) (*corev1.ConfigMap, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return nil, fmt.Errorf("fetch: %w", err)
	}
	return cm, nil
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm, err := r.fetch(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*HelperReconciler\).Reconcile returns the NotFound error of the Get of the requested object in fetch`
	}
	_ = cm
	return ctrl.Result{}, nil
}

// The error reaches Reconcile through a helper of another package (a fact).
type CrossPackageReconciler struct{ client.Client }

func (r *CrossPackageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := helpers.Fetch(ctx, r.Client, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror: .* in Fetch`
	}
	return ctrl.Result{}, nil
}

// R2: a reconcile.Func.
func NewFuncReconciler(c client.Client) reconcile.Func {
	return func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		var cm corev1.ConfigMap
		if err := c.Get(ctx, req.NamespacedName, &cm); err != nil {
			return reconcile.Result{}, err // want `notfounderror: the func literal in NewFuncReconciler returns`
		}
		return reconcile.Result{}, nil
	}
}

// The error is returned after other work, not only from the if.
type LateReturnReconciler struct{ client.Client }

func (r *LateReturnReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	err := r.Get(ctx, req.NamespacedName, &cm)
	if err == nil {
		cm.Data = nil
	}
	return ctrl.Result{}, err // want `notfounderror`
}

// Negatives.

type IgnoreReconciler struct{ client.Client }

func (r *IgnoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, nil
}

type IsNotFoundReconciler struct{ client.Client }

func (r *IsNotFoundReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// NotFound tested first, in its own if.
type NotFoundFirstReconciler struct{ client.Client }

func (r *NotFoundFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	err := r.Get(ctx, req.NamespacedName, &cm)
	if apierrors.IsNotFound(err) {
		return ctrl.Result{}, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// An unknown test of the error may handle NotFound: silence.
type UnknownTestReconciler struct{ client.Client }

func isGone(err error) bool { return apierrors.IsNotFound(err) }

func (r *UnknownTestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil && !isGone(err) {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A secondary object: retrying until it appears is intended.
type SecondaryReconciler struct{ client.Client }

func (r *SecondaryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var s corev1.Secret
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Data["secret"]}, &s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The helper already ignores NotFound.
type OptionalHelperReconciler struct{ client.Client }

func (r *OptionalHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := helpers.FetchOptional(ctx, r.Client, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The helper's caller handles NotFound.
type HandledHelperReconciler struct{ client.Client }

func (r *HandledHelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := helpers.Fetch(ctx, r.Client, req.NamespacedName, &cm); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ObjectReconciler (R1b): the adapter ignores NotFound before calling it.
type PodReconciler struct{ client.Client }

func (r *PodReconciler) Reconcile(ctx context.Context, pod *corev1.Pod) (reconcile.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: pod.Namespace, Name: pod.Name}, &cm); err != nil {
		return reconcile.Result{}, err
	}
	return reconcile.Result{}, nil
}

func SetupPod(c client.Client) reconcile.Reconciler {
	return reconcile.AsReconciler[*corev1.Pod](c, &PodReconciler{Client: c})
}

// Not a reconciler: a method named Reconcile with another signature.
type NotAReconciler struct{ client.Client }

func (r *NotAReconciler) Reconcile(ctx context.Context, req ctrl.Request) error {
	var cm corev1.ConfigMap
	return r.Get(ctx, req.NamespacedName, &cm)
}

// %v hides the NotFound from errors.As, but it is still returned: reported,
// without a fix (IgnoreNotFound would not see through %v).
type VerbVReconciler struct{ client.Client }

func (r *VerbVReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, fmt.Errorf("get: %v", err) // want `notfounderror`
	}
	return ctrl.Result{}, nil
}
