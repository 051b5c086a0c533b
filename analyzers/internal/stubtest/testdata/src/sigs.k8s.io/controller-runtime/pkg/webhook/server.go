// Package webhook is a stub of sigs.k8s.io/controller-runtime/pkg/webhook.
package webhook

import "context"

// Server is an admission webhook server that can serve traffic and
// generates related k8s resources for deploying.
type Server interface {
	NeedLeaderElection() bool
	Start(ctx context.Context) error
}

// Options are all the available options for a webhook.Server.
type Options struct {
	Host    string
	Port    int
	CertDir string
}
