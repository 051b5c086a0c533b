// Package api holds the test API types.
package api

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Widget is a CRD type.
// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
type Widget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              WidgetSpec   `json:"spec,omitempty"`
	Status            WidgetStatus `json:"status,omitempty"`
}

// WidgetSpec is the spec.
type WidgetSpec struct {
	Replicas int32  `json:"replicas,omitempty"`
	Mode     string `json:"mode,omitempty"`
}

// WidgetStatus is the status.
type WidgetStatus struct {
	Phase string `json:"phase,omitempty"`
	Ready int32  `json:"ready,omitempty"`
}

// DeepCopy copies the object.
func (in *Widget) DeepCopy() *Widget {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// DeepCopyObject copies the object.
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }
