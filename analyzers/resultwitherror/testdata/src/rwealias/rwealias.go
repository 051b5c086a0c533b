// Package rwealias imports reconcile but not ctrl; the fix keeps the
// spelling of the literal and drops the time import it no longer needs.
package rwealias

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	rec "sigs.k8s.io/controller-runtime/pkg/reconcile"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req rec.Request) (rec.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return rec.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Update(ctx, &cm); err != nil {
		return rec.Result{RequeueAfter: 3 * time.Second}, err // want `resultwitherror: \(\*R\).Reconcile returns a Result with RequeueAfter: 3s`
	}
	return rec.Result{}, nil
}
