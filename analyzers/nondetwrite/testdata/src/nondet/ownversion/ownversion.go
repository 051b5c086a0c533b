// Package ownversion: a copy of the reconciled object's own
// resourceVersion (the object, its ObjectMeta, the field) stored into the
// object and written. Every write changes the resourceVersion, so the next
// pass stores a new value and writes again. The twins clear the version
// in the copy, store another object's version, store it where the API
// server expects it (optimistic concurrency), store only the spec, or
// store it only when the generation changed.
package ownversion

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"nondet/ownversion/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Positives.

type SnapshotReconciler struct{ client.Client }

func (r *SnapshotReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g.Status.Applied = g.DeepCopy() // want `nondetwrite: a copy of the Gadget's own metadata.resourceVersion flows into Gadget.Status.Applied, written by Status\(\).Update on every reconcile: every write changes the resourceVersion`
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}

type SeenReconciler struct{ client.Client }

func (r *SeenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &Gadget{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g.Status.SeenVersion = g.ResourceVersion // want `nondetwrite: a copy of the Gadget's own metadata.resourceVersion flows into Gadget.Status.SeenVersion`
	if err := r.Status().Update(ctx, g); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type AnnotateReconciler struct{ client.Client }

func (r *AnnotateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if g.Annotations == nil {
		g.Annotations = map[string]string{}
	}
	g.Annotations["example.com/last-seen"] = g.GetResourceVersion() // want `nondetwrite: a copy of the Gadget's own metadata.resourceVersion flows into`
	return ctrl.Result{}, r.Update(ctx, &g)
}

type MetaReconciler struct{ client.Client }

func (r *MetaReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.record(ctx, &g)
	return ctrl.Result{}, nil
}

// record stores the object's metadata in its status through a helper's
// copy.
func (r *MetaReconciler) record(ctx context.Context, g *Gadget) {
	g.Status.Meta = metaOf(g) // want `nondetwrite: a copy of the Gadget's own metadata.resourceVersion flows into Gadget.Status.Meta`
	_ = r.Status().Update(ctx, g)
}

func metaOf(g *Gadget) (m metav1.ObjectMeta) {
	m = g.ObjectMeta
	return m
}

// Negatives.

// The copy's resourceVersion is cleared before the write.
type ClearedReconciler struct{ client.Client }

func (r *ClearedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	snap := g.DeepCopy()
	snap.ResourceVersion = ""
	snap.Status = GadgetStatus{}
	g.Status.Applied = snap
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}

// Another object's resourceVersion: it changes only when that object
// does.
type ConfigReconciler struct{ client.Client }

func (r *ConfigReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Namespace: g.Namespace, Name: g.Name + "-config"}, &cm); err != nil {
		return ctrl.Result{}, err
	}
	g.Status.SeenVersion = cm.ResourceVersion
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}

// The version carried over for optimistic concurrency.
type ConcurrencyReconciler struct{ client.Client }

func (r *ConcurrencyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := &Gadget{Spec: GadgetSpec{Size: 3}}
	desired.Name, desired.Namespace = g.Name, g.Namespace
	desired.ResourceVersion = g.ResourceVersion
	if g.Spec.Size == desired.Spec.Size {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Update(ctx, desired)
}

// Only the spec is kept.
type SpecReconciler struct{ client.Client }

func (r *SpecReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if g.Status.AppliedSpec == g.Spec {
		return ctrl.Result{}, nil
	}
	g.Status.AppliedSpec = g.Spec
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}

// Recorded only when the generation changed: a status write does not
// change it, so the next pass writes nothing.
type GenerationReconciler struct{ client.Client }

func (r *GenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if g.Status.ObservedGeneration == g.Generation {
		return ctrl.Result{}, nil
	}
	g.Status.ObservedGeneration = g.Generation
	g.Status.SeenVersion = g.ResourceVersion
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}

// Through a helper that reads the version.
type HelperReadReconciler struct{ client.Client }

func (r *HelperReadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if g.Annotations == nil {
		g.Annotations = map[string]string{}
	}
	g.Annotations["example.com/last-seen"] = versionOf(&g) // want `nondetwrite: a copy of the Gadget's own metadata.resourceVersion flows into`
	return ctrl.Result{}, r.Update(ctx, &g)
}

func versionOf(g *Gadget) string {
	return g.GetResourceVersion()
}

// Fields of a copy other than its version: the generation of a DeepCopy
// does not change with a status write.
type CopyGenerationReconciler struct{ client.Client }

func (r *CopyGenerationReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var orig Gadget
	if err := r.Get(ctx, req.NamespacedName, &orig); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g := orig.DeepCopy()
	g.Status.ObservedGeneration = g.Generation
	g.Status.AppliedSpec = g.Spec
	return ctrl.Result{}, r.Status().Update(ctx, g)
}

// Through a helper of another package that takes any object: the version
// is the one of the object passed, here the Gadget itself.
type RecordReconciler struct{ client.Client }

func (r *RecordReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	g.Status.Seen = record.Of(&g) // want `nondetwrite: a copy of the Gadget's own metadata.resourceVersion flows into Gadget.Status.Seen`
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}

// The same helper given another object: its version changes only when it
// does.
type SourceRecordReconciler struct{ client.Client }

func (r *SourceRecordReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var g Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, client.ObjectKey{Namespace: g.Namespace, Name: g.Name}, &cm); err != nil {
		return ctrl.Result{}, err
	}
	g.Status.Source = record.Of(&cm)
	return ctrl.Result{}, r.Status().Update(ctx, &g)
}

// Ranging over a list copies each object whole; the data of the copy,
// changed and written back, does not carry its version.
type ListCopyReconciler struct{ client.Client }

func (r *ListCopyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.InNamespace(req.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for _, cm := range cms.Items {
		if cm.Data["owner"] != req.Name {
			continue
		}
		cm.Data["seen"] = cm.Data["owner"] + "/" + cm.Name
		if err := r.Update(ctx, &cm); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
