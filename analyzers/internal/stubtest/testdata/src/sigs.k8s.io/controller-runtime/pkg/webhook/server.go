// Package webhook is a stub of sigs.k8s.io/controller-runtime/pkg/webhook.
package webhook

import (
	"context"
	"net/http"

	"sigs.k8s.io/controller-runtime/pkg/healthz"
)

// Server is an admission webhook server that can serve traffic and
// generates related k8s resources for deploying.
type Server interface {
	NeedLeaderElection() bool
	Register(path string, hook http.Handler)
	Start(ctx context.Context) error
	StartedChecker() healthz.Checker
	WebhookMux() *http.ServeMux
}

// Options are all the available options for a webhook.Server.
type Options struct {
	Host    string
	Port    int
	CertDir string
}
