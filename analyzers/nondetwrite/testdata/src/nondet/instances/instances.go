// Package instances: values that reach the write through generic code,
// whose instances the model analyses with the type arguments of each use.
// A call through a parameter of type func(O) in a generic body calls the
// function the caller passed; a generic reconciler type's Reconcile, once
// instantiated and registered, is a root. The fixed twins are in package
// fixed (function values of one type in one package are one set to the
// call graph: a twin here would share its functions with the positive).
package instances

import (
	"context"
	"fmt"
	"math/rand"
	"time"

	"nondet/api"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// editStatus applies the edit and writes the status.
func editStatus[O client.Object](ctx context.Context, c client.Client, o O, edit func(O)) error {
	edit(o) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated`
	return c.Status().Update(ctx, o)
}

func stampWidget(w *api.Widget) { w.Status.LastUpdated = metav1.Now() }

// EditReconciler stamps the time through a generic editor.
type EditReconciler struct{ client.Client }

func (r *EditReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, editStatus(ctx, r.Client, &w, stampWidget)
}

// labeller holds its labelling function in a field of a generic type; the
// method calls it on the object.
type labeller[O any] struct{ label func(O) string }

func (l labeller[O]) message(o O) string { return "label " + l.label(o) }

// LabelReconciler's label draws a random number.
type LabelReconciler struct{ client.Client }

func (r *LabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	l := labeller[*api.Widget]{label: func(*api.Widget) string { return fmt.Sprint(rand.Intn(100)) }}
	w.Status.Message = l.message(&w) // want `nondetwrite: rand.Intn\(\) flows into Widget.Status.Message`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// Typed is a generic reconciler: one type for every kind, with the kind's
// constructor and its status function as fields.
type Typed[O client.Object] struct {
	client.Client
	newObj func() O
	status func(O)
}

func (t *Typed[O]) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	o := t.newObj()
	if err := t.Get(ctx, req.NamespacedName, o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	t.status(o) // want `nondetwrite: time.Now\(\) flows into Widget.Status.Message`
	return ctrl.Result{}, t.Status().Update(ctx, o)
}

// NewWidgetReconciler instantiates it for Widgets, with a status function
// that records when it ran.
func NewWidgetReconciler(c client.Client) reconcile.Reconciler {
	return &Typed[*api.Widget]{
		Client: c,
		newObj: func() *api.Widget { return &api.Widget{} },
		status: func(w *api.Widget) {
			w.Status.Message = "reconciled at " + time.Now().Format(time.RFC3339)
		},
	}
}
