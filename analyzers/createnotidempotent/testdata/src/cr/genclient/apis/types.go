// Package apis holds a custom API type of the project.
package apis

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// Order is a custom resource.
type Order struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata,omitempty"`
}

// DeepCopy copies the receiver.
func (in *Order) DeepCopy() *Order {
	out := *in
	return &out
}

// DeepCopyObject copies the receiver as a runtime.Object.
func (in *Order) DeepCopyObject() runtime.Object { return in.DeepCopy() }
