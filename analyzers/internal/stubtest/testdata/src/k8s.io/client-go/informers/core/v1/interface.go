// Package v1 is a stub of k8s.io/client-go/informers/core/v1.
package v1

import (
	listerscorev1 "k8s.io/client-go/listers/core/v1"
	"k8s.io/client-go/tools/cache"
)

// Interface provides access to the core/v1 informers (only some resources
// are stubbed).
type Interface interface {
	ConfigMaps() TypedConfigMapInformer
	Pods() TypedPodInformer
	Secrets() TypedSecretInformer
	Services() TypedServiceInformer
}

// PodInformer provides access to a shared informer and lister for Pods.
type PodInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() listerscorev1.PodLister
}

// TypedPodInformer is PodInformer (the typed informer accessor is not
// stubbed).
type TypedPodInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() listerscorev1.PodLister
}

// ConfigMapInformer provides access to a shared informer and lister for ConfigMaps.
type ConfigMapInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() listerscorev1.ConfigMapLister
}

// TypedConfigMapInformer is ConfigMapInformer (the typed informer accessor is not
// stubbed).
type TypedConfigMapInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() listerscorev1.ConfigMapLister
}

// SecretInformer provides access to a shared informer and lister for Secrets.
type SecretInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() listerscorev1.SecretLister
}

// TypedSecretInformer is SecretInformer (the typed informer accessor is not
// stubbed).
type TypedSecretInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() listerscorev1.SecretLister
}

// ServiceInformer provides access to a shared informer and lister for Services.
type ServiceInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() listerscorev1.ServiceLister
}

// TypedServiceInformer is ServiceInformer (the typed informer accessor is not
// stubbed).
type TypedServiceInformer interface {
	Informer() cache.SharedIndexInformer
	Lister() listerscorev1.ServiceLister
}
