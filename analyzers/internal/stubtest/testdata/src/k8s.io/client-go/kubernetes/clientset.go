// Package kubernetes is a stub of k8s.io/client-go/kubernetes.
package kubernetes

import (
	appsv1 "k8s.io/client-go/kubernetes/typed/apps/v1"
	corev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/rest"
)

// Interface is the typed clientset (only some groups are stubbed).
type Interface interface {
	CoreV1() corev1.CoreV1Interface
	AppsV1() appsv1.AppsV1Interface
}

// Clientset contains the clients for groups.
type Clientset struct {
	coreV1 corev1.CoreV1Interface
	appsV1 appsv1.AppsV1Interface
}

// CoreV1 retrieves the CoreV1Client.
func (c *Clientset) CoreV1() corev1.CoreV1Interface { return c.coreV1 }

// AppsV1 retrieves the AppsV1Client.
func (c *Clientset) AppsV1() appsv1.AppsV1Interface { return c.appsV1 }

// NewForConfig creates a new Clientset for the given config.
func NewForConfig(c *rest.Config) (*Clientset, error) {
	return &Clientset{}, nil
}

// NewForConfigOrDie creates a new Clientset for the given config and
// panics if there is an error in the config.
func NewForConfigOrDie(c *rest.Config) *Clientset {
	cs, err := NewForConfig(c)
	if err != nil {
		panic(err)
	}
	return cs
}
