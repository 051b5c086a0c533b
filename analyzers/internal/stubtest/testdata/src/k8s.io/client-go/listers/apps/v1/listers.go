// Package v1 is a stub of k8s.io/client-go/listers/apps/v1.
package v1

import (
	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"
)

// DeploymentLister helps list Deployments.
type DeploymentLister interface {
	// List lists all Deployments in the indexer.
	List(selector labels.Selector) (ret []*appsv1.Deployment, err error)
	// Deployments returns an object that can list and get Deployments.
	Deployments(namespace string) DeploymentNamespaceLister
	DeploymentListerExpansion
}

// DeploymentNamespaceLister helps list and get Deployments in one namespace.
type DeploymentNamespaceLister interface {
	// List lists all Deployments in the indexer for a given namespace.
	List(selector labels.Selector) (ret []*appsv1.Deployment, err error)
	// Get retrieves the Deployment from the indexer for a given namespace and name.
	Get(name string) (*appsv1.Deployment, error)
	DeploymentNamespaceListerExpansion
}

// DeploymentListerExpansion allows custom methods to be added to DeploymentLister.
type DeploymentListerExpansion interface{}

// DeploymentNamespaceListerExpansion allows custom methods to be added to
// DeploymentNamespaceLister.
type DeploymentNamespaceListerExpansion interface{}

type deploymentLister struct {
	indexer cache.Indexer
}

// NewDeploymentLister returns a new DeploymentLister.
func NewDeploymentLister(indexer cache.Indexer) DeploymentLister {
	return &deploymentLister{indexer: indexer}
}

func (s *deploymentLister) List(selector labels.Selector) (ret []*appsv1.Deployment, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*appsv1.Deployment); ok && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s *deploymentLister) Deployments(namespace string) DeploymentNamespaceLister {
	return deploymentNamespaceLister{indexer: s.indexer, namespace: namespace}
}

type deploymentNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (s deploymentNamespaceLister) List(selector labels.Selector) (ret []*appsv1.Deployment, err error) {
	for _, m := range s.indexer.List() {
		if o, ok := m.(*appsv1.Deployment); ok && o.Namespace == s.namespace && selector.Matches(labels.Set(o.Labels)) {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s deploymentNamespaceLister) Get(name string) (*appsv1.Deployment, error) {
	obj, exists, err := s.indexer.GetByKey(s.namespace + "/" + name)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, errors.NewNotFound(appsv1.Resource("deployment"), name)
	}
	return obj.(*appsv1.Deployment), nil
}
