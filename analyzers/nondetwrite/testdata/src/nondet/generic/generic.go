// Package generic: reconcile entries that a generic controller of another
// package calls through its interfaces, with the request's key or the
// object read by it. A method it calls with no item is not an entry.
package generic

import (
	"context"
	"time"

	"nondet/api"
	"nondet/generic/runner"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type syncer struct{ client.Client }

// NewKeyed returns the keyed reconciler.
func NewKeyed(c client.Client) reconcile.Reconciler { return runner.Keyed(&syncer{c}) }

func (s *syncer) Sync(ctx context.Context, key types.NamespacedName) error {
	w := &api.Widget{}
	if err := s.Get(ctx, key, w); err != nil {
		return client.IgnoreNotFound(err)
	}
	w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated`
	return s.Status().Update(ctx, w)
}

// Name is called by the runner with no item: stamping here is not a
// reconcile's business (and writes nothing).
func (s *syncer) Name() string { return "syncer-" + time.Now().Format(time.Kitchen) }

type kind struct{ client.Client }

// NewKind returns the per-object reconciler.
func NewKind(c client.Client) reconcile.Reconciler { return runner.ForKind(c, &kind{c}) }

func (k *kind) ReconcileKind(ctx context.Context, w *api.Widget) error {
	w.Status.Message = "seen at " + time.Now().String() // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message`
	return k.Status().Update(ctx, w)
}
