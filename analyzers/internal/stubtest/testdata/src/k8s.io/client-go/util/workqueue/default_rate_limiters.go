package workqueue

import (
	"sync"
	"time"
)

// RateLimiter is the untyped rate limiter.
//
// Deprecated: use TypedRateLimiter instead.
type RateLimiter TypedRateLimiter[any]

// TypedRateLimiter decides how long an item should wait.
type TypedRateLimiter[T comparable] interface {
	When(item T) time.Duration
	Forget(item T)
	NumRequeues(item T) int
}

// DefaultControllerRateLimiter is a no-arg constructor for a default rate
// limiter for a workqueue.
//
// Deprecated: use DefaultTypedControllerRateLimiter instead.
func DefaultControllerRateLimiter() RateLimiter {
	return DefaultTypedControllerRateLimiter[any]()
}

// DefaultTypedControllerRateLimiter is a no-arg constructor for a default
// rate limiter for a workqueue.
func DefaultTypedControllerRateLimiter[T comparable]() TypedRateLimiter[T] {
	return NewTypedItemExponentialFailureRateLimiter[T](5*time.Millisecond, 1000*time.Second)
}

// DefaultItemBasedRateLimiter is a no-arg constructor for a default rate
// limiter for a workqueue.
//
// Deprecated: use DefaultTypedItemBasedRateLimiter instead.
func DefaultItemBasedRateLimiter() RateLimiter {
	return DefaultTypedItemBasedRateLimiter[any]()
}

// DefaultTypedItemBasedRateLimiter is a no-arg constructor for a default
// rate limiter for a workqueue.
func DefaultTypedItemBasedRateLimiter[T comparable]() TypedRateLimiter[T] {
	return NewTypedItemExponentialFailureRateLimiter[T](time.Millisecond, 1000*time.Second)
}

// TypedItemExponentialFailureRateLimiter does a simple baseDelay*2^<num-failures> limit.
type TypedItemExponentialFailureRateLimiter[T comparable] struct {
	failuresLock sync.Mutex
	failures     map[T]int

	baseDelay time.Duration
	maxDelay  time.Duration
}

// ItemExponentialFailureRateLimiter is the untyped limiter.
//
// Deprecated: use TypedItemExponentialFailureRateLimiter instead.
type ItemExponentialFailureRateLimiter = TypedItemExponentialFailureRateLimiter[any]

// NewItemExponentialFailureRateLimiter returns an exponential limiter.
//
// Deprecated: use NewTypedItemExponentialFailureRateLimiter instead.
func NewItemExponentialFailureRateLimiter(baseDelay time.Duration, maxDelay time.Duration) RateLimiter {
	return NewTypedItemExponentialFailureRateLimiter[any](baseDelay, maxDelay)
}

// NewTypedItemExponentialFailureRateLimiter returns an exponential limiter.
func NewTypedItemExponentialFailureRateLimiter[T comparable](baseDelay time.Duration, maxDelay time.Duration) TypedRateLimiter[T] {
	return &TypedItemExponentialFailureRateLimiter[T]{
		failures:  map[T]int{},
		baseDelay: baseDelay,
		maxDelay:  maxDelay,
	}
}

// When returns the delay for item and records a failure.
func (r *TypedItemExponentialFailureRateLimiter[T]) When(item T) time.Duration {
	r.failuresLock.Lock()
	defer r.failuresLock.Unlock()
	exp := r.failures[item]
	r.failures[item]++
	d := r.baseDelay
	for i := 0; i < exp && d < r.maxDelay; i++ {
		d *= 2
	}
	if d > r.maxDelay {
		return r.maxDelay
	}
	return d
}

// NumRequeues returns the number of failures of item.
func (r *TypedItemExponentialFailureRateLimiter[T]) NumRequeues(item T) int {
	r.failuresLock.Lock()
	defer r.failuresLock.Unlock()
	return r.failures[item]
}

// Forget forgets item's failures.
func (r *TypedItemExponentialFailureRateLimiter[T]) Forget(item T) {
	r.failuresLock.Lock()
	defer r.failuresLock.Unlock()
	delete(r.failures, item)
}
