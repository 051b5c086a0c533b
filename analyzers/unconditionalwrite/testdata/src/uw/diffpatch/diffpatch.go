// Package diffpatch: a patch computed by a diff library is "{}", not
// empty, when nothing differs, so a write behind a length or nil test of
// it is sent on every pass. The twins compare the patch with "{}", or the
// objects before diffing.
package diffpatch

import (
	"bytes"
	"context"
	"encoding/json"

	jsonpatch "github.com/evanphx/json-patch/v5"
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/strategicpatch"
	appsclient "k8s.io/client-go/kubernetes/typed/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"uw/diffpatch/patchutil"
)

// desired returns the Deployment the reconciler wants.
func desired(cur *appsv1.Deployment) *appsv1.Deployment {
	d := cur.DeepCopy()
	d.Labels = map[string]string{"app": cur.Name}
	return d
}

// Positives.

type LengthReconciler struct{ client.Client }

func (r *LengthReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, cur); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before, _ := json.Marshal(cur)
	after, _ := json.Marshal(desired(cur))
	patch, err := strategicpatch.CreateTwoWayMergePatch(before, after, appsv1.Deployment{})
	if err != nil {
		return ctrl.Result{}, err
	}
	if len(patch) == 0 {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Patch(ctx, cur, client.RawPatch(types.StrategicMergePatchType, patch)) // want `unconditionalwrite: Patch of the Deployment is sent on every reconcile, even when nothing changed: the diff library's patch is "\{\}", which is not empty`
}

// A helper computes the patch; the write is behind a nil test.
type HelperReconciler struct {
	Apps appsclient.AppsV1Interface
}

func mergePatch(cur, want *appsv1.Deployment) ([]byte, error) {
	a, err := json.Marshal(cur)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(want)
	if err != nil {
		return nil, err
	}
	return jsonpatch.CreateMergePatch(a, b)
}

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	deps := r.Apps.Deployments(req.Namespace)
	cur, err := deps.Get(ctx, req.Name, metav1.GetOptions{})
	if err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch, err := mergePatch(cur, desired(cur))
	if err != nil {
		return ctrl.Result{}, err
	}
	if patch != nil {
		if _, err := deps.Patch(ctx, cur.Name, types.MergePatchType, patch, metav1.PatchOptions{}); err != nil { // want `unconditionalwrite: Patch of the Deployment is sent on every reconcile, even when nothing changed: the diff library's patch`
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Negatives.

// The patch is compared with "{}".
type EmptyObjectReconciler struct{ client.Client }

func (r *EmptyObjectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, cur); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before, _ := json.Marshal(cur)
	after, _ := json.Marshal(desired(cur))
	patch, err := strategicpatch.CreateTwoWayMergePatch(before, after, appsv1.Deployment{})
	if err != nil {
		return ctrl.Result{}, err
	}
	if len(patch) == 0 || string(patch) == "{}" {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Patch(ctx, cur, client.RawPatch(types.StrategicMergePatchType, patch))
}

// bytes.Equal with "{}".
type BytesReconciler struct{ client.Client }

func (r *BytesReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, cur); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	before, _ := json.Marshal(cur)
	after, _ := json.Marshal(desired(cur))
	patch, err := jsonpatch.CreateMergePatch(before, after)
	if err != nil {
		return ctrl.Result{}, err
	}
	if bytes.Equal(patch, []byte("{}")) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Patch(ctx, cur, client.RawPatch(types.MergePatchType, patch))
}

// The objects are compared before the diff.
type CompareFirstReconciler struct{ client.Client }

func (r *CompareFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, cur); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	want := desired(cur)
	if equality.Semantic.DeepEqual(cur.Labels, want.Labels) {
		return ctrl.Result{}, nil
	}
	before, _ := json.Marshal(cur)
	after, _ := json.Marshal(want)
	patch, err := strategicpatch.CreateTwoWayMergePatch(before, after, appsv1.Deployment{})
	if err != nil || len(patch) == 0 {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Patch(ctx, cur, client.RawPatch(types.StrategicMergePatchType, patch))
}

// Positives through helpers whose bool result tests the patch's length.

func hasContent(p []byte) bool { return p != nil }

type LocalTestReconciler struct{ client.Client }

func (r *LocalTestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, cur); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch, err := mergePatch(cur, desired(cur))
	if err != nil || !hasContent(patch) {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Patch(ctx, cur, client.RawPatch(types.MergePatchType, patch)) // want `unconditionalwrite: Patch of the Deployment is sent on every reconcile, even when nothing changed: the diff library's patch`
}

type ForeignTestReconciler struct{ client.Client }

func (r *ForeignTestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, cur); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch, err := mergePatch(cur, desired(cur))
	if err != nil {
		return ctrl.Result{}, err
	}
	if patchutil.HasChanges(patch) {
		return ctrl.Result{}, r.Patch(ctx, cur, client.RawPatch(types.MergePatchType, patch)) // want `unconditionalwrite: Patch of the Deployment is sent on every reconcile, even when nothing changed: the diff library's patch`
	}
	return ctrl.Result{}, nil
}

// The twin: the helper compares with "{}" too.
type ForeignEmptyReconciler struct{ client.Client }

func (r *ForeignEmptyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, cur); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch, err := mergePatch(cur, desired(cur))
	if err != nil || patchutil.IsEmpty(patch) {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Patch(ctx, cur, client.RawPatch(types.MergePatchType, patch))
}

// The write is in a function literal that captures nothing, converted to
// a named func type of another package and run there on each target.
type VisitReconciler struct {
	Targets []patchutil.Target
}

func (r *VisitReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, patchTargets(ctx, r.Targets)
}

func patchTargets(_ context.Context, targets []patchutil.Target) error {
	return patchutil.Visit(targets, func(t patchutil.Target, err error) error {
		if err != nil {
			return err
		}
		ctx := context.Background()
		cur, err := t.Deps.Get(ctx, t.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		patch, err := mergePatch(cur, desired(cur))
		if err != nil {
			return err
		}
		if patch == nil {
			return nil
		}
		_, err = t.Deps.Patch(ctx, cur.Name, types.MergePatchType, patch, metav1.PatchOptions{}) // want `unconditionalwrite: Patch of the Deployment is sent on every reconcile, even when nothing changed: the diff library's patch`
		return err
	})
}

// The twin: the visitor compares the patch with "{}".
type VisitEmptyReconciler struct {
	Targets []patchutil.Target
}

func (r *VisitEmptyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, patchutil.Visit(r.Targets, func(t patchutil.Target, err error) error {
		if err != nil {
			return err
		}
		cur, err := t.Deps.Get(ctx, t.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		patch, err := mergePatch(cur, desired(cur))
		if err != nil || patchutil.IsEmpty(patch) {
			return err
		}
		_, err = t.Deps.Patch(ctx, cur.Name, types.MergePatchType, patch, metav1.PatchOptions{})
		return err
	})
}

// The helper hands on an empty patch as nil: its callers' nil test is a
// real change test.
func changesOnly(cur, want *appsv1.Deployment) ([]byte, error) {
	a, err := json.Marshal(cur)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(want)
	if err != nil {
		return nil, err
	}
	patch, err := strategicpatch.CreateTwoWayMergePatch(a, b, appsv1.Deployment{})
	if err != nil {
		return nil, err
	}
	if len(patch) == 0 || bytes.Equal(patch, []byte("{}")) {
		return nil, nil
	}
	return patch, nil
}

type NormalisedReconciler struct{ client.Client }

func (r *NormalisedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cur := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, cur); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch, err := changesOnly(cur, desired(cur))
	if err != nil || patch == nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Patch(ctx, cur, client.RawPatch(types.StrategicMergePatchType, patch))
}
