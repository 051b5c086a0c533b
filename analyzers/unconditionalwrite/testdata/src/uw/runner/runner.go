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
