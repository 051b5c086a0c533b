// Package external implements external clients a generic managed
// reconciler of another package drives: what its Observe does runs on
// every pass, while its Update runs only when Observe reported the
// object out of date, a condition of the driver that is the guard.
package external

import (
	"context"

	"uw/api"
	"uw/external/driver"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type mirror struct{ c client.Client }

// NewMirror returns the reconciler of the mirror client.
func NewMirror(c client.Client) reconcile.Reconciler { return driver.New(c, &mirror{c: c}) }

// P: Observe records the phase on every pass, whatever it finds.
func (m *mirror) Observe(ctx context.Context, w *api.Widget) (driver.Observation, error) {
	cm := &corev1.ConfigMap{}
	err := m.c.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm)
	if err != nil {
		return driver.Observation{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Observed"
	if err := m.c.Status().Update(ctx, w); err != nil { // want `unconditionalwrite: Status\(\)\.Update of the Widget runs on every reconcile`
		return driver.Observation{}, err
	}
	return driver.Observation{Exists: true, UpToDate: cm.Data["replicas"] == w.Name}, nil
}

// N: Create and Update run only when Observe found the ConfigMap missing
// or out of date: the driver's condition guards them.
func (m *mirror) Create(ctx context.Context, w *api.Widget) error {
	cm := &corev1.ConfigMap{}
	cm.Namespace, cm.Name = w.Namespace, w.Name
	cm.Data = map[string]string{"replicas": w.Name}
	return m.c.Create(ctx, cm)
}

func (m *mirror) Update(ctx context.Context, w *api.Widget) error {
	cm := &corev1.ConfigMap{}
	if err := m.c.Get(ctx, client.ObjectKey{Namespace: w.Namespace, Name: w.Name}, cm); err != nil {
		return err
	}
	cm.Data = map[string]string{"replicas": w.Name}
	return m.c.Update(ctx, cm)
}
