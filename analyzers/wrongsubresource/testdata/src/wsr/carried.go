package wsr

import (
	"context"

	"wsr/api"

	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The status goes out through a fresh object: a deferred helper reads the
// object again, copies the in-memory status into it and writes that
// status. The main writes in between patch copies of the object, so they
// neither send nor replace its status.
type Carried struct{ client.Client }

func (r *Carried) writeStatus(ctx context.Context, w *api.Widget) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		fresh := &api.Widget{}
		if err := r.Get(ctx, types.NamespacedName{Name: w.Name, Namespace: w.Namespace}, fresh); err != nil {
			return err
		}
		fresh.Status = w.Status
		return r.Status().Update(ctx, fresh)
	})
}

func (r *Carried) updateStatus(ctx context.Context, w *api.Widget, reconcileErr error) error {
	if reconcileErr != nil {
		w.Status.Phase = "Error"
	}
	return r.writeStatus(ctx, w)
}

func (r *Carried) label(ctx context.Context, w *api.Widget) error {
	orig := w.DeepCopy()
	if w.Labels == nil {
		w.Labels = map[string]string{}
	}
	w.Labels["example.com/seen"] = "true"
	return r.Patch(ctx, w.DeepCopy(), client.MergeFrom(orig))
}

func (r *Carried) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if serr := r.updateStatus(ctx, &w, err); serr != nil && err == nil {
			err = serr
		}
	}()
	w.Status.Phase = "Labelling"
	if err := r.label(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	w.Status.Phase = "Ready"
	return ctrl.Result{}, nil
}

// Twin: the status is copied into the fresh object but the write that
// follows is of the main resource: the status is dropped.
type CarriedMain struct{ client.Client }

func (r *CarriedMain) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	w.Status.Phase = "Ready"
	fresh := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, fresh); err != nil {
		return ctrl.Result{}, err
	}
	fresh.Status = w.Status
	return ctrl.Result{}, r.Update(ctx, fresh) // want `wrongsubresource: the Widget changes Status but writes it only with Update of the main resource`
}

// A helper changes the status and patches a copy of the object's main
// resource; its caller writes the status in a deferred call through a
// fresh object. The in-memory spec default is never meant to be sent.
type CarriedHelper struct{ Carried }

func (r *CarriedHelper) resize(ctx context.Context, w *api.Widget) error {
	orig := w.DeepCopy()
	w.Status.Phase = "Resizing"
	w.Spec.Replicas++
	return r.Patch(ctx, w.DeepCopy(), client.MergeFrom(orig))
}

func (r *CarriedHelper) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if serr := r.writeStatus(ctx, &w); serr != nil && err == nil {
			err = serr
		}
	}()
	if w.Spec.Params == nil {
		w.Spec.Params = map[string]string{} // a default kept in memory
	}
	return ctrl.Result{}, r.resize(ctx, &w)
}

// Twin: the same helper, and nobody writes the status afterwards.
type UncarriedHelper struct{ client.Client }

func (r *UncarriedHelper) resize(ctx context.Context, w *api.Widget) error {
	orig := w.DeepCopy()
	w.Status.Phase = "Resizing"
	w.Spec.Replicas++
	return r.Patch(ctx, w.DeepCopy(), client.MergeFrom(orig)) // want `wrongsubresource: the Widget changes Status.Phase but writes it only with Patch of the main resource`
}

func (r *UncarriedHelper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, r.resize(ctx, &w)
}
