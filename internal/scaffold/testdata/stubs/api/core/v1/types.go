// Package v1 stubs k8s.io/api/core/v1 for the scaffold's tests.
package v1

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// ConfigMap stubs corev1.ConfigMap.
type ConfigMap struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopyObject stubs the deep copy.
func (c *ConfigMap) DeepCopyObject() any { return c }

// Node stubs corev1.Node, a cluster-scoped kind.
type Node struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopyObject stubs the deep copy.
func (n *Node) DeepCopyObject() any { return n }
