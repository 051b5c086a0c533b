//go:build ignore

package ex

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
	Replicas   int32             `json:"replicas,omitempty"`
	Image      string            `json:"image,omitempty"`
	Params     map[string]string `json:"params,omitempty"`
	Schedule   string            `json:"schedule,omitempty"`
	SecretName string            `json:"secretName,omitempty"`
}

type WidgetStatus struct {
	ObservedGeneration int64              `json:"observedGeneration,omitempty"`
	Phase              string             `json:"phase,omitempty"`
	Message            string             `json:"message,omitempty"`
	Keys               []string           `json:"keys,omitempty"`
	LastUpdated        metav1.Time        `json:"lastUpdated,omitempty"`
	LastTransition     metav1.Time        `json:"lastTransition,omitempty"`
	Conditions         []metav1.Condition `json:"conditions,omitempty"`
	StartTime          *metav1.Time       `json:"startTime,omitempty"`
}

func (in *Widget) DeepCopy() *Widget {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}
func (in *Widget) DeepCopyObject() runtime.Object { return in.DeepCopy() }

func (in *WidgetList) DeepCopyObject() runtime.Object {
	out := *in
	out.Items = append([]Widget(nil), in.Items...)
	return &out
}
