// Package fix exercises suggested fixes through the merged GOPATH.
package fix

import "sigs.k8s.io/controller-runtime/pkg/client"

func ignore(err error) error {
	return client.IgnoreAlreadyExists(err) // want `use IgnoreNotFound`
}
