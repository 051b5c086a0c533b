// Package v1 stubs apimachinery's meta/v1 for the scaffold's tests.
package v1

// TypeMeta stubs metav1.TypeMeta.
type TypeMeta struct{}

// GetObjectKind stubs the kind accessor.
func (*TypeMeta) GetObjectKind() any { return nil }

// ObjectMeta stubs metav1.ObjectMeta.
type ObjectMeta struct{ Name, Namespace string }

// GetName returns the name.
func (m *ObjectMeta) GetName() string { return m.Name }

// GetNamespace returns the namespace.
func (m *ObjectMeta) GetNamespace() string { return m.Namespace }
