package rl4

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"

	"rl4/preds"
)

// Positives without a fix: predicates in variables, typed predicates,
// combinators, predicates of other packages.

var generationOnly = predicate.GenerationChangedPredicate{}

// P4: a package-level predicate var ANDed with a passing predicate;
// finalizers set by SetFinalizers on a Service (generation-less: error).
type ServiceReconciler struct{ client.Client }

func (r *ServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var svc corev1.Service
	if err := r.Get(ctx, req.NamespacedName, &svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if svc.DeletionTimestamp.IsZero() && len(svc.GetFinalizers()) == 0 {
		svc.SetFinalizers([]string{"example.com/lb"})
		return ctrl.Result{}, r.Update(ctx, &svc)
	}
	return ctrl.Result{}, nil
}

func (r *ServiceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Service{}).
		WithEventFilter(predicate.And[client.Object](predicate.ResourceVersionChangedPredicate{}, generationOnly)). // want `finalizerpredicate: generationOnly \(GenerationChangedPredicate\) on the primary watch drops the update that marks a Service for deletion`
		Complete(r)
}

// P5: controller.New + Watch(source.Kind) with a typed predicate on a
// Secret, reconciled by a reconcile.Func that appends the finalizer
// (error).
func P5(mgr ctrl.Manager, cl client.Client) error {
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
		predicate.TypedGenerationChangedPredicate[*corev1.Secret]{})) // want `finalizerpredicate: GenerationChangedPredicate on the primary watch drops the update that marks a Secret for deletion .*the func literal in P5 never sees the deletion, and the Update that removes finalizer "example.com/secret"`
}

// P6: AnnotationChangedPredicate drops even a CRD's deletion mark (error);
// the reconciler is an ObjectReconciler wrapped by AsReconciler.
type ObjReconciler struct{ client.Client }

func (r *ObjReconciler) Reconcile(ctx context.Context, w *Widget) (reconcile.Result, error) {
	if controllerutil.RemoveFinalizer(w, fin) {
		return reconcile.Result{}, r.Update(ctx, w)
	}
	return reconcile.Result{}, nil
}

func (r *ObjReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(predicate.AnnotationChangedPredicate{})). // want `finalizerpredicate: AnnotationChangedPredicate on the primary watch drops the update that marks a Widget for deletion \(it passes only changes of annotations\)`
		Complete(reconcile.AsReconciler(mgr.GetClient(), r))
}

// P7: predicates of another package, resolved through PredicateValue
// facts: a var and a func.
func (r *CMReconciler) P7a(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WithEventFilter(preds.GenerationOnly). // want `finalizerpredicate: preds.GenerationOnly on the primary watch drops the update that marks a ConfigMap for deletion`
		Complete(r)
}

func (r *WidgetReconciler) P7b(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&Widget{}, builder.WithPredicates(preds.SkipStatus())). // want `finalizerpredicate: preds.SkipStatus\(\) on the primary watch drops finalizer-only updates of Widget`
		Complete(r)
}

// P8: a local func returning a predicate, and Or of two blocking
// predicates.
func ignoreStatus() predicate.Predicate {
	return predicate.Or[client.Object](predicate.GenerationChangedPredicate{}, predicate.LabelChangedPredicate{})
}

func (r *WidgetReconciler) P8(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		WithEventFilter(ignoreStatus()). // want `finalizerpredicate: ignoreStatus\(\) on the primary watch drops finalizer-only updates of Widget`
		For(&Widget{}).
		Complete(r)
}
