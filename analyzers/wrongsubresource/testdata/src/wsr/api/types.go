// Package api declares a CRD type for the tests.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a CRD type with a status subresource.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the desired state.
type WidgetSpec struct {
	Replicas int32             `json:"replicas,omitempty"`
	Params   map[string]string `json:"params,omitempty"`
}

// WidgetStatus is the observed state.
type WidgetStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Phase              string             `json:"phase,omitempty"`
	Keys               []string           `json:"keys,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
}

// DeepCopy copies the Widget.
func (in *Widget) DeepCopy() *Widget {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

// SetDefaults gives the collections that are nil an empty value.
func (in *Widget) SetDefaults() {
	if in.Status.Keys == nil {
		in.Status.Keys = []string{}
	}
	if nil == in.Spec.Params {
		in.Spec.Params = make(map[string]string, 4)
	}
}

// DeepCopyInto copies the Widget into out.
func (in *Widget) DeepCopyInto(out *Widget) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
}
