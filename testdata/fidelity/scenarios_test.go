package fidelity

import (
	"context"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// scenarios is the fidelity table. Every scenario runs unchanged against
// both backends; verify/README.md documents it as the fidelity contract.
var scenarios = []scenario{
	{"Create", func(h *H) {
		h.watchWidgets()
		w := h.widget("w", map[string]any{"replicas": int64(1), "image": "a"})
		w.SetLabels(map[string]string{"app": "w"})
		w.Object["status"] = map[string]any{"phase": "set-on-create"}
		h.create("create (status sent)", w)
		h.get("get", w, "w")
		h.create("create existing name", h.widget("w", nil))
		h.flushWidgets()
	}},
	{"CreateGenerateName", func(h *H) {
		h.watchWidgets()
		w := h.widget("", map[string]any{"image": "a"})
		w.SetGenerateName("gen-")
		if h.create("create with generateName", w) == nil {
			h.get("get", w, w.GetName())
		}
		h.create("create without name", h.widget("", nil))
		h.create("create invalid name", h.widget("Bad_Name", nil))
		h.flushWidgets()
	}},
	{"SpecChange", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		h.watchWidgets()
		w := h.getWidget("w")
		w.Object["spec"].(map[string]any)["replicas"] = int64(2)
		h.update("update spec.replicas", w)
		w.Object["spec"].(map[string]any)["config"] = map[string]any{"k": "v"}
		h.patch("merge patch spec.config", w, client.Merge)
		h.flushWidgets()
	}},
	{"MetadataChange", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		h.watchWidgets()
		w := h.getWidget("w")
		w.SetLabels(map[string]string{"a": "b"})
		h.update("update labels", w)
		w.SetAnnotations(map[string]string{"note": "x"})
		h.update("update annotations", w)
		w.SetFinalizers([]string{"example.com/f"})
		h.update("add finalizer", w)
		w.SetFinalizers(nil)
		h.update("remove finalizer", w)
		h.flushWidgets()
	}},
	{"StatusChange", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		h.watchWidgets()
		w := h.getWidget("w")
		w.Object["status"] = map[string]any{"phase": "Ready", "observedGeneration": int64(1)}
		h.updateStatus("status update", w)
		h.patch("status merge patch", w, client.RawPatch(types.MergePatchType, []byte(`{"status":{"phase":"Done"}}`)))
		h.result("status subresource merge patch", h.c.Status().Patch(h.ctx, w, client.RawPatch(types.MergePatchType, []byte(`{"status":{"phase":"Done"}}`))))
		h.obj("status subresource merge patch", w)
		h.flushWidgets()
	}},
	{"IdenticalUpdate", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		w := h.getWidget("w")
		w.Object["status"] = map[string]any{"phase": "Ready"}
		h.updateStatus("status update", w)
		h.watchWidgets()
		h.update("identical update", w)
		h.updateStatus("identical status update", w)
		h.flushWidgets()
	}},
	{"EmptyMergePatch", func(h *H) {
		w := h.widget("w", map[string]any{"replicas": int64(1)})
		w.SetLabels(map[string]string{"a": "b"})
		h.create("create", w)
		h.watchWidgets()
		h.patch("merge patch {}", w, client.RawPatch(types.MergePatchType, []byte(`{}`)))
		h.patch("merge patch, same label value", w, client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"labels":{"a":"b"}}}`)))
		h.patch("json patch, same value", w, client.RawPatch(types.JSONPatchType, []byte(`[{"op":"replace","path":"/spec/replicas","value":1}]`)))
		h.flushWidgets()
	}},
	{"StatusInMainUpdate", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		w := h.getWidget("w")
		w.Object["status"] = map[string]any{"phase": "A"}
		h.updateStatus("status update", w)
		h.watchWidgets()
		w.Object["status"] = map[string]any{"phase": "B"}
		h.update("main update, status only", w)
		w.Object["status"] = map[string]any{"phase": "B"}
		w.Object["spec"].(map[string]any)["replicas"] = int64(3)
		h.update("main update, status and spec", w)
		h.get("get", w, "w")
		h.flushWidgets()
	}},
	{"LabelsInStatusUpdate", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		h.watchWidgets()
		w := h.getWidget("w")
		w.SetLabels(map[string]string{"via": "status"})
		h.updateStatus("status update, label only", w)
		w.SetLabels(map[string]string{"via": "status"})
		w.Object["spec"].(map[string]any)["replicas"] = int64(5)
		w.Object["status"] = map[string]any{"phase": "X"}
		h.updateStatus("status update, label, spec and status", w)
		h.get("get", w, "w")
		h.flushWidgets()
	}},
	{"UpdateWithoutResourceVersion", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		h.watchWidgets()
		w := h.getWidget("w")
		w.SetResourceVersion("")
		w.Object["spec"].(map[string]any)["replicas"] = int64(2)
		h.update("update without resourceVersion", w)
		w = h.getWidget("w")
		w.SetResourceVersion("")
		w.Object["status"] = map[string]any{"phase": "A"}
		h.updateStatus("status update without resourceVersion", w)
		h.patch("merge patch without resourceVersion", h.widget("w", nil), client.RawPatch(types.MergePatchType, []byte(`{"spec":{"replicas":4}}`)))
		h.flushWidgets()
	}},
	{"UpdateWithStaleResourceVersion", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		h.watchWidgets()
		stale := h.getWidget("w")
		fresh := stale.DeepCopy()
		fresh.SetLabels(map[string]string{"a": "1"})
		h.update("update", fresh)
		stale.Object["spec"].(map[string]any)["replicas"] = int64(2)
		h.update("update with stale resourceVersion", stale.DeepCopy())
		h.result("status update with stale resourceVersion", h.c.Status().Update(h.ctx, stale.DeepCopy()))
		h.patch("merge patch with stale resourceVersion", stale.DeepCopy(),
			client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"resourceVersion":"`+stale.GetResourceVersion()+`"},"spec":{"replicas":9}}`)))
		h.delete("delete with stale resourceVersion precondition", stale, client.Preconditions{ResourceVersion: ptr(stale.GetResourceVersion())})
		h.flushWidgets()
	}},
	{"DeleteWithFinalizers", func(h *H) {
		w := h.widget("w", map[string]any{"replicas": int64(1)})
		w.SetFinalizers([]string{"example.com/mine", "other.io/theirs"})
		h.create("create", w)
		h.watchWidgets()
		h.delete("delete", h.widget("w", nil))
		w = h.get("after delete", w, "w").(*unstructured.Unstructured)
		h.delete("delete again", h.widget("w", nil))
		h.get("after delete again", w, "w")
		add := w.DeepCopy()
		add.SetFinalizers(append(add.GetFinalizers(), "late.io/new"))
		h.update("add finalizer", add)
		w.SetFinalizers([]string{"example.com/mine"})
		h.update("remove foreign finalizer", w)
		w.Object["spec"].(map[string]any)["replicas"] = int64(2)
		h.update("spec change while deleting", w)
		w.Object["status"] = map[string]any{"phase": "Terminating"}
		h.updateStatus("status update while deleting", w)
		w.SetFinalizers(nil)
		h.update("remove last finalizer", w)
		h.get("after last finalizer", w, "w")
		h.flushWidgets()
	}},
	{"DeleteWithoutFinalizers", func(h *H) {
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		h.watchWidgets()
		h.delete("delete", h.widget("w", nil))
		h.get("after delete", h.widget("w", nil), "w")
		h.delete("delete again", h.widget("w", nil))
		h.flushWidgets()
	}},
	{"NotFoundAndPreconditions", func(h *H) {
		h.watchWidgets()
		missing := h.widget("missing", map[string]any{"replicas": int64(1)})
		h.get("get missing", missing, "missing")
		h.result("update missing", h.c.Update(h.ctx, missing.DeepCopy()))
		h.result("status update missing", h.c.Status().Update(h.ctx, missing.DeepCopy()))
		h.result("merge patch missing", h.c.Patch(h.ctx, missing.DeepCopy(), client.RawPatch(types.MergePatchType, []byte(`{}`))))
		h.result("delete missing", h.c.Delete(h.ctx, missing.DeepCopy()))
		withRV := h.widget("with-rv", nil)
		withRV.SetResourceVersion("42")
		h.result("create with resourceVersion set", h.c.Create(h.ctx, withRV))
		h.create("create", h.widget("w", map[string]any{"replicas": int64(1)}))
		w := h.getWidget("w")
		otherUID := w.DeepCopy()
		otherUID.SetUID("00000000-0000-4000-8000-000000000000")
		otherUID.SetLabels(map[string]string{"a": "b"})
		h.result("update with another uid", h.c.Update(h.ctx, otherUID))
		h.delete("delete with another uid precondition", w, client.Preconditions{UID: ptr(otherUID.GetUID())})
		clientSet := w.DeepCopy()
		clientSet.SetGeneration(7)
		clientSet.SetLabels(map[string]string{"a": "b"})
		h.update("update setting generation and labels", clientSet)
		h.patch("json patch failing test", h.widget("w", nil), client.RawPatch(types.JSONPatchType, []byte(`[{"op":"test","path":"/spec/replicas","value":5}]`)))
		h.patch("json patch add", h.widget("w", nil), client.RawPatch(types.JSONPatchType, []byte(`[{"op":"add","path":"/spec/image","value":"b"}]`)))
		h.delete("delete with matching uid precondition", w, client.Preconditions{UID: ptr(w.GetUID())})
		h.flushWidgets()
	}},
	{"ListAndWatchSelectors", func(h *H) {
		for _, n := range []string{"c", "a", "b"} {
			w := h.widget(n, map[string]any{"replicas": int64(1)})
			w.SetLabels(map[string]string{"tier": "x"})
			h.create("create "+n, w)
		}
		l := newWidgetList()
		h.result("list", h.c.List(h.ctx, l, client.InNamespace(h.ns)))
		for i := range l.Items {
			h.obj("list item", &l.Items[i])
		}
		sel := newWidgetList()
		h.result("list tier=y", h.c.List(h.ctx, sel, client.InNamespace(h.ns), client.MatchingLabels{"tier": "y"}))
		h.note("list tier=y", "items", jsonString(len(sel.Items)))
		h.watch(newWidgetList(), client.InNamespace(h.ns), client.MatchingLabels{"tier": "x"})
		b := h.getWidget("b")
		b.SetLabels(map[string]string{"tier": "y"})
		h.update("b leaves the selector", b)
		b.Object["spec"].(map[string]any)["replicas"] = int64(2)
		h.update("b changes outside the selector", b)
		b.SetLabels(map[string]string{"tier": "x"})
		h.update("b enters the selector", b)
		h.delete("delete a", h.widget("a", nil))
		s := h.widget("zz-sentinel", nil)
		s.SetLabels(map[string]string{"tier": "x"})
		h.flush("watch tier=x", func() error { return h.c.Create(h.ctx, s) }, func(e watch.Event) bool {
			o, ok := e.Object.(client.Object)
			return ok && o.GetName() == "zz-sentinel"
		})
	}},
	{"NoStatusSubresource", func(h *H) {
		h.watch(newList(gizmoListGVK), client.InNamespace(h.ns))
		g := h.object(gizmoGVK, "g", map[string]any{"replicas": int64(1)})
		g.Object["status"] = map[string]any{"phase": "set-on-create"}
		h.create("create (status kept)", g)
		g.Object["status"] = map[string]any{"phase": "changed"}
		h.update("main update, status only", g)
		g.SetLabels(map[string]string{"a": "b"})
		h.update("main update, label only", g)
		h.result("status update (no subresource)", h.c.Status().Update(h.ctx, g.DeepCopy()))
		h.result("status merge patch (no subresource)", h.c.Status().Patch(h.ctx, g.DeepCopy(), client.RawPatch(types.MergePatchType, []byte(`{"status":{"phase":"x"}}`))))
		g.SetResourceVersion("")
		g.Object["spec"].(map[string]any)["replicas"] = int64(2)
		h.update("update without resourceVersion", g)
		s := h.object(gizmoGVK, "zz-sentinel", nil)
		h.flush("watch", func() error { return h.c.Create(h.ctx, s) }, func(e watch.Event) bool {
			o, ok := e.Object.(client.Object)
			return ok && o.GetName() == "zz-sentinel"
		})
	}},
	{"DryRun", func(h *H) {
		h.watchWidgets()
		w := h.widget("w", map[string]any{"replicas": int64(1)})
		h.create("dry-run create", w.DeepCopy(), client.DryRunAll)
		h.get("get after dry-run create", w, "w")
		h.create("create", w)
		w.Object["spec"].(map[string]any)["replicas"] = int64(2)
		h.update("dry-run update", w.DeepCopy(), client.DryRunAll)
		h.patch("dry-run merge patch", w.DeepCopy(), client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"labels":{"a":"b"}}}`)), client.DryRunAll)
		h.delete("dry-run delete", w.DeepCopy(), client.DryRunAll)
		h.get("get after dry runs", w, "w")
		h.flushWidgets()
	}},
	{"DeleteCollection", func(h *H) {
		for _, n := range []string{"a", "b", "c"} {
			w := h.widget(n, map[string]any{"replicas": int64(1)})
			if n != "b" {
				w.SetLabels(map[string]string{"sweep": "yes"})
			}
			if n == "c" {
				w.SetFinalizers([]string{"example.com/keep"})
			}
			h.create("create "+n, w)
		}
		h.watchWidgets()
		h.result("delete all with sweep=yes", h.c.DeleteAllOf(h.ctx, h.widget("", nil), client.InNamespace(h.ns), client.MatchingLabels{"sweep": "yes"}))
		l := newWidgetList()
		h.result("list", h.c.List(h.ctx, l, client.InNamespace(h.ns)))
		for i := range l.Items {
			h.obj("list item", &l.Items[i])
		}
		h.flushWidgets()
	}},
	{"WatchStartingPoints", func(h *H) {
		for _, n := range []string{"b", "a"} {
			h.create("create "+n, h.widget(n, map[string]any{"replicas": int64(1)}))
		}
		first := h.getWidget("b").GetResourceVersion()
		h.watchAt(newWidgetList(), "", client.InNamespace(h.ns))
		h.watchAt(newWidgetList(), first, client.InNamespace(h.ns))
		a := h.getWidget("a")
		a.SetLabels(map[string]string{"x": "y"})
		h.update("update a", a)
		h.flushWidgets() // the watch from b's resourceVersion: replays a's creation
		h.delete("delete a", h.widget("a", nil))
		s := h.widget("zz-sentinel-2", nil)
		h.flush("watch without resourceVersion", func() error { return h.c.Create(h.ctx, s) }, func(e watch.Event) bool {
			o, ok := e.Object.(client.Object)
			return ok && o.GetName() == "zz-sentinel-2"
		})
	}},
	{"ServerSideApply", func(h *H) {
		h.watchWidgets()
		cfg := func(spec map[string]any, labels map[string]string) *unstructured.Unstructured {
			u := h.widget("w", spec)
			u.SetLabels(labels)
			return u
		}
		h.apply("alice applies (creates)", cfg(map[string]any{"replicas": int64(1), "image": "a"}, map[string]string{"owner": "alice"}), client.FieldOwner("alice"))
		h.apply("alice applies again, unchanged", cfg(map[string]any{"replicas": int64(1), "image": "a"}, map[string]string{"owner": "alice"}), client.FieldOwner("alice"))
		h.apply("bob applies replicas (conflict)", cfg(map[string]any{"replicas": int64(2)}, nil), client.FieldOwner("bob"))
		h.apply("bob applies the same value (shared)", cfg(map[string]any{"image": "a"}, nil), client.FieldOwner("bob"))
		h.apply("bob force-applies replicas", cfg(map[string]any{"replicas": int64(2)}, nil), client.FieldOwner("bob"), client.ForceOwnership)
		h.apply("alice drops replicas and image", cfg(map[string]any{}, map[string]string{"owner": "alice"}), client.FieldOwner("alice"))
		w := h.getWidget("w")
		w.Object["spec"].(map[string]any)["config"] = map[string]any{"k": "v"}
		h.update("update by the default manager", w)
		h.apply("carol applies spec.config.k (conflict with update)", cfg(map[string]any{"config": map[string]any{"k": "other"}}, nil), client.FieldOwner("carol"))
		h.get("get", w, "w")
		h.flushWidgets()
	}},
	{"StrategicMergePatch", func(h *H) {
		// The CustomResourceDefinition is the built-in kind that the
		// apiextensions server serves.
		crd := &apiextensionsv1.CustomResourceDefinition{
			ObjectMeta: metav1.ObjectMeta{Name: "gadgets.smp.example.com", Labels: map[string]string{"fidelity": "smp"},
				Finalizers: []string{"example.com/one"}},
			Spec: apiextensionsv1.CustomResourceDefinitionSpec{
				Group: "smp.example.com", Scope: apiextensionsv1.ClusterScoped,
				Names: apiextensionsv1.CustomResourceDefinitionNames{Plural: "gadgets", Singular: "gadget", Kind: "Gadget", ListKind: "GadgetList"},
				Versions: []apiextensionsv1.CustomResourceDefinitionVersion{{Name: "v1", Served: true, Storage: true,
					Schema: &apiextensionsv1.CustomResourceValidation{OpenAPIV3Schema: &apiextensionsv1.JSONSchemaProps{Type: "object"}}}},
			},
		}
		apiextensionsv1.SetObjectDefaults_CustomResourceDefinition(crd)
		if h.result("create CRD", h.c.Create(h.ctx, crd)) != nil {
			return
		}
		if h.backend == "real" {
			// Let the CRD controllers finish writing the status, which
			// the in-memory store does not model.
			if err := waitEstablished(h.ctx, h.c, crd.Name); err != nil {
				h.t.Fatal(err)
			}
			if err := waitUnchanged(h.ctx, h.c, crd, 500*time.Millisecond); err != nil {
				h.t.Fatal(err)
			}
		}
		h.watch(&apiextensionsv1.CustomResourceDefinitionList{}, client.MatchingLabels{"fidelity": "smp"})
		crd = h.get("get", crd, crd.Name).(*apiextensionsv1.CustomResourceDefinition)
		smp := func(step, body string) {
			h.patch(step, crd, client.RawPatch(types.StrategicMergePatchType, []byte(body)))
		}
		smp("strategic: add finalizer (merged list)", `{"metadata":{"finalizers":["example.com/two"]}}`)
		smp("strategic: $deleteFromPrimitiveList", `{"metadata":{"$deleteFromPrimitiveList/finalizers":["example.com/one"]}}`)
		smp("strategic: add label", `{"metadata":{"labels":{"x":"y"}}}`)
		smp("strategic: remove label", `{"metadata":{"labels":{"x":null}}}`)
		smp("strategic: no change", `{"metadata":{"labels":{"fidelity":"smp"}}}`)
		h.patch("merge: finalizers replaced", crd, client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"finalizers":["example.com/three"]}}`)))
		h.patch("merge: finalizers cleared", crd, client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`)))
		h.flush("watch", func() error {
			return h.c.Patch(h.ctx, crd.DeepCopy(), client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"labels":{"sentinel":"1"}}}`)))
		}, func(e watch.Event) bool {
			o, ok := e.Object.(client.Object)
			return ok && o.GetLabels()["sentinel"] == "1"
		})
		w := h.widget("w", map[string]any{"replicas": int64(1)})
		h.create("create custom resource", w)
		h.patch("strategic merge patch on a custom resource", w, client.RawPatch(types.StrategicMergePatchType, []byte(`{"metadata":{"labels":{"a":"b"}}}`)))
	}},
}

func ptr[T any](v T) *T { return &v }

// waitUnchanged polls until o's resourceVersion has not changed for quiet.
func waitUnchanged(ctx context.Context, c client.Client, o client.Object, quiet time.Duration) error {
	last, since := "", time.Now()
	for {
		cur := o.DeepCopyObject().(client.Object)
		if err := c.Get(ctx, client.ObjectKeyFromObject(o), cur); err != nil {
			return err
		}
		if cur.GetResourceVersion() != last {
			last, since = cur.GetResourceVersion(), time.Now()
		} else if time.Since(since) >= quiet {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}
