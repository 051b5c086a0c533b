// Package v1 holds a custom API type, as a project defines it.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Order is a custom resource.
type Order struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
	Spec              OrderSpec   `json:"spec"`
	Status            OrderStatus `json:"status,omitempty"`
}

// OrderSpec is the desired state.
type OrderSpec struct {
	Items []string `json:"items"`
}

// OrderStatus is the observed state.
type OrderStatus struct {
	Phase string `json:"phase,omitempty"`
}

// DeepCopyInto copies in into out.
func (in *Order) DeepCopyInto(out *Order) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	out.Spec.Items = append([]string(nil), in.Spec.Items...)
}

// DeepCopy copies the receiver.
func (in *Order) DeepCopy() *Order {
	if in == nil {
		return nil
	}
	out := new(Order)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyObject copies the receiver as a runtime.Object.
func (in *Order) DeepCopyObject() runtime.Object { return in.DeepCopy() }
