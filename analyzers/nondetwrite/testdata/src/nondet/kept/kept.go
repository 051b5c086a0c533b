// Package kept: a value drawn only while the one it replaces is empty,
// and written back where it was read, is drawn once and kept on every
// later pass (a generated password kept in its Secret, an identity kept
// in an annotation). Drawn whenever the old value is present, or kept
// only under a test of something else, it is new on every pass.
package kept

import (
	"context"

	"nondet/api"

	"github.com/google/uuid"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	utilrand "k8s.io/apimachinery/pkg/util/rand"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const passwordKey = "password"

func secretFor(w *api.Widget) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: w.Name + "-auth", Namespace: w.Namespace}}
}

// A new password on every pass: the mutate function always draws one.
type RegeneratingReconciler struct{ client.Client }

func (r *RegeneratingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := secretFor(&w)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error {
		s.Data = map[string][]byte{passwordKey: []byte(utilrand.String(24))} // want `nondetwrite: utilrand.String\(\) flows into Secret.Data, written by CreateOrUpdate on every reconcile`
		return nil
	})
	return ctrl.Result{}, err
}

// The password in the Secret is kept; one is drawn only when there is
// none yet. Silent.
type KeepingReconciler struct{ client.Client }

func (r *KeepingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := secretFor(&w)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error {
		password := s.Data[passwordKey]
		if len(password) == 0 {
			password = []byte(utilrand.String(24))
		}
		s.Data = map[string][]byte{passwordKey: password}
		return nil
	})
	return ctrl.Result{}, err
}

// The identity annotation, looked up with comma-ok and drawn only when
// absent. Silent.
type IdentityReconciler struct{ client.Client }

func (r *IdentityReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	id, ok := w.Annotations["example.com/id"]
	if !ok {
		id = uuid.NewString()
	}
	w.Annotations = map[string]string{"example.com/id": id}
	return ctrl.Result{}, r.Update(ctx, &w)
}

// The message kept while set, the clock read only for an empty one.
// Silent.
type MessageReconciler struct{ client.Client }

func (r *MessageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	msg := w.Status.Message
	if msg == "" {
		msg = "first seen " + metav1.Now().String()
	}
	w.Status.Message = msg
	return ctrl.Result{}, r.Status().Update(ctx, &w)
}

// The test is turned round: a password is drawn whenever one is there,
// so from the second pass on, on every pass.
type InvertedReconciler struct{ client.Client }

func (r *InvertedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := secretFor(&w)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error {
		password := s.Data[passwordKey]
		if len(password) != 0 {
			password = []byte(utilrand.String(24))
		}
		s.Data = map[string][]byte{passwordKey: password} // want `nondetwrite: utilrand.String\(\) flows into Secret.Data, written by CreateOrUpdate on every reconcile`
		return nil
	})
	return ctrl.Result{}, err
}

// The draw is decided by another value than the one it replaces: the
// old password is dropped for a new one on every pass while the Widget
// has no replicas.
type OtherTestReconciler struct{ client.Client }

func (r *OtherTestReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := secretFor(&w)
	_, err := controllerutil.CreateOrUpdate(ctx, r.Client, s, func() error {
		password := s.Data[passwordKey]
		if w.Spec.Replicas == 0 {
			password = []byte(utilrand.String(24))
		}
		s.Data = map[string][]byte{passwordKey: password} // want `nondetwrite: utilrand.String\(\) flows into Secret.Data, written by CreateOrUpdate on every reconcile`
		return nil
	})
	return ctrl.Result{}, err
}
