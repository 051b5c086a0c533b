package notfound

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// timeoutClient wraps a client with a deadline. Its Get returns the
// wrapped client's error as it is, NotFound included: it is a client, not a
// reconcile entry, even though a reconciler calls it through client.Client
// with the request's key.
type timeoutClient struct {
	client.Client
	timeout time.Duration
}

func (c timeoutClient) Get(ctx context.Context, key client.ObjectKey, obj client.Object, opts ...client.GetOption) error {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	return c.Client.Get(ctx, key, obj, opts...)
}

type WrappedClientReconciler struct{ c client.Client }

// NewWrappedClientReconciler gives the reconciler a client with a deadline.
func NewWrappedClientReconciler(c client.Client) *WrappedClientReconciler {
	return &WrappedClientReconciler{c: timeoutClient{Client: c, timeout: time.Second}}
}

func (r *WrappedClientReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	var cm corev1.ConfigMap
	if err := r.c.Get(ctx, req.NamespacedName, &cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	return reconcile.Result{}, nil
}
