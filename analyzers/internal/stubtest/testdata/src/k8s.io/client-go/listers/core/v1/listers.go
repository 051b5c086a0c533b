// Package v1 is a stub of k8s.io/client-go/listers/core/v1.
package v1

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

// PodLister helps list Pods.
type PodLister interface {
	// List lists all Pods in the indexer.
	List(selector labels.Selector) (ret []*corev1.Pod, err error)
	// Pods returns an object that can list and get Pods.
	Pods(namespace string) PodNamespaceLister
	PodListerExpansion
}

// PodNamespaceLister helps list and get Pods in one namespace.
type PodNamespaceLister interface {
	// List lists all Pods in the indexer for a given namespace.
	List(selector labels.Selector) (ret []*corev1.Pod, err error)
	// Get retrieves the Pod from the indexer for a given namespace and name.
	Get(name string) (*corev1.Pod, error)
	PodNamespaceListerExpansion
}

// PodListerExpansion allows custom methods to be added to PodLister.
type PodListerExpansion interface{}

// PodNamespaceListerExpansion allows custom methods to be added to
// PodNamespaceLister.
type PodNamespaceListerExpansion interface{}

type podLister struct {
	indexer cache.Indexer
}

// NewPodLister returns a new PodLister.
func NewPodLister(indexer cache.Indexer) PodLister {
	return &podLister{indexer: indexer}
}

func (s *podLister) List(selector labels.Selector) (ret []*corev1.Pod, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*corev1.Pod); ok && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s *podLister) Pods(namespace string) PodNamespaceLister {
	return podNamespaceLister{indexer: s.indexer, namespace: namespace}
}

type podNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (s podNamespaceLister) List(selector labels.Selector) (ret []*corev1.Pod, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*corev1.Pod); ok && o.Namespace == s.namespace && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s podNamespaceLister) Get(name string) (*corev1.Pod, error) {
	obj, exists, err := s.indexer.GetByKey(s.namespace + "/" + name)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, errors.NewNotFound(corev1.Resource("pod"), name)
	}
	return obj.(*corev1.Pod), nil
}

// ConfigMapLister helps list ConfigMaps.
type ConfigMapLister interface {
	// List lists all ConfigMaps in the indexer.
	List(selector labels.Selector) (ret []*corev1.ConfigMap, err error)
	// ConfigMaps returns an object that can list and get ConfigMaps.
	ConfigMaps(namespace string) ConfigMapNamespaceLister
	ConfigMapListerExpansion
}

// ConfigMapNamespaceLister helps list and get ConfigMaps in one namespace.
type ConfigMapNamespaceLister interface {
	// List lists all ConfigMaps in the indexer for a given namespace.
	List(selector labels.Selector) (ret []*corev1.ConfigMap, err error)
	// Get retrieves the ConfigMap from the indexer for a given namespace and name.
	Get(name string) (*corev1.ConfigMap, error)
	ConfigMapNamespaceListerExpansion
}

// ConfigMapListerExpansion allows custom methods to be added to ConfigMapLister.
type ConfigMapListerExpansion interface{}

// ConfigMapNamespaceListerExpansion allows custom methods to be added to
// ConfigMapNamespaceLister.
type ConfigMapNamespaceListerExpansion interface{}

type configmapLister struct {
	indexer cache.Indexer
}

// NewConfigMapLister returns a new ConfigMapLister.
func NewConfigMapLister(indexer cache.Indexer) ConfigMapLister {
	return &configmapLister{indexer: indexer}
}

func (s *configmapLister) List(selector labels.Selector) (ret []*corev1.ConfigMap, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*corev1.ConfigMap); ok && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s *configmapLister) ConfigMaps(namespace string) ConfigMapNamespaceLister {
	return configmapNamespaceLister{indexer: s.indexer, namespace: namespace}
}

type configmapNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (s configmapNamespaceLister) List(selector labels.Selector) (ret []*corev1.ConfigMap, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*corev1.ConfigMap); ok && o.Namespace == s.namespace && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s configmapNamespaceLister) Get(name string) (*corev1.ConfigMap, error) {
	obj, exists, err := s.indexer.GetByKey(s.namespace + "/" + name)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, errors.NewNotFound(corev1.Resource("configmap"), name)
	}
	return obj.(*corev1.ConfigMap), nil
}

// SecretLister helps list Secrets.
type SecretLister interface {
	// List lists all Secrets in the indexer.
	List(selector labels.Selector) (ret []*corev1.Secret, err error)
	// Secrets returns an object that can list and get Secrets.
	Secrets(namespace string) SecretNamespaceLister
	SecretListerExpansion
}

// SecretNamespaceLister helps list and get Secrets in one namespace.
type SecretNamespaceLister interface {
	// List lists all Secrets in the indexer for a given namespace.
	List(selector labels.Selector) (ret []*corev1.Secret, err error)
	// Get retrieves the Secret from the indexer for a given namespace and name.
	Get(name string) (*corev1.Secret, error)
	SecretNamespaceListerExpansion
}

// SecretListerExpansion allows custom methods to be added to SecretLister.
type SecretListerExpansion interface{}

// SecretNamespaceListerExpansion allows custom methods to be added to
// SecretNamespaceLister.
type SecretNamespaceListerExpansion interface{}

type secretLister struct {
	indexer cache.Indexer
}

// NewSecretLister returns a new SecretLister.
func NewSecretLister(indexer cache.Indexer) SecretLister {
	return &secretLister{indexer: indexer}
}

func (s *secretLister) List(selector labels.Selector) (ret []*corev1.Secret, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*corev1.Secret); ok && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s *secretLister) Secrets(namespace string) SecretNamespaceLister {
	return secretNamespaceLister{indexer: s.indexer, namespace: namespace}
}

type secretNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (s secretNamespaceLister) List(selector labels.Selector) (ret []*corev1.Secret, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*corev1.Secret); ok && o.Namespace == s.namespace && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s secretNamespaceLister) Get(name string) (*corev1.Secret, error) {
	obj, exists, err := s.indexer.GetByKey(s.namespace + "/" + name)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, errors.NewNotFound(corev1.Resource("secret"), name)
	}
	return obj.(*corev1.Secret), nil
}

// ServiceLister helps list Services.
type ServiceLister interface {
	// List lists all Services in the indexer.
	List(selector labels.Selector) (ret []*corev1.Service, err error)
	// Services returns an object that can list and get Services.
	Services(namespace string) ServiceNamespaceLister
	ServiceListerExpansion
}

// ServiceNamespaceLister helps list and get Services in one namespace.
type ServiceNamespaceLister interface {
	// List lists all Services in the indexer for a given namespace.
	List(selector labels.Selector) (ret []*corev1.Service, err error)
	// Get retrieves the Service from the indexer for a given namespace and name.
	Get(name string) (*corev1.Service, error)
	ServiceNamespaceListerExpansion
}

// ServiceListerExpansion allows custom methods to be added to ServiceLister.
type ServiceListerExpansion interface{}

// ServiceNamespaceListerExpansion allows custom methods to be added to
// ServiceNamespaceLister.
type ServiceNamespaceListerExpansion interface{}

type serviceLister struct {
	indexer cache.Indexer
}

// NewServiceLister returns a new ServiceLister.
func NewServiceLister(indexer cache.Indexer) ServiceLister {
	return &serviceLister{indexer: indexer}
}

func (s *serviceLister) List(selector labels.Selector) (ret []*corev1.Service, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*corev1.Service); ok && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s *serviceLister) Services(namespace string) ServiceNamespaceLister {
	return serviceNamespaceLister{indexer: s.indexer, namespace: namespace}
}

type serviceNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (s serviceNamespaceLister) List(selector labels.Selector) (ret []*corev1.Service, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*corev1.Service); ok && o.Namespace == s.namespace && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s serviceNamespaceLister) Get(name string) (*corev1.Service, error) {
	obj, exists, err := s.indexer.GetByKey(s.namespace + "/" + name)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, errors.NewNotFound(corev1.Resource("service"), name)
	}
	return obj.(*corev1.Service), nil
}
