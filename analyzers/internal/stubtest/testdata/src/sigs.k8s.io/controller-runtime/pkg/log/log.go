// Package log is a stub of sigs.k8s.io/controller-runtime/pkg/log.
package log

import (
	"context"

	"github.com/go-logr/logr"
)

// SetLogger sets a concrete logging implementation for all deferred
// Loggers.
func SetLogger(l logr.Logger) {
	Log = l
}

// Log is the base logger used by kubebuilder.
var Log = logr.Discard()

// FromContext returns a logger with predefined values from a
// context.Context.
func FromContext(ctx context.Context, keysAndValues ...any) logr.Logger {
	log := Log
	if ctx != nil {
		if logger, err := logr.FromContext(ctx); err == nil {
			log = logger
		}
	}
	return log.WithValues(keysAndValues...)
}

// IntoContext takes a context and sets the logger as one of its values.
func IntoContext(ctx context.Context, log logr.Logger) context.Context {
	return logr.NewContext(ctx, log)
}
