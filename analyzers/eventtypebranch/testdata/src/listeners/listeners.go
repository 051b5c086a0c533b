// Package listeners has listener types of the program's own: a generic
// controller elsewhere calls the method of the event it received.
package listeners

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// SecretMirror copies each Secret into a mirror ConfigMap on Add, and only
// removes the mirror on Update when the Secret is being deleted: a Secret
// changed while the controller was down, or re-created, is never copied.
type SecretMirror struct{ c client.Client }

func (m *SecretMirror) OnAdd(s *corev1.Secret) { // want `the OnAdd and OnUpdate methods of \*SecretMirror do different things \(only OnAdd: Create; only OnUpdate: Delete\), so what happens to a Secret depends on the event that delivered it`
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: s.Name + "-mirror", Namespace: s.Namespace}}
	_ = m.c.Create(context.TODO(), cm)
}

func (m *SecretMirror) OnUpdate(old, cur *corev1.Secret) {
	if cur.DeletionTimestamp != nil {
		_ = m.c.Delete(context.TODO(), &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: cur.Name + "-mirror", Namespace: cur.Namespace}})
	}
}

func (m *SecretMirror) OnDelete(s *corev1.Secret) {}

// PodLabeler labels the pod's namespace when the pod is added, through a
// helper; its Update does nothing, so a pod that existed before a failed
// Create is never handled again.
type PodLabeler struct{ c client.Client }

func (p *PodLabeler) Create(ctx context.Context, pod *corev1.Pod) error { // want `the Create and Update methods of \*PodLabeler do different things \(only Create: Patch in \(\*PodLabeler\)\.labelNode\)`
	return p.labelNode(ctx, pod)
}

func (p *PodLabeler) Update(ctx context.Context, oldPod, newPod *corev1.Pod) error {
	return nil
}

func (p *PodLabeler) labelNode(ctx context.Context, pod *corev1.Pod) error {
	n := &corev1.Namespace{}
	if err := p.c.Get(ctx, client.ObjectKey{Name: pod.Namespace}, n); err != nil {
		return err
	}
	before := n.DeepCopy()
	metav1.SetMetaDataLabel(&n.ObjectMeta, "example.com/has-pods", "true")
	return p.c.Patch(ctx, n, client.MergeFrom(before))
}

// ClaimListener (the fixed twin): Update hands the object to Add, and Add
// handles the deletion mark itself, so both reach the same effects.
type ClaimListener struct{ c client.Client }

func (l *ClaimListener) Add(ctx context.Context, cm *corev1.ConfigMap) error {
	if !cm.DeletionTimestamp.IsZero() {
		return l.cleanup(ctx, cm)
	}
	err := l.c.Create(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name, Namespace: cm.Namespace}})
	if apierrors.IsAlreadyExists(err) {
		return nil
	}
	return err
}

func (l *ClaimListener) Update(ctx context.Context, old, cur *corev1.ConfigMap) error {
	return l.Add(ctx, cur.DeepCopy())
}

func (l *ClaimListener) Delete(ctx context.Context, cm *corev1.ConfigMap) error {
	return l.cleanup(ctx, cm)
}

func (l *ClaimListener) cleanup(ctx context.Context, cm *corev1.ConfigMap) error {
	return client.IgnoreNotFound(l.c.Delete(ctx, &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name, Namespace: cm.Namespace}}))
}

// SyncingListener: both methods call one sync of the observed state.
type SyncingListener struct{ c client.Client }

func (l *SyncingListener) OnAdd(ctx context.Context, svc *corev1.Service) error {
	return l.sync(ctx, svc)
}

func (l *SyncingListener) OnUpdate(ctx context.Context, _, svc *corev1.Service) error {
	return l.sync(ctx, svc)
}

func (l *SyncingListener) sync(ctx context.Context, svc *corev1.Service) error {
	if !svc.DeletionTimestamp.IsZero() {
		return nil
	}
	ep := &corev1.ConfigMap{}
	if err := l.c.Get(ctx, client.ObjectKeyFromObject(svc), ep); err != nil {
		return client.IgnoreNotFound(err)
	}
	return nil
}

// Enqueuer only queues keys: no side effects in either method.
type Enqueuer struct{ keys chan string }

func (e *Enqueuer) OnAdd(pod *corev1.Pod)       { e.keys <- pod.Namespace + "/" + pod.Name }
func (e *Enqueuer) OnUpdate(_, pod *corev1.Pod) { e.keys <- pod.Namespace + "/" + pod.Name }
func (e *Enqueuer) OnDelete(pod *corev1.Pod)    { e.keys <- pod.Namespace + "/" + pod.Name }

// Store is not a listener: its Update takes one object and options, as a
// client's does, and its Create has options too.
type Store struct{ c client.Client }

func (s *Store) Create(ctx context.Context, cm *corev1.ConfigMap) error {
	return s.c.Create(ctx, cm)
}

func (s *Store) Update(ctx context.Context, cm *corev1.ConfigMap, force bool) error {
	return nil
}

// ClientGoStyle has client-go's callback signatures on a type that is
// registered elsewhere: OnAdd runs the sync, OnUpdate only records a
// status; the work depends on the event.
type ClientGoStyle struct{ c client.Client }

func (h *ClientGoStyle) OnAdd(obj interface{}, isInInitialList bool) { // want `the OnAdd and OnUpdate methods of \*ClientGoStyle do different things \(only OnAdd: Create in \(\*ClientGoStyle\)\.ensure; only OnUpdate: Status\(\)\.Update\), so what happens to an object depends`
	if cm, ok := obj.(*corev1.ConfigMap); ok {
		h.ensure(cm)
	}
}

func (h *ClientGoStyle) OnUpdate(oldObj, newObj interface{}) {
	if cm, ok := newObj.(*corev1.ConfigMap); ok {
		_ = h.c.Status().Update(context.TODO(), cm)
	}
}

func (h *ClientGoStyle) OnDelete(obj interface{}) {}

func (h *ClientGoStyle) ensure(cm *corev1.ConfigMap) {
	_ = h.c.Create(context.TODO(), &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: cm.Name, Namespace: cm.Namespace}})
}
