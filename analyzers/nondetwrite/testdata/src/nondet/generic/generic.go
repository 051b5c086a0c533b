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

// A manager made for each object by a factory the runner calls with the
// object it read: its Sync reconciles the object it holds (here one
// struct down), through every load of the field.
type factory struct {
	c      client.Client
	stable bool
}

// NewManagers returns the reconciler of managers.
func NewManagers(c client.Client) reconcile.Reconciler {
	return runner.ForManagers(c, factory{c: c})
}

type state struct {
	obj  *api.Widget
	seen int
}

func (f factory) NewManager(w *api.Widget) (runner.Manager, error) {
	if f.stable {
		return &stableManager{c: f.c, obj: w}, nil
	}
	return &manager{c: f.c, st: state{obj: w}}, nil
}

func (f factory) Auditor() runner.Auditor { return &auditor{c: f.c} }

type manager struct {
	c  client.Client
	st state
}

func (m *manager) Sync(ctx context.Context) error {
	m.st.obj.Status.Message = "synced at " + time.Now().String() // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message`
	return m.c.Status().Update(ctx, m.st.obj)
}

// The twin: the manager records what it saw, the same on every pass.
type stableManager struct {
	c   client.Client
	obj *api.Widget
}

func (m *stableManager) Sync(ctx context.Context) error {
	w := m.obj
	w.Status.Message = "generation " + time.Unix(w.Generation, 0).UTC().Format(time.RFC3339)
	return m.c.Status().Update(ctx, w)
}

// The auditor is made with no object: its Audit is no reconcile of one,
// and what it writes is its own business.
type auditor struct {
	c   client.Client
	log *api.Widget
}

func (a *auditor) Audit(ctx context.Context) error {
	if a.log == nil {
		return nil
	}
	a.log.Status.Message = "audited at " + time.Now().String()
	return a.c.Status().Update(ctx, a.log)
}

// A reconcile function held in a runner's field: the runner calls it with
// each request, so it is a reconcile entry whatever its name.
type stamper struct{ client.Client }

// NewStamper returns the runner of a stamper's method value.
func NewStamper(c client.Client) reconcile.Reconciler {
	s := &stamper{c}
	return &runner.FuncRunner{Fn: s.stamp}
}

func (s *stamper) stamp(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	w := &api.Widget{}
	if err := s.Get(ctx, req.NamespacedName, w); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Message = "stamped at " + time.Now().String() // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message`
	return reconcile.Result{}, s.Status().Update(ctx, w)
}

// The twin: a closure that records the generation it saw.
func NewRecorder(c client.Client) reconcile.Reconciler {
	return &runner.FuncRunner{Fn: func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		w := &api.Widget{}
		if err := c.Get(ctx, req.NamespacedName, w); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		w.Status.Message = "generation " + time.Unix(w.Generation, 0).UTC().Format(time.RFC3339)
		return reconcile.Result{}, c.Status().Update(ctx, w)
	}}
}
