// Package v1 is a lister of the operator's API, in lister-gen's shape.
package v1

import (
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/client-go/tools/cache"

	shopv1 "example.com/legacyop/pkg/apis/shop/v1"
)

// ShopLister helps list Shops.
type ShopLister interface {
	List(selector labels.Selector) (ret []*shopv1.Shop, err error)
	Shops(namespace string) ShopNamespaceLister
}

// ShopNamespaceLister helps list and get Shops in a namespace.
type ShopNamespaceLister interface {
	List(selector labels.Selector) (ret []*shopv1.Shop, err error)
	Get(name string) (*shopv1.Shop, error)
}

type shopLister struct{ indexer cache.Indexer }

// NewShopLister returns a new ShopLister.
func NewShopLister(indexer cache.Indexer) ShopLister { return &shopLister{indexer: indexer} }

func (s *shopLister) List(selector labels.Selector) (ret []*shopv1.Shop, err error) {
	for _, m := range s.indexer.List() {
		ret = append(ret, m.(*shopv1.Shop))
	}
	return ret, nil
}

func (s *shopLister) Shops(namespace string) ShopNamespaceLister {
	return shopNamespaceLister{indexer: s.indexer, namespace: namespace}
}

type shopNamespaceLister struct {
	indexer   cache.Indexer
	namespace string
}

func (s shopNamespaceLister) List(selector labels.Selector) (ret []*shopv1.Shop, err error) {
	for _, m := range s.indexer.List() {
		if o := m.(*shopv1.Shop); o.Namespace == s.namespace {
			ret = append(ret, o)
		}
	}
	return ret, nil
}

func (s shopNamespaceLister) Get(name string) (*shopv1.Shop, error) {
	obj, _, err := s.indexer.GetByKey(s.namespace + "/" + name)
	if err != nil {
		return nil, err
	}
	return obj.(*shopv1.Shop), nil
}
