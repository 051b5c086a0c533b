// Package manager stubs controller-runtime's manager for the scaffold's tests.
package manager

// Manager stubs manager.Manager.
type Manager interface{ Add(any) error }
