// Package reconcile stubs controller-runtime's reconcile for the scaffold's tests.
package reconcile

// Request stubs reconcile.Request.
type Request struct{ Name string }

// Result stubs reconcile.Result.
type Result struct{}
