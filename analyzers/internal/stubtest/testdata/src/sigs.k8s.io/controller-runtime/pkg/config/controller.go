// Package config is a stub of sigs.k8s.io/controller-runtime/pkg/config.
package config

import (
	"time"

	"github.com/go-logr/logr"
)

// Controller contains configuration options for controllers.
type Controller struct {
	SkipNameValidation      *bool
	GroupKindConcurrency    map[string]int
	MaxConcurrentReconciles int
	CacheSyncTimeout        time.Duration
	RecoverPanic            *bool
	NeedLeaderElection      *bool
	EnableWarmup            *bool
	UsePriorityQueue        *bool
	Logger                  logr.Logger
	ReconciliationTimeout   time.Duration
}
