// Package owngeneration: a value derived from the reconciled object's own
// metadata.generation stored into its spec and written. A write that
// changes the spec makes the API server increment the generation, so the
// next pass stores a new value and writes again. The twins store it where
// a write does not change the generation (an annotation, the status),
// store the spec alone, or store it in the spec but write only the status.
package owngeneration

import (
	"context"
	"fmt"
	"strconv"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Positives.

type RevisionReconciler struct{ client.Client }

func (r *RevisionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gizmo
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g.Spec.Revision = fmt.Sprintf("rev-%d", g.Generation) // want `nondetwrite: the Gizmo's own metadata.generation flows into Gizmo.Spec.Revision, written by Update on every reconcile: a write that changes the spec makes the API server increment the generation`
	return ctrl.Result{}, r.Update(ctx, &g)
}

type HelperReconciler struct{ client.Client }

// revision names the generation the object was last reconciled at.
func revision(obj client.Object) string {
	return "rev-" + strconv.FormatInt(obj.GetGeneration(), 10)
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Gizmo{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := g.DeepCopy()
	rev := revision(g)
	if g.Spec.Revision != rev {
		g.Spec.Revision = rev // want `nondetwrite: the Gizmo's own metadata.generation flows into Gizmo.Spec.Revision, written by Patch on every reconcile \(the write's comparison includes the stored field`
		if err := r.Patch(ctx, g, client.MergeFrom(base)); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Negatives.

// An annotation: metadata changes do not increment the generation.
type AnnotationReconciler struct{ client.Client }

func (r *AnnotationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gizmo
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if g.Annotations == nil {
		g.Annotations = map[string]string{}
	}
	g.Annotations["example.com/revision"] = fmt.Sprintf("rev-%d", g.Generation)
	return ctrl.Result{}, r.Update(ctx, &g)
}

// The status: status writes do not increment the generation.
type ObservedReconciler struct{ client.Client }

func (r *ObservedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gizmo
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if g.Status.ObservedGeneration == g.Generation {
		return ctrl.Result{}, nil
	}
	g.Status.ObservedGeneration = g.Generation
	g.Status.Revision = fmt.Sprintf("rev-%d", g.GetGeneration())
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}

// The spec alone: its own fields do not change when it is written back.
type SpecOnlyReconciler struct{ client.Client }

func (r *SpecOnlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gizmo
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g.Spec.Revision = fmt.Sprintf("size-%d", g.Spec.Size)
	return ctrl.Result{}, r.Update(ctx, &g)
}

// Stored in the spec, but only the status is written: the spec change is
// not sent.
type StatusWriteReconciler struct{ client.Client }

func (r *StatusWriteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gizmo
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g.Spec.Revision = fmt.Sprintf("rev-%d", g.Generation)
	g.Status.Revision = g.Spec.Revision
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}
