// Package worker is a client-go style worker over the operator's own
// generated lister.
package worker

import (
	"k8s.io/client-go/tools/cache"

	listers "example.com/legacyop/pkg/client/listers_generated/shop/v1"
)

// Worker marks shops seen.
type Worker struct {
	shops listers.ShopLister
}

// MarkSeen labels the cached Shop.
func (w *Worker) MarkSeen(key string) error {
	ns, name, err := cache.SplitMetaNamespaceKey(key)
	if err != nil {
		return err
	}
	shop, err := w.shops.Shops(ns).Get(name)
	if err != nil {
		return err
	}
	shop.Status.Phase = "Seen" // BUG(RL6001): the informer cache's object is changed in place
	return nil
}
