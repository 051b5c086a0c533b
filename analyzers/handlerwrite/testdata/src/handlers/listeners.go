package handlers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// MirrorListener's methods return nothing: a generic controller elsewhere
// calls them once per event and cannot retry a failed write.
type MirrorListener struct{ c client.Client }

func (m *MirrorListener) OnAdd(obj interface{}, isInInitialList bool) {
	if s, ok := obj.(*corev1.Secret); ok {
		_ = m.c.Create(context.TODO(), &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: s.Name, Namespace: s.Namespace}}) // want `handlerwrite: Create in the listener method \(\*MirrorListener\)\.OnAdd runs once per event, with no retry`
	}
}

func (m *MirrorListener) OnUpdate(oldObj, newObj interface{}) {}

// RetriedListener's methods return their error to a controller that
// retries it: they are reconcile entries (root R7), not handlers.
type RetriedListener struct{ c client.Client }

func (l *RetriedListener) Add(ctx context.Context, s *corev1.Secret) error {
	return l.c.Create(ctx, &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: s.Name, Namespace: s.Namespace}})
}

func (l *RetriedListener) Update(ctx context.Context, old, cur *corev1.Secret) error {
	return l.Add(ctx, cur)
}
