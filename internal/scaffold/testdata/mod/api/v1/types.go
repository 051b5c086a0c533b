// Package v1 is the scaffold tests' API group.
package v1

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
)

// AddToScheme registers the group's types.
var AddToScheme = func(*runtime.Scheme) error { return nil }

// Widget is a namespaced kind.
type Widget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopyObject stubs the deep copy.
func (w *Widget) DeepCopyObject() any { return w }

// Cluster is a cluster-scoped kind.
// +kubebuilder:object:root=true
// +kubebuilder:resource:scope=Cluster,shortName=cl
type Cluster struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopyObject stubs the deep copy.
func (c *Cluster) DeepCopyObject() any { return c }
