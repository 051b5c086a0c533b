// Package retry is a stub of k8s.io/client-go/util/retry.
package retry

import (
	"time"

	"k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/util/wait"
)

// DefaultRetry is the recommended retry for a conflict where multiple
// clients are making changes to the same resource.
var DefaultRetry = wait.Backoff{Steps: 5, Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1}

// DefaultBackoff is the recommended backoff for a conflict where a client
// may be attempting to make an unrelated modification to a resource under
// active management by one or more controllers.
var DefaultBackoff = wait.Backoff{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}

// OnError allows the caller to retry fn in case the error returned by fn is
// retriable according to the provided function.
func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error {
	var err error
	for i := 0; i < backoff.Steps; i++ {
		err = fn()
		if err == nil || !retriable(err) {
			return err
		}
	}
	return err
}

// RetryOnConflict runs fn, retrying it with backoff while it returns a
// Conflict error.
func RetryOnConflict(backoff wait.Backoff, fn func() error) error {
	return OnError(backoff, errors.IsConflict, fn)
}
