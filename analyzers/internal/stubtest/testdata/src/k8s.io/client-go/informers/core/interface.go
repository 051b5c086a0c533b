// Package core is a stub of k8s.io/client-go/informers/core.
package core

import v1 "k8s.io/client-go/informers/core/v1"

// Interface provides access to each of this group's versions.
type Interface interface {
	// V1 provides access to shared informers for resources in V1.
	V1() v1.Interface
}
