package rl4

import (
	"context"
	"slices"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Typed watches (controller-runtime v0.15+): source.Kind with typed
// predicates on the primary of a reconciler that manages a finalizer. P5
// (more.go) is the positive with TypedGenerationChangedPredicate.

// secretFinalizer is P5's reconciler, as a function of the package.
func secretFinalizer(cl client.Client) reconcile.Func {
	return func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		var s corev1.Secret
		if err := cl.Get(ctx, req.NamespacedName, &s); err != nil {
			return reconcile.Result{}, client.IgnoreNotFound(err)
		}
		if !controllerutil.ContainsFinalizer(&s, "example.com/secret") {
			s.Finalizers = append(s.Finalizers, "example.com/secret")
			return reconcile.Result{}, cl.Update(ctx, &s)
		}
		return reconcile.Result{}, nil
	}
}

// P5Fixed is P5 with the typed generation predicate ORed with a
// predicate.TypedFuncs whose UpdateFunc passes finalizer changes and the
// deletion mark.
func P5Fixed(mgr ctrl.Manager, cl client.Client) error {
	c, err := controller.New("secrets", mgr, controller.Options{
		Reconciler: reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
			var s corev1.Secret
			if err := cl.Get(ctx, req.NamespacedName, &s); err != nil {
				return reconcile.Result{}, client.IgnoreNotFound(err)
			}
			if !controllerutil.ContainsFinalizer(&s, "example.com/secret") {
				s.Finalizers = append(s.Finalizers, "example.com/secret")
				return reconcile.Result{}, cl.Update(ctx, &s)
			}
			return reconcile.Result{}, nil
		}),
	})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.Secret{}, &handler.TypedEnqueueRequestForObject[*corev1.Secret]{},
		predicate.Or[*corev1.Secret](predicate.TypedGenerationChangedPredicate[*corev1.Secret]{}, predicate.TypedFuncs[*corev1.Secret]{
			UpdateFunc: func(e event.TypedUpdateEvent[*corev1.Secret]) bool {
				return !e.ObjectNew.GetDeletionTimestamp().IsZero() ||
					!slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers())
			},
		})))
}

// typedFinalizerGate is the package's own typed predicate: it passes
// finalizer changes and the deletion mark of any object type.
type typedFinalizerGate[T client.Object] struct {
	predicate.TypedFuncs[T]
}

func (typedFinalizerGate[T]) Update(e event.TypedUpdateEvent[T]) bool {
	return !slices.Equal(e.ObjectOld.GetFinalizers(), e.ObjectNew.GetFinalizers()) ||
		e.ObjectNew.GetDeletionTimestamp() != nil
}

// typedGenerationGate is the package's own typed generation filter.
type typedGenerationGate[T client.Object] struct {
	predicate.TypedFuncs[T]
}

func (typedGenerationGate[T]) Update(e event.TypedUpdateEvent[T]) bool {
	return e.ObjectOld.GetGeneration() != e.ObjectNew.GetGeneration()
}

// P18: the typed watch with the package's own typed generation filter
// (error: a Secret never sets metadata.generation).
func P18(mgr ctrl.Manager, cl client.Client) error {
	c, err := controller.New("secrets", mgr, controller.Options{Reconciler: secretFinalizer(cl)})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.Secret{}, &handler.TypedEnqueueRequestForObject[*corev1.Secret]{},
		typedGenerationGate[*corev1.Secret]{})) // want `finalizerpredicate: rl4.typedGenerationGate on the primary watch drops the update that marks a Secret for deletion \(it blocks that update\): the func literal in secretFinalizer never sees the deletion, and the Update that removes finalizer "example.com/secret" only runs after a controller restart`
}

// P18Fixed: P18's filter ORed with the package's own typed finalizer
// predicate.
func P18Fixed(mgr ctrl.Manager, cl client.Client) error {
	c, err := controller.New("secrets", mgr, controller.Options{Reconciler: secretFinalizer(cl)})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.Secret{}, &handler.TypedEnqueueRequestForObject[*corev1.Secret]{},
		predicate.Or[*corev1.Secret](typedGenerationGate[*corev1.Secret]{}, typedFinalizerGate[*corev1.Secret]{})))
}

// P19: the typed generation predicate ANDed with the typed
// resource-version predicate (error).
func P19(mgr ctrl.Manager, cl client.Client) error {
	c, err := controller.New("secrets", mgr, controller.Options{Reconciler: secretFinalizer(cl)})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.Secret{}, &handler.TypedEnqueueRequestForObject[*corev1.Secret]{},
		predicate.And[*corev1.Secret](predicate.TypedGenerationChangedPredicate[*corev1.Secret]{}, predicate.TypedResourceVersionChangedPredicate[*corev1.Secret]{}))) // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops the update that marks a Secret for deletion`
}

// P19Fixed: the And's generation operand ORed with the package's typed
// finalizer predicate.
func P19Fixed(mgr ctrl.Manager, cl client.Client) error {
	c, err := controller.New("secrets", mgr, controller.Options{Reconciler: secretFinalizer(cl)})
	if err != nil {
		return err
	}
	return c.Watch(source.Kind(mgr.GetCache(), &corev1.Secret{}, &handler.TypedEnqueueRequestForObject[*corev1.Secret]{},
		predicate.And[*corev1.Secret](predicate.TypedResourceVersionChangedPredicate[*corev1.Secret]{},
			predicate.Or[*corev1.Secret](predicate.TypedGenerationChangedPredicate[*corev1.Secret]{}, typedFinalizerGate[*corev1.Secret]{}))))
}
