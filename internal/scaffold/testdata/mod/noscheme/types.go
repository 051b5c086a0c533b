// Package noscheme declares a kind without AddToScheme.
package noscheme

import metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

// Gadget has no scheme registration.
type Gadget struct {
	metav1.TypeMeta
	metav1.ObjectMeta
}

// DeepCopyObject stubs the deep copy.
func (g *Gadget) DeepCopyObject() any { return g }
