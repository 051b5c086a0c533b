package options

import (
	"context"
	"sort"
	"strings"

	"github.com/google/go-cmp/cmp"

	"maporder/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// joinedKeys joins the keys of m in map order.
func joinedKeys(m map[string]string) string {
	var ks []string
	for k := range m {
		ks = append(ks, k) // want `maporderwrite: the order of a map iteration reaches Widget.Status, written by Status\(\).Update`
	}
	return strings.Join(ks, ",")
}

// statusWith returns a copy of cur holding the list v spells.
func statusWith(cur api.WidgetStatus, v string) api.WidgetStatus {
	out := cur
	out.Keys = strings.Split(v, ",")
	return out
}

// FieldGuardReconciler stores a status a helper built, whole, behind a
// comparison of the one field that carries the map's order: the order
// differs from pass to pass, so the comparison finds a change every time.
type FieldGuardReconciler struct{ client.Client }

func (r *FieldGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	orig := w.DeepCopy()
	v := joinedKeys(w.Spec.Params)
	w.Status = statusWith(w.Status, v)
	if !cmp.Equal(orig.Status.Keys, w.Status.Keys) {
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// PhaseGuardReconciler compares a field the map's order does not reach
// (the phase, which stays put): it writes when the phase moves, not on
// every pass.
type PhaseGuardReconciler struct{ client.Client }

func (r *PhaseGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	orig := w.DeepCopy()
	w.Status = statusWith(w.Status, joinedKeys(w.Spec.Params))
	w.Status.Phase = "Ready"
	if !cmp.Equal(orig.Status.Phase, w.Status.Phase) {
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// SortedFieldGuardReconciler is the fixed twin: the keys are sorted
// before they are joined.
type SortedFieldGuardReconciler struct{ client.Client }

func (r *SortedFieldGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	orig := w.DeepCopy()
	ks := strings.Split(joinedKeys(w.Spec.Params), ",")
	sort.Strings(ks)
	w.Status = statusWith(w.Status, strings.Join(ks, ","))
	if !cmp.Equal(orig.Status.Keys, w.Status.Keys) {
		return ctrl.Result{}, r.Status().Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// keysManager syncs the Widget it holds.
type keysManager struct {
	c client.Client
	w *api.Widget
}

func (m *keysManager) sync(ctx context.Context) error {
	c, w := m.c, m.w
	orig := w.DeepCopy()
	var ks []string
	for k := range w.Spec.Params {
		ks = append(ks, k) // want `maporderwrite: the order of a map iteration reaches Widget.Status, written by Status\(\).Update`
	}
	w.Status = statusWith(w.Status, strings.Join(ks, ","))
	if !cmp.Equal(orig.Status.Keys, w.Status.Keys) {
		return c.Status().Update(ctx, w)
	}
	return nil
}

// ManagedReconciler hands the Widget to a manager that compares the
// field carrying the map's order (the same defect as FieldGuardReconciler,
// through the manager's field).
type ManagedReconciler struct{ client.Client }

func (r *ManagedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m := &keysManager{c: r.Client, w: w}
	return ctrl.Result{}, m.sync(ctx)
}

// sortedKeysManager is keysManager's fixed twin: the keys are sorted.
type sortedKeysManager struct {
	c client.Client
	w *api.Widget
}

func (m *sortedKeysManager) sync(ctx context.Context) error {
	c, w := m.c, m.w
	orig := w.DeepCopy()
	var ks []string
	for k := range w.Spec.Params {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	w.Status = statusWith(w.Status, strings.Join(ks, ","))
	if !cmp.Equal(orig.Status.Keys, w.Status.Keys) {
		return c.Status().Update(ctx, w)
	}
	return nil
}

// SortedManagedReconciler hands the Widget to sortedKeysManager.
type SortedManagedReconciler struct{ client.Client }

func (r *SortedManagedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	m := &sortedKeysManager{c: r.Client, w: w}
	return ctrl.Result{}, m.sync(ctx)
}
