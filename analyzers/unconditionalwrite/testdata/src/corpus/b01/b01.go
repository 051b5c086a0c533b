// Package b01 reproduces B01 (humio-operator setLicense): a same-package
// status helper reached (1) after an error branch that does not always
// return, (2) after `if result != emptyResult { return }`, (3) from a
// deferred closure under a nil test of a non-API value.
package b01

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Cluster struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Status            ClusterStatus `json:"status,omitempty"`
}

type ClusterStatus struct {
	State   string `json:"state,omitempty"`
	License string `json:"license,omitempty"`
}

func (in *Cluster) DeepCopy() *Cluster             { out := *in; return &out }
func (in *Cluster) DeepCopyObject() runtime.Object { return in.DeepCopy() }

type License interface{ Type() string }

type API interface{ GetLicense() (License, error) }

type Reconciler struct {
	client.Client
	API API
}

func validate(c *Cluster) error { return nil }

func (r *Reconciler) setState(ctx context.Context, s string, c *Cluster) error {
	if c.Status.State == s {
		return nil
	}
	c.Status.State = s
	return r.Status().Update(ctx, c)
}

func (r *Reconciler) ensureOther(ctx context.Context, c *Cluster) (reconcile.Result, error) {
	return reconcile.Result{}, nil
}

// P: the record's function.
func (r *Reconciler) setLicense(ctx context.Context, l string, c *Cluster) {
	c.Status.License = l
	if err := r.Status().Update(ctx, c); err != nil { // want `unconditionalwrite: Status\(\).Update of the Cluster runs on every reconcile`
		_ = err
	}
}

func (r *Reconciler) ensureLicense(ctx context.Context, c *Cluster) (reconcile.Result, error) {
	existing, err := r.API.GetLicense()
	_ = err
	defer func() {
		if existing != nil { // nil test of a non-API value: not a change check
			r.setLicense(ctx, existing.Type(), c)
		}
	}()
	return reconcile.Result{}, nil
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	c := &Cluster{}
	if err := r.Get(ctx, req.NamespacedName, c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := validate(c); err != nil { // error branch that falls through
		if err := r.setState(ctx, "ConfigError", c); err != nil {
			return ctrl.Result{}, err
		}
	}
	empty := reconcile.Result{}
	result, err := r.ensureOther(ctx, c)
	if result != empty || err != nil { // a Result test, not a change check
		return result, err
	}
	return r.ensureLicense(ctx, c)
}
