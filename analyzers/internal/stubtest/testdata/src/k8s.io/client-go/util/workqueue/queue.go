// Package workqueue is a stub of k8s.io/client-go/util/workqueue.
package workqueue

import (
	"sync"
	"time"
)

// Interface is the untyped work queue.
//
// Deprecated: use TypedInterface instead.
type Interface TypedInterface[any]

// TypedInterface is a work queue of items of type T.
type TypedInterface[T comparable] interface {
	Add(item T)
	Len() int
	Get() (item T, shutdown bool)
	Done(item T)
	ShutDown()
	ShutDownWithDrain()
	ShuttingDown() bool
}

// Type is the untyped queue implementation.
//
// Deprecated: use Typed instead.
type Type = Typed[any]

// Typed is a work queue: an item added several times before it is
// processed is processed once, and never by two workers at the same time.
type Typed[t comparable] struct {
	mu           sync.Mutex
	cond         *sync.Cond
	queue        []t
	dirty        map[t]struct{}
	processing   map[t]struct{}
	shuttingDown bool
}

// New constructs a new work queue.
//
// Deprecated: use NewTyped instead.
func New() *Type { return NewTyped[any]() }

// NewNamed constructs a new named work queue.
//
// Deprecated: use NewTypedWithConfig instead.
func NewNamed(name string) *Type { return NewTyped[any]() }

// NewTyped constructs a new work queue.
func NewTyped[T comparable]() *Typed[T] {
	q := &Typed[T]{dirty: map[T]struct{}{}, processing: map[T]struct{}{}}
	q.cond = sync.NewCond(&q.mu)
	return q
}

// Add marks item as needing processing.
func (q *Typed[T]) Add(item T) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.shuttingDown {
		return
	}
	if _, ok := q.dirty[item]; ok {
		return
	}
	q.dirty[item] = struct{}{}
	if _, ok := q.processing[item]; ok {
		return
	}
	q.queue = append(q.queue, item)
	q.cond.Signal()
}

// Len returns the current queue length.
func (q *Typed[T]) Len() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.queue)
}

// Get blocks until it can return an item to be processed.
func (q *Typed[T]) Get() (item T, shutdown bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for len(q.queue) == 0 && !q.shuttingDown {
		q.cond.Wait()
	}
	if len(q.queue) == 0 {
		return item, true
	}
	item, q.queue = q.queue[0], q.queue[1:]
	q.processing[item] = struct{}{}
	delete(q.dirty, item)
	return item, false
}

// Done marks item as done processing.
func (q *Typed[T]) Done(item T) {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.processing, item)
	if _, ok := q.dirty[item]; ok {
		q.queue = append(q.queue, item)
		q.cond.Signal()
	}
}

// ShutDown makes the queue ignore new items and wakes all workers.
func (q *Typed[T]) ShutDown() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.shuttingDown = true
	q.cond.Broadcast()
}

// ShutDownWithDrain is ShutDown; the stub does not wait for processing.
func (q *Typed[T]) ShutDownWithDrain() { q.ShutDown() }

// ShuttingDown reports whether the queue is shutting down.
func (q *Typed[T]) ShuttingDown() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.shuttingDown
}

// DelayingInterface is the untyped delaying queue.
//
// Deprecated: use TypedDelayingInterface instead.
type DelayingInterface TypedDelayingInterface[any]

// TypedDelayingInterface is an Interface that can Add an item at a later
// time.
type TypedDelayingInterface[T comparable] interface {
	TypedInterface[T]
	AddAfter(item T, duration time.Duration)
}

type delayingType[T comparable] struct {
	TypedInterface[T]
}

func (q *delayingType[T]) AddAfter(item T, duration time.Duration) {
	if duration <= 0 {
		q.Add(item)
		return
	}
	time.AfterFunc(duration, func() { q.Add(item) })
}

// NewDelayingQueue constructs a new delaying work queue.
//
// Deprecated: use NewTypedDelayingQueue instead.
func NewDelayingQueue() DelayingInterface { return NewTypedDelayingQueue[any]() }

// NewTypedDelayingQueue constructs a new delaying work queue.
func NewTypedDelayingQueue[T comparable]() TypedDelayingInterface[T] {
	return &delayingType[T]{TypedInterface: NewTyped[T]()}
}

// RateLimitingInterface is the untyped rate limiting queue.
//
// Deprecated: use TypedRateLimitingInterface instead.
type RateLimitingInterface TypedRateLimitingInterface[any]

// TypedRateLimitingInterface is an interface that rate limits items being
// added to the queue.
type TypedRateLimitingInterface[T comparable] interface {
	TypedDelayingInterface[T]
	AddRateLimited(item T)
	Forget(item T)
	NumRequeues(item T) int
}

// TypedRateLimitingQueueConfig specifies optional configurations to
// customize a TypedRateLimitingInterface.
type TypedRateLimitingQueueConfig[T comparable] struct {
	Name          string
	DelayingQueue TypedDelayingInterface[T]
}

// RateLimitingQueueConfig is the untyped config.
//
// Deprecated: use TypedRateLimitingQueueConfig instead.
type RateLimitingQueueConfig = TypedRateLimitingQueueConfig[any]

type rateLimitingType[T comparable] struct {
	TypedDelayingInterface[T]
	rateLimiter TypedRateLimiter[T]
}

func (q *rateLimitingType[T]) AddRateLimited(item T) {
	q.AddAfter(item, q.rateLimiter.When(item))
}

func (q *rateLimitingType[T]) NumRequeues(item T) int { return q.rateLimiter.NumRequeues(item) }

func (q *rateLimitingType[T]) Forget(item T) { q.rateLimiter.Forget(item) }

// NewRateLimitingQueue constructs a new workqueue with rateLimited queuing
// ability.
//
// Deprecated: use NewTypedRateLimitingQueue instead.
func NewRateLimitingQueue(rateLimiter RateLimiter) RateLimitingInterface {
	return NewTypedRateLimitingQueue[any](rateLimiter)
}

// NewNamedRateLimitingQueue constructs a new named workqueue with
// rateLimited queuing ability.
//
// Deprecated: use NewTypedRateLimitingQueueWithConfig instead.
func NewNamedRateLimitingQueue(rateLimiter RateLimiter, name string) RateLimitingInterface {
	return NewTypedRateLimitingQueue[any](rateLimiter)
}

// NewTypedRateLimitingQueue constructs a new workqueue with rateLimited
// queuing ability.
func NewTypedRateLimitingQueue[T comparable](rateLimiter TypedRateLimiter[T]) TypedRateLimitingInterface[T] {
	return NewTypedRateLimitingQueueWithConfig(rateLimiter, TypedRateLimitingQueueConfig[T]{})
}

// NewTypedRateLimitingQueueWithConfig constructs a new workqueue with
// options to customize different properties.
func NewTypedRateLimitingQueueWithConfig[T comparable](rateLimiter TypedRateLimiter[T], config TypedRateLimitingQueueConfig[T]) TypedRateLimitingInterface[T] {
	dq := config.DelayingQueue
	if dq == nil {
		dq = NewTypedDelayingQueue[T]()
	}
	return &rateLimitingType[T]{TypedDelayingInterface: dq, rateLimiter: rateLimiter}
}
