package wsr

import (
	"context"

	"wsr/api"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The whole metadata taken over from another object before a status
// write: the status write drops it.
type MetaCopy struct{ client.Client }

func (r *MetaCopy) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w, tmpl api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: "template"}, &tmpl); err != nil {
		return ctrl.Result{}, err
	}
	w.ObjectMeta = tmpl.ObjectMeta
	w.Status.Phase = "Templated"
	return ctrl.Result{}, r.Status().Update(ctx, &w) // want `wrongsubresource: the Widget changes ObjectMeta but writes it only with Status\(\).Update`
}
