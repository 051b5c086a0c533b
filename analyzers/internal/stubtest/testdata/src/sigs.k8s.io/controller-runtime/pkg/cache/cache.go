// Package cache is a stub of sigs.k8s.io/controller-runtime/pkg/cache.
package cache

import (
	"errors"
	"time"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
	toolscache "k8s.io/client-go/tools/cache"

	"sigs.k8s.io/controller-runtime/pkg/cache/cacheapi"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// AllNamespaces may be used to watch all namespaces.
const AllNamespaces = ""

// Cache knows how to load Kubernetes objects, fetch informers to request
// notifications on updates to objects, and add indices to objects.
type Cache interface {
	client.Reader
	Informers
}

// Informers knows how to create or fetch informers.
type Informers = cacheapi.Informers

// Informer allows you to interact with the underlying informer.
type Informer = cacheapi.Informer

// InformerGetOptions defines the behavior of how informers are retrieved.
type InformerGetOptions = cacheapi.InformerGetOptions

// InformerGetOption defines an option that alters the behavior of how
// informers are retrieved.
type InformerGetOption = cacheapi.InformerGetOption

// BlockUntilSynced determines whether a get request for an informer should
// block until the informer's cache has synced.
func BlockUntilSynced(shouldBlock bool) InformerGetOption {
	return cacheapi.BlockUntilSynced(shouldBlock)
}

// Options are the optional arguments for creating a new Cache object.
type Options struct {
	Scheme                       *runtime.Scheme
	Mapper                       meta.RESTMapper
	SyncPeriod                   *time.Duration
	ReaderFailOnMissingInformer  bool
	DefaultNamespaces            map[string]Config
	DefaultLabelSelector         labels.Selector
	DefaultFieldSelector         fields.Selector
	DefaultTransform             toolscache.TransformFunc
	DefaultUnsafeDisableDeepCopy *bool
	ByObject                     map[client.Object]ByObject
}

// ByObject offers more fine-grained control over the cache's ListWatch by
// object.
type ByObject struct {
	Namespaces            map[string]Config
	Label                 labels.Selector
	Field                 fields.Selector
	Transform             toolscache.TransformFunc
	UnsafeDisableDeepCopy *bool
	EnableWatchBookmarks  *bool
	SyncPeriod            *time.Duration
}

// Config describes all potential options for a given watch.
type Config struct {
	LabelSelector         labels.Selector
	FieldSelector         fields.Selector
	Transform             toolscache.TransformFunc
	UnsafeDisableDeepCopy *bool
	EnableWatchBookmarks  *bool
	SyncPeriod            *time.Duration
}

// NewCacheFunc is used to create a new cache.
type NewCacheFunc func(config *rest.Config, opts Options) (Cache, error)

// New initializes and returns a new Cache.
func New(cfg *rest.Config, opts Options) (Cache, error) {
	return nil, errors.New("stub: cache.New is not implemented")
}

// ErrCacheNotStarted is returned when trying to read from the cache that
// wasn't started.
type ErrCacheNotStarted struct{}

func (*ErrCacheNotStarted) Error() string {
	return "the cache is not started, can not read objects"
}
