// Package handed: a CreateOrUpdate helper of the package reached through
// a function value (handed to a runner that calls it, kept in a field of
// the reconciler), with the mutate function passed along with the object.
// Each call site pairs its own object and mutate function: a stamp in one
// caller's mutate function is reported there, and the callers that merge
// stable values through the same helper are not.
package handed

import (
	"context"
	"log"
	"strconv"
	"time"

	"nondet/api"

	appsv1 "k8s.io/api/apps/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type upsertFunc func(ctx context.Context, c client.Client, obj client.Object, mutate controllerutil.MutateFn) error

// upsert writes obj with CreateOrUpdate and logs what it did.
func upsert(ctx context.Context, c client.Client, obj client.Object, mutate controllerutil.MutateFn) error {
	op, err := controllerutil.CreateOrUpdate(ctx, c, obj, mutate)
	log.Printf("%s %s", obj.GetName(), op)
	return err
}

// run calls a write step and logs its failure.
func run(ctx context.Context, c client.Client, step upsertFunc, obj client.Object, mutate controllerutil.MutateFn) error {
	if err := step(ctx, c, obj, mutate); err != nil {
		log.Printf("step failed: %v", err)
		return err
	}
	return nil
}

// Positives.

// The helper handed to the runner, the clock in the mutate function.
type RunnerReconciler struct{ client.Client }

func (r *RunnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	err := run(ctx, r.Client, upsert, d, func() error {
		d.Spec.Template.Annotations = map[string]string{"restartedAt": time.Now().Format(time.RFC3339)} // want `nondetwrite: time.Now\(\) flows into Deployment.Spec.Template.Annotations, written by CreateOrUpdate`
		return nil
	})
	return ctrl.Result{}, err
}

// The helper kept in a field the constructor sets.
type FieldReconciler struct {
	client.Client
	write upsertFunc
}

func NewFieldReconciler(c client.Client) *FieldReconciler {
	return &FieldReconciler{Client: c, write: upsert}
}

func (r *FieldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	err := r.write(ctx, r.Client, d, func() error {
		d.Spec.Template.Annotations = map[string]string{"restartedAt": time.Now().Format(time.RFC3339)} // want `nondetwrite: time.Now\(\) flows into Deployment.Spec.Template.Annotations, written by CreateOrUpdate`
		return nil
	})
	return ctrl.Result{}, err
}

// A wrapper whose own mutate function labels the object and then runs
// the caller's: the caller's stamp is written by the wrapper's
// CreateOrUpdate.
func labelled(ctx context.Context, c client.Client, obj client.Object, mutate controllerutil.MutateFn) error {
	_, err := controllerutil.CreateOrUpdate(ctx, c, obj, func() error {
		obj.SetLabels(map[string]string{"app.kubernetes.io/managed-by": "widget-operator"})
		return mutate()
	})
	return err
}

type WrappedReconciler struct{ client.Client }

func (r *WrappedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	return ctrl.Result{}, labelled(ctx, r.Client, d, func() error {
		d.Spec.Template.Annotations = map[string]string{"restartedAt": time.Now().Format(time.RFC3339)} // want `nondetwrite: time.Now\(\) flows into Deployment.Spec.Template.Annotations, written by CreateOrUpdate`
		return nil
	})
}

// Negatives: the same helper, through the same runner and a field, with
// values that are the same every pass.

type StableRunnerReconciler struct{ client.Client }

func (r *StableRunnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	err := run(ctx, r.Client, upsert, d, func() error {
		d.Spec.Template.Annotations = map[string]string{"generation": strconv.FormatInt(w.Generation, 10)}
		return nil
	})
	return ctrl.Result{}, err
}

// The clock is read, but only into a log line; the object gets the spec.
type StableFieldReconciler struct {
	client.Client
	write upsertFunc
}

func NewStableFieldReconciler(c client.Client) *StableFieldReconciler {
	return &StableFieldReconciler{Client: c, write: upsert}
}

func (r *StableFieldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	start := time.Now()
	err := r.write(ctx, r.Client, d, func() error {
		replicas := w.Spec.Replicas
		d.Spec.Replicas = &replicas
		return nil
	})
	log.Printf("took %s", time.Since(start))
	return ctrl.Result{}, err
}

// The same wrapper, the caller's mutate function setting the spec.
type StableWrappedReconciler struct{ client.Client }

func (r *StableWrappedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	return ctrl.Result{}, labelled(ctx, r.Client, d, func() error {
		replicas := w.Spec.Replicas
		d.Spec.Replicas = &replicas
		return nil
	})
}

// The clock through the same runner, stored only when the annotation is
// missing: the first pass sets it, every later pass leaves it, and
// CreateOrUpdate finds no change.
type OnceRunnerReconciler struct{ client.Client }

func (r *OnceRunnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	d := &appsv1.Deployment{ObjectMeta: metav1.ObjectMeta{Name: w.Name, Namespace: w.Namespace}}
	err := run(ctx, r.Client, upsert, d, func() error {
		if d.Spec.Template.Annotations["createdAt"] == "" {
			d.Spec.Template.Annotations = map[string]string{"createdAt": time.Now().Format(time.RFC3339)}
		}
		return nil
	})
	return ctrl.Result{}, err
}
