// Package controllerruntime is a stub of sigs.k8s.io/controller-runtime.
package controllerruntime

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client/config"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/manager"
	"sigs.k8s.io/controller-runtime/pkg/manager/signals"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
	"sigs.k8s.io/controller-runtime/pkg/scheme"
)

// Builder builds an Application ControllerManagedBy.
type Builder = builder.Builder

// Request contains the information necessary to reconcile a Kubernetes
// object.
type Request = reconcile.Request

// Result contains the result of a Reconciler invocation.
type Result = reconcile.Result

// Manager initializes shared dependencies such as Caches and Clients.
type Manager = manager.Manager

// Options are the arguments for creating a new Manager.
type Options = manager.Options

// SchemeBuilder builds a new Scheme for mapping go types to Kubernetes
// GroupVersionKinds.
type SchemeBuilder = scheme.Builder

// GroupVersion contains the "group" and the "version".
type GroupVersion = schema.GroupVersion

// GroupResource specifies a Group and a Resource.
type GroupResource = schema.GroupResource

// TypeMeta describes an individual object in an API response or request.
type TypeMeta = metav1.TypeMeta

// ObjectMeta is metadata that all persisted resources must have.
type ObjectMeta = metav1.ObjectMeta

var (
	// RegisterFlags registers flag variables to the given FlagSet.
	RegisterFlags = config.RegisterFlags

	// GetConfigOrDie creates a *rest.Config for talking to a Kubernetes
	// apiserver.
	GetConfigOrDie = config.GetConfigOrDie

	// GetConfig creates a *rest.Config for talking to a Kubernetes
	// apiserver.
	GetConfig = config.GetConfig

	// NewControllerManagedBy returns a new controller builder that will be
	// started by the provided Manager.
	NewControllerManagedBy = builder.ControllerManagedBy

	// NewManager returns a new Manager for creating Controllers.
	NewManager = manager.New

	// CreateOrPatch creates or patches the given object obj in the
	// Kubernetes cluster.
	CreateOrPatch = controllerutil.CreateOrPatch

	// CreateOrUpdate creates or updates the given object obj in the
	// Kubernetes cluster.
	CreateOrUpdate = controllerutil.CreateOrUpdate

	// SetControllerReference sets owner as a Controller OwnerReference on
	// owned.
	SetControllerReference = controllerutil.SetControllerReference

	// SetupSignalHandler registers for SIGTERM and SIGINT.
	SetupSignalHandler = signals.SetupSignalHandler

	// Log is the base logger used by controller-runtime.
	Log = log.Log

	// LoggerFrom returns a logger with predefined values from a
	// context.Context.
	LoggerFrom = log.FromContext

	// LoggerInto takes a context and sets the logger as one of its keys.
	LoggerInto = log.IntoContext

	// SetLogger sets a concrete logging implementation for all deferred
	// Loggers.
	SetLogger = log.SetLogger
)
