// Package v1 is the operator's API.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Shop is a custom resource.
type Shop struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              ShopSpec   `json:"spec"`
	Status            ShopStatus `json:"status,omitempty"`
}

// ShopSpec is the desired state.
type ShopSpec struct {
	Replicas int32 `json:"replicas"`
}

// ShopStatus is the observed state.
type ShopStatus struct {
	Phase      string      `json:"phase,omitempty"`
	LastSynced metav1.Time `json:"lastSynced,omitempty"`
}

// DeepCopyInto copies in into out.
func (in *Shop) DeepCopyInto(out *Shop) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
}

// DeepCopy copies the receiver.
func (in *Shop) DeepCopy() *Shop {
	if in == nil {
		return nil
	}
	out := new(Shop)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the receiver as a runtime.Object.
func (in *Shop) DeepCopyObject() runtime.Object { return in.DeepCopy() }
