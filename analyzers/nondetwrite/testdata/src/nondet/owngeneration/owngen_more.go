package owngeneration

import (
	"context"
	"strconv"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// tag stamps the spec with the generation it was reconciled at, and says
// whether it changed anything.
func tag(g *Gizmo) bool {
	want := "g" + strconv.FormatInt(g.GetGeneration(), 10)
	if g.Spec.Revision == want {
		return false
	}
	g.Spec.Revision = want
	return true
}

// tagAnnotation is tag's twin on an annotation.
func tagAnnotation(g *Gizmo) bool {
	want := "g" + strconv.FormatInt(g.GetGeneration(), 10)
	if g.Annotations["example.com/revision"] == want {
		return false
	}
	if g.Annotations == nil {
		g.Annotations = map[string]string{}
	}
	g.Annotations["example.com/revision"] = want
	return true
}

type TaggingReconciler struct{ client.Client }

func (r *TaggingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Gizmo{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := g.DeepCopy()
	if tag(g) { // want `nondetwrite: the Gizmo's own metadata.generation flows into Gizmo.Spec.Revision, written by Patch on every reconcile`
		return ctrl.Result{}, r.Patch(ctx, g, client.MergeFrom(base))
	}
	return ctrl.Result{}, nil
}

type TaggingAnnotationReconciler struct{ client.Client }

func (r *TaggingAnnotationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Gizmo{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := g.DeepCopy()
	if tagAnnotation(g) {
		return ctrl.Result{}, r.Patch(ctx, g, client.MergeFrom(base))
	}
	return ctrl.Result{}, nil
}

// labelled names an object's generation through a closure over the object
// it is given, as a formatter chosen at run time would.
func labelled(obj client.Object, prefix string) string {
	format := func() string { return prefix + strconv.FormatInt(obj.GetGeneration(), 10) }
	return format()
}

// ClosureRevisionReconciler stores in the spec what labelled makes of the
// object's own generation: every write of the spec bumps it.
type ClosureRevisionReconciler struct{ client.Client }

func (r *ClosureRevisionReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Gizmo{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g.Spec.Revision = labelled(g, "rev-") // want `nondetwrite: the Gizmo's own metadata.generation flows into Gizmo.Spec.Revision, written by Update on every reconcile`
	return ctrl.Result{}, r.Update(ctx, g)
}

// ClosureAnnotationReconciler is its twin on an annotation, which a write
// does not bump the generation for.
type ClosureAnnotationReconciler struct{ client.Client }

func (r *ClosureAnnotationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Gizmo{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if g.Annotations == nil {
		g.Annotations = map[string]string{}
	}
	g.Annotations["example.com/revision"] = labelled(g, "rev-")
	return ctrl.Result{}, r.Update(ctx, g)
}
