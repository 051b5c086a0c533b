package carried

import (
	"context"
	"reflect"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"nondet/api"
)

// Positives.

// statusWriter is made around a part of the object it is given.
type statusWriter struct{ st *api.WidgetStatus }

func newStatusWriter(w *api.Widget) *statusWriter { return &statusWriter{st: &w.Status} }

func (s *statusWriter) touch() *statusWriter {
	s.st.LastUpdated = metav1.Now()
	return s
}

type ConstructedWriterReconciler struct{ client.Client }

func (r *ConstructedWriterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	newStatusWriter(w).touch() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type UnstructuredReconciler struct{ client.Client }

func (r *UnstructuredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u := &unstructured.Unstructured{}
	if err := r.Get(ctx, req.NamespacedName, u); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := unstructured.SetNestedField(u.Object, time.Now().Format(time.RFC3339), "status", "seen"); err != nil { // want `nondetwrite: time.Now\(\) flows into Unstructured.Status.seen, written by Status\(\).Update on every reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, u)
}

// session holds the object for one pass and patches it when the pass
// ends, if it changed.
type session struct {
	c    client.Client
	w    *api.Widget
	base *api.Widget
}

func (s *session) end(ctx context.Context) error {
	if reflect.DeepEqual(s.base.Status, s.w.Status) {
		return nil
	}
	return s.c.Status().Patch(ctx, s.w, client.MergeFrom(s.base))
}

type SessionReconciler struct{ client.Client }

func (r *SessionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &session{c: r.Client, w: w, base: w.DeepCopy()}
	defer s.end(ctx)
	s.w.Status.LastUpdated = metav1.Now() // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Patch on every reconcile: the write's comparison includes the stamped field`
	return ctrl.Result{}, nil
}

// option changes a status.
type option func(*api.WidgetStatus)

func withMessage(m string) option { return func(s *api.WidgetStatus) { s.Message = m } }

func applied(cur api.WidgetStatus, opts ...option) api.WidgetStatus {
	out := cur
	for _, o := range opts {
		o(&out)
	}
	return out
}

type OptionsReconciler struct{ client.Client }

func (r *OptionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status = applied(w.Status, withMessage("checked at "+time.Now().Format(time.RFC3339))) // want `nondetwrite: time.Now\(\) flows into Widget.Status, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// Negatives.

type ConstructedWriterSpecReconciler struct{ client.Client }

func (r *ConstructedWriterSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	sw := newStatusWriter(w)
	sw.st.Phase = "Ready"
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

type UnstructuredSpecReconciler struct{ client.Client }

func (r *UnstructuredSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u := &unstructured.Unstructured{}
	if err := r.Get(ctx, req.NamespacedName, u); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := unstructured.SetNestedField(u.Object, u.GetName(), "status", "seen"); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Status().Update(ctx, u)
}

type SessionSpecReconciler struct{ client.Client }

func (r *SessionSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &session{c: r.Client, w: w, base: w.DeepCopy()}
	defer s.end(ctx)
	s.w.Status.Phase = "Ready"
	return ctrl.Result{}, nil
}

type OptionsSpecReconciler struct{ client.Client }

func (r *OptionsSpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := applied(w.Status, withMessage("replicas "+w.Name))
	if reflect.DeepEqual(desired, w.Status) {
		return ctrl.Result{}, nil
	}
	w.Status = desired
	return ctrl.Result{}, r.Status().Update(ctx, w)
}

// The unstructured status compared with its copy by key before the
// write: the stamp defeats the comparison.
type UnstructuredGuardReconciler struct{ client.Client }

func (r *UnstructuredGuardReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	u := &unstructured.Unstructured{}
	if err := r.Get(ctx, req.NamespacedName, u); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	orig := u.DeepCopy()
	if err := unstructured.SetNestedField(u.Object, time.Now().Format(time.RFC3339), "status", "seen"); err != nil { // want `nondetwrite: time.Now\(\) flows into Unstructured.Status.seen, written by Status\(\).Update on every reconcile: the write's comparison includes the stamped field`
		return ctrl.Result{}, err
	}
	if reflect.DeepEqual(orig.Object["status"], u.Object["status"]) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Status().Update(ctx, u)
}

// A value computed from the object before a copy of it is assigned back
// carries none of the copy's resourceVersion.
type AssignedBackReconciler struct{ client.Client }

func (r *AssignedBackReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := w.DeepCopy()
	msg := summarize(w)
	cp := w.DeepCopy()
	cp.Status.Message = msg
	*w = *cp
	return ctrl.Result{}, r.Status().Patch(ctx, w, client.MergeFrom(base))
}

// summarize describes the object's parameters.
func summarize(w *api.Widget) string {
	return "params: " + w.Spec.Params["mode"]
}

// specSession patches the status only when the spec changed during the
// pass: a stamp in the status goes out with a real change, not on every
// pass.
type specSession struct {
	c    client.Client
	w    *api.Widget
	base *api.Widget
}

func (s *specSession) end(ctx context.Context) error {
	if reflect.DeepEqual(s.base.Spec, s.w.Spec) {
		return nil
	}
	return s.c.Status().Patch(ctx, s.w, client.MergeFrom(s.base))
}

type SpecSessionReconciler struct{ client.Client }

func (r *SpecSessionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &specSession{c: r.Client, w: w, base: w.DeepCopy()}
	defer s.end(ctx)
	if w.Spec.Replicas < 1 {
		s.w.Spec.Replicas = 1
	}
	s.w.Status.LastUpdated = metav1.Now()
	return ctrl.Result{}, nil
}
