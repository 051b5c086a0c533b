// Package client stubs controller-runtime's client for the scaffold's tests.
package client

// Object stubs client.Object.
type Object interface {
	GetName() string
	GetNamespace() string
	GetObjectKind() any
	DeepCopyObject() any
}

// Reader stubs client.Reader.
type Reader interface{ Get() error }

// Client stubs client.Client.
type Client interface{ Reader }
