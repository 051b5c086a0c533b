// Package signals is a stub of
// sigs.k8s.io/controller-runtime/pkg/manager/signals.
package signals

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

// SetupSignalHandler registers for SIGTERM and SIGINT. A context is
// returned which is canceled on one of these signals.
func SetupSignalHandler() context.Context {
	ctx, _ := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	return ctx
}
