// Package options builds its keys with functional options: the key is the
// request's when every option stores a field of the request.
package options

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type keyOption func(*types.NamespacedName)

func key(opts ...keyOption) types.NamespacedName {
	var k types.NamespacedName
	for _, o := range opts {
		o(&k)
	}
	return k
}

func inNamespace(ns string) keyOption { return func(k *types.NamespacedName) { k.Namespace = ns } }

func named(name string) keyOption { return func(k *types.NamespacedName) { k.Name = name } }

// The requested object's key, built by options: its NotFound is returned.
type RequestedReconciler struct{ client.Client }

func (r *RequestedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key(inNamespace(req.Namespace), named(req.Name)), &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*RequestedReconciler\).Reconcile returns the NotFound error of the Get of the requested object`
	}
	return ctrl.Result{}, nil
}

// Twin: a dependency's key (a fixed name): its NotFound is a real error
// to retry, not a deleted request.
type DependencyReconciler struct{ client.Client }

func (r *DependencyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, key(inNamespace(req.Namespace), named("shared-config")), &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Options as values of types with a method: each part of the key is the
// value the caller converted.
type keyPart interface{ fill(*types.NamespacedName) }

type nsPart string

func (p nsPart) fill(k *types.NamespacedName) { k.Namespace = string(p) }

type namePart string

func (p namePart) fill(k *types.NamespacedName) { k.Name = string(p) }

func keyOf(parts ...keyPart) types.NamespacedName {
	var k types.NamespacedName
	for _, p := range parts {
		p.fill(&k)
	}
	return k
}

type PartsReconciler struct{ client.Client }

func (r *PartsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, keyOf(nsPart(req.Namespace), namePart(req.Name)), &cm); err != nil {
		return ctrl.Result{}, err // want `notfounderror: \(\*PartsReconciler\).Reconcile returns the NotFound error of the Get of the requested object`
	}
	return ctrl.Result{}, nil
}

// Twin: a fixed name in the same parts: a dependency.
type FixedPartsReconciler struct{ client.Client }

func (r *FixedPartsReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, keyOf(nsPart(req.Namespace), namePart("shared")), &cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
