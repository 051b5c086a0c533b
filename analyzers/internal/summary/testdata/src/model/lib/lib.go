// Package lib holds helpers in another package than the reconcilers; their
// FuncSummary facts carry writes, equality and change reports across.
package lib

import (
	"context"
	"encoding/json"
	"reflect"
	"sort"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/equality"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Gadget is a CRD type with a status subresource.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Gadget struct { // want `TypeInfo\(status=yes, generation=yes\)`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec   `json:"spec,omitempty"`
	Status            GadgetStatus `json:"status,omitempty"`
}

// GadgetSpec is the desired state.
type GadgetSpec struct{ Size int32 }

// GadgetStatus is the observed state.
type GadgetStatus struct {
	Ready      bool
	Conditions []metav1.Condition
}

// DeepCopyObject implements runtime.Object.
func (g *Gadget) DeepCopyObject() runtime.Object { c := *g; return &c }

// Plain is a CRD type without a status subresource.
// +kubebuilder:object:root=true
type Plain struct { // want `TypeInfo\(status=no, generation=yes\)`
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec `json:"spec,omitempty"`
}

// DeepCopyObject implements runtime.Object.
func (p *Plain) DeepCopyObject() runtime.Object { c := *p; return &c }

// EnsurePatch patches obj whether or not anything changed.
func EnsurePatch(ctx context.Context, c client.Client, obj client.Object) error { // want `FuncSummary\(Patch\(param 2\)\)`
	base := obj.DeepCopyObject().(client.Object)
	return c.Patch(ctx, obj, client.MergeFrom(base))
}

// UpdateIfChanged updates obj only when it differs from before.
func UpdateIfChanged(ctx context.Context, c client.Client, obj, before client.Object) error { // want `FuncSummary\(Update\(param 2\) guarded\)`
	if equality.Semantic.DeepEqual(before, obj) {
		return nil
	}
	return c.Update(ctx, obj)
}

// ReportFailure writes status only when the Get fails.
func ReportFailure(ctx context.Context, c client.Client, obj client.Object) error { // want `FuncSummary\(Status\(\).Update\(param 2\) failure-path\)`
	if err := c.Get(ctx, client.ObjectKeyFromObject(obj), obj); err != nil {
		_ = c.Status().Update(ctx, obj)
		return err
	}
	return nil
}

// viaLocal writes through a helper of its own package. It is a forwarder
// that only this package calls, always directly: its write is seen at its
// call sites (Outer's), and it needs no fact of its own.
func viaLocal(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm)
}

// Outer reaches a write through a package-local helper.
func Outer(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error { // want `FuncSummary\(Update\(param 2\), forwards-to sigs.k8s.io/controller-runtime/pkg/client.Writer.Update\)`
	return viaLocal(ctx, c, cm)
}

// SameData compares two ConfigMaps.
func SameData(a, b *corev1.ConfigMap) bool { // want `FuncSummary\(equality\)`
	return reflect.DeepEqual(a.Data, b.Data)
}

// EnsureFinalizer adds a finalizer and reports whether it did.
func EnsureFinalizer(o client.Object) bool { // want `FuncSummary\(store ObjectMeta.Finalizers\(param 0\) guarded, reports-change\)`
	return controllerutil.AddFinalizer(o, "example.com/cleanup")
}

// Fetch returns the error of the Get of key unchanged.
func Fetch(ctx context.Context, c client.Client, key types.NamespacedName, obj client.Object) error { // want `FuncSummary\(forwards-to sigs.k8s.io/controller-runtime/pkg/client.Reader.Get\)`
	return c.Get(ctx, key, obj)
}

// Refresh hands back the object it was given (ResultFromParam, same).
func Refresh(ctx context.Context, c client.Client, cm *corev1.ConfigMap) (*corev1.ConfigMap, error) { // want `FuncSummary\(result 0 from param 2 \(same\)\)`
	if err := c.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
		return nil, err
	}
	return cm, nil
}

// Content converts its argument (ResultFromParam, conversion).
func Content(obj interface{}) (map[string]interface{}, error) { // want `FuncSummary\(result 0 from param 0 \(conversion\)\)`
	return runtime.DefaultUnstructuredConverter.ToUnstructured(obj)
}

// NewOrGiven returns its argument on one path and a new object on the
// other: no source.
func NewOrGiven(cm *corev1.ConfigMap) *corev1.ConfigMap {
	if cm == nil {
		return &corev1.ConfigMap{}
	}
	return cm
}

// Holder keeps the object it builds in an unexported field.
type Holder struct{ cm *corev1.ConfigMap }

// data returns the holder's object's data map: the result aliases a part
// of the receiver.
func (h *Holder) data() map[string]string { return h.cm.Data } // want `FuncSummary\(param-to-result, result 0 from param 0 \(same\)\)`

// meta returns a pointer into the receiver's object.
func (h *Holder) meta() *metav1.ObjectMeta { return &h.cm.ObjectMeta } // want `FuncSummary\(param-to-result, result 0 from param 0 \(same\)\)`

// fill stores through the accessors: into the holder's object.
func fill(h *Holder, v string) { // want `FuncSummary\(store cm\.Data\.\[\]\(param 0\), store cm\.ObjectMeta\.Labels\(param 0\)\)`
	h.data()["key"] = v
	h.meta().Labels = map[string]string{"stamped": v}
}

// BuildConfigMap builds a ConfigMap that a helper fills through
// accessors; the stores go with the result.
func BuildConfigMap(name string) *corev1.ConfigMap { // want `FuncSummary\(result-store Data\.\[\]\(result 0\), result-store ObjectMeta\.Labels\(result 0\)\)`
	h := &Holder{cm: &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: name}, Data: map[string]string{}}}
	fill(h, name)
	return h.cm
}

// Pod wraps the object it builds.
type Pod struct{ p *corev1.Pod }

func (p *Pod) first() *corev1.Container { return &p.p.Spec.Containers[0] } // want `FuncSummary\(result 0 from param 0 \(same\)\)`

// addArgs appends the elements of args in their order: the order of args
// goes into the container's args.
func addArgs(p *Pod, args []string) { // want `FuncSummary\(store p\.Spec\.Containers\.\[\]\.Args\(param 0\)\)`
	c := p.first()
	for _, a := range args {
		c.Args = append(c.Args, a)
	}
}

// BuildPod builds a pod whose first container's args a helper appends in
// map order, through an accessor.
func BuildPod(args map[string]bool) *corev1.Pod { // want `FuncSummary\(result-taint map order, param-to-result, result-store Spec\.Containers\.\[\]\.Args\(result 0\) map order\)`
	p := &Pod{p: &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "main"}}}}}
	var keys []string
	for k := range args {
		keys = append(keys, k)
	}
	addArgs(p, keys)
	return p.p
}

// BuildSortedPod is its twin: the keys are sorted first.
func BuildSortedPod(args map[string]bool) *corev1.Pod { // want `FuncSummary\(result-store Spec\.Containers\.\[\]\.Args\(result 0\)\)`
	p := &Pod{p: &corev1.Pod{Spec: corev1.PodSpec{Containers: []corev1.Container{{Name: "main"}}}}}
	var keys []string
	for k := range args {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	addArgs(p, keys)
	return p.p
}

// BuildPlainPod stores into the object it returns, directly.
func BuildPlainPod(args map[string]bool) (*corev1.Pod, error) { // want `FuncSummary\(result-store Spec\.Containers\(result 0\), result-store Spec\.Containers\.\[\]\.Args\(result 0\) map order\)`
	if len(args) == 0 {
		return nil, nil
	}
	pod := &corev1.Pod{}
	pod.Spec.Containers = make([]corev1.Container, 1)
	for k := range args {
		pod.Spec.Containers[0].Args = append(pod.Spec.Containers[0].Args, k)
	}
	return pod, nil
}

// Shared returns a package-level object: not one it makes, so its
// stores are not the result's.
func Shared(v string) *corev1.ConfigMap {
	shared.Data["v"] = v
	return shared
}

var shared = &corev1.ConfigMap{Data: map[string]string{}}

// decodeInto assigns a closure's result to the variable the closure
// returns (argo-rollouts' unMarshalSubsets): the model must not follow
// that cycle for ever.
func decodeInto(in []byte) error {
	var err error
	m := map[string]any{}
	extract := func(input []byte) error {
		err = json.Unmarshal(input, &m)
		return err
	}
	err = extract(in)
	return err
}
