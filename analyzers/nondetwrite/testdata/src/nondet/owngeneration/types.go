package owngeneration

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Gizmo is a custom resource: the API server increments its generation
// when a write changes its spec.
type Gizmo struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GizmoSpec   `json:"spec,omitempty"`
	Status            GizmoStatus `json:"status,omitempty"`
}

// GizmoSpec is the desired state.
type GizmoSpec struct {
	Size     int32  `json:"size,omitempty"`
	Revision string `json:"revision,omitempty"`
}

// GizmoStatus is the observed state.
type GizmoStatus struct {
	ObservedGeneration int64  `json:"observedGeneration,omitempty"`
	Revision           string `json:"revision,omitempty"`
}

// DeepCopy copies the Gizmo.
func (in *Gizmo) DeepCopy() *Gizmo {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *Gizmo) DeepCopyObject() runtime.Object { return in.DeepCopy() }
