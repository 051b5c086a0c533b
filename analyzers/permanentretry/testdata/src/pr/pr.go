package pr

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"pr/api"
	"pr/helpers"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/resource"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Positives.

type ParseReconciler struct{ client.Client }

// P5004a: parses of the spec, returned wrapped and bare.
func (r *ParseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	q, err := resource.ParseQuantity(w.Spec.Params["memory"])
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("invalid memory: %w", err) // want `permanentretry: \(\*ParseReconciler\).Reconcile returns the error of resource.ParseQuantity parsing the reconciled object's own data as a plain error`
	}
	n, err := strconv.Atoi(w.Spec.Params["shards"])
	if err != nil {
		return ctrl.Result{}, err // want `permanentretry: .*strconv.Atoi`
	}
	enabled, err := strconv.ParseBool(w.GetAnnotations()["example.com/enabled"])
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("annotation: %v", err) // want `permanentretry: .*strconv.ParseBool`
	}
	_, _, _ = q, n, enabled
	return ctrl.Result{}, nil
}

type InvalidReconciler struct{ client.Client }

// P5004b: an Invalid API error returned as it is.
func (r *InvalidReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	cm.Name = req.Name
	if err := r.Create(ctx, cm); err != nil {
		if apierrors.IsInvalid(err) {
			return ctrl.Result{}, err // want `permanentretry: \(\*InvalidReconciler\).Reconcile returns an API error identified with apierrors.IsInvalid`
		}
		return ctrl.Result{}, err
	}
	if err := helpers.CreateOrInvalid(r.Client, cm); err != nil {
		return ctrl.Result{}, err // want `permanentretry: .*an API error that CreateOrInvalid identifies with apierrors.IsInvalid`
	}
	return ctrl.Result{}, nil
}

type HelperReconciler struct{ client.Client }

// Through helpers of this and another package.
func (r *HelperReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.interval(w); err != nil {
		return reconcile.Result{}, err // want `permanentretry: .*the error of time.ParseDuration in interval`
	}
	sel, err := helpers.Selector(w)
	if err != nil {
		return reconcile.Result{}, err // want `permanentretry: .*the error of metav1.LabelSelectorAsSelector in Selector`
	}
	_ = sel
	return reconcile.Result{}, nil
}

func (r *HelperReconciler) interval(w *api.Widget) error {
	d, err := time.ParseDuration(w.Spec.Interval)
	if err != nil {
		return err
	}
	if d < time.Second {
		return errors.New("interval too short")
	}
	return nil
}

type ObjReconciler struct{}

// An ObjectReconciler: the object parameter is the reconciled object.
func (r *ObjReconciler) Reconcile(ctx context.Context, w *api.Widget) (reconcile.Result, error) {
	if _, err := strconv.ParseInt(w.Spec.Params["n"], 10, 32); err != nil {
		return reconcile.Result{}, err // want `permanentretry: .*strconv.ParseInt`
	}
	return reconcile.Result{}, nil
}

// Negatives.

type CleanReconciler struct {
	client.Client
	Default string
}

func (r *CleanReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// N5004a: already terminal.
	if _, err := resource.ParseQuantity(w.Spec.Params["memory"]); err != nil {
		return ctrl.Result{}, reconcile.TerminalError(fmt.Errorf("invalid memory: %w", err))
	}
	// A secondary object's data: valid once the Secret changes.
	var s corev1.Secret
	if err := r.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Spec.SecretName}, &s); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := strconv.Atoi(string(s.Data["port"])); err != nil {
		return ctrl.Result{}, fmt.Errorf("secret port: %w", err)
	}
	// Configuration of the reconciler, not the object.
	if _, err := time.ParseDuration(r.Default); err != nil {
		return ctrl.Result{}, err
	}
	// A parse error that is logged and dropped.
	if _, err := strconv.Atoi(w.Spec.Params["x"]); err != nil {
		ctrl.Log.Error(err, "ignoring bad x")
	}
	// A NotFound test is not a permanent error test.
	if err := r.Update(ctx, &w); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, err
		}
	}
	// IsInvalid of another error.
	errA := r.Update(ctx, &w)
	if errB := r.Status().Update(ctx, &w); apierrors.IsInvalid(errA) {
		return ctrl.Result{}, errB
	}
	// Transient.
	return ctrl.Result{}, errors.New("transient: upstream busy")
}

type MixedReconciler struct{ client.Client }

// The returned error may be the parse error or a transient one: reported,
// but without a fix, which would make the transient error terminal.
func (r *MixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	_, err := strconv.Atoi(w.Spec.Params["n"])
	if err == nil {
		err = r.Update(ctx, &w)
	}
	return ctrl.Result{}, err // want `permanentretry: .*strconv.Atoi`
}
