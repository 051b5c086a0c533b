// Package runtime stubs apimachinery's runtime for the scaffold's tests.
package runtime

// Scheme stubs runtime.Scheme.
type Scheme struct{}
