// Package util holds helpers that read metadata of their argument.
package util

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// PausedAnnotation pauses reconciliation.
const PausedAnnotation = "example.com/paused"

// IsPaused reads an annotation of o; its result decides at call sites.
func IsPaused(o metav1.Object) bool {
	return o.GetAnnotations()[PausedAnnotation] == "true"
}

// Tier returns a label of o.
func Tier(o metav1.Object) string {
	return o.GetLabels()["example.com/tier"]
}

// LogName only logs a label: the value decides nothing.
func LogName(o metav1.Object) string {
	return o.GetName()
}

// WithMetrics wraps a reconciler (middleware): it delegates to r.
func WithMetrics(r reconcile.Reconciler) reconcile.Reconciler { return &metered{next: r} }

type metered struct{ next reconcile.Reconciler }

func (m *metered) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	return m.next.Reconcile(ctx, req)
}
