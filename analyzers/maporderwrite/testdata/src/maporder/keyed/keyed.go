// Package keyed: functions held in a map are called in the map's order.
// A function that only reads the object and returns a key and a value,
// stored under that key, gives the same map in any order; a function
// that sets a field of the object makes the last one called win, and a
// list built in the calls' order keeps that order.
package keyed

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"maporder/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type labeler func(w *api.Widget) (string, string)

func replicas(w *api.Widget) (string, string) { return "replicas", strconv.Itoa(int(w.Spec.Replicas)) }
func phase(w *api.Widget) (string, string)    { return "phase", w.Status.Phase }

// LabelReconciler labels the Widget with what its labelers compute, each
// under its own key: silent.
type LabelReconciler struct {
	client.Client
	labelers map[string]labeler
}

// NewLabelReconciler fills the labelers.
func NewLabelReconciler(c client.Client) *LabelReconciler {
	return &LabelReconciler{Client: c, labelers: map[string]labeler{"r": replicas, "p": phase}}
}

func (r *LabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	for _, f := range r.labelers {
		k, v := f(&w)
		w.Labels[k] = v
	}
	return ctrl.Result{}, r.Update(ctx, &w)
}

var describers = map[string]func(*api.Widget) string{
	"replicas": func(w *api.Widget) string { return strconv.Itoa(int(w.Spec.Replicas)) },
	"phase":    func(w *api.Widget) string { return w.Status.Phase },
}

// KeyReconciler stores each describer's text under the describer's name:
// silent.
type KeyReconciler struct{ client.Client }

func (r *KeyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	for name, describe := range describers {
		w.Annotations["widgets.example.com/"+name] = describe(&w)
	}
	return ctrl.Result{}, r.Update(ctx, &w)
}

// JoinReconciler joins the describers' texts in the map's order:
// reported.
type JoinReconciler struct{ client.Client }

func (r *JoinReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var parts []string
	for _, describe := range describers {
		parts = append(parts, describe(&w)) // want `the order of a map iteration reaches Widget.Status.Message`
	}
	w.Status.Message = strings.Join(parts, ";")
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

var setters = map[string]func(*api.Widget){
	"scaled": func(w *api.Widget) { w.Status.Message = "scaled to " + strconv.Itoa(int(w.Spec.Replicas)) },
	"phased": func(w *api.Widget) { w.Status.Message = "in phase " + w.Status.Phase },
}

// SetterReconciler runs setters that all set the message: the last one
// the map's order runs wins. Reported.
type SetterReconciler struct{ client.Client }

func (r *SetterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	for _, set := range setters {
		set(&w) // want `the order of a map iteration reaches Widget`
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// SortedJoinReconciler sorts the texts before joining them: silent.
type SortedJoinReconciler struct{ client.Client }

func (r *SortedJoinReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var parts []string
	for _, describe := range describers {
		parts = append(parts, describe(&w))
	}
	sort.Strings(parts)
	w.Status.Message = strings.Join(parts, ";")
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// A noter says one thing about a Widget.
type noter interface {
	Note(w *api.Widget) string
}

type replicaNoter struct{}

func (replicaNoter) Note(w *api.Widget) string { return strconv.Itoa(int(w.Spec.Replicas)) }

type phaseNoter struct{ prefix string }

func (p phaseNoter) Note(w *api.Widget) string { return p.prefix + w.Status.Phase }

// NoteReconciler keeps noters in a map and stores each note under the
// noter's name: silent.
type NoteReconciler struct {
	client.Client
	noters map[string]noter
}

// NewNoteReconciler fills the noters.
func NewNoteReconciler(c client.Client) *NoteReconciler {
	return &NoteReconciler{Client: c, noters: map[string]noter{"replicas": replicaNoter{}, "phase": phaseNoter{prefix: "p-"}}}
}

func (r *NoteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Annotations == nil {
		w.Annotations = map[string]string{}
	}
	for name, n := range r.noters {
		w.Annotations[name] = n.Note(&w)
	}
	return ctrl.Result{}, r.Update(ctx, &w)
}

// NoteListReconciler lists the notes in the map's order: reported.
type NoteListReconciler struct {
	client.Client
	noters map[string]noter
}

// NewNoteListReconciler fills the noters.
func NewNoteListReconciler(c client.Client) *NoteListReconciler {
	return &NoteListReconciler{Client: c, noters: map[string]noter{"replicas": replicaNoter{}, "phase": phaseNoter{}}}
}

func (r *NoteListReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Keys = nil
	for _, n := range r.noters {
		w.Status.Keys = append(w.Status.Keys, n.Note(&w)) // want `the order of a map iteration reaches Widget.Status.Keys`
	}
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// defaultLabelers builds the labelers a constructor keeps.
func defaultLabelers() map[string]labeler {
	return map[string]labeler{"replicas": replicas, "phase": phase}
}

// FactoryLabelReconciler keeps labelers a function of the package built:
// each under its own key, silent.
type FactoryLabelReconciler struct {
	client.Client
	labelers map[string]labeler
}

// NewFactoryLabelReconciler fills the labelers.
func NewFactoryLabelReconciler(c client.Client) *FactoryLabelReconciler {
	return &FactoryLabelReconciler{Client: c, labelers: defaultLabelers()}
}

func (r *FactoryLabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	labels := w.GetLabels()
	if labels == nil {
		labels = map[string]string{}
	}
	for _, f := range r.labelers {
		k, v := f(&w)
		labels[k] = v
	}
	w.SetLabels(labels)
	return ctrl.Result{}, r.Update(ctx, &w)
}
