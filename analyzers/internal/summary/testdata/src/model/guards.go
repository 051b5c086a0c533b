package model

import (
	"context"
	"reflect"

	"github.com/google/go-cmp/cmp"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"model/lib"
)

const fin = "example.com/cleanup"

type Guards struct {
	client.Client
	Enabled bool
	CS      kubernetes.Interface
	Dyn     dynamic.Interface
}

// Every guard class, each controlling one write.
func (r *Guards) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `root R1a`
	var g lib.Gadget
	if err := r.Get(ctx, req.NamespacedName, &g); err != nil { // want `cond error test`
		_ = r.Status().Update(ctx, &g) // want `write Status\(\).Update failure path`
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Lifecycle tests do not guard.
	if !g.DeletionTimestamp.IsZero() { // want `cond lifecycle test`
		controllerutil.RemoveFinalizer(&g, fin)
		return ctrl.Result{}, r.Update(ctx, &g) // want `write Update unguarded`
	}

	// G1: DeepEqual against a pre-image. The error return inside the
	// guarded block does not make later code depend on the guard.
	before := g.DeepCopyObject()
	g.Spec.Size = 3
	if !equality.Semantic.DeepEqual(before, &g) { // want `cond G1 equality`
		if err := r.Update(ctx, &g); err != nil { // want `write Update guarded`
			return ctrl.Result{}, err
		}
	}

	// Unguarded: a status write on the steady-state path.
	g.Status.Ready = true
	if err := r.Status().Update(ctx, &g); err != nil { // want `write Status\(\).Update unguarded`
		return ctrl.Result{}, err
	}

	// G2: an observed comparison.
	var d appsv1.Deployment
	if err := r.Get(ctx, types.NamespacedName{Namespace: g.Namespace, Name: g.Name}, &d); err != nil { // want `cond error test`
		if apierrors.IsNotFound(err) { // want `cond error test`
			return ctrl.Result{}, r.Create(ctx, &d) // want `write Create failure path`
		}
		return ctrl.Result{}, err
	}
	if d.Spec.Replicas == nil || *d.Spec.Replicas != g.Spec.Size { // want `cond G2 observed comparison` `cond G2 observed comparison`
		d.Spec.Replicas = &g.Spec.Size
		_ = r.Update(ctx, &d) // want `write Update guarded`
	}

	// G3: change reporters, also through a Phi.
	changed := controllerutil.AddFinalizer(&g, fin)
	changed = meta.SetStatusCondition(&g.Status.Conditions, metav1.Condition{Type: "Ready", Status: metav1.ConditionTrue}) || changed // want `cond G3 change reporter`
	if changed {
		_ = r.Patch(ctx, &g, client.MergeFrom(before.(client.Object))) // want `write Patch guarded`
	}

	// G3: an OperationResult comparison; CreateOrUpdate is self-guarded.
	op, err := controllerutil.CreateOrUpdate(ctx, r.Client, &d, func() error { return nil }) // want `write CreateOrUpdate guarded`
	if err != nil {
		return ctrl.Result{}, err
	}
	if op != controllerutil.OperationResultNone { // want `cond G3 change reporter`
		_ = r.Status().Patch(ctx, &g, client.MergeFrom(before.(client.Object))) // want `write Status\(\).Patch guarded`
	}

	// Configuration tests do not guard.
	if r.Enabled { // want `cond configuration test`
		_ = r.SubResource("scale").Update(ctx, &d) // want `write SubResource\(scale\) write unguarded`
	}

	// Loop conditions do not guard; writes in loops count.
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.InNamespace(g.Namespace)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		_ = r.Delete(ctx, &pods.Items[i]) // want `write Delete unguarded`
	}
	for i := 0; i < len(pods.Items); i++ { // want `cond loop condition`
		_ = r.Delete(ctx, &pods.Items[i]) // want `write Delete unguarded`
	}

	// cmp.Equal and reflect.DeepEqual are G1. A condition of unknown kind
	// guards while what it tests cannot be told (a function value); one
	// that tests nothing the function stores (a helper whose result is a
	// constant) does not: the write runs on every pass that reaches it.
	if !cmp.Equal(d.Labels, g.Labels) || !reflect.DeepEqual(d.Annotations, g.Annotations) { // want `cond G1 equality` `cond G1 equality`
		_ = r.Update(ctx, &d) // want `write Update guarded`
	}
	if unknownCondition() { // want `cond unknown`
		_ = r.Update(ctx, &d) // want `write Update unguarded`
	}
	if opaqueCondition(&d) { // want `cond unknown`
		_ = r.Update(ctx, &d) // want `write Update guarded`
	}

	// client-go typed and dynamic clients.
	_, _ = r.CS.AppsV1().Deployments(g.Namespace).UpdateStatus(ctx, &d, metav1.UpdateOptions{})                                // want `write UpdateStatus unguarded`
	_, _ = r.CS.CoreV1().Pods(g.Namespace).Patch(ctx, "p", types.MergePatchType, nil, metav1.PatchOptions{}, "status")         // want `write Patch\(…, "status"\) unguarded`
	_, _ = r.Dyn.Resource(gadgets).Namespace(g.Namespace).Patch(ctx, g.Name, types.MergePatchType, nil, metav1.PatchOptions{}) // want `write Patch unguarded`

	// Helpers: in this package (scope) and in another (facts).
	r.helper(ctx, &d)
	if lib.SameData(nil, nil) { // want `cond G1 equality`
		_ = r.Update(ctx, &d) // want `write Update guarded`
	}
	if lib.EnsureFinalizer(&g) { // want `cond G3 change reporter`
		_ = r.Update(ctx, &g) // want `write Update guarded`
	}
	_ = lib.EnsurePatch(ctx, r.Client, &d)            // want `write EnsurePatch \(Patch\) unguarded`
	_ = lib.UpdateIfChanged(ctx, r.Client, &d, &d)    // want `write UpdateIfChanged \(Update\) guarded`
	_ = lib.ReportFailure(ctx, r.Client, &d)          // want `write ReportFailure \(Status\(\).Update\) failure path`
	_ = lib.Outer(ctx, r.Client, &corev1.ConfigMap{}) // want `write Outer \(Update\) unguarded`
	defer func() { _ = r.Status().Update(ctx, &g) }() // want `write Status\(\).Update unguarded`
	var u updater = &localUpdater{c: r.Client}
	u.update(ctx, &d)
	return ctrl.Result{}, nil
}

var gadgets = schemaGVR()

func unknownCondition() bool { return false }

// opaqueCondition is a function value: what it tests is not known.
var opaqueCondition = func(d *appsv1.Deployment) bool { return d.Spec.Paused }

func init() { opaqueCondition = func(*appsv1.Deployment) bool { return true } }

// helper is in scope through a call on the steady-state path.
func (r *Guards) helper(ctx context.Context, d *appsv1.Deployment) {
	_ = r.Update(ctx, d) // want `write Update unguarded`
}

// updater is reached through an interface on a package-local type.
type updater interface {
	update(ctx context.Context, d *appsv1.Deployment)
}

type localUpdater struct{ c client.Client }

func (l *localUpdater) update(ctx context.Context, d *appsv1.Deployment) {
	_ = l.c.Update(ctx, d) // want `write Update unguarded`
}

// notInScope is not reachable from a root: its write has only a local
// status.
func notInScope(ctx context.Context, c client.Client, d *appsv1.Deployment) {
	_ = c.Update(ctx, d) // want `write Update local unguarded`
}

func schemaGVR() schema.GroupVersionResource {
	return schema.GroupVersionResource{Group: "example.com", Version: "v1", Resource: "gadgets"}
}
