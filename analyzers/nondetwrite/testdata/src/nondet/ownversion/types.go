package ownversion

import (
	"nondet/ownversion/record"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Gadget is a custom resource whose status can hold a snapshot.
type Gadget struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              GadgetSpec   `json:"spec,omitempty"`
	Status            GadgetStatus `json:"status,omitempty"`
}

// GadgetSpec is the desired state.
type GadgetSpec struct {
	Size int32 `json:"size,omitempty"`
}

// GadgetStatus is the observed state.
type GadgetStatus struct {
	ObservedGeneration int64             `json:"observedGeneration,omitempty"`
	SeenVersion        string            `json:"seenVersion,omitempty"`
	Applied            *Gadget           `json:"applied,omitempty"`
	AppliedSpec        GadgetSpec        `json:"appliedSpec,omitempty"`
	Meta               metav1.ObjectMeta `json:"meta,omitempty"`
	Seen               record.Ref        `json:"seen,omitempty"`
	Source             record.Ref        `json:"source,omitempty"`
}

// DeepCopy copies the Gadget.
func (in *Gadget) DeepCopy() *Gadget {
	out := *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	if in.Status.Applied != nil {
		out.Status.Applied = in.Status.Applied.DeepCopy()
	}
	return &out
}

// DeepCopyObject implements runtime.Object.
func (in *Gadget) DeepCopyObject() runtime.Object { return in.DeepCopy() }
