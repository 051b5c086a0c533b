package apiserver_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/validation/field"
	"k8s.io/apimachinery/pkg/watch"
	appsv1ac "k8s.io/client-go/applyconfigurations/apps/v1"
	corev1ac "k8s.io/client-go/applyconfigurations/core/v1"
	"k8s.io/utils/ptr"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/reconcilelint/reconcilelint/verify/apiserver"
	"github.com/reconcilelint/reconcilelint/verify/internal/testapi"
)

var noxuGVK = schema.GroupVersionKind{Group: "mygroup.example.com", Version: "v1beta1", Kind: "WishIHadChosenNoxu"}

func newServer(t *testing.T, opts ...apiserver.Option) *apiserver.Server {
	t.Helper()
	opts = append([]apiserver.Option{
		apiserver.WithScheme(testapi.NewScheme()),
		apiserver.WithKinds(apiserver.CRD(noxuGVK, true, true)),
		apiserver.WithClock(func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 600, time.UTC) }),
	}, opts...)
	s, err := apiserver.New(opts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func noxu(name string) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{
		"content": map[string]any{"key": "value"},
		"num":     map[string]any{"num1": int64(9223372036854775807)},
	}}
	u.SetGroupVersionKind(noxuGVK)
	u.SetNamespace("default")
	u.SetName(name)
	return u
}

type recorder struct{ events []apiserver.Event }

func (r *recorder) types() []watch.EventType {
	var out []watch.EventType
	for _, e := range r.events {
		out = append(out, e.Type)
	}
	return out
}

func subscribe(s *apiserver.Server) *recorder {
	r := &recorder{}
	s.Subscribe(func(e apiserver.Event) { r.events = append(r.events, e) })
	return r
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestCustomResourceLifecycle replays the API server experiment
// (docs/design/apiserver-experiment/gen_test.go.txt at the repository root)
// step by step and checks every row of its output.txt.
func TestCustomResourceLifecycle(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	obj := noxu("foo")
	obj.SetFinalizers([]string{"example.com/mine"})
	must(t, s.Create(ctx, obj))
	if obj.GetUID() == "" || obj.GetCreationTimestamp().Time.IsZero() || obj.GetResourceVersion() == "" || obj.GetGeneration() != 1 {
		t.Fatalf("create: uid=%q ts=%v rv=%q gen=%d", obj.GetUID(), obj.GetCreationTimestamp(), obj.GetResourceVersion(), obj.GetGeneration())
	}
	if got := obj.GetCreationTimestamp().Time; !got.Equal(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)) {
		t.Errorf("creationTimestamp %v, want truncated to seconds", got)
	}
	ev := subscribe(s)
	step := func(name string, wantGen int64, wantEvent bool, f func() error) {
		t.Helper()
		before, n := obj.GetResourceVersion(), len(ev.events)
		must(t, f())
		if obj.GetGeneration() != wantGen {
			t.Errorf("%s: generation %d, want %d", name, obj.GetGeneration(), wantGen)
		}
		changed := obj.GetResourceVersion() != before
		if changed != wantEvent || (len(ev.events) > n) != wantEvent {
			t.Errorf("%s: rv %s->%s, %d events; want change=%v", name, before, obj.GetResourceVersion(), len(ev.events)-n, wantEvent)
		}
	}
	step("finalizer added", 1, true, func() error {
		obj.SetFinalizers([]string{"example.com/mine", "other.io/theirs"})
		return s.Update(ctx, obj)
	})
	step("label added", 1, true, func() error { obj.SetLabels(map[string]string{"a": "b"}); return s.Update(ctx, obj) })
	step("no-op update", 1, false, func() error { return s.Update(ctx, obj) })
	step("status updated", 1, true, func() error {
		must(t, unstructured.SetNestedField(obj.Object, "x", "status", "phase"))
		return s.Status().Update(ctx, obj)
	})
	step("spec changed", 2, true, func() error {
		must(t, unstructured.SetNestedField(obj.Object, "v2", "content", "key"))
		return s.Update(ctx, obj)
	})
	step("status via main update dropped", 2, false, func() error {
		must(t, unstructured.SetNestedField(obj.Object, "via-update", "status", "phase"))
		return s.Update(ctx, obj)
	})
	if ph, _, _ := unstructured.NestedString(obj.Object, "status", "phase"); ph != "x" {
		t.Errorf("status.phase = %q after main Update, want x", ph)
	}
	step("label via status dropped", 2, false, func() error {
		obj.SetLabels(map[string]string{"a": "changed-via-status"})
		return s.Status().Update(ctx, obj)
	})
	if obj.GetLabels()["a"] != "b" {
		t.Errorf("labels = %v after UpdateStatus, want a=b", obj.GetLabels())
	}
	step("empty merge patch", 2, false, func() error {
		return s.Patch(ctx, obj, client.RawPatch(types.MergePatchType, []byte("{}")))
	})
	step("delete", 3, true, func() error {
		if err := s.Delete(ctx, obj); err != nil {
			return err
		}
		return s.Get(ctx, client.ObjectKeyFromObject(obj), obj)
	})
	if obj.GetDeletionTimestamp() == nil || ev.events[len(ev.events)-1].Type != watch.Modified {
		t.Fatalf("delete with finalizers: deletionTimestamp=%v events=%v", obj.GetDeletionTimestamp(), ev.types())
	}
	step("second delete", 3, false, func() error {
		if err := s.Delete(ctx, obj); err != nil {
			return err
		}
		return s.Get(ctx, client.ObjectKeyFromObject(obj), obj)
	})
	added := obj.DeepCopy()
	added.SetFinalizers(append(added.GetFinalizers(), "late.io/added"))
	if err := s.Update(ctx, added); !apierrors.IsInvalid(err) {
		t.Errorf("finalizer added while deleting: err=%v, want Invalid (Forbidden field)", err)
	} else if st := err.(apierrors.APIStatus).Status(); st.Details == nil || len(st.Details.Causes) != 2 ||
		st.Details.Causes[0].Type != metav1.CauseType(field.ErrorTypeForbidden) {
		t.Errorf("finalizer added while deleting: causes %+v, want FieldValueForbidden twice as kube-apiserver", st.Details)
	}
	step("other finalizer removed", 3, true, func() error {
		obj.SetFinalizers([]string{"example.com/mine"})
		return s.Update(ctx, obj)
	})
	step("status while deleting", 3, true, func() error {
		must(t, unstructured.SetNestedField(obj.Object, "y", "status", "phase"))
		return s.Status().Update(ctx, obj)
	})
	n := len(ev.events)
	before := obj.GetResourceVersion()
	obj.SetFinalizers(nil)
	must(t, s.Update(ctx, obj))
	if got := ev.types()[n:]; len(got) != 1 || got[0] != watch.Deleted {
		t.Fatalf("last finalizer removed: events %v, want [DELETED]", got)
	}
	if got := ev.events[n].Object.GetFinalizers(); len(got) != 1 || got[0] != "example.com/mine" {
		t.Errorf("DELETED event finalizers %v, want the last stored state [example.com/mine]", got)
	}
	if obj.GetResourceVersion() != before || ev.events[n].Object.GetResourceVersion() == before {
		t.Errorf("rv returned %s (want %s), DELETED event rv %s (want new)", obj.GetResourceVersion(), before, ev.events[n].Object.GetResourceVersion())
	}
	if err := s.Get(ctx, client.ObjectKeyFromObject(obj), obj); !apierrors.IsNotFound(err) {
		t.Errorf("get after removal: %v, want NotFound", err)
	}
}

func TestUpdatePreconditions(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	w := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "w"}, Spec: testapi.WidgetSpec{Replicas: 1}}
	must(t, s.Create(ctx, w))
	stale := w.DeepCopy()
	w.Spec.Replicas = 2
	must(t, s.Update(ctx, w))
	stale.Spec.Replicas = 3
	if err := s.Update(ctx, stale); !apierrors.IsConflict(err) {
		t.Errorf("stale update: %v, want Conflict", err)
	}
	norv := w.DeepCopy()
	norv.ResourceVersion = ""
	if err := s.Update(ctx, norv); !apierrors.IsInvalid(err) {
		t.Errorf("custom resource update without resourceVersion: %v, want Invalid", err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "c"}, Data: map[string]string{"a": "1"}}
	must(t, s.Create(ctx, cm))
	if cm.Generation != 0 {
		t.Errorf("ConfigMap generation %d, want 0", cm.Generation)
	}
	cm.ResourceVersion = ""
	cm.Data["a"] = "2"
	must(t, s.Update(ctx, cm))
	if err := s.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "c"}}); !apierrors.IsAlreadyExists(err) {
		t.Errorf("duplicate create: %v, want AlreadyExists", err)
	}
	if err := s.Update(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "missing"}}); !apierrors.IsNotFound(err) {
		t.Errorf("update of missing object: %v, want NotFound", err)
	}
	if err := s.Status().Update(ctx, cm); !apierrors.IsNotFound(err) {
		t.Errorf("status update of a kind without status: %v, want NotFound", err)
	}
	if err := s.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "Bad_Name"}}); !apierrors.IsInvalid(err) {
		t.Errorf("invalid name: %v, want Invalid", err)
	}
}

func TestGenerateNameAndTimes(t *testing.T) {
	ctx := context.Background()
	a, b := newServer(t, apiserver.WithSeed(7)), newServer(t, apiserver.WithSeed(7))
	mk := func() *corev1.ConfigMap {
		return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", GenerateName: "job-"}}
	}
	x, y := mk(), mk()
	must(t, a.Create(ctx, x))
	must(t, b.Create(ctx, y))
	if len(x.Name) != len("job-")+5 || x.Name != y.Name || x.UID != y.UID {
		t.Errorf("generateName: %q/%q uid %q/%q, want equal 5-char suffix for equal seeds", x.Name, y.Name, x.UID, y.UID)
	}
	// A timestamp that differs below one second is not a change.
	w := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "w"}}
	must(t, a.Create(ctx, w))
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	w.Status.LastUpdated = &metav1.Time{Time: base.Add(100 * time.Millisecond)}
	must(t, a.Status().Update(ctx, w))
	rv := w.ResourceVersion
	w.Status.LastUpdated = &metav1.Time{Time: base.Add(900 * time.Millisecond)}
	must(t, a.Status().Update(ctx, w))
	if w.ResourceVersion != rv {
		t.Errorf("sub-second timestamp change bumped rv %s -> %s", rv, w.ResourceVersion)
	}
	w.Status.LastUpdated = &metav1.Time{Time: base.Add(time.Second)}
	must(t, a.Status().Update(ctx, w))
	if w.ResourceVersion == rv {
		t.Errorf("one-second timestamp change did not bump rv")
	}
}

func TestTypedGenerationAndStatus(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	d := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "d"},
		Spec:       appsv1.DeploymentSpec{Replicas: ptr.To[int32](1)},
		Status:     appsv1.DeploymentStatus{Replicas: 5},
	}
	must(t, s.Create(ctx, d))
	if d.Generation != 1 || d.Status.Replicas != 0 {
		t.Fatalf("create: gen %d status.replicas %d, want 1 and 0 (status dropped)", d.Generation, d.Status.Replicas)
	}
	if d.Kind != "" {
		t.Errorf("typed result has TypeMeta %v, want empty", d.TypeMeta)
	}
	d.Status.ReadyReplicas = 1
	must(t, s.Status().Update(ctx, d))
	if d.Generation != 1 || d.Status.ReadyReplicas != 1 {
		t.Errorf("status update: gen %d ready %d", d.Generation, d.Status.ReadyReplicas)
	}
	d.Labels = map[string]string{"x": "y"}
	must(t, s.Update(ctx, d))
	if d.Generation != 1 {
		t.Errorf("label change bumped generation to %d", d.Generation)
	}
	d.Spec.Replicas = ptr.To[int32](3)
	must(t, s.Update(ctx, d))
	if d.Generation != 2 {
		t.Errorf("spec change: generation %d, want 2", d.Generation)
	}
	// Unstructured reads of a typed kind see the same object.
	u := &unstructured.Unstructured{}
	u.SetGroupVersionKind(appsv1.SchemeGroupVersion.WithKind("Deployment"))
	must(t, s.Get(ctx, client.ObjectKeyFromObject(d), u))
	if r, _, _ := unstructured.NestedInt64(u.Object, "spec", "replicas"); r != 3 || u.GetResourceVersion() != d.ResourceVersion {
		t.Errorf("unstructured read: replicas %d rv %s", r, u.GetResourceVersion())
	}
}

func TestPatches(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	d := &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "d"},
		Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{Containers: []corev1.Container{
			{Name: "a", Image: "a:1"}, {Name: "b", Image: "b:1"},
		}}}},
	}
	must(t, s.Create(ctx, d))
	// Strategic merge: containers merge by name.
	must(t, s.Patch(ctx, d, client.RawPatch(types.StrategicMergePatchType,
		[]byte(`{"spec":{"template":{"spec":{"containers":[{"name":"b","image":"b:2"}]}}}}`))))
	if c := d.Spec.Template.Spec.Containers; len(c) != 2 || c[1].Image != "b:2" {
		t.Errorf("strategic merge: containers %+v", c)
	}
	// JSON merge: lists are replaced.
	must(t, s.Patch(ctx, d, client.RawPatch(types.MergePatchType,
		[]byte(`{"spec":{"template":{"spec":{"containers":[{"name":"c","image":"c:1"}]}}}}`))))
	if c := d.Spec.Template.Spec.Containers; len(c) != 1 || c[0].Name != "c" {
		t.Errorf("merge patch: containers %+v", c)
	}
	// JSON patch with a failing test op.
	err := s.Patch(ctx, d, client.RawPatch(types.JSONPatchType, []byte(`[{"op":"test","path":"/metadata/name","value":"x"}]`)))
	if err == nil {
		t.Errorf("json patch with failing test: no error")
	}
	must(t, s.Patch(ctx, d, client.RawPatch(types.JSONPatchType, []byte(`[{"op":"add","path":"/metadata/labels","value":{"k":"v"}}]`))))
	if d.Labels["k"] != "v" {
		t.Errorf("json patch: labels %v", d.Labels)
	}
	// MergeFrom with optimistic lock on a stale object conflicts.
	stale := d.DeepCopy()
	base := d.DeepCopy()
	d.Labels["k"] = "w"
	must(t, s.Patch(ctx, d, client.MergeFrom(base)))
	stale.Labels["k"] = "z"
	if err := s.Patch(ctx, stale, client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{})); !apierrors.IsConflict(err) {
		t.Errorf("optimistic-lock patch on stale rv: %v, want Conflict", err)
	}
	// Strategic merge on a custom resource is unsupported.
	w := noxu("n")
	must(t, s.Create(ctx, w))
	err = s.Patch(ctx, w, client.RawPatch(types.StrategicMergePatchType, []byte(`{}`)))
	if apierrors.ReasonForError(err) != metav1.StatusReasonUnsupportedMediaType {
		t.Errorf("strategic merge on CR: %v, want UnsupportedMediaType", err)
	}
}

func TestServerSideApply(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	// controller-runtime decodes the response into the apply configuration,
	// so each Apply gets a fresh one, as real callers build them.
	ac := func() *appsv1ac.DeploymentApplyConfiguration {
		return appsv1ac.Deployment("d", "default").WithSpec(appsv1ac.DeploymentSpec().WithReplicas(2).
			WithTemplate(corev1ac.PodTemplateSpec().WithSpec(corev1ac.PodSpec().WithContainers(
				corev1ac.Container().WithName("a").WithImage("a:1")))))
	}
	if err := s.Apply(ctx, ac()); !apierrors.IsBadRequest(err) {
		t.Errorf("apply without field manager: %v, want BadRequest", err)
	}
	must(t, s.Apply(ctx, ac(), client.FieldOwner("alice")))
	d := &appsv1.Deployment{}
	must(t, s.Get(ctx, client.ObjectKey{Namespace: "default", Name: "d"}, d))
	if *d.Spec.Replicas != 2 || len(d.ManagedFields) != 1 || d.ManagedFields[0].Manager != "alice" {
		t.Fatalf("apply create: replicas %v managedFields %+v", d.Spec.Replicas, d.ManagedFields)
	}
	rv := d.ResourceVersion
	must(t, s.Apply(ctx, ac(), client.FieldOwner("alice")))
	must(t, s.Get(ctx, client.ObjectKeyFromObject(d), d))
	if d.ResourceVersion != rv {
		t.Errorf("identical apply bumped rv %s -> %s", rv, d.ResourceVersion)
	}
	bob := appsv1ac.Deployment("d", "default").WithSpec(appsv1ac.DeploymentSpec().WithReplicas(5))
	if err := s.Apply(ctx, bob, client.FieldOwner("bob")); !apierrors.IsConflict(err) {
		t.Errorf("conflicting apply: %v, want Conflict", err)
	}
	must(t, s.Apply(ctx, bob, client.FieldOwner("bob"), client.ForceOwnership))
	must(t, s.Get(ctx, client.ObjectKeyFromObject(d), d))
	if *d.Spec.Replicas != 5 || d.Spec.Template.Spec.Containers[0].Image != "a:1" {
		t.Errorf("forced apply: replicas %d containers %+v", *d.Spec.Replicas, d.Spec.Template.Spec.Containers)
	}
	// A plain Update on an applied object is tracked too.
	d.Labels = map[string]string{"x": "y"}
	must(t, s.Update(ctx, d, client.FieldOwner("carol")))
	managers := map[string]bool{}
	for _, m := range d.ManagedFields {
		managers[m.Manager] = true
	}
	if !managers["alice"] || !managers["bob"] || !managers["carol"] {
		t.Errorf("managers after update: %v", managers)
	}
	// Apply to a custom resource through the patch interface.
	u := noxu("applied")
	u.Object["status"] = map[string]any{"phase": "ignored"}
	//lint:ignore SA1019 client.Apply as a patch type is what older callers use.
	must(t, s.Patch(ctx, u, client.Apply, client.FieldOwner("alice")))
	got := noxu("applied")
	must(t, s.Get(ctx, client.ObjectKeyFromObject(got), got))
	if _, found, _ := unstructured.NestedString(got.Object, "status", "phase"); found || got.GetGeneration() != 1 {
		t.Errorf("apply create of CR: status kept=%v generation %d", found, got.GetGeneration())
	}
}

func TestGarbageCollection(t *testing.T) {
	ctx := context.Background()
	s := newServer(t)
	owner := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "owner"}}
	other := &testapi.Widget{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "other"}}
	must(t, s.Create(ctx, owner))
	must(t, s.Create(ctx, other))
	ref := func(w *testapi.Widget) metav1.OwnerReference {
		return metav1.OwnerReference{APIVersion: "example.com/v1", Kind: "Widget", Name: w.Name, UID: w.UID, Controller: ptr.To(true)}
	}
	only := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "only", OwnerReferences: []metav1.OwnerReference{ref(owner)}}}
	shared := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "shared",
		OwnerReferences: []metav1.OwnerReference{ref(owner), {APIVersion: "example.com/v1", Kind: "Widget", Name: other.Name, UID: other.UID}}}}
	must(t, s.Create(ctx, only))
	must(t, s.Create(ctx, shared))
	must(t, s.Delete(ctx, owner))
	if err := s.Get(ctx, client.ObjectKeyFromObject(only), &corev1.ConfigMap{}); !apierrors.IsNotFound(err) {
		t.Errorf("dependent with a single owner: %v, want NotFound", err)
	}
	got := &corev1.ConfigMap{}
	must(t, s.Get(ctx, client.ObjectKeyFromObject(shared), got))
	if len(got.OwnerReferences) != 1 || got.OwnerReferences[0].Name != "other" {
		t.Errorf("dependent with two owners: ownerReferences %+v", got.OwnerReferences)
	}
	// Orphan propagation keeps the dependent and drops the reference.
	orphan := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "orphan", OwnerReferences: []metav1.OwnerReference{ref(other)}}}
	must(t, s.Create(ctx, orphan))
	must(t, s.Delete(ctx, other, client.PropagationPolicy(metav1.DeletePropagationOrphan)))
	must(t, s.Get(ctx, client.ObjectKeyFromObject(orphan), orphan))
	if len(orphan.OwnerReferences) != 0 {
		t.Errorf("orphaned dependent: ownerReferences %+v", orphan.OwnerReferences)
	}
}

func TestListAndWatch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := newServer(t)
	for _, n := range []string{"c", "a", "b"} {
		must(t, s.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: n, Labels: map[string]string{"n": n}}}))
	}
	must(t, s.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "other", Name: "z"}}))
	l := &corev1.ConfigMapList{}
	must(t, s.List(ctx, l, client.InNamespace("default")))
	if len(l.Items) != 3 || l.Items[0].Name != "a" || l.Items[2].Name != "c" || l.ResourceVersion == "" {
		t.Errorf("list: %d items, first %q, rv %q", len(l.Items), l.Items[0].Name, l.ResourceVersion)
	}
	must(t, s.List(ctx, l, client.MatchingLabels{"n": "b"}))
	if len(l.Items) != 1 || l.Items[0].Name != "b" {
		t.Errorf("label selector: %+v", l.Items)
	}
	must(t, s.List(ctx, l, client.Limit(2)))
	if len(l.Items) != 2 || l.Continue == "" {
		t.Errorf("limit: %d items, continue %q", len(l.Items), l.Continue)
	}
	must(t, s.List(ctx, l, client.Limit(2), client.Continue(l.Continue)))
	if len(l.Items) != 2 || l.Continue != "" {
		t.Errorf("continue: %d items, continue %q", len(l.Items), l.Continue)
	}
	ul := &unstructured.UnstructuredList{}
	ul.SetGroupVersionKind(corev1.SchemeGroupVersion.WithKind("ConfigMapList"))
	must(t, s.List(ctx, ul))
	if len(ul.Items) != 4 {
		t.Errorf("unstructured list: %d items", len(ul.Items))
	}

	w, err := s.Watch(ctx, &corev1.ConfigMapList{}, client.InNamespace("default"))
	must(t, err)
	defer w.Stop()
	cm := &corev1.ConfigMap{}
	must(t, s.Get(ctx, client.ObjectKey{Namespace: "default", Name: "a"}, cm))
	must(t, s.Update(ctx, cm)) // no-op: no event
	cm.Data = map[string]string{"k": "v"}
	must(t, s.Update(ctx, cm))
	must(t, s.Delete(ctx, cm))
	var got []watch.EventType
	for len(got) < 5 {
		select {
		case e := <-w.ResultChan():
			got = append(got, e.Type)
			if _, ok := e.Object.(*corev1.ConfigMap); !ok {
				t.Errorf("watch object %T, want *ConfigMap", e.Object)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("watch: got %v, timed out", got)
		}
	}
	// Without a resourceVersion the watch starts with the current state.
	if want := []watch.EventType{watch.Added, watch.Added, watch.Added, watch.Modified, watch.Deleted}; !slices.Equal(got, want) {
		t.Errorf("watch events %v, want %v", got, want)
	}
	// Replay from a resourceVersion.
	w2, err := s.Watch(ctx, &corev1.ConfigMapList{}, &client.ListOptions{Raw: &metav1.ListOptions{ResourceVersion: l.ResourceVersion}})
	must(t, err)
	defer w2.Stop()
	select {
	case e := <-w2.ResultChan():
		if e.Type != watch.Modified {
			t.Errorf("replayed event %s, want MODIFIED", e.Type)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("replay: timed out")
	}
}

func TestMetadataAndRESTMapper(t *testing.T) {
	s := newServer(t)
	ns, err := s.IsObjectNamespaced(&corev1.Namespace{})
	must(t, err)
	if ns {
		t.Errorf("Namespace reported namespaced")
	}
	m, err := s.RESTMapper().RESTMapping(schema.GroupKind{Group: "apps", Kind: "Deployment"}, "v1")
	must(t, err)
	if m.Resource.Resource != "deployments" {
		t.Errorf("mapping %v", m.Resource)
	}
	ctx := context.Background()
	must(t, s.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "c"}}))
	pom := &metav1.PartialObjectMetadata{}
	pom.SetGroupVersionKind(corev1.SchemeGroupVersion.WithKind("ConfigMap"))
	must(t, s.Get(ctx, client.ObjectKey{Namespace: "default", Name: "c"}, pom))
	if pom.UID == "" {
		t.Errorf("metadata-only read lost uid")
	}
	var bad struct{ client.Object }
	_ = bad
	if err := s.Create(ctx, &unstructured.Unstructured{Object: map[string]any{}}); err == nil {
		t.Errorf("object without kind: no error")
	}
	raw, _ := json.Marshal(map[string]any{"metadata": map[string]any{"name": "x"}})
	if err := s.Patch(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: "c"}}, client.RawPatch(types.MergePatchType, raw[:5])); err == nil {
		t.Errorf("malformed patch: no error")
	}
}

// TestRealServerAnswers pins answers that the fidelity suite
// (testdata/fidelity) found the real API server to give.
func TestRealServerAnswers(t *testing.T) {
	ctx := context.Background()
	s := newServer(t, apiserver.WithManagedFields(true))
	// A failing JSON patch is a 422 without causes; a bad one a BadRequest.
	w := noxu("w")
	w.SetFinalizers([]string{"example.com/f"})
	must(t, s.Create(ctx, w))
	err := s.Patch(ctx, w.DeepCopy(), client.RawPatch(types.JSONPatchType, []byte(`[{"op":"test","path":"/content/key","value":"x"}]`)))
	if st, ok := err.(apierrors.APIStatus); !ok || st.Status().Code != 422 || !apierrors.IsInvalid(err) || len(st.Status().Details.Causes) != 0 {
		t.Errorf("failing json patch: %v, want 422 Invalid without causes", err)
	}
	if err := s.Patch(ctx, w.DeepCopy(), client.RawPatch(types.JSONPatchType, []byte(`{}`))); !apierrors.IsBadRequest(err) {
		t.Errorf("undecodable json patch: %v, want BadRequest", err)
	}
	// Create with a resourceVersion: 500 with an unknown reason.
	bad := noxu("bad")
	bad.SetResourceVersion("7")
	if err := s.Create(ctx, bad); apierrors.ReasonForError(err) != metav1.StatusReasonUnknown || err.(apierrors.APIStatus).Status().Code != 500 {
		t.Errorf("create with resourceVersion: %v, want 500 with reason Unknown", err)
	}
	// Custom resources get ObjectMeta's schema: finalizers are a set.
	if mf := w.GetManagedFields(); len(mf) != 1 || !strings.Contains(mf[0].FieldsV1.String(), `"f:finalizers":{".":{},"v:\"example.com/f\"":{}}`) {
		t.Errorf("managedFields %v, want finalizers recorded as a set", mf)
	}
	// Leaving a watch's label selector: DELETED with the previous state.
	wt, err := s.Watch(ctx, &unstructured.UnstructuredList{Object: map[string]any{"apiVersion": noxuGVK.GroupVersion().String(), "kind": noxuGVK.Kind + "List"}},
		client.MatchingLabels{"tier": "x"})
	must(t, err)
	defer wt.Stop()
	cur := noxu("w")
	must(t, s.Get(ctx, client.ObjectKeyFromObject(cur), cur))
	cur.SetLabels(map[string]string{"tier": "x"})
	must(t, s.Update(ctx, cur))
	cur.SetLabels(map[string]string{"tier": "y"})
	must(t, s.Update(ctx, cur))
	for _, want := range []watch.EventType{watch.Added, watch.Deleted} {
		select {
		case e := <-wt.ResultChan():
			o := e.Object.(*unstructured.Unstructured)
			if e.Type != want || o.GetLabels()["tier"] != "x" {
				t.Errorf("event %s with labels %v, want %s with tier=x", e.Type, o.GetLabels(), want)
			}
			if want == watch.Deleted && o.GetResourceVersion() != cur.GetResourceVersion() {
				t.Errorf("DELETED at rv %s, want the update's %s", o.GetResourceVersion(), cur.GetResourceVersion())
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no %s event", want)
		}
	}
}

// TestSeedKeepsStatusAndGeneration: Seed stores an existing object with
// its status, generation and finalizers; Create of the same object clears
// the status (status subresource) and starts at generation 1.
func TestSeedKeepsStatusAndGeneration(t *testing.T) {
	s := newServer(t)
	ctx := context.Background()
	given := func(name string) *testapi.Widget {
		return &testapi.Widget{
			ObjectMeta: metav1.ObjectMeta{Namespace: "default", Name: name, Generation: 7, Finalizers: []string{"example.com/x"}},
			Status:     testapi.WidgetStatus{Phase: "Migrating", ObservedGeneration: 6},
		}
	}
	must(t, s.Seed(ctx, given("seeded")))
	must(t, s.Create(ctx, given("created")))
	for _, c := range []struct {
		name  string
		gen   int64
		phase string
	}{{"seeded", 7, "Migrating"}, {"created", 1, ""}} {
		got := &testapi.Widget{}
		must(t, s.Get(ctx, types.NamespacedName{Namespace: "default", Name: c.name}, got))
		if got.Generation != c.gen || got.Status.Phase != c.phase || !slices.Equal(got.Finalizers, []string{"example.com/x"}) || got.UID == "" || got.ResourceVersion == "" {
			t.Errorf("%s: generation %d, phase %q, finalizers %v, uid %q, rv %q; want generation %d, phase %q, the finalizer, uid and rv set",
				c.name, got.Generation, got.Status.Phase, got.Finalizers, got.UID, got.ResourceVersion, c.gen, c.phase)
		}
	}
	if err := s.Seed(ctx, given("seeded")); !apierrors.IsAlreadyExists(err) {
		t.Errorf("second Seed: %v, want AlreadyExists", err)
	}
}
