// Package steps: the stamp is made by one of several functions a helper
// runs for the caller (a list of steps, functional options, a table of
// handlers, generic mutators). Which functions run is the caller's: a
// helper called by one reconciler with a stamping step and by another
// with stable steps is judged per call, and a stamp that runs on every
// pass is reported as if the step were called directly.
package steps

import (
	"context"
	"math/rand"
	"strconv"
	"time"

	"nondet/api"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type step func(w *api.Widget)

func observe(w *api.Widget) { w.Status.ObservedGeneration = w.Generation }

func settle(w *api.Widget) { w.Status.Phase = "Settled" }

func touch(w *api.Widget) { w.Status.LastUpdated = metav1.Now() }

// runAll runs every step on the object, in order.
func runAll(w *api.Widget, steps []step) {
	for _, s := range steps {
		s(w)
	}
}

// Positives.

// A list of steps built by the caller; one stamps the clock.
type ListReconciler struct{ client.Client }

func (r *ListReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	runAll(&w, []step{observe, touch}) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The list kept in a field the constructor fills.
type PipelineReconciler struct {
	client.Client
	pipeline []step
}

func NewPipelineReconciler(c client.Client) *PipelineReconciler {
	return &PipelineReconciler{Client: c, pipeline: []step{settle, touch}}
}

func (r *PipelineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	runAll(&w, r.pipeline) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

type option func(cm *corev1.ConfigMap)

func withEntry(k, v string) option {
	return func(cm *corev1.ConfigMap) { cm.Data[k] = v }
}

func withNonce() option {
	return func(cm *corev1.ConfigMap) { cm.Data["nonce"] = strconv.Itoa(rand.Int()) }
}

// configure applies the options to the ConfigMap.
func configure(cm *corev1.ConfigMap, opts ...option) {
	if cm.Data == nil {
		cm.Data = map[string]string{}
	}
	for _, o := range opts {
		o(cm)
	}
}

// Functional options made by factories; one draws a random number.
type OptionsReconciler struct{ client.Client }

func (r *OptionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: w.Namespace, Name: w.Name}, &cm); err != nil {
		return ctrl.Result{}, err
	}
	configure(&cm, withEntry("owner", w.Name), withNonce()) // want `nondetwrite: rand.Int\(\) flows into ConfigMap.Data, written by Update on every reconcile`
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// newConfigMap builds a ConfigMap with the options applied.
func newConfigMap(name string, opts ...option) *corev1.ConfigMap {
	cm := &corev1.ConfigMap{Data: map[string]string{}}
	cm.Name = name
	for _, o := range opts {
		o(cm)
	}
	return cm
}

// Options applied by a constructor; the built data copied onto the
// object read.
type BuiltReconciler struct{ client.Client }

func (r *BuiltReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := newConfigMap(cm.Name, withEntry("role", "cache"), withNonce())
	cm.Data = desired.Data // want `nondetwrite: rand.Int\(\) flows into ConfigMap.Data, written by Update on every reconcile`
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// The same constructor with stable options.
type StableBuiltReconciler struct{ client.Client }

func (r *StableBuiltReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := newConfigMap(cm.Name, withEntry("role", "cache"))
	cm.Data = desired.Data
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// mutate applies the mutators to any object.
func mutate[T client.Object](obj T, fns ...func(T)) T {
	for _, f := range fns {
		f(obj)
	}
	return obj
}

func labelled(k string, value func() string) func(*corev1.ConfigMap) {
	return func(cm *corev1.ConfigMap) {
		labels := cm.GetLabels()
		if labels == nil {
			labels = map[string]string{}
		}
		labels[k] = value()
		cm.SetLabels(labels)
	}
}

func randomShard() string { return strconv.Itoa(rand.Intn(8)) }

func fixedShard() string { return "0" }

// Generic mutators; a label's value drawn at random.
type GenericReconciler struct{ client.Client }

func (r *GenericReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	mutate(cm, labelled("shard", randomShard)) // want `nondetwrite: rand.Intn\(\) flows into ConfigMap.Labels, written by Update on every reconcile`
	return ctrl.Result{}, r.Update(ctx, cm)
}

// A table of handlers by phase, method values; the running phase's
// handler stamps the clock on every pass it runs.
type TableReconciler struct {
	client.Client
	byPhase map[string]func(*api.Widget)
}

func NewTableReconciler(c client.Client) *TableReconciler {
	r := &TableReconciler{Client: c}
	r.byPhase = map[string]func(*api.Widget){"": r.start, "Running": r.heartbeat}
	return r
}

func (r *TableReconciler) start(w *api.Widget) { w.Status.Phase = "Running" }

func (r *TableReconciler) heartbeat(w *api.Widget) { w.Status.LastUpdated = metav1.Now() }

func (r *TableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	handle, ok := r.byPhase[w.Status.Phase]
	if !ok {
		return ctrl.Result{}, nil
	}
	handle(&w) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// labeller labels an object with what its function computes.
type labeller struct {
	key   string
	value func(cm *corev1.ConfigMap) string
}

func (l labeller) apply(cm *corev1.ConfigMap) {
	if cm.Labels == nil {
		cm.Labels = map[string]string{}
	}
	cm.Labels[l.key] = l.value(cm)
}

// A labeller whose function draws a random number.
type LabellerReconciler struct{ client.Client }

func (r *LabellerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	l := labeller{key: "pick", value: func(*corev1.ConfigMap) string { return strconv.Itoa(rand.Intn(4)) }}
	l.apply(cm) // want `nondetwrite: rand.Intn\(\) flows into ConfigMap.Labels, written by Update on every reconcile`
	return ctrl.Result{}, r.Update(ctx, cm)
}

// editStatus applies the edits to the status and writes it.
func editStatus(ctx context.Context, c client.Client, w *api.Widget, edits ...func(*api.WidgetStatus)) error {
	for _, edit := range edits {
		edit(&w.Status)
	}
	return c.Status().Update(ctx, w)
}

func observed(gen int64) func(*api.WidgetStatus) {
	return func(st *api.WidgetStatus) { st.ObservedGeneration = gen }
}

func heartbeat(st *api.WidgetStatus) { st.LastUpdated = metav1.Now() }

// Edits applied and written by one helper; one edit stamps the clock.
type EditReconciler struct{ client.Client }

func (r *EditReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, editStatus(ctx, r.Client, &w, observed(w.Generation), heartbeat) // want `nondetwrite: metav1.Now\(\) flows into Widget.Status.LastUpdated, written by Status\(\).Update on every reconcile`
}

// Twins: the same helpers with stable functions.

// The same helper with stable edits.
type StableEditReconciler struct{ client.Client }

func (r *StableEditReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, editStatus(ctx, r.Client, &w, observed(w.Generation))
}

// The same labeller type with a function of the object's name.
type StableLabellerReconciler struct{ client.Client }

func (r *StableLabellerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	l := labeller{key: "owner", value: func(cm *corev1.ConfigMap) string { return cm.Name }}
	l.apply(cm)
	return ctrl.Result{}, r.Update(ctx, cm)
}

type StableListReconciler struct{ client.Client }

func (r *StableListReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	runAll(&w, []step{observe, settle})
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

type StablePipelineReconciler struct {
	client.Client
	pipeline []step
}

func NewStablePipelineReconciler(c client.Client) *StablePipelineReconciler {
	return &StablePipelineReconciler{Client: c, pipeline: []step{observe, settle}}
}

func (r *StablePipelineReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	runAll(&w, r.pipeline)
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

type StableOptionsReconciler struct{ client.Client }

func (r *StableOptionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var cm corev1.ConfigMap
	if err := r.Get(ctx, types.NamespacedName{Namespace: w.Namespace, Name: w.Name}, &cm); err != nil {
		return ctrl.Result{}, err
	}
	configure(&cm, withEntry("owner", w.Name), withEntry("generation", strconv.FormatInt(w.Generation, 10)))
	return ctrl.Result{}, r.Update(ctx, &cm)
}

type StableGenericReconciler struct{ client.Client }

func (r *StableGenericReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	mutate(cm, labelled("shard", fixedShard))
	return ctrl.Result{}, r.Update(ctx, cm)
}

// The nonce drawn only when the ConfigMap has none yet: once.
type OnceOptionsReconciler struct{ client.Client }

func (r *OnceOptionsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, ok := cm.Data["nonce"]; ok {
		return ctrl.Result{}, nil
	}
	configure(&cm, withNonce())
	return ctrl.Result{}, r.Update(ctx, &cm)
}

// The same table, the clock stamped once when the phase starts: the
// running phase's handler only observes the generation.
type StableTableReconciler struct {
	client.Client
	byPhase map[string]func(*api.Widget)
}

func NewStableTableReconciler(c client.Client) *StableTableReconciler {
	r := &StableTableReconciler{Client: c}
	r.byPhase = map[string]func(*api.Widget){"": r.start, "Running": r.observe}
	return r
}

func (r *StableTableReconciler) start(w *api.Widget) {
	w.Status.Phase = "Running"
	w.Status.LastTransition = metav1.NewTime(time.Now())
}

func (r *StableTableReconciler) observe(w *api.Widget) { w.Status.ObservedGeneration = w.Generation }

func (r *StableTableReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if handle, ok := r.byPhase[w.Status.Phase]; ok {
		handle(&w)
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}
