// Package lib holds helpers in another package than the reconcilers; their
// FuncSummary facts carry writes, equality and change reports across.
package lib

import (
	"context"
	"reflect"

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
