// Package model builds the desired objects of a reconciler: a wrapper
// holds each object, and helpers fill it through accessors.
package model

import (
	"sort"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Workload wraps the Deployment being built.
type Workload struct{ dep *appsv1.Deployment }

func (w *Workload) container() *corev1.Container { return &w.dep.Spec.Template.Spec.Containers[0] }

func (w *Workload) podSpec() *corev1.PodSpec { return &w.dep.Spec.Template.Spec }

func mountFiles(w *Workload, files []string) {
	c := w.container()
	for _, f := range files {
		c.Args = append(c.Args, "--config", "/etc/app/"+f)
	}
}

func addVolumes(w *Workload, names map[string]bool) {
	for n := range names {
		w.podSpec().Volumes = append(w.podSpec().Volumes, corev1.Volume{Name: n})
	}
}

func newWorkload(name string) *Workload {
	return &Workload{dep: &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Spec: appsv1.DeploymentSpec{Template: corev1.PodTemplateSpec{Spec: corev1.PodSpec{
			Containers: []corev1.Container{{Name: "app", Image: "example.com/app:1"}},
		}}},
	}}
}

// Deployment builds the Deployment of a config map's files: the files
// come in map order.
func Deployment(cm *corev1.ConfigMap) *appsv1.Deployment {
	w := newWorkload(cm.Name)
	files := make([]string, 0, len(cm.Data))
	for k := range cm.Data {
		files = append(files, k)
	}
	mountFiles(w, files)
	return w.dep
}

// SortedDeployment is its twin: the files are sorted first.
func SortedDeployment(cm *corev1.ConfigMap) *appsv1.Deployment {
	w := newWorkload(cm.Name)
	files := make([]string, 0, len(cm.Data))
	for k := range cm.Data {
		files = append(files, k)
	}
	sort.Strings(files)
	mountFiles(w, files)
	return w.dep
}

// WithVolumes builds a Deployment with one volume per name, in map order,
// and returns an error beside it.
func WithVolumes(name string, names map[string]bool) (*appsv1.Deployment, error) {
	if name == "" {
		return nil, nil
	}
	w := newWorkload(name)
	addVolumes(w, names)
	return w.dep, nil
}

// Labeled builds a Deployment whose labels come from a map: a map field
// has no order, so nothing is reported about it.
func Labeled(name string, labels map[string]string) *appsv1.Deployment {
	w := newWorkload(name)
	w.dep.Labels = map[string]string{}
	for k, v := range labels {
		w.dep.Labels[k] = v
	}
	return w.dep
}

// Unsorted builds the Deployment from the map's keys as they come, with a
// range over the map in this function.
func Unsorted(cm *corev1.ConfigMap) *appsv1.Deployment {
	w := newWorkload(cm.Name)
	for k := range cm.Data {
		w.container().Args = append(w.container().Args, k)
	}
	return w.dep
}

// Properties renders a properties file from a map, in map order.
func Properties(name string, settings map[string]string) *corev1.ConfigMap {
	var b strings.Builder
	for k, v := range settings {
		b.WriteString(k + "=" + v + "\n")
	}
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: map[string]string{"app.properties": b.String()}}
}

// SortedProperties is its twin, in key order.
func SortedProperties(name string, settings map[string]string) *corev1.ConfigMap {
	keys := make([]string, 0, len(settings))
	for k := range settings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + settings[k] + "\n")
	}
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: map[string]string{"app.properties": b.String()}}
}

// CopiedLabels copies a map's entries into a new map, in map order: a
// map's order is nobody's business.
func CopiedLabels(name string, in map[string]string) *corev1.ConfigMap {
	data := map[string]string{}
	for k, v := range in {
		data[k] = v
	}
	return &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: data}
}
