// Package mergepatch is a stub of k8s.io/apimachinery/pkg/util/mergepatch.
package mergepatch

// PreconditionFunc asserts that an incorrect json patch will not be
// created.
type PreconditionFunc func(interface{}) bool
