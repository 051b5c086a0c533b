// Package freshname: a Create whose Name is new on every call (random, a
// UUID, the clock) cannot fail with AlreadyExists; RL2003 (b) stays
// silent about it. The same shapes with a name that is the same on every
// reconcile are reported.
package freshname

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"cr/freshname/token"

	"github.com/google/uuid"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/rand"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var tokenRE = regexp.MustCompile(`^([a-z0-9]{6})\.([a-z0-9]{16})$`)

// A Secret named after the ID of a random token, taken apart by a regexp.
type TokenReconciler struct{ client.Client }

func (r *TokenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	tok, err := token.Generate()
	if err != nil {
		return ctrl.Result{}, err
	}
	parts := tokenRE.FindStringSubmatch(tok)
	if len(parts) != 3 {
		return ctrl.Result{}, fmt.Errorf("token %q is malformed", tok)
	}
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: token.SecretName(parts[1]), Namespace: req.Namespace}}
	s.StringData = map[string]string{"token-secret": parts[2]}
	if err := r.Create(ctx, s); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The same regexp over a token that is the same on every reconcile: the
// name repeats, and the AlreadyExists error is returned.
type FixedTokenReconciler struct{ client.Client }

func (r *FixedTokenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	tok := strings.ToLower(req.Name) + ".0123456789abcdef"
	parts := tokenRE.FindStringSubmatch(tok)
	if len(parts) != 3 {
		return ctrl.Result{}, fmt.Errorf("token %q is malformed", tok)
	}
	s := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: token.SecretName(parts[1]), Namespace: req.Namespace}}
	if err := r.Create(ctx, s); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*FixedTokenReconciler\).Reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A run named by a UUID, a suffix of random letters, or the clock.
type RunReconciler struct{ client.Client }

func (r *RunReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	run := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-" + uuid.NewString()[:8], Namespace: req.Namespace}}
	if err := r.Create(ctx, run); err != nil {
		return ctrl.Result{}, err
	}
	snap := &corev1.ConfigMap{}
	snap.SetNamespace(req.Namespace)
	snap.SetName(strings.Join([]string{req.Name, rand.String(5)}, "-"))
	if err := r.Create(ctx, snap); err != nil {
		return ctrl.Result{}, err
	}
	stamp := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{
		Name:      fmt.Sprintf("%s-%d", req.Name, time.Now().Unix()),
		Namespace: req.Namespace,
	}}
	return ctrl.Result{}, r.Create(ctx, stamp)
}

// A suffix that is fixed (the length of the name, a hash of the request)
// repeats on every reconcile.
type SuffixReconciler struct{ client.Client }

func (r *SuffixReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	cm.SetNamespace(req.Namespace)
	cm.SetName(strings.Join([]string{req.Name, fmt.Sprint(len(req.Name))}, "-"))
	if err := r.Create(ctx, cm); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*SuffixReconciler\).Reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// A constructor of the package names the Secret; given a name that
// repeats, the AlreadyExists error is returned. (Given a random token, the
// model does not yet see the constructor's stores in its result: issue
// #32's heap model.)
type ConstructedFixedReconciler struct{ client.Client }

func tokenSecret(ns, id string) *corev1.Secret {
	return &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: token.SecretName(id), Namespace: ns}}
}

func (r *ConstructedFixedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := tokenSecret(req.Namespace, req.Name)
	if err := r.Create(ctx, s); err != nil { // want `createnotidempotent: the AlreadyExists error of this Create is returned by \(\*ConstructedFixedReconciler\).Reconcile`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
