// Package runner is a generic workqueue worker of the kind operators write
// once and share between their controllers: it knows them only through
// the Syncer interface, and hands each the key it takes from the queue.
package runner

import (
	"context"

	"k8s.io/client-go/util/workqueue"
)

// Syncer is what a controller implements to be run.
type Syncer interface {
	Sync(ctx context.Context, key string) error
}

// Runner feeds the keys of its queue to one Syncer.
type Runner struct {
	queue  workqueue.TypedInterface[string]
	syncer Syncer
}

// New returns a Runner of s.
func New(q workqueue.TypedInterface[string], s Syncer) *Runner {
	return &Runner{queue: q, syncer: s}
}

// ProcessNext syncs the next key, and requeues it when the sync fails.
func (r *Runner) ProcessNext(ctx context.Context) bool {
	key, shutdown := r.queue.Get()
	if shutdown {
		return false
	}
	defer r.queue.Done(key)
	if err := r.syncer.Sync(ctx, key); err != nil {
		r.queue.Add(key)
	}
	return true
}

// Handler is what a controller implements to be run by a ClosureRunner.
type Handler interface {
	Handle(ctx context.Context, key string) error
}

// ClosureRunner is the client-go sample worker's shape: the item goes
// into a closure called at once, which asserts its type and hands it to a
// method that calls the handler.
type ClosureRunner struct {
	queue   workqueue.TypedInterface[any]
	handler Handler
}

// NewClosureRunner returns a ClosureRunner of h.
func NewClosureRunner(q workqueue.TypedInterface[any], h Handler) *ClosureRunner {
	return &ClosureRunner{queue: q, handler: h}
}

// ProcessNext handles the next item.
func (r *ClosureRunner) ProcessNext(ctx context.Context) bool {
	obj, shutdown := r.queue.Get()
	if shutdown {
		return false
	}
	err := func(obj any) error {
		defer r.queue.Done(obj)
		key, ok := obj.(string)
		if !ok {
			return nil
		}
		return r.handle(ctx, key)
	}(obj)
	return err == nil
}

func (r *ClosureRunner) handle(ctx context.Context, key string) error {
	return r.handler.Handle(ctx, key)
}
