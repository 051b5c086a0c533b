// Package config is a stub of
// sigs.k8s.io/controller-runtime/pkg/client/config.
package config

import (
	"flag"

	"k8s.io/client-go/rest"
)

// KubeconfigFlagName is the name of the kubeconfig flag.
const KubeconfigFlagName = "kubeconfig"

// RegisterFlags registers flag variables to the given FlagSet if not
// already registered.
func RegisterFlags(fs *flag.FlagSet) {}

// GetConfig creates a *rest.Config for talking to a Kubernetes API server.
func GetConfig() (*rest.Config, error) {
	return rest.InClusterConfig()
}

// GetConfigOrDie creates a *rest.Config for talking to a Kubernetes
// apiserver, exiting if it cannot.
func GetConfigOrDie() *rest.Config {
	config, err := GetConfig()
	if err != nil {
		panic(err)
	}
	return config
}
