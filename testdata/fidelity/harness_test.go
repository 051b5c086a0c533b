package fidelity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/watch"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// result is what one backend observed in one scenario: an ordered list of
// "step field" → normalised value.
type result struct {
	keys []string
	vals map[string]string
}

func newResult() *result { return &result{vals: map[string]string{}} }

func (r *result) add(key, val string) {
	k := key
	for n := 2; ; n++ {
		if _, dup := r.vals[k]; !dup {
			break
		}
		k = fmt.Sprintf("%s #%d", key, n)
	}
	r.keys = append(r.keys, k)
	r.vals[k] = val
}

// H drives one backend through one scenario and records what it sees.
// Scenario code is written once and runs unchanged against both backends.
type H struct {
	t       testing.TB
	ctx     context.Context
	c       client.WithWatch
	backend string // "memory" or "real"
	ns      string
	res     *result
	rvs     map[string]int // resourceVersion → order of first appearance
	watches []*recorder
}

// rv replaces an absolute resourceVersion by its order of first appearance
// in the scenario, so that "changed" and "unchanged" compare across backends
// while the absolute numbers do not.
func (h *H) rv(v string) string {
	if v == "" {
		return "<none>"
	}
	n, ok := h.rvs[v]
	if !ok {
		n = len(h.rvs) + 1
		h.rvs[v] = n
	}
	return fmt.Sprintf("rv%d", n)
}

func (h *H) note(step, field, val string) { h.res.add(step+" | "+field, val) }

// errString is the reason, status code and field causes of err; messages
// are not compared.
func errString(err error) string {
	if err == nil {
		return "ok"
	}
	var st apierrors.APIStatus
	if !errors.As(err, &st) {
		return "non-API error: " + err.Error()
	}
	s := st.Status()
	out := fmt.Sprintf("%s %d", apierrors.ReasonForError(err), s.Code)
	if s.Details != nil && len(s.Details.Causes) > 0 {
		var cs []string
		for _, c := range s.Details.Causes {
			cs = append(cs, fmt.Sprintf("%s %s", c.Type, c.Field))
		}
		out += " [" + strings.Join(cs, "; ") + "]"
	}
	return out
}

// result records err under step and returns it.
func (h *H) result(step string, err error) error {
	h.note(step, "error", errString(err))
	return err
}

var generatedName = regexp.MustCompile(`^(.*-)([bcdfghjklmnpqrstvwxz2456789]{5})$`)

func toMap(o runtime.Object) map[string]any {
	if u, ok := o.(*unstructured.Unstructured); ok {
		return u.Object
	}
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(o)
	if err != nil {
		panic(err)
	}
	return m
}

func jsonString(v any) string {
	if v == nil {
		return "<none>"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "<" + err.Error() + ">"
	}
	return string(b)
}

// normName replaces the random suffix of a generated name.
func normName(o client.Object) string {
	name := o.GetName()
	if g := o.GetGenerateName(); g != "" {
		if m := generatedName.FindStringSubmatch(name); m != nil && m[1] == g {
			name = g + "<5 random>"
		}
	}
	return name
}

// isCRD reports whether o is a CustomResourceDefinition, whose status and
// status managers are the CRD controllers' (not modelled by the store).
func isCRD(o client.Object) bool {
	_, ok := o.(*apiextensionsv1.CustomResourceDefinition)
	return ok || o.GetObjectKind().GroupVersionKind() == crdGVK
}

// obj records the normalised state of o under step.
func (h *H) obj(step string, o client.Object) {
	name := normName(o)
	set := func(b bool) string {
		if b {
			return "set"
		}
		return "unset"
	}
	h.note(step, "name", name)
	h.note(step, "uid", set(o.GetUID() != ""))
	h.note(step, "creationTimestamp", set(!o.GetCreationTimestamp().Time.IsZero()))
	h.note(step, "resourceVersion", h.rv(o.GetResourceVersion()))
	h.note(step, "generation", fmt.Sprint(o.GetGeneration()))
	h.note(step, "labels", jsonString(o.GetLabels()))
	h.note(step, "annotations", jsonString(o.GetAnnotations()))
	h.note(step, "finalizers", jsonString(o.GetFinalizers()))
	h.note(step, "deletionTimestamp", set(o.GetDeletionTimestamp() != nil))
	if g := o.GetDeletionGracePeriodSeconds(); g != nil {
		h.note(step, "deletionGracePeriodSeconds", fmt.Sprint(*g))
	} else {
		h.note(step, "deletionGracePeriodSeconds", "<none>")
	}
	m := toMap(o)
	h.note(step, "spec", jsonString(m["spec"]))
	if !isCRD(o) {
		h.note(step, "status", jsonString(m["status"]))
	}
	h.note(step, "managedFields", managedFields(o))
}

// managedFields lists manager, operation, subresource, apiVersion and the
// field set of every entry, sorted; the timestamps are dropped.
func managedFields(o client.Object) string {
	var out []string
	for _, e := range o.GetManagedFields() {
		if isCRD(o) && e.Subresource == "status" {
			continue
		}
		f := "<none>"
		if e.FieldsV1 != nil {
			f = e.FieldsV1.GetRawString()
		}
		out = append(out, fmt.Sprintf("%s/%s/%s/%s %s", e.Manager, e.Operation, e.Subresource, e.APIVersion, f))
	}
	if len(out) == 0 {
		return "<none>"
	}
	// The server orders entries by operation, then time (seconds), then
	// manager: entries written across a second boundary swap places, so
	// the order is not compared.
	slices.Sort(out)
	return strings.Join(out, " ; ")
}

// eventString summarises a watch event.
func (h *H) eventString(e watch.Event) string {
	o, ok := e.Object.(client.Object)
	if !ok {
		return fmt.Sprintf("%s %T", e.Type, e.Object)
	}
	m := toMap(o)
	s := fmt.Sprintf("%s %s %s gen=%d fin=%s del=%t labels=%s spec=%s", e.Type, normName(o), h.rv(o.GetResourceVersion()),
		o.GetGeneration(), jsonString(o.GetFinalizers()), o.GetDeletionTimestamp() != nil, jsonString(o.GetLabels()), jsonString(m["spec"]))
	if !isCRD(o) {
		s += " status=" + jsonString(m["status"])
	}
	return s
}

// Write helpers: each performs one call, records its error and, on success,
// the object the client got back.

func (h *H) create(step string, o client.Object, opts ...client.CreateOption) error {
	if err := h.result(step, h.c.Create(h.ctx, o, opts...)); err != nil {
		return err
	}
	h.obj(step, o)
	return nil
}

func (h *H) update(step string, o client.Object, opts ...client.UpdateOption) error {
	if err := h.result(step, h.c.Update(h.ctx, o, opts...)); err != nil {
		return err
	}
	h.obj(step, o)
	return nil
}

func (h *H) updateStatus(step string, o client.Object) error {
	if err := h.result(step, h.c.Status().Update(h.ctx, o)); err != nil {
		return err
	}
	h.obj(step, o)
	return nil
}

func (h *H) patch(step string, o client.Object, p client.Patch, opts ...client.PatchOption) error {
	if err := h.result(step, h.c.Patch(h.ctx, o, p, opts...)); err != nil {
		return err
	}
	h.obj(step, o)
	return nil
}

func (h *H) apply(step string, u *unstructured.Unstructured, opts ...client.ApplyOption) error {
	if err := h.result(step, h.c.Apply(h.ctx, client.ApplyConfigurationFromUnstructured(u), opts...)); err != nil {
		return err
	}
	h.obj(step, u)
	return nil
}

func (h *H) delete(step string, o client.Object, opts ...client.DeleteOption) error {
	return h.result(step, h.c.Delete(h.ctx, o, opts...))
}

// get reads the object named name into a fresh copy of proto's kind and
// records it; it returns nil if the read failed.
func (h *H) get(step string, proto client.Object, name string) client.Object {
	o := proto.DeepCopyObject().(client.Object)
	if err := h.result(step, h.c.Get(h.ctx, client.ObjectKey{Namespace: proto.GetNamespace(), Name: name}, o)); err != nil {
		return nil
	}
	h.obj(step, o)
	return o
}

// widget returns a new Widget in the scenario's namespace.
func (h *H) widget(name string, spec map[string]any) *unstructured.Unstructured {
	return h.object(widgetGVK, name, spec)
}

// object returns a new custom resource of kind gvk in the scenario's namespace.
func (h *H) object(gvk schema.GroupVersionKind, name string, spec map[string]any) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{}}
	u.SetGroupVersionKind(gvk)
	u.SetNamespace(h.ns)
	u.SetName(name)
	if spec != nil {
		u.Object["spec"] = runtime.DeepCopyJSONValue(spec)
	}
	return u
}

// getWidget reads a Widget without recording it.
func (h *H) getWidget(name string) *unstructured.Unstructured {
	u := h.widget(name, nil)
	if err := h.c.Get(h.ctx, client.ObjectKeyFromObject(u), u); err != nil {
		h.t.Fatalf("%s: get %s: %v", h.backend, name, err)
	}
	return u
}

func newWidgetList() *unstructured.UnstructuredList { return newList(widgetListGVK) }

func newList(gvk schema.GroupVersionKind) *unstructured.UnstructuredList {
	l := &unstructured.UnstructuredList{}
	l.SetGroupVersionKind(gvk)
	return l
}

// recorder collects the events of one watch.
type recorder struct {
	w      watch.Interface
	mu     sync.Mutex
	events []watch.Event
	wake   chan struct{}
	closed bool
}

// watch starts a watch the way an informer does: List, then Watch from the
// list's resourceVersion, so that neither backend sends synthetic events.
func (h *H) watch(list client.ObjectList, opts ...client.ListOption) {
	if err := h.c.List(h.ctx, list, opts...); err != nil {
		h.t.Fatalf("%s: list before watch: %v", h.backend, err)
	}
	h.watchAt(list, list.GetResourceVersion(), opts...)
}

// watchAt starts a watch at resourceVersion rv ("" for none).
func (h *H) watchAt(list client.ObjectList, rv string, opts ...client.ListOption) {
	lo := (&client.ListOptions{}).ApplyOptions(opts)
	raw := &metav1.ListOptions{ResourceVersion: rv}
	if lo.Raw != nil {
		raw = lo.Raw.DeepCopy()
		raw.ResourceVersion = rv
	}
	w, err := h.c.Watch(h.ctx, list.DeepCopyObject().(client.ObjectList), append(slices.Clone(opts), &client.ListOptions{Raw: raw})...)
	if err != nil {
		h.t.Fatalf("%s: watch: %v", h.backend, err)
	}
	r := &recorder{w: w, wake: make(chan struct{}, 1)}
	go func() {
		for e := range w.ResultChan() {
			r.mu.Lock()
			r.events = append(r.events, e)
			r.mu.Unlock()
			select {
			case r.wake <- struct{}{}:
			default:
			}
		}
		r.mu.Lock()
		r.closed = true
		r.mu.Unlock()
		select {
		case r.wake <- struct{}{}:
		default:
		}
	}()
	h.watches = append(h.watches, r)
}

// flush ends the last watch: it makes the sentinel write, waits for the
// event it produces (events of one watch arrive in resourceVersion order, so
// every earlier event has arrived by then), and records the events before it.
func (h *H) flush(step string, write func() error, isSentinel func(watch.Event) bool) {
	r := h.watches[len(h.watches)-1]
	h.watches = h.watches[:len(h.watches)-1]
	defer r.w.Stop()
	if err := write(); err != nil {
		h.t.Fatalf("%s: sentinel write: %v", h.backend, err)
	}
	deadline := time.After(15 * time.Second)
	for {
		r.mu.Lock()
		idx := slices.IndexFunc(r.events, isSentinel)
		events := slices.Clone(r.events)
		closed := r.closed
		r.mu.Unlock()
		if idx >= 0 {
			events = events[:idx]
			var got []string
			for _, e := range events {
				if e.Type == watch.Bookmark {
					continue
				}
				got = append(got, h.eventString(e))
			}
			h.note(step, "events", fmt.Sprint(len(got)))
			for i, s := range got {
				h.note(step, fmt.Sprintf("event %d", i+1), s)
			}
			return
		}
		if closed {
			h.t.Fatalf("%s: watch closed before the sentinel event; got %d events", h.backend, len(events))
		}
		select {
		case <-r.wake:
		case <-deadline:
			h.t.Fatalf("%s: no sentinel event within 15s; got %d events", h.backend, len(events))
		}
	}
}

// watchWidgets watches the Widgets of the scenario's namespace.
func (h *H) watchWidgets() { h.watch(newWidgetList(), client.InNamespace(h.ns)) }

// flushWidgets ends the Widget watch with a sentinel Widget.
func (h *H) flushWidgets() {
	s := h.widget("zz-sentinel", nil)
	h.flush("watch", func() error { return h.c.Create(h.ctx, s) }, func(e watch.Event) bool {
		o, ok := e.Object.(client.Object)
		return ok && o.GetName() == "zz-sentinel"
	})
}
