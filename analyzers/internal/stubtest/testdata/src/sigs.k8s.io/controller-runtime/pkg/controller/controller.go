// Package controller is a stub of
// sigs.k8s.io/controller-runtime/pkg/controller.
package controller

import (
	"context"
	"errors"
	"time"

	"github.com/go-logr/logr"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/workqueue"

	"sigs.k8s.io/controller-runtime/pkg/config"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

// Options are the arguments for creating a new Controller.
type Options = TypedOptions[reconcile.Request]

// TypedOptions are the arguments for creating a new Controller.
type TypedOptions[request comparable] struct {
	SkipNameValidation      *bool
	MaxConcurrentReconciles int
	CacheSyncTimeout        time.Duration
	RecoverPanic            *bool
	NeedLeaderElection      *bool
	Reconciler              reconcile.TypedReconciler[request]
	RateLimiter             workqueue.TypedRateLimiter[request]
	NewQueue                func(controllerName string, rateLimiter workqueue.TypedRateLimiter[request]) workqueue.TypedRateLimitingInterface[request]
	Logger                  logr.Logger
	LogConstructor          func(request *request) logr.Logger
	UsePriorityQueue        *bool
	EnableWarmup            *bool
	ReconciliationTimeout   time.Duration
}

// DefaultFromConfig defaults the config from a config.Controller.
func (options *TypedOptions[request]) DefaultFromConfig(config config.Controller) {
	if options.MaxConcurrentReconciles <= 0 && config.MaxConcurrentReconciles > 0 {
		options.MaxConcurrentReconciles = config.MaxConcurrentReconciles
	}
	if options.CacheSyncTimeout == 0 && config.CacheSyncTimeout > 0 {
		options.CacheSyncTimeout = config.CacheSyncTimeout
	}
}

// Controller implements an API.
type Controller = TypedController[reconcile.Request]

// TypedController implements an API.
type TypedController[request comparable] interface {
	// Reconciler is called to reconcile an object by Namespace/Name
	reconcile.TypedReconciler[request]

	// Watch watches the provided Source.
	Watch(src source.TypedSource[request]) error

	// Start starts the controller.
	Start(ctx context.Context) error

	// GetLogger returns this controller logger prefilled with basic
	// information.
	GetLogger() logr.Logger
}

// New returns a new Controller registered with the Manager.
func New(name string, mgr manager.Manager, options Options) (Controller, error) {
	return NewTyped(name, mgr, options)
}

// NewTyped returns a new typed controller registered with the Manager.
func NewTyped[request comparable](name string, mgr manager.Manager, options TypedOptions[request]) (TypedController[request], error) {
	c, err := NewTypedUnmanaged(name, options)
	if err != nil {
		return nil, err
	}
	return c, mgr.Add(c)
}

// NewUnmanaged returns a new controller without adding it to the manager.
func NewUnmanaged(name string, options Options) (Controller, error) {
	return NewTypedUnmanaged(name, options)
}

// NewTypedUnmanaged returns a new typed controller without adding it to
// the manager.
func NewTypedUnmanaged[request comparable](name string, options TypedOptions[request]) (TypedController[request], error) {
	if options.Reconciler == nil {
		return nil, errors.New("must specify Reconciler")
	}
	return nil, errors.New("stub: controllers cannot be constructed")
}

type reconcileIDKey struct{}

// ReconcileIDFromContext gets the reconcileID from the current context.
var ReconcileIDFromContext = func(ctx context.Context) types.UID {
	r, ok := ctx.Value(reconcileIDKey{}).(types.UID)
	if !ok {
		return ""
	}
	return r
}
