// Package v1 is a lister of the project's own API, in the shape
// lister-gen generates, kept at a path of the project's choosing.
package v1

import (
	"k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/tools/cache"

	shopv1 "cmgen/apis/shop/v1"
)

// OrderLister helps list Orders.
type OrderLister interface {
	List(selector labels.Selector) (ret []*shopv1.Order, err error)
	Orders(namespace string) OrderNamespaceLister
}

// OrderNamespaceLister helps list and get Orders.
type OrderNamespaceLister interface {
	List(selector labels.Selector) (ret []*shopv1.Order, err error)
	Get(name string) (*shopv1.Order, error)
}

type orderLister struct{ indexer cache.Indexer }

// NewOrderLister returns a new OrderLister.
func NewOrderLister(indexer cache.Indexer) OrderLister { return &orderLister{indexer: indexer} }

func (s *orderLister) List(selector labels.Selector) (ret []*shopv1.Order, err error) {
	for _, m := range s.indexer.List() {
		ret = append(ret, m.(*shopv1.Order))
	}
	return ret, nil
}

func (s *orderLister) Orders(namespace string) OrderNamespaceLister {
	return orderNamespaceLister{indexer: s.indexer, namespace: namespace}
}

type orderNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (s orderNamespaceLister) List(selector labels.Selector) (ret []*shopv1.Order, err error) {
	for _, m := range s.indexer.List() {
		if o := m.(*shopv1.Order); o.Namespace == s.namespace {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s orderNamespaceLister) Get(name string) (*shopv1.Order, error) {
	obj, exists, err := s.indexer.GetByKey(s.namespace + "/" + name)
	if err != nil {
		return nil, err
	}
	if !exists {
		return nil, errors.NewNotFound(schema.GroupResource{Group: "shop.example.com", Resource: "orders"}, name)
	}
	return obj.(*shopv1.Order), nil
}
