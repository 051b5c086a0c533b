package rl4

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

type WidgetSpec struct {
	Replicas int32 `json:"replicas,omitempty"`
}

type WidgetStatus struct {
	Phase string `json:"phase,omitempty"`
}

func (in *Widget) DeepCopy() *Widget {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

const fin = "example.com/cleanup"
