// Package rest is a stub of k8s.io/client-go/rest.
package rest

import (
	"errors"
	"time"
)

// Config holds the common attributes that can be passed to a Kubernetes
// client on initialization.
type Config struct {
	Host            string
	APIPath         string
	Username        string
	Password        string
	BearerToken     string
	BearerTokenFile string
	Impersonate     ImpersonationConfig
	TLSClientConfig
	UserAgent          string
	DisableCompression bool
	QPS                float32
	Burst              int
	Timeout            time.Duration
}

// ImpersonationConfig has all the available impersonation options.
type ImpersonationConfig struct {
	UserName string
	UID      string
	Groups   []string
	Extra    map[string][]string
}

// TLSClientConfig contains settings to enable transport layer security.
type TLSClientConfig struct {
	Insecure   bool
	ServerName string
	CertFile   string
	KeyFile    string
	CAFile     string
	CertData   []byte
	KeyData    []byte
	CAData     []byte
	NextProtos []string
}

// InClusterConfig returns a config object which uses the service account
// kubernetes gives to pods.
func InClusterConfig() (*Config, error) {
	return nil, errors.New("stub: not running in a cluster")
}

// CopyConfig returns a copy of the given config.
func CopyConfig(config *Config) *Config {
	c := *config
	return &c
}
