package client

import (
	"errors"

	"github.com/go-logr/logr"

	"k8s.io/apimachinery/pkg/api/meta"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
)

// Options are creation options for a Client.
type Options struct {
	Scheme          *runtime.Scheme
	Mapper          meta.RESTMapper
	Cache           *CacheOptions
	DryRun          *bool
	FieldOwner      string
	FieldValidation string
	Log             logr.Logger
}

// CacheOptions are options for creating a cache-backed client.
type CacheOptions struct {
	Reader       Reader
	DisableFor   []Object
	Unstructured bool
}

// NewClientFunc allows a user to define how to create a client.
type NewClientFunc func(config *rest.Config, options Options) (Client, error)

// New returns a new Client using the provided config and Options.
func New(config *rest.Config, options Options) (Client, error) {
	return nil, errors.New("stub: client.New is not implemented")
}

// NewWithWatch returns a new WithWatch.
func NewWithWatch(config *rest.Config, options Options) (WithWatch, error) {
	return nil, errors.New("stub: client.NewWithWatch is not implemented")
}
