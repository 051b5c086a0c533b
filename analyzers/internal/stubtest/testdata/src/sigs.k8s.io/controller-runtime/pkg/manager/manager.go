// Package manager is a stub of sigs.k8s.io/controller-runtime/pkg/manager.
package manager

import (
	"context"
	"errors"
	"time"

	"github.com/go-logr/logr"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"

	"sigs.k8s.io/controller-runtime/pkg/cache"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/cluster"
	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/webhook"
	"sigs.k8s.io/controller-runtime/pkg/webhook/conversion"
)

// Manager initializes shared dependencies such as Caches and Clients, and
// provides them to Runnables.
//
// The methods that take net/http or healthz types (AddHealthzCheck,
// AddReadyzCheck, AddMetricsServerExtraHandler) are not stubbed: see the
// package documentation of stubtest on why the stubs do not import
// net/http.
type Manager interface {
	cluster.Cluster

	Add(Runnable) error
	Elected() <-chan struct{}
	Start(ctx context.Context) error
	GetWebhookServer() webhook.Server
	GetLogger() logr.Logger
	GetControllerOptions() config.Controller
	GetConverterRegistry() conversion.Registry
}

// Options are the arguments for creating a new Manager.
type Options struct {
	Scheme                        *runtime.Scheme
	Cache                         cache.Options
	NewCache                      cache.NewCacheFunc
	Client                        client.Options
	NewClient                     client.NewClientFunc
	Logger                        logr.Logger
	LeaderElection                bool
	LeaderElectionResourceLock    string
	LeaderElectionNamespace       string
	LeaderElectionID              string
	LeaderElectionConfig          *rest.Config
	LeaderElectionReleaseOnCancel bool
	LeaderElectionLabels          map[string]string
	LeaseDuration                 *time.Duration
	RenewDeadline                 *time.Duration
	RetryPeriod                   *time.Duration
	HealthProbeBindAddress        string
	ReadinessEndpointName         string
	LivenessEndpointName          string
	PprofBindAddress              string
	WebhookServer                 webhook.Server
	BaseContext                   BaseContextFunc
	GracefulShutdownTimeout       *time.Duration
	Controller                    config.Controller
}

// BaseContextFunc is a function used to provide a base Context to
// Runnables managed by a Manager.
type BaseContextFunc func() context.Context

// Runnable allows a component to be started.
type Runnable interface {
	// Start starts running the component.
	Start(context.Context) error
}

// RunnableFunc implements Runnable using a function.
type RunnableFunc func(context.Context) error

// Start implements Runnable.
func (r RunnableFunc) Start(ctx context.Context) error {
	return r(ctx)
}

// LeaderElectionRunnable knows if a Runnable needs to be run in the
// leader election mode.
type LeaderElectionRunnable interface {
	NeedLeaderElection() bool
}

// New returns a new Manager for creating Controllers.
func New(config *rest.Config, options Options) (Manager, error) {
	return nil, errors.New("stub: manager.New is not implemented")
}
