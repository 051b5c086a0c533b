// Package cacheapi is a stub of
// sigs.k8s.io/controller-runtime/pkg/cache/cacheapi.
package cacheapi

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	toolscache "k8s.io/client-go/tools/cache"
)

// InformerGetOptions defines the behavior of how informers are retrieved.
type InformerGetOptions struct {
	BlockUntilSynced *bool
}

// InformerGetOption defines an option that alters the behavior of how
// informers are retrieved.
type InformerGetOption func(*InformerGetOptions)

// BlockUntilSynced determines whether a get request for an informer should
// block until the informer's cache has synced.
func BlockUntilSynced(shouldBlock bool) InformerGetOption {
	return func(opts *InformerGetOptions) {
		opts.BlockUntilSynced = &shouldBlock
	}
}

// Object is a Kubernetes object: it has both metadata and a kind.
type Object interface {
	metav1.Object
	runtime.Object
}

// IndexerFunc knows how to take an object and turn it into a series of
// non-namespaced keys.
type IndexerFunc func(Object) []string

// FieldIndexer knows how to index over a particular "field".
type FieldIndexer interface {
	IndexField(ctx context.Context, obj Object, field string, extractValue IndexerFunc) error
}

// Informers knows how to create or fetch informers for different
// group-version-kinds, and add indices to those informers.
type Informers interface {
	GetInformer(ctx context.Context, obj Object, opts ...InformerGetOption) (Informer, error)
	GetInformerForKind(ctx context.Context, gvk schema.GroupVersionKind, opts ...InformerGetOption) (Informer, error)
	RemoveInformer(ctx context.Context, obj Object) error
	Start(ctx context.Context) error
	WaitForCacheSync(ctx context.Context) bool
	FieldIndexer
}

// Informer allows you to interact with the underlying informer.
type Informer interface {
	AddEventHandler(handler toolscache.ResourceEventHandler) (toolscache.ResourceEventHandlerRegistration, error)
	AddEventHandlerWithResyncPeriod(handler toolscache.ResourceEventHandler, resyncPeriod time.Duration) (toolscache.ResourceEventHandlerRegistration, error)
	AddEventHandlerWithOptions(handler toolscache.ResourceEventHandler, options toolscache.HandlerOptions) (toolscache.ResourceEventHandlerRegistration, error)
	RemoveEventHandler(handle toolscache.ResourceEventHandlerRegistration) error
	AddIndexers(indexers toolscache.Indexers) error
	HasSynced() bool
	HasSyncedChecker() toolscache.DoneChecker
	IsStopped() bool
}
