// Package source is a stub of sigs.k8s.io/controller-runtime/pkg/source.
package source

import (
	"context"

	"k8s.io/client-go/util/workqueue"

	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// Source is a source of events (e.g. Create, Update, Delete operations on
// Kubernetes Objects, Webhook callbacks, etc) which should be processed by
// event.EventHandlers to enqueue reconcile.Requests.
type Source = TypedSource[reconcile.Request]

// TypedSource is a generic source of events.
type TypedSource[request comparable] interface {
	// Start is internal and should be called only by the Controller to
	// start the source.
	Start(context.Context, workqueue.TypedRateLimitingInterface[request]) error
}

// SyncingSource is a source that needs syncing prior to being usable.
type SyncingSource = TypedSyncingSource[reconcile.Request]

// TypedSyncingSource is a source that needs syncing prior to being usable.
type TypedSyncingSource[request comparable] interface {
	TypedSource[request]
	WaitForSync(ctx context.Context) error
}

// Kind creates a KindSource with the given cache provider.
func Kind[object client.Object](
	cache cache.Cache,
	obj object,
	handler handler.TypedEventHandler[object, reconcile.Request],
	predicates ...predicate.TypedPredicate[object],
) SyncingSource {
	return TypedKind(cache, obj, handler, predicates...)
}

// TypedKind creates a KindSource with the given cache provider.
func TypedKind[object client.Object, request comparable](
	cache cache.Cache,
	obj object,
	handler handler.TypedEventHandler[object, request],
	predicates ...predicate.TypedPredicate[object],
) TypedSyncingSource[request] {
	return &kind[object, request]{cache: cache, obj: obj, handler: handler, predicates: predicates}
}

type kind[object client.Object, request comparable] struct {
	cache      cache.Cache
	obj        object
	handler    handler.TypedEventHandler[object, request]
	predicates []predicate.TypedPredicate[object]
}

func (k *kind[object, request]) Start(ctx context.Context, queue workqueue.TypedRateLimitingInterface[request]) error {
	_, err := k.cache.GetInformer(ctx, k.obj)
	return err
}

func (k *kind[object, request]) WaitForSync(ctx context.Context) error {
	if !k.cache.WaitForCacheSync(ctx) {
		return ctx.Err()
	}
	return nil
}

// ChannelOpt allows to configure a source.Channel.
type ChannelOpt[object any, request comparable] func(*channel[object, request])

// WithPredicates adds the configured predicates to a source.Channel.
func WithPredicates[object any, request comparable](p ...predicate.TypedPredicate[object]) ChannelOpt[object, request] {
	return func(c *channel[object, request]) {
		c.predicates = append(c.predicates, p...)
	}
}

// WithBufferSize configures the buffer size for a source.Channel.
func WithBufferSize[object any, request comparable](bufferSize int) ChannelOpt[object, request] {
	return func(c *channel[object, request]) {
		c.bufferSize = &bufferSize
	}
}

// Channel is used to provide a source of events originating outside the
// cluster.
func Channel[object any](source <-chan event.TypedGenericEvent[object], handler handler.TypedEventHandler[object, reconcile.Request], opts ...ChannelOpt[object, reconcile.Request]) Source {
	return TypedChannel(source, handler, opts...)
}

// TypedChannel is used to provide a source of events originating outside
// the cluster.
func TypedChannel[object any, request comparable](source <-chan event.TypedGenericEvent[object], handler handler.TypedEventHandler[object, request], opts ...ChannelOpt[object, request]) TypedSource[request] {
	c := &channel[object, request]{source: source, handler: handler}
	for _, opt := range opts {
		opt(c)
	}
	return c
}

type channel[object any, request comparable] struct {
	source     <-chan event.TypedGenericEvent[object]
	handler    handler.TypedEventHandler[object, request]
	predicates []predicate.TypedPredicate[object]
	bufferSize *int
}

func (cs *channel[object, request]) Start(ctx context.Context, queue workqueue.TypedRateLimitingInterface[request]) error {
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case evt, ok := <-cs.source:
				if !ok {
					return
				}
				keep := true
				for _, p := range cs.predicates {
					if !p.Generic(evt) {
						keep = false
						break
					}
				}
				if keep {
					cs.handler.Generic(ctx, evt, queue)
				}
			}
		}
	}()
	return nil
}

// Func is a function that implements Source.
type Func = TypedFunc[reconcile.Request]

// TypedFunc is a function that implements Source.
type TypedFunc[request comparable] func(context.Context, workqueue.TypedRateLimitingInterface[request]) error

// Start implements Source.
func (f TypedFunc[request]) Start(ctx context.Context, queue workqueue.TypedRateLimitingInterface[request]) error {
	return f(ctx, queue)
}

func (f TypedFunc[request]) String() string {
	return "func source"
}
