// Package scheme stubs client-go's scheme for the scaffold's tests.
package scheme

import "k8s.io/apimachinery/pkg/runtime"

// AddToScheme stubs the built-in types' registration.
func AddToScheme(*runtime.Scheme) error { return nil }
